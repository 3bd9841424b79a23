import type { Contract, Operation } from '../../src/contract/index.js';
import type { Check } from '../checks/types.js';
import type { CredentialPlan } from '../credentials.js';
import type { CheckResult, Exchange, ExchangeKind } from '../types.js';
import type { ArazzoDocument } from '../workflows/document.js';
import type { WorkflowPlan, WorkflowRequest } from '../workflows/interpreter.js';
import type { WorkflowCredentials } from '../workflows/options.js';

export type { Check, CheckContext } from '../checks/types.js';

/**
 * The one registry of judgements (registry/index.ts) lists three kinds of entry, each one result per
 * operation (or workflow) and name in every report format, each judged under the judge's policies
 * (judge/policies.ts: rate limits, siblings, x-stability; checks/refusal.ts: the contract first):
 * - a `Check` judges each recorded exchange of the per-operation plan (checks/);
 * - a `ProbeCheck` sends requests of its own, planned from the contract and the run so far, one at
 *   a time: plan → next request → judge (probes/; the CLI and docs call them the generic rules);
 * - the `WorkflowFamily` runs the loaded Arazzo workflows, one result each (workflows/), in the same
 *   form: plan → next request → judge.
 * The two that send are `Stepwise`: conformance/execute/probes.ts sends what `next` asks for, one
 * loop for both, and conformance/judge judges what was sent.
 */
export type Entry = Check | ProbeCheck | WorkflowFamily;

/** What a probe check's plan may read: the contract, the credentials, the exchanges recorded so far. */
export interface ProbeRun {
  readonly contract: Contract;
  /** The per-operation exchanges of the run: accepted bodies and identifiers come from them. */
  readonly exchanges: readonly Exchange[];
  readonly credentials: CredentialPlan;
}

/** One request a probe asks for; path parameters it leaves out are those of an accepted request. */
export interface ProbeRequest {
  readonly op: Operation;
  readonly pathParams?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** A request the executor sent for a probe or a workflow, with the exchange it got. */
export interface Sent<R = ProbeRequest> {
  readonly request: R;
  readonly exchange: Exchange;
}

/** A probe's plan for one operation, or why it cannot be judged there (a skipped result). */
export type ProbePlan<P> =
  | { readonly ok: true; readonly plan: P }
  | { readonly ok: false; readonly reason: string; readonly exchange?: Exchange | undefined };

/** What a probe's pure judge says of the exchanges its plan asked for. */
export type ProbeVerdict =
  | { readonly status: 'skipped'; readonly message: string; readonly exchange?: Exchange | undefined }
  | {
      readonly status: 'failed' | 'warning';
      readonly message: string;
      readonly exchange: Exchange | undefined;
      readonly judged: number;
    }
  | { readonly status: 'passed'; readonly message: string; readonly judged: number };

/**
 * The one form of an entry that sends its own requests: from a plan, `next` names the next request
 * from those sent so far (undefined: done), `judge` judges what was sent. Both pure: what a request's
 * answer decides (a probe's next page, an Arazzo step's goto or retry) is read from `sent`.
 */
export interface Stepwise<P, R, V> {
  next(plan: P, sent: readonly Sent<R>[]): R | undefined;
  judge(plan: P, sent: readonly Sent<R>[]): V;
}

/**
 * A check that sends its own requests (conformance/execute/probes.ts sends them, conformance/judge
 * judges them): `plan` reads what the contract states of an operation, `next` names the next request
 * from those sent so far (undefined: done), `judge` judges them. All three are pure. Methods, so a
 * registry of probes with different plan types is one list.
 */
export interface ProbeCheck<P = unknown, R extends ProbeRequest = ProbeRequest> extends Stepwise<P, R, ProbeVerdict> {
  readonly kind: 'probe';
  readonly name: string;
  /** For --help and the docs: what it sends and what fails it. */
  readonly description: string;
  /** The per-operation exchanges its plan reads (accepted bodies, identifiers): the planner sends them. */
  readonly needs: readonly ExchangeKind[];
  /** As Check.siblings: 'input' where an input refused by one operation may be another's valid one. */
  readonly siblings?: 'answer' | 'input';
  /** The operations it judges, in report order; every operation of the contract by default. */
  subjects?(contract: Contract): readonly Operation[];
  /** undefined: not its business (no result for the operation). */
  plan(op: Operation, run: ProbeRun): ProbePlan<P> | undefined;
}

/** What the workflows' plan reads: how the run addresses the target, and what it selects. */
export interface WorkflowRun {
  readonly contract: Contract;
  /** The target with the contract's base path: steps address it as the per-operation requests do. */
  readonly target: string;
  /** The workflows' inputs (workflows/hook.ts: from the run's one credential plan). */
  readonly credentials: WorkflowCredentials;
  /** Extra headers of every request (--header). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** --checks: when it names any workflow (or `workflow:*`), only those run; when it names only other checks, none. */
  readonly checks?: readonly string[] | undefined;
  readonly skipChecks?: readonly string[] | undefined;
  /** --operations: only workflows whose steps (or the workflows they call) touch one of these run; the others are skipped. */
  readonly operations?: readonly string[] | undefined;
  /** Set when the run stopped sending to the target (its circuit breaker): every workflow is skipped with it. */
  readonly heldBack?: string | undefined;
}

/**
 * The loaded Arazzo workflows (conformance/workflows): one result per workflow, named
 * `workflow:<workflowId>`. Planned per document; an Arazzo step's criteria choose the next step
 * (Arazzo 1.0.1 §4.6.6), which `next` reads from the answers sent so far. Each result then meets the
 * judge's policies about its failing step's operation, like every other.
 */
export interface WorkflowFamily extends Stepwise<WorkflowPlan, WorkflowRequest, CheckResult[]> {
  readonly kind: 'workflow';
  /** `workflow:*`: every workflow of the loaded documents. */
  readonly name: string;
  readonly description: string;
  readonly needs: readonly ExchangeKind[];
  /** Steps name their operation: no sibling policy (an Arazzo step's answer is judged by its author's criteria). */
  readonly siblings?: undefined;
  /** Which workflows of one document run, and which are skipped with why. Throws ArazzoError when it does not fit the contract. */
  plan(doc: ArazzoDocument, run: WorkflowRun): WorkflowPlan;
}

export const isProbe = (entry: Entry): entry is ProbeCheck => 'kind' in entry && entry.kind === 'probe';
export const isWorkflowFamily = (entry: Entry): entry is WorkflowFamily => 'kind' in entry && entry.kind === 'workflow';
export const isExchangeCheck = (entry: Entry): entry is Check => !('kind' in entry);
