import type { Contract, Operation, SchemaValidator } from '../../src/contract/index.js';
import type { Schema } from '../cases/schema.js';
import type { CheckOutcome, Exchange, ExchangeKind } from '../types.js';

/** What every check may read besides the exchange: the contract and one validator (compiled schemas cached). */
export interface CheckContext {
  readonly contract: Contract;
  readonly validator: SchemaValidator;
  /** The error schema most 4xx/5xx responses of the contract use: for answers the operation does not document. */
  readonly errorSchema: Schema | undefined;
  /** Operations that path-level checks (undocumented methods) report under: the first selected one of each path. */
  readonly pathRepresentatives: ReadonlySet<string>;
}

/**
 * A named check: a pure function of one exchange and the contract. `judge`
 * returns undefined when the exchange is not its business (another kind of
 * request); the runner folds the outcomes of an operation into one result.
 */
export interface Check {
  readonly name: string;
  /** For --help and the README: what it sends and what fails it. */
  readonly description: string;
  /**
   * The exchanges it needs (conformance/plan): the planner sends these kinds of request when a
   * selected check needs them, and never reads a check's name to decide.
   */
  readonly needs: readonly ExchangeKind[];
  /** The kind whose planned-but-impossible requests explain this check's skip (their reason is its reason). */
  readonly explainedBy?: ExchangeKind;
  /**
   * Where several operations share a method and request path (conformance/judge): 'answer', a
   * check of the answer alone, passes when a sibling documents it; 'input', a check that an input
   * is refused, proves nothing (the input may be a sibling's valid one).
   */
  readonly siblings?: 'answer' | 'input';
  readonly appliesTo: (operation: Operation, ctx: CheckContext) => boolean;
  readonly judge: (exchange: Exchange, operation: Operation, ctx: CheckContext) => CheckOutcome | undefined;
}

export const pass: CheckOutcome = { status: 'pass' };
export const fail = (...messages: string[]): CheckOutcome => ({
  status: 'fail',
  violations: messages.map((message) => ({ message })),
});
export const skip = (reason: string): CheckOutcome => ({ status: 'skip', reason });
