/**
 * The runner judging each zoo service on its own document, as a team gating it in CI would
 * (`petstore-conformance --spec DOC --target URL`, with `--oauth2 USER:PASS` where the document has a
 * password flow, `--api-key` where it has a key): the results that fail or warn, and the operations
 * left unexercised.
 *
 *   npm run build && node dist/bench/zoo-runner.js [NAME…]
 */
import { loadContract, type Contract } from '../src/contract/index.js';
import { runConformance, type RunOptions } from '../conformance/runner.js';
import { obtainToken, withLoginInputs } from '../conformance/user-inputs.js';
import type { RunReport } from '../conformance/types.js';
import { ZOO, zooService, type ZooService } from '../fixtures/zoo/services.js';

/**
 * Runs the runner against `target` (the service, or a proxy in front of it) as the CLI would with the
 * zoo's credentials. `tokenFrom`: where the OAuth2 login is made (default the target; the service
 * itself when a seeded defect in front of it may break the login, as a team passing --bearer would).
 */
export async function judgeZooService(
  zoo: ZooService,
  contract: Contract,
  target: string,
  more: Partial<RunOptions> = {},
  tokenFrom = target,
): Promise<RunReport> {
  const login = zoo.credentials.oauth2;
  const token = login
    ? await obtainToken(contract, tokenFrom, { kind: 'password', user: login.username, pass: login.password }, 30_000)
    : undefined;
  if (token && !token.ok)
    throw new Error(`${zoo.name}: the login through the contract's flow was refused: ${token.reason}`);
  return runConformance({
    target,
    contract,
    apiKey: zoo.credentials.apiKey,
    bearer: token?.token ?? zoo.credentials.bearer,
    ...(login ? { inputs: withLoginInputs(contract, {}, { user: login.username, pass: login.password }) } : {}),
    examples: 1,
    timeoutMs: 30_000,
    ...more,
  });
}

/** `operation › check: status` of each failing (or, with `warnings`, warning) result. */
export function failingCells(report: RunReport, warnings = false): string[] {
  return report.results
    .filter((r) => r.status === 'failed' || (warnings && r.status === 'warning'))
    .map((r) => `${r.operation} › ${r.check}`);
}

if (process.argv[1]?.endsWith('zoo-runner.js')) {
  const names = process.argv.slice(2);
  for (const zoo of names.length > 0 ? names.map(zooService) : ZOO) {
    const reason = zoo.unavailable();
    if (reason !== undefined) {
      process.stdout.write(`${zoo.name}: cannot run: ${reason}\n`);
      continue;
    }
    const contract = await loadContract(zoo.document);
    const running = await zoo.start();
    try {
      const t0 = performance.now();
      const report = await judgeZooService(zoo, contract, running.url);
      const ms = Math.round(performance.now() - t0);
      process.stdout.write(
        `${zoo.name} (${zoo.framework}): ${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.warnings} warnings, ${report.requests} requests in ${ms} ms; exercised ${report.coverage?.exercised ?? '?'} of ${contract.operations.length} operations\n`,
      );
      for (const r of report.results.filter((x) => x.status === 'failed' || x.status === 'warning'))
        process.stdout.write(
          `  ${r.status} ${r.operation} › ${r.check}: ${r.message.slice(0, 300).replace(/\n/g, ' ')}\n`,
        );
      for (const n of report.coverage?.notExercised ?? [])
        process.stdout.write(`  not exercised: ${n.operation}: ${n.reason}\n`);
    } finally {
      await running.close();
    }
  }
}
