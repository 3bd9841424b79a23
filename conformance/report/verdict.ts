import { nothingJudgedReason } from '../diagnostics.js';
import type { RunReport } from '../types.js';

/** What a finished run says about the target, and the exit code it maps to (PRODUCT.md §3-4). */
export interface RunVerdict {
  readonly exitCode: 0 | 1 | 2 | 3;
  /** `conformant` (0), `not conformant` (1), `no verdict` (2: nothing says anything about the server), `runner failed` (3). */
  readonly verdict: 'conformant' | 'not conformant' | 'no verdict' | 'runner failed';
  /** Why there is no verdict: the one line the CLI prints. */
  readonly reason?: string;
}

/**
 * The verdict of a finished run, the same for the library and the CLI: 2 when the credentials
 * given were refused by every secured operation, or when nothing was judged (no verdict: the
 * results say nothing about the server); 3 when the runner itself failed (what it judged is still
 * reported); 1 with at least one failure (warnings do not count) or, with --strict, a run that
 * exercised fewer than all operations; 0 conformant.
 */
export function verdictOf(report: RunReport): RunVerdict {
  if (report.credentialsRefused !== undefined)
    return { exitCode: 2, verdict: 'no verdict', reason: report.credentialsRefused };
  const nothing = nothingJudgedReason(report);
  if (nothing !== undefined) return { exitCode: 2, verdict: 'no verdict', reason: `usage error: ${nothing}` };
  if ((report.internalErrors?.length ?? 0) > 0) return { exitCode: 3, verdict: 'runner failed' };
  if (report.summary.failed > 0) return { exitCode: 1, verdict: 'not conformant' };
  if (report.strict && report.coverage && report.coverage.exercised < report.coverage.total)
    return { exitCode: 1, verdict: 'not conformant' };
  return { exitCode: 0, verdict: 'conformant' };
}

/** The exit code of a finished run (verdictOf). */
export function exitCodeFor(report: RunReport): 0 | 1 | 2 | 3 {
  return verdictOf(report).exitCode;
}
