import { isDocumentedSuccess, type Operation } from '../../src/contract/index.js';
import { groupBy } from '../../src/contract/group-by.js';
import { CHECKS } from '../registry/index.js';
import type { Note } from '../plan/index.js';
import type { Session } from '../session.js';
import type { CheckResult, Coverage, Exchange, RunReport, RunSummary } from '../types.js';

export { exitCodeFor, verdictOf, type RunVerdict } from './verdict.js';

export interface ReportInput {
  readonly target: string;
  readonly seed: number;
  readonly examples: number;
  readonly strict: boolean;
  readonly startedAt: Date;
  readonly operations: readonly Operation[];
  /** The names of the selected per-operation checks, in report order. */
  readonly checks: readonly string[];
  readonly results: readonly CheckResult[];
  readonly session: Session;
  readonly notes: readonly Note[];
  readonly notices: readonly string[];
  readonly credentialsRefused: string | undefined;
  readonly internalErrors: readonly string[];
}

/** The run's report (the JSON report's shape, types.ts RunReport): results, counts, coverage, notices. */
export function buildReport(input: ReportInput): RunReport {
  const { results, session } = input;
  return {
    target: input.target,
    seed: input.seed,
    examples: input.examples,
    strict: input.strict,
    startedAt: input.startedAt.toISOString(),
    durationMs: Date.now() - input.startedAt.getTime(),
    operations: input.operations.map((o) => o.id),
    checks: [
      ...input.checks,
      ...results
        .map((r) => r.check)
        .filter((name, i, all) => !CHECKS.some((c) => c.name === name) && all.indexOf(name) === i),
    ],
    results,
    summary: summaryOf(results),
    requests: session.exchanges.filter((e) => e.error?.kind !== 'not_sent').length,
    ...breakerSummary(session),
    coverage: coverageOf(input.operations, session.exchanges, input.notes),
    notices: [...input.notices],
    ...(input.credentialsRefused !== undefined ? { credentialsRefused: input.credentialsRefused } : {}),
    ...(input.internalErrors.length > 0 ? { internalErrors: [...input.internalErrors] } : {}),
  };
}

export function summaryOf(results: readonly CheckResult[]): RunSummary {
  return {
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    skipped: results.filter((r) => r.status === 'skipped').length,
    warnings: results.filter((r) => r.status === 'warning').length,
  };
}

/**
 * An operation is exercised when a valid request for it (generated, or a read-back) got a documented success
 * answer (a 2xx the operation documents; for an operation documenting no 2xx, any status it
 * documents), so the checks judged what the operation is for. A target that answers every request
 * 404 (a wrong base path, `--target …/docs`) exercised nothing. The others are listed with the
 * first reason the run noted for them (PRODUCT.md §4).
 */
const VALID_KINDS: ReadonlySet<Exchange['kind']> = new Set(['positive', 'read_back', 'list_back', 'prerequisite']);

export function coverageOf(
  operations: readonly Operation[],
  exchanges: readonly Exchange[],
  notes: readonly Note[],
): Coverage {
  const notExercised: Array<{ operation: string; reason: string }> = [];
  // Valid requests for each operation: its generated ones, and the reads and lists of a resource the run made.
  const valid = groupBy(exchanges, (e) => (VALID_KINDS.has(e.kind) ? e.requestedOperationId : undefined));
  const notesOf = groupBy(notes, (n) => n.operation);
  for (const op of operations) {
    const positives = valid.get(op.id) ?? [];
    const mine = notesOf.get(op.id) ?? [];
    if (positives.some((e) => e.response !== undefined && isDocumentedSuccess(op.responses, e.response.status)))
      continue;
    const answered = positives.filter((e) => e.response !== undefined);
    const statuses = [...new Set(answered.map((e) => e.response!.status))].sort();
    const undocumentedAnswers =
      answered.length > 0
        ? `no valid request got a documented success answer: ${answered.length === 1 ? 'its answer was' : `its ${answered.length} answers were`} ${statuses.join(', ')} (${answered[0]!.request.method} ${answered[0]!.request.url})`
        : undefined;
    const reason =
      undocumentedAnswers ??
      mine.find((n) => n.kind === 'positive' || n.kind === '*')?.reason ??
      mine[0]?.reason ??
      positives.find((e) => e.error)?.error?.message ??
      'no valid request could be made for it';
    notExercised.push({ operation: op.id, reason });
  }
  return { exercised: operations.length - notExercised.length, total: operations.length, notExercised };
}

/** The honest account of what the circuit breaker held back, for the report. */
function breakerSummary(session: Session): Pick<RunReport, 'notSent' | 'circuitBreaker'> {
  const state = session.breakerState;
  if (state.heldBack === 0) return {};
  const routes =
    state.routes.length > 0 ? `stopped sending ${state.routes.join(', ')} after repeated timeouts` : undefined;
  const reason = [state.reason?.replace(/^not sent: /, ''), routes].filter(Boolean).join('; ');
  return {
    notSent: state.heldBack,
    circuitBreaker: `${reason}: ${state.heldBack} request(s) not sent (their checks are skipped, not passed)`,
  };
}
