import { loadContract, type Contract } from '../../src/contract/index.js';
import { runConformance, type RunOptions } from '../../conformance/runner.js';
import type { CheckResult, RunReport } from '../../conformance/types.js';

let petstore: Promise<Contract> | undefined;
/** The bundled contract, read once per test file. */
export function petstoreContract(): Promise<Contract> {
  petstore ??= loadContract();
  return petstore;
}

/** A port nobody listens on right now: listen on 0, note it, close. */

export async function run(target: string, options: Partial<RunOptions> = {}): Promise<RunReport> {
  return runConformance({
    target,
    contract: options.contract ?? (await petstoreContract()),
    apiKey: 'dev-key',
    examples: 1,
    ...options,
  });
}

export function cell(report: RunReport, operation: string, check: string): CheckResult | undefined {
  return report.results.find((r) => r.operation === operation && r.check === check);
}

/** `operation › check: message` of each failure, for readable assertion diffs. */
export function failures(report: RunReport): string[] {
  return report.results
    .filter((r) => r.status === 'failed' || r.status === 'warning')
    .map((r) => `${r.operation} › ${r.check}: ${r.message}`);
}

export { freePort } from '../../fixtures/servers/prism.js';
