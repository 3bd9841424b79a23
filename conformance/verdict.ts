import type { RunReport } from './types.js';

/** PRODUCT.md §3 exit codes for a finished run: 0 conformant, 1 at least one failure (warnings do not count). */
export function exitCodeFor(report: RunReport): 0 | 1 {
  return report.summary.failed > 0 ? 1 : 0;
}
