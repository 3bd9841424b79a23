import type { Request } from 'express';
import type { Contract, Operation, SchemaValidator } from '../../contract/index.js';
import type { Clock } from '../clock.js';
import type { Dice } from '../dice.js';
import type { PreferDecoding, Preferences } from '../controls/request-headers/prefer.js';
import { HttpError } from '../errors.js';
import type { NormalizedOptions } from '../options.js';
import type { OperationMatcher } from '../operations.js';
import type { OperationValidators } from '../operation-validators.js';
import type { Reply } from '../routes/types.js';
import type { Rules } from '../rules/index.js';

/** How an answer is written (the answer stage decides, the write stage writes). */
export type Representation =
  /** No body: a 204/304, HEAD's GET without content, or a success documented without content. */
  | { readonly kind: 'empty' }
  /** A JSON body with a documented schema: checked against the contract (validate-answer), then written. */
  | {
      readonly kind: 'json';
      readonly type: string;
      /** The documented content key the body is written in and checked against (answer.ts representationOf). */
      readonly entry: string;
      readonly body: unknown;
    }
  /** Bytes or text in a media type of their own (a sequence, XML, text, binary, JSON without a schema). */
  | { readonly kind: 'bytes'; readonly type: string; readonly body: string | Buffer };

/** What the stages learn of one request, in the order they learn it. */
export interface RequestState {
  readonly match: {
    readonly operation: Operation;
    readonly params: Readonly<Record<string, string>>;
    readonly head?: boolean;
    /** Overloads the request told apart by nothing but its body (operations.ts RouteMatch). */
    readonly overloads?: readonly Operation[];
  };
  readonly prefer: PreferDecoding;
  /** The query string, parsed once for the guards and the handler. */
  readonly query: URLSearchParams;
  /** The boundary of a multipart body, kept before Content-Type is reduced to its media type. */
  readonly boundary?: string | undefined;
  /** Prefer's preferences, once checked (policies). */
  preferences?: Preferences;
  /** The handler core's answer (rules). */
  answer?: Reply;
  /** How the answer is written (answer). */
  representation?: Representation;
}

/** A per-request value kept on the request under a symbol of its own. */
export interface RequestSlot<T> {
  get(req: Request): T | undefined;
  set(req: Request, value: T): void;
}

/**
 * Per-request state of one engine, kept on the request under a symbol of its own: the same
 * get/set as a WeakMap keyed by request, without an ephemeron entry per request for the GC to trace.
 */
export function requestSlot<T>(description: string): RequestSlot<T> {
  const key = Symbol(description);
  return {
    get: (req) => (req as unknown as Record<symbol, T | undefined>)[key],
    set: (req, value) => {
      (req as unknown as Record<symbol, T>)[key] = value;
    },
  };
}

/** What every stage of one engine shares: the contract and what was worked out from it once. */
export interface StageContext {
  readonly contract: Contract;
  readonly options: NormalizedOptions;
  readonly clock: Clock;
  readonly dice: Dice;
  readonly matcher: OperationMatcher;
  readonly rules: Rules;
  readonly schemaValidator: SchemaValidator;
  /** The largest body a request may carry (413 above it). */
  readonly maxBodyBytes: number;
  /** The error code the contract's catalogue gives a status. */
  readonly codeForStatus: (status: number) => string;
  /** Whether the contract's error catalogue has a code for a status (any status when it has no catalogue). */
  readonly catalogued: (status: number) => boolean;
  /** The per-operation validators (operation-validators.ts), or undefined under the validator's whole-document middleware. */
  readonly perOperation: OperationValidators | undefined;
  readonly states: RequestSlot<RequestState>;
}

/** The request's state, which the match stage set. */
export function stateOf(ctx: StageContext, req: Request): RequestState {
  const state = ctx.states.get(req);
  if (!state) throw new HttpError(500, ctx.codeForStatus(500), 'The request lost its operation.');
  return state;
}
