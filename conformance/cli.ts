import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bundledContractPath, ContractError, loadContract, packageRoot } from '../src/contract/index.js';
import { CHECKS } from './checks/index.js';
import { isReporterName, progressPrinter, render, REPORTERS, type ReporterName } from './reporters/index.js';
import { DEFAULTS, runConformance, SelectionError, TargetUnreachableError, type RunOptions } from './runner.js';
import type { RunReport } from './types.js';
import { exitCodeFor } from './verdict.js';

const HELP = `petstore-conformance: check a server against an OpenAPI 3.0 contract

Usage: petstore-conformance --target URL [options]

  --target URL            base address of the server to check (required)
  --spec PATH             the contract (default: the bundled Petstore contract)
  --api-key KEY           key for operations with security requirements (default: none;
                          then the checks that need it are skipped, never failed)
  --bearer TOKEN          token for http bearer, oauth2 and openIdConnect schemes
  --basic USER:PASS       credentials for http basic schemes
  --auth SCHEME=VALUE     credential for the named scheme of components/securitySchemes
                          (repeatable; wins over the flags above)
  --base-path PATH        path before every contract path (default: the path of the
                          contract's first servers entry, unless --target already ends with it)
  --header 'Name: value'  extra header on every request (repeatable; removed, like every
                          credential, from the "without credentials" probes)
  --checks a,b            run only these checks
  --skip-checks a,b       do not run these checks
  --operations id1,id2    only these operations (operationIds)
  --reporter NAME[=FILE]  pretty | json | junit | html (repeatable; default pretty)
  --output FILE           where reporters without =FILE write (default: stdout)
  --timeout MS            per request, connect to last byte (default ${DEFAULTS.timeoutMs})
  --seed N                seed of the generated inputs (default ${DEFAULTS.seed})
  --examples N            generated cases per operation (default ${DEFAULTS.examples})
  --strict                failures in x-stability operations count (otherwise warnings),
                          and a run that exercised fewer than all operations fails
  --help, --version

Exit codes: 0 conformant, 1 at least one failure, 2 usage error or target unreachable,
3 internal error of the runner (the requested reports are still written).
The valid key never appears in reports: reproduce commands read $CONFORMANCE_API_KEY.

Checks:
${CHECKS.map((c) => `  ${c.name}`).join('\n')}
`;

class UsageError extends Error {}

const list = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);

