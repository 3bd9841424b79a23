import type { RunReport } from '../../types.js';
import { groupByCause, skipReasons } from './groups.js';

/** The PRODUCT.md §3 document: summary counts, then one entry per operation × check. */
export function jsonReport(report: RunReport): string {
  const doc = {
    // Run-level notices (a refused key, a wrong base path...) first, always there (an empty list when
    // there are none), so a consumer reads one shape (issue 19 §4).
    notices: report.notices ?? [],
    summary: report.coverage
      ? { ...report.summary, operations: { exercised: report.coverage.exercised, total: report.coverage.total } }
      : report.summary,
    results: report.results.map((r) => ({
      check: r.check,
      operation: r.operation,
      status: r.status,
      message: r.message,
      request: r.exchange ? r.exchange.request : null,
      response: r.exchange?.response
        ? { status: r.exchange.response.status, headers: r.exchange.response.headers, body: r.exchange.response.body }
        : r.exchange?.error
          ? { error: r.exchange.error }
          : null,
      reproduce: r.reproduce ?? null,
    })),
    ...(report.coverage
      ? { notExercised: report.coverage.notExercised.map((n) => ({ operation: n.operation, reason: n.reason })) }
      : {}),
    // Added after the members above (their shape is kept): failures and warnings by cause, each
    // pointing at its results by operation and check (conformance/report/formats/groups.ts).
    groups: groupByCause(report.results).map((g) => ({
      status: g.status,
      cause: g.cause,
      message: g.message,
      count: g.results.length,
      results: g.results.map((r) => ({ operation: r.operation, check: r.check })),
    })),
    skipReasons: skipReasons(report.results).map((s) => ({
      reason: s.reason,
      count: s.results.length,
      results: s.results.map((r) => ({ operation: r.operation, check: r.check })),
    })),
    // PRODUCT.md §6: what proxy and HAR traffic reached, the shard, and what `merge` needs to rebuild the run (conformance/shard).
    ...(report.traffic ? { coverage: report.traffic } : {}),
    ...(report.shard !== undefined ? { shard: report.shard.label } : {}),
    run: runOf(report),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The run's own fields, for `petstore-conformance merge` (conformance/shard/merge.ts reads them back). */
function runOf(report: RunReport): Record<string, unknown> {
  return {
    target: report.target,
    seed: report.seed,
    examples: report.examples,
    strict: report.strict,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    operations: report.operations,
    checks: report.checks,
    requests: report.requests,
    ...(report.coverage ? { coverage: report.coverage } : {}),
    ...(report.contract ? { contract: report.contract } : {}),
    ...(report.shard ? { order: report.shard.order } : {}),
    ...(report.credentialsRefused !== undefined ? { credentialsRefused: report.credentialsRefused } : {}),
    ...(report.internalErrors ? { internalErrors: report.internalErrors } : {}),
    results: report.results.map((r) => ({
      judged: r.judged,
      durationMs: r.durationMs ?? 0,
      kind: r.exchange?.kind ?? null,
    })),
  };
}
