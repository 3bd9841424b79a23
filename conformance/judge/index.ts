import type { Operation } from '../../src/contract/index.js';
import type { Check, CheckContext } from '../registry/index.js';
import { toCurl } from '../http/curl.js';
import type { Note } from '../plan/index.js';
import type { CheckOutcome, CheckResult, Exchange, GeneratedInput, ResultStatus } from '../types.js';
import { groupBy } from '../../src/contract/group-by.js';
import { siblingsReached } from './siblings.js';
import { failedStatus, rateLimited, siblingInputReason, stabilityNote } from './policies.js';

export { checkContext } from './context.js';
export { requestPath, siblingsOf, siblingsReached } from './siblings.js';
export { rateLimited, underPolicies } from './policies.js';
export { judgeProbes, judgeWorkflowCells, type ProbeCell } from './probes.js';

export interface JudgeInput {
  readonly ctx: CheckContext;
  readonly checks: readonly Check[];
  readonly operations: readonly Operation[];
  /** The exchanges the session recorded. */
  readonly exchanges: readonly Exchange[];
  /** Why planned requests could not be made (conformance/execute). */
  readonly notes: readonly Note[];
  readonly strict: boolean;
}

/** A failed cell, kept so that the shrink step can show a smaller failing input in its place. */
export interface FailedCell {
  /** Index of its result in Judgement.results. */
  readonly index: number;
  readonly check: Check;
  readonly op: Operation;
  readonly first: { readonly exchange: Exchange; readonly outcome: CheckOutcome };
  readonly failures: number;
  readonly judged: number;
  readonly distinct: number;
  readonly heldNote: string;
  readonly status: ResultStatus;
  readonly durationMs: number;
}

export interface Judgement {
  readonly results: CheckResult[];
  readonly failed: readonly FailedCell[];
  /** Operations whose judging threw: the runner's own failure, not the server's. */
  readonly internalErrors: readonly { readonly operation: string; readonly error: unknown }[];
}

/** One check's outcome on one exchange under the judge's policies (rate limit, siblings); undefined: not its business. */
export function judgeOne(check: Check, exchange: Exchange, op: Operation, ctx: CheckContext): CheckOutcome | undefined {
  const outcome = check.judge(exchange, op, ctx);
  if (!outcome) return undefined;
  const limited = rateLimited(exchange);
  if (limited && outcome.status === 'fail') return { status: 'skip', reason: limited };
  if (outcome.status !== 'fail') return outcome;
  // The sibling policy (policies.ts): an answer another operation of the same request path
  // documents is conformant, and an "invalid" input one of them accepts proves nothing, where the
  // request does not tell that one apart (siblings.ts siblingsReached).
  const invalidForSibling = siblingInputReason(check, op, ctx, exchange.request);
  if (invalidForSibling !== undefined) return { status: 'skip', reason: invalidForSibling };
  if (
    check.siblings === 'answer' &&
    siblingsReached(op, exchange.request, ctx).some((o) => check.judge(exchange, o, ctx)?.status === 'pass')
  )
    return { status: 'pass' };
  return outcome;
}

/** The result of a failed cell, showing `shrunk` (a smaller failing input) when the shrink step found one. */
export function failureResult(cell: FailedCell, ctx: CheckContext, shrunk?: Exchange): CheckResult {
  const { first } = cell;
  const shown = shrunk ?? first.exchange;
  const outcome = shrunk ? (cell.check.judge(shrunk, cell.op, ctx) ?? first.outcome) : first.outcome;
  const violations = outcome.status === 'fail' ? outcome.violations.map((v) => v.message) : [];
  let message = violations.slice(0, 5).join('; ');
  if (cell.failures > 1)
    message += ` (${cell.failures} of ${cell.judged} exchanges failed, ${cell.distinct} distinct violations)`;
  if (shrunk?.input) message += `; smallest failing input: ${describeInput(shrunk.input)}`;
  else if (first.exchange.input && (first.exchange.kind === 'negative' || first.exchange.kind === 'positive'))
    message += `; failing input: ${describeInput(first.exchange.input)}`;
  message += cell.heldNote;
  if (cell.status === 'warning') message = `${stabilityNote(cell.op)}${message}`;
  return {
    check: cell.check.name,
    operation: cell.op.id,
    status: cell.status,
    message,
    exchange: shown,
    smallestInput: shrunk?.input,
    reproduce: toCurl(shown.request),
    judged: cell.judged,
    durationMs: cell.durationMs,
  };
}

