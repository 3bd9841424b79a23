import type { CheckResult, RunReport } from '../../types.js';

/** The results as a grid: rows = operations, columns = checks; absent = the check does not apply. */
export function matrix(report: RunReport): {
  operations: readonly string[];
  checks: readonly string[];
  cell: (op: string, check: string) => CheckResult | undefined;
} {
  const index = new Map<string, CheckResult>();
  for (const r of report.results) index.set(`${r.operation}\u0000${r.check}`, r);
  // Workflow and generic-rule results (conformance/workflows, conformance/probes) add their own rows and columns.
  const operations = [
    ...report.operations,
    ...new Set(report.results.map((r) => r.operation).filter((o) => !report.operations.includes(o))),
  ];
  const checks = [
    ...report.checks,
    ...new Set(report.results.map((r) => r.check).filter((c) => !report.checks.includes(c))),
  ];
  return { operations, checks, cell: (op, check) => index.get(`${op}\u0000${check}`) };
}
