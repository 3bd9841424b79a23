import type { Operation } from '../../src/contract/index.js';
import type { RequestBodyPlan } from '../cases/inputs.js';
import type { Mutation } from '../cases/mutations.js';
import type { Check, ProbeCheck } from '../registry/index.js';
import type { ExchangeKind } from '../types.js';

/**
 * Why a request the plan wanted could not be sent for an operation: recorded by kind, never by
 * check name. A check whose `explainedBy` is that kind is skipped with this reason; `*` explains
 * every check of the operation (the runner's own trouble with it).
 */
export interface Note {
  readonly operation: string;
  readonly kind: ExchangeKind | '*';
  readonly reason: string;
}

/** What the run sends for one operation, decided from the contract and the checks' declared needs. */
export interface OperationCase {
  readonly op: Operation;
  /** The request body the runner writes (undefined: none, or none it can write). */
  readonly body: RequestBodyPlan | undefined;
  /** Set when the operation's path clashes with another's (cases/path-clash.ts): nothing is sent for it. */
  readonly clash?: string;
  /** Set when the operation takes a body in media types the runner does not write. */
  readonly unwritableBody?: string;
  /** Set when the operation is secured and the run's credentials meet none of its requirements. */
  readonly authBlocked?: string;
  /** Valid requests (`examples` of them), with the follow-ups a success calls for. */
  readonly positive: boolean;
  /** After a created or replaced resource: read it back (and list it). */
  readonly readBack: boolean;
  /** After a deleted resource: read it again. */
  readonly readAfterDelete: boolean;
  /** Single-defect variants of a valid request; empty: none planned. */
  readonly mutations: readonly Mutation[];
  /** Defects the plan did not send, each with why (a value too long for any request line). */
  readonly unsentMutations: readonly string[];
  readonly malformedJson: boolean;
  /** A valid JSON body carrying an octet that is not UTF-8 (RFC 8259 §8.1). */
  readonly nonUtf8: boolean;
  /** Requests without and with wrong credentials. */
  readonly authProbes: boolean;
  /** An identifier nobody created; a string: why not (the operation documents no 404). */
  readonly unknownId: boolean | string;
}

/** One undocumented method per path (RFC 9110 §15.5.6), reported under the path's first selected operation. */
export interface PathProbe {
  readonly op: Operation;
  /** The method to send; undefined when every common method is documented (`reason`). */
  readonly method: string | undefined;
  readonly documentedMethods: readonly string[];
  readonly reason?: string;
}

export interface RunPlan {
  /** The selected checks, in report order. */
  readonly checks: readonly Check[];
  /** The selected probe checks, in the order they run (after the workflows). */
  readonly probes: readonly ProbeCheck[];
  /** The selected operations, in contract order (the report's). */
  readonly operations: readonly Operation[];
  /** The exchange kinds the selected checks and probe checks need. */
  readonly needs: ReadonlySet<ExchangeKind>;
  /** One case per selected operation, in execution order: creates first, deletes last. */
  readonly cases: readonly OperationCase[];
  readonly pathProbes: readonly PathProbe[];
  /** What the plan cannot cover, for the report's notices. */
  readonly notices: readonly string[];
}
