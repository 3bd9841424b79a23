import type { Operation } from '../../src/contract/index.js';
import type { Check, CheckContext } from '../registry/index.js';
import { toCurl } from '../http/curl.js';
import type { Note } from '../plan/index.js';
import type { CheckOutcome, CheckResult, Exchange, GeneratedInput, ResultStatus } from '../types.js';
import { siblingsOf } from './siblings.js';
import { failedStatus, rateLimited, siblingInputReason, stabilityNote } from './policies.js';

export { checkContext } from './context.js';
export { requestPath, siblingsOf } from './siblings.js';
export { rateLimited, underPolicies } from './policies.js';
export { judgeProbes, type ProbeCell } from './probes.js';

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

function judgeOne(check: Check, exchange: Exchange, op: Operation, ctx: CheckContext): CheckOutcome | undefined {
  const outcome = check.judge(exchange, op, ctx);
  if (!outcome) return undefined;
  const limited = rateLimited(exchange);
  if (limited && outcome.status === 'fail') return { status: 'skip', reason: limited };
  if (outcome.status !== 'fail') return outcome;
  // The sibling policy (policies.ts): an answer another operation of the same request path
  // documents is conformant; an "invalid" input one of them accepts proves nothing.
  const invalidForSibling = siblingInputReason(check, op, ctx);
  if (invalidForSibling !== undefined) return { status: 'skip', reason: invalidForSibling };
  if (check.siblings === 'answer' && siblingsOf(op, ctx).some((o) => check.judge(exchange, o, ctx)?.status === 'pass'))
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
  for (const op of input.operations) {
    const mark = results.length;
    const marked = failed.length;
    try {
      judgeOperation(input, op, results, failed);
    } catch (error) {
      results.length = mark;
      failed.length = marked;
      internalErrors.push({ operation: op.id, error });
    }
  }
  return { results, failed, internalErrors };
}

function judgeOperation(input: JudgeInput, op: Operation, results: CheckResult[], failed: FailedCell[]): void {
  const all = input.exchanges.filter((e) => e.operationId === op.id);
  // Requests the circuit breaker held back have no outcome to judge: they count as neither pass nor fail.
  const mine = all.filter((e) => e.error?.kind !== 'not_sent');
  const held = all.find((e) => e.error?.kind === 'not_sent')?.error?.message;
  const heldNote = held
    ? `; ${all.length - mine.length} request(s) of ${op.id} not sent (${held.replace(/^not sent: /, '')})`
    : '';
  for (const check of input.checks) {
    if (!check.appliesTo(op, input.ctx)) continue;
    const judged: Array<{ exchange: Exchange; outcome: CheckOutcome }> = [];
    for (const exchange of mine) {
      const outcome = judgeOne(check, exchange, op, input.ctx);
      if (outcome) judged.push({ exchange, outcome });
    }
    // The testcase time of JUnit: wall time of the answers this check judged (transport errors carry none).
    const durationMs = judged.reduce((sum, j) => sum + (j.exchange.response?.durationMs ?? 0), 0);
    const failures = judged.filter((j) => j.outcome.status === 'fail');
    const passes = judged.filter((j) => j.outcome.status === 'pass');
    const warns = judged.filter((j) => j.outcome.status === 'warn');
    if (failures.length === 0 && warns.length > 0) {
      const first = warns[0] as { exchange: Exchange; outcome: CheckOutcome };
      const reasons = [...new Set(warns.map((w) => (w.outcome.status === 'warn' ? w.outcome.reason : '')))];
      results.push({
        check: check.name,
        operation: op.id,
        status: 'warning',
        message: `${reasons.slice(0, 3).join('; ')}${passes.length > 0 ? ` (${passes.length} other exchange(s) conform)` : ''}`,
        exchange: first.exchange,
        smallestInput: undefined,
        reproduce: toCurl(first.exchange.request),
        judged: judged.length,
      });
    } else if (failures.length > 0) {
      const distinct = new Set(
        failures.flatMap((f) => (f.outcome.status === 'fail' ? f.outcome.violations.map((v) => v.message) : [])),
      );
      const cell: FailedCell = {
        index: results.length,
        check,
        op,
        first: failures[0] as { exchange: Exchange; outcome: CheckOutcome },
        failures: failures.length,
        judged: judged.length,
        distinct: distinct.size,
        heldNote,
        status: failedStatus(op, input.strict),
        durationMs,
      };
      failed.push(cell);
      results.push(failureResult(cell, input.ctx));
    } else if (passes.length > 0) {
      const skipped = judged.length - passes.length;
      results.push({
        check: check.name,
        operation: op.id,
        status: 'passed',
        message: `${passes.length} exchange(s) conform${skipped > 0 ? `, ${skipped} not judged` : ''}${heldNote}`,
        exchange: undefined,
        smallestInput: undefined,
        reproduce: undefined,
        judged: judged.length,
        durationMs,
      });
    } else {
      const firstSkip = judged.find((j) => j.outcome.status === 'skip')?.outcome;
      const reason =
        (judged.length === 0 ? held : undefined) ??
        (firstSkip?.status === 'skip' ? firstSkip.reason : undefined) ??
        input.notes.find(
          (n) =>
            n.operation === op.id &&
            (n.kind === '*' || (check.explainedBy !== undefined && n.kind === check.explainedBy)),
        )?.reason ??
        'no exchange of this run concerned it';
      results.push({
        check: check.name,
        operation: op.id,
        status: 'skipped',
        message: reason,
        exchange: undefined,
        smallestInput: undefined,
        reproduce: undefined,
        judged: judged.length,
        durationMs,
      });
    }
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
