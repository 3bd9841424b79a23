import { loadContract, type Contract } from '../../src/contract/index.js';
import { DEFAULTS, runConformance, type RunOptions } from '../../conformance/runner.js';
import type { CheckResult, RunReport } from '../../conformance/types.js';
import { scaled } from '../load-scale.js';

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
    // The runner's per-request limit stretches with the machine's load as the suite's own limits do
    // (load-scale.ts): under two whole runs at once, benign.test.ts's runs gave up at 5000 ms.
    timeoutMs: scaled(DEFAULTS.timeoutMs),
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