function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return Number(value);
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** Parses argv, runs, writes the reports; returns the exit code. Only this module prints. */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        spec: { type: 'string' },
        'api-key': { type: 'string' },
        bearer: { type: 'string' },
        basic: { type: 'string' },
        auth: { type: 'string', multiple: true },
        'base-path': { type: 'string' },
        header: { type: 'string', multiple: true },
        checks: { type: 'string' },
        'skip-checks': { type: 'string' },
        operations: { type: 'string' },
        reporter: { type: 'string', multiple: true },
        output: { type: 'string' },
        timeout: { type: 'string' },
        seed: { type: 'string' },
        examples: { type: 'string' },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    process.stderr.write(`petstore-conformance: ${(error as Error).message}\nTry --help.\n`);
    return 2;
  }
  const v = parsed.values;
  if (v.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (v.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  try {
    if (!v.target) throw new UsageError('--target URL is required');
    let target: URL;
    try {
      target = new URL(v.target);
    } catch {
      throw new UsageError(`--target is not a URL: "${v.target}"`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new UsageError(`--target must be http:// or https://, got "${v.target}"`);
    const headers: Record<string, string> = {};
    for (const h of v.header ?? []) {
      const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(h);
      if (!m?.[1]) throw new UsageError(`--header must look like 'Name: value', got "${h}"`);
      headers[m[1]] = m[2] ?? '';
    }
    const reporters: Array<{ name: ReporterName; file: string | undefined }> = [];
    for (const spec of v.reporter ?? ['pretty']) {
      const [name, ...rest] = spec.split('=');
      if (!name || !isReporterName(name)) throw new UsageError(`unknown reporter "${name ?? ''}" (known: ${REPORTERS.join(', ')})`);
      const file = rest.length > 0 ? rest.join('=') : v.output;
      if (rest.length > 0 && !file) throw new UsageError(`--reporter ${name}= needs a file name`);
      reporters.push({ name, file });
    }
    const destinations = reporters.map((r) => r.file ?? '-');
    if (new Set(destinations).size !== destinations.length) throw new UsageError('two reporters write to the same place: give each its own =FILE');
    const auth: Record<string, string> = {};
    for (const a of v.auth ?? []) {
      const m = /^([^=]+)=(.*)$/s.exec(a);
      if (!m?.[1] || m[2] === undefined) throw new UsageError(`--auth must look like SCHEME=VALUE, got "${a}"`);
      auth[m[1]] = m[2];
    }
    if (v.basic !== undefined && !v.basic.includes(':')) throw new UsageError('--basic must look like USER:PASS (RFC 7617)');
    const checks = list(v.checks);
    const skipChecks = list(v['skip-checks']);
    for (const name of [...(checks ?? []), ...(skipChecks ?? [])]) {
      if (!CHECKS.some((c) => c.name === name)) throw new UsageError(`unknown check "${name}" (known: ${CHECKS.map((c) => c.name).join(', ')})`);
    }
    const timeoutMs = integer('timeout', v.timeout, DEFAULTS.timeoutMs, 1);
    const seed = integer('seed', v.seed, DEFAULTS.seed, 0);
    const examples = integer('examples', v.examples, DEFAULTS.examples, 1);
    let contract;
    try {
      contract = await loadContract(v.spec ?? bundledContractPath);
    } catch (error) {
      if (error instanceof ContractError) throw new UsageError(error.message);
      throw error;
    }
    const tty = process.stderr.isTTY === true;
    const showProgress = reporters.some((r) => r.name === 'pretty');
    const options: RunOptions = {
      target: v.target,
      contract,
      apiKey: v['api-key'],
      bearer: v.bearer,
      basic: v.basic,
      auth,
      basePath: v['base-path'],
      headers,
      checks,
      skipChecks,
      operations: list(v.operations),
      timeoutMs,
      seed,
      examples,
      strict: v.strict ?? false,
      onProgress: showProgress ? progressPrinter((t) => void process.stderr.write(t), tty) : undefined,
    };
    let report: RunReport;
    try {
      report = await runConformance(options);
    } catch (error) {
      if (error instanceof SelectionError || error instanceof TargetUnreachableError) throw error;
      // The runner itself failed: exit 3, and every requested report still says so (PRODUCT.md §4).
      report = failedRun(options, error);
    }
    for (const r of reporters) {
      const colour = r.file === undefined && process.stdout.isTTY === true && !process.env['NO_COLOR'];
      const text = render(r.name, report, colour);
      if (r.file === undefined) process.stdout.write(text);
      else await writeFile(r.file, text);
    }
    for (const message of report.internalErrors ?? []) process.stderr.write(`petstore-conformance: internal error: ${message}\n`);
    return exitCodeFor(report);
  } catch (error) {
    if (error instanceof UsageError || error instanceof SelectionError) {
      process.stderr.write(`petstore-conformance: usage error: ${error.message}\nTry --help.\n`);
      return 2;
    }
    if (error instanceof TargetUnreachableError) {
      process.stderr.write(`petstore-conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/** The report of a run the runner could not finish: nothing judged, the error as a notice. */
function failedRun(options: RunOptions, error: unknown): RunReport {
  const message = `the run stopped: ${error instanceof Error ? error.message : String(error)}`;
  return {
    target: options.target,
    seed: options.seed ?? DEFAULTS.seed,
    examples: options.examples ?? DEFAULTS.examples,
    strict: options.strict ?? false,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    operations: options.contract.operations.map((o) => o.id),
    checks: [],
    results: [],
    summary: { passed: 0, failed: 0, skipped: 0, warnings: 0 },
    requests: 0,
    coverage: { exercised: 0, total: options.contract.operations.length, notExercised: options.contract.operations.map((o) => ({ operation: o.id, reason: message })) },
    notices: [message],
    internalErrors: [message],
  };
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`petstore-conformance: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 3;
  },
);