/**
 * Folds the outcomes of every exchange into one result per operation × check: failed when any
 * exchange fails, passed when some pass and none fail, skipped otherwise (with the reason).
 * Failures of `x-stability` operations become warnings unless strict. Pure: sends nothing (the
 * shrink step, conformance/shrink, comes after).
 */
export function judge(input: JudgeInput): Judgement {
  const results: CheckResult[] = [];
  const failed: FailedCell[] = [];
  const internalErrors: Array<{ operation: string; error: unknown }> = [];
  // Each operation's exchanges, in the order sent: one pass, not one per operation (Microsoft
  // Graph: 11,422 operations × some 100,000 exchanges).
  const byOperation = groupBy(input.exchanges, (e) => e.operationId);
  // The notes too: a skipped cell looks up its operation's (every note, once per cell, before).
  const notesOf = groupBy(input.notes, (n) => n.operation);
  for (const op of input.operations) {
    const mark = results.length;
    const marked = failed.length;
    try {
      judgeOperation(input, op, byOperation.get(op.id) ?? [], notesOf.get(op.id) ?? [], results, failed);
    } catch (error) {
      results.length = mark;
      failed.length = marked;
      internalErrors.push({ operation: op.id, error });
    }
  }
  return { results, failed, internalErrors };
}

function judgeOperation(
  input: JudgeInput,
  op: Operation,
  all: readonly Exchange[],
  notes: readonly Note[],
  results: CheckResult[],
  failed: FailedCell[],
): void {
  // Requests the circuit breaker held back have no outcome to judge: they count as neither pass nor fail.
  const mine = all.filter((e) => e.error?.kind !== 'not_sent');
  const held = all.find((e) => e.error?.kind === 'not_sent')?.error?.message;
  const heldNote = held
    ? `; ${all.length - mine.length} request(s) of ${op.id} not sent (${held.replace(/^not sent: /, '')})`
    : '';
  for (const check of input.checks) {
    if (!check.appliesTo(op, input.ctx)) continue;
    const fold = new CellFold();
    for (const exchange of mine) {
      const outcome = judgeOne(check, exchange, op, input.ctx);
      if (outcome) fold.add(exchange, outcome);
    }
    const cell = fold.cell({ check, op, ctx: input.ctx, strict: input.strict, heldNote, held, notes });
    if (cell.failed) failed.push({ ...cell.failed, index: results.length });
    results.push(cell.result);
  }
}

/**
 * The outcomes of one operation × check, folded as they come: what its result needs and no more
 * (counts, the first failing and the first warned exchange, the distinct violations), so that a
 * judge of endless traffic (the proxy) keeps one of these per cell instead of every exchange.
 * judge() folds the same way, so a cell folded exchange by exchange is the result judge() gives.
 */
export class CellFold {
  private judged = 0;
  private passes = 0;
  private warns = 0;
  private failures = 0;
  private durationMs = 0;
  private firstWarn: Exchange | undefined;
  /** The first three distinct reasons of the warnings, in order (all the message shows). */
  private readonly warnReasons: string[] = [];
  private firstFailure: { readonly exchange: Exchange; readonly outcome: CheckOutcome } | undefined;
  private readonly distinct = new Set<string>();
  private firstSkip: string | undefined;

