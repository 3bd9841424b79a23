import type { RunReport } from './types.js';

/**
 * PRODUCT.md §3-4 exit codes for a finished run: 3 the runner itself failed (what it judged is
 * still reported), 2 the credentials given were refused by every secured operation (no verdict:
 * the failures say nothing about the server), 1 at least one failure (warnings do not count) or,
 * with --strict, a run that exercised fewer than all operations, 0 conformant.
 */
export function exitCodeFor(report: RunReport): 0 | 1 | 2 | 3 {
  if ((report.internalErrors?.length ?? 0) > 0) return 3;
  if (report.credentialsRefused !== undefined) return 2;
  if (report.summary.failed > 0) return 1;
  if (report.strict && report.coverage && report.coverage.exercised < report.coverage.total) return 1;
  return 0;
}