  add(exchange: Exchange, outcome: CheckOutcome): void {
    this.judged += 1;
    // The testcase time of JUnit: wall time of the answers this check judged (transport errors carry none).
    this.durationMs += exchange.response?.durationMs ?? 0;
    if (outcome.status === 'pass') this.passes += 1;
    else if (outcome.status === 'skip') this.firstSkip ??= outcome.reason;
    else if (outcome.status === 'warn') {
      this.warns += 1;
      this.firstWarn ??= exchange;
      if (this.warnReasons.length < 3 && !this.warnReasons.includes(outcome.reason))
        this.warnReasons.push(outcome.reason);
    } else {
      this.failures += 1;
      this.firstFailure ??= { exchange, outcome };
      for (const v of outcome.violations) this.distinct.add(v.message);
    }
  }

  /** The cell's result: failed when any exchange failed, warned, passed when some passed, skipped otherwise (with the reason). */
  cell(at: {
    readonly check: Check;
    readonly op: Operation;
    readonly ctx: CheckContext;
    readonly strict: boolean;
    readonly heldNote?: string;
    readonly held?: string | undefined;
    readonly notes?: readonly Note[];
  }): { readonly result: CheckResult; readonly failed?: FailedCell } {
    const { check, op } = at;
    const heldNote = at.heldNote ?? '';
    const judged = this.judged;
    const durationMs = this.durationMs;
    if (this.failures === 0 && this.warns > 0 && this.firstWarn) {
      const first = this.firstWarn;
      return {
        result: {
          check: check.name,
          operation: op.id,
          status: 'warning',
          message: `${this.warnReasons.join('; ')}${this.passes > 0 ? ` (${this.passes} other exchange(s) conform)` : ''}`,
          exchange: first,
          smallestInput: undefined,
          reproduce: toCurl(first.request),
          judged,
        },
      };
    }
    if (this.failures > 0 && this.firstFailure) {
      // Its index in the results is the caller's to set.
      const cell: FailedCell = {
        index: 0,
        check,
        op,
        first: this.firstFailure,
        failures: this.failures,
        judged,
        distinct: this.distinct.size,
        heldNote,
        status: failedStatus(op, at.strict),
        durationMs,
      };
      return { result: failureResult(cell, at.ctx), failed: cell };
    }
    if (this.passes > 0) {
      const skipped = judged - this.passes;
      return {
        result: {
          check: check.name,
          operation: op.id,
          status: 'passed',
          message: `${this.passes} exchange(s) conform${skipped > 0 ? `, ${skipped} not judged` : ''}${heldNote}`,
          exchange: undefined,
          smallestInput: undefined,
          reproduce: undefined,
          judged,
          durationMs,
        },
      };
    }
    const reason =
      (judged === 0 ? at.held : undefined) ??
      this.firstSkip ??
      at.notes?.find(
        (n) =>
          n.operation === op.id &&
          (n.kind === '*' || (check.explainedBy !== undefined && n.kind === check.explainedBy)),
      )?.reason ??
      'no exchange of this run concerned it';
    return {
      result: {
        check: check.name,
        operation: op.id,
        status: 'skipped',
        message: reason,
        exchange: undefined,
        smallestInput: undefined,
        reproduce: undefined,
        judged,
        durationMs,
      },
    };
  }
}

export function describeInput(input: GeneratedInput): string {
  const parts: string[] = [];
  if (Object.keys(input.pathParams).length > 0) parts.push(`path ${JSON.stringify(input.pathParams)}`);
  if (Object.keys(input.query).length > 0) parts.push(`query ${JSON.stringify(input.query)}`);
  if (input.rawBody !== undefined)
    parts.push(`body ${JSON.stringify(input.rawBody)} as ${input.contentType ?? '(no type)'}`);
  else if (input.body !== undefined) parts.push(`body ${JSON.stringify(input.body)}`);
  return parts.join(', ') || '(no input)';
}
