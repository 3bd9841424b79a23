import { readFile, writeFile } from 'node:fs/promises';
import { fileProblem } from '../../src/contract/cli-args.js';
import { parseArgs } from 'node:util';
import {
  bundledContractPath,
  ContractError,
  readContractFile,
  usageMessage,
  type Contract,
} from '../../src/contract/index.js';
import { contractInfo, runFailureReport } from '../diagnostics.js';
import { HarError, inServers, readHar, toHar } from '../har/har.js';
import { startProxy } from '../proxy/server.js';
import { verdictOf } from '../report/verdict.js';
import { isReporterName, REPORTERS } from '../report/formats/index.js';
import { checkOutputs, OutputPathError, writeReports, type ReportDestination } from '../report/formats/outputs.js';
import { mergeReports, MergeError, readJsonReport } from '../shard/merge.js';
import type { RunReport } from '../types.js';
import { TrafficJudge } from './judge.js';
import type { TrafficExchange } from './types.js';

/**
 * The traffic commands of petstore-conformance (PRODUCT.md §6): `proxy`, `--har` and `merge`.
 * Only this module and conformance/cli.ts print or choose exit codes.
 */

const NAME = 'petstore-conformance';

class UsageError extends Error {}

const stdout = (t: string): void => void process.stdout.write(t);
const stderr = (t: string): void => void process.stderr.write(t);

/** `--reporter NAME[=FILE]` (repeatable) and `--output FILE`, as the run reads them. */
export function reportDestinations(
  specs: readonly string[] | undefined,
  output: string | undefined,
): ReportDestination[] {
  const out: ReportDestination[] = [];
  for (const spec of specs ?? ['pretty']) {
    const [name, ...rest] = spec.split('=');
    if (!name || !isReporterName(name))
      throw new UsageError(`unknown reporter "${name ?? ''}" (known: ${REPORTERS.join(', ')})`);
    const file = rest.length > 0 ? rest.join('=') : output;
    if (rest.length > 0 && !file) throw new UsageError(`--reporter ${name}= needs a file name`);
    out.push({ name, file, flag: rest.length > 0 ? `--reporter ${spec}` : `--output ${file ?? ''}` });
  }
  const places = out.map((r) => r.file ?? '-');
  if (new Set(places).size !== places.length)
    throw new UsageError('two reporters write to the same place: give each its own =FILE');
  return out;
}

const list = (value: string | undefined): string[] | undefined =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

async function contractFrom(spec: string | undefined): Promise<Contract> {
  return (await contractAndText(spec)).contract;
}

/** The contract with the text it was read from (the proxy's judging thread indexes the same text). */
async function contractAndText(spec: string | undefined): Promise<{ text: string; contract: Contract }> {
  try {
    return await readContractFile(spec ?? bundledContractPath);
  } catch (error) {
    if (error instanceof ContractError) throw new UsageError(error.message);
    throw error;
  }
}

/** Writes the reports and returns the exit code a run gives (2 with the reason when nothing was judged). */
async function finish(
  report: RunReport,
  reporters: readonly ReportDestination[],
  nothing: string | undefined,
): Promise<number> {
  const verdict = verdictOf(report);
  const reason = nothing ?? (verdict.exitCode === 2 ? verdict.reason : undefined);
  if (reason !== undefined) {
    stderr(`${NAME}: ${reason}\n`);
    const failed = { ...runFailureReport(report, reason), ...(report.traffic ? { traffic: report.traffic } : {}) };
    await writeReports(reporters, failed, { stdout, colour: false, filesOnly: true });
    return 2;
  }
  await writeReports(reporters, report, { stdout, colour: process.stdout.isTTY === true && !process.env['NO_COLOR'] });
  return verdict.exitCode;
}

function nothingFromTraffic(report: RunReport, what: string): string | undefined {
  if (report.results.length > 0) return undefined;
  const unmatched = report.traffic?.unmatched.length ?? 0;
  return `usage error: nothing was judged: ${report.requests === 0 ? `no request ${what}` : `none of the ${report.requests} request(s) ${what} named an operation of the contract (${unmatched} outside its paths)`}`;
}

async function guarded(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof OutputPathError ||
      error instanceof HarError ||
      error instanceof MergeError
    ) {
      stderr(`${NAME}: usage error: ${error.message}\nTry --help.\n`);
      return 2;
    }
    stderr(`${NAME}: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 3;
  }
}

export const PROXY_HELP = `Usage: ${NAME} proxy --spec DOC --upstream URL [options]

A validating reverse proxy: forwards every request and answer unchanged, judges each exchange
with the runner's checks, and writes the reports on Ctrl-C, SIGTERM or the end of --duration.

  --spec DOC              the contract: Swagger 2.0, OpenAPI 3.0.x, 3.1.x or 3.2.x, YAML or JSON
                          (default: the bundled Petstore contract, openapi/petstore.yaml)
  --upstream URL          the server to forward to (required)
  --port N                port to listen on (default 4020; 0 picks a free one)
  --host H                address to listen on (default 127.0.0.1)
  --reporter NAME[=FILE]  pretty | json | junit | html (repeatable; default pretty)
  --output FILE           where reporters without =FILE write (default: stdout)
  --duration S            stop after S seconds
  --mark                  add a Conformance-Violations header (JSON) to answers with violations;
                          answers are then held (up to the judging cap) to be judged first
  --record FILE.har       write every exchange as HAR 1.2 when it stops
  --checks a,b / --skip-checks a,b / --strict   as for a run

When it listens it prints one line: Conformance proxy listening on http://HOST:PORT -> UPSTREAM.
Exit codes as a run: 0 conformant, 1 failures, 2 usage error or nothing judged, 3 internal error.
`;

/** `petstore-conformance proxy …` */
export async function proxyMain(argv: readonly string[]): Promise<number> {
  const options = {
    spec: { type: 'string' },
    upstream: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    reporter: { type: 'string', multiple: true },
    output: { type: 'string' },
    duration: { type: 'string' },
    mark: { type: 'boolean' },
    record: { type: 'string' },
    checks: { type: 'string' },
    'skip-checks': { type: 'string' },
    strict: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
  } catch (error) {
    stderr(`${NAME} proxy: ${usageMessage(error, Object.keys(options))}\nTry --help.\n`);
    return 2;
  }
  const v = parsed.values;
  if (v.help) {
    stdout(PROXY_HELP);
    return 0;
  }
  return guarded(async () => {
    if (!v.upstream) throw new UsageError('proxy needs --upstream URL');
    if (!URL.canParse(v.upstream) || !/^https?:$/.test(new URL(v.upstream).protocol))
      throw new UsageError(`--upstream must be an http:// or https:// URL, got "${v.upstream}"`);
    const port =
      v.port === undefined ? 4020 : /^\d{1,5}$/.test(v.port) && Number(v.port) <= 65535 ? Number(v.port) : undefined;
    if (port === undefined) throw new UsageError(`--port must be 0..65535, got "${v.port ?? ''}"`);
    const duration =
      v.duration === undefined ? undefined : /^\d+(\.\d+)?$/.test(v.duration) ? Number(v.duration) : undefined;
    if (v.duration !== undefined && duration === undefined)
      throw new UsageError(`--duration must be a number of seconds, got "${v.duration}"`);
    const reporters = reportDestinations(v.reporter, v.output);
    const record = v.record;
    await checkOutputs([
      ...reporters,
      ...(record ? [{ name: 'json' as const, file: record, flag: `--record ${record}` }] : []),
    ]);
    const { contract, text } = await contractAndText(v.spec);
    const startedAt = new Date();
    const checks = list(v.checks);
    const skipChecks = list(v['skip-checks']);
    let proxy;
    try {
      proxy = await startProxy({
        contract,
        upstream: v.upstream,
        port,
        host: v.host,
        mark: v.mark ?? false,
        checks,
        skipChecks,
        strict: v.strict ?? false,
        // Each exchange is judged as it comes and let go; only --record keeps them, to write them.
        retain: record !== undefined,
        // Judged on a thread of its own, at nice +10 (Linux): the proxy's thread only forwards, and goes
        // first on busy cores (issue 32: added p99 ≤ 2 ms); judging catches up when they are free.
        worker: { contractText: text, lowerPriorityBy: 10 },
      });
    } catch (error) {
      throw new UsageError(
        `cannot listen on ${v.host ?? '127.0.0.1'}:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    stdout(`Conformance proxy listening on ${proxy.url} -> ${v.upstream}\n`);
    await new Promise<void>((resolve) => {
      const stop = (): void => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      if (duration !== undefined) setTimeout(stop, duration * 1000).unref();
    });
    await proxy.close();
    if (record)
      await writeFile(
        record,
        `${JSON.stringify(toHar(proxy.exchanges, { name: NAME, version: '1' }, v.upstream), null, 2)}\n`,
      );
    const judged = proxy.report({ target: v.upstream, startedAt });
    const dropped = proxy.dropped();
    const notices =
      dropped > 0
        ? [
            ...(judged.notices ?? []),
            `${dropped} exchange(s) were judged but not written to ${record ?? ''}: the first ${proxy.exchanges.length} filled the proxy's 512 MiB of kept bodies`,
          ]
        : judged.notices;
    const report = { ...judged, notices, contract: contractInfo(contract, v.spec ?? 'the bundled Petstore contract') };
    return finish(report, reporters, nothingFromTraffic(report, 'came through the proxy'));
  });
}

/** `petstore-conformance --spec DOC --har FILE …`: a recording judged offline. `targets`: addresses counted as the contract's besides its servers (--target). */
export async function harMain(input: {
  readonly har: string;
  readonly spec: string | undefined;
  readonly targets: readonly string[];
  readonly reporters: readonly string[] | undefined;
  readonly output: string | undefined;
  readonly checks: readonly string[] | undefined;
  readonly skipChecks: readonly string[] | undefined;
  readonly strict: boolean;
}): Promise<number> {
  return guarded(async () => {
    const reporters = reportDestinations(input.reporters, input.output);
    await checkOutputs(reporters);
    const contract = await contractFrom(input.spec);
    let text: string;
    try {
      text = await readFile(input.har, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read --har ${input.har}: ${fileProblem(error)}`);
    }
    const har = readHar(text, input.har);
    // A recording of the proxy: its upstream's entries are the contract's, whatever its servers say.
    const targets = har.upstream !== undefined ? [...input.targets, har.upstream] : input.targets;
    const report = harReport(har.entries, contract, { ...input, targets, startedAt: new Date() });
    return finish(
      { ...report, contract: contractInfo(contract, input.spec ?? 'the bundled Petstore contract') },
      reporters,
      nothingFromTraffic(report, `of ${input.har} within the contract's servers`),
    );
  });
}

/** A recording judged: entries outside the contract's servers listed, the rest judged as the proxy judges. */
export function harReport(
  entries: readonly TrafficExchange[],
  contract: Contract,
  input: {
    readonly har: string;
    readonly targets: readonly string[];
    readonly checks: readonly string[] | undefined;
    readonly skipChecks: readonly string[] | undefined;
    readonly strict: boolean;
    readonly startedAt: Date;
  },
): RunReport {
  const inside = entries.filter((e) => inServers(contract, e.url, input.targets));
  const outside = entries
    .filter((e) => !inServers(contract, e.url, input.targets))
    .map((e) => ({ method: e.method.toUpperCase(), url: e.url }));
  const prefixes = input.targets.map((t) => (URL.canParse(t) ? new URL(t).pathname : ''));
  return new TrafficJudge(contract, prefixes).report(inside, {
    contract,
    checks: input.checks,
    skipChecks: input.skipChecks,
    strict: input.strict,
    target: input.har,
    startedAt: input.startedAt,
    outside,
  });
}

export const MERGE_HELP = `Usage: ${NAME} merge REPORT.json… [--reporter NAME[=FILE]]… [--output FILE]

Joins the JSON reports of a run's shards (--shard K/N) into the report the whole run would have
written, with any reporter, and exits as the whole run would (0, 1, 2).

  --reporter NAME[=FILE]  pretty | json | junit | html (repeatable; default pretty)
  --output FILE           where reporters without =FILE write (default: stdout)
`;

/** `petstore-conformance merge FILE.json… [--reporter …] [--output FILE]` */
export async function mergeMain(argv: readonly string[]): Promise<number> {
  const options = {
    reporter: { type: 'string', multiple: true },
    output: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    stderr(`${NAME} merge: ${usageMessage(error, Object.keys(options))}\nTry --help.\n`);
    return 2;
  }
  if (parsed.values.help) {
    stdout(MERGE_HELP);
    return 0;
  }
  return guarded(async () => {
    if (parsed.positionals.length === 0)
      throw new UsageError('merge needs the JSON reports to join: merge shard-1.json shard-2.json …');
    const reporters = reportDestinations(parsed.values.reporter, parsed.values.output);
    await checkOutputs(reporters);
    const reports = [];
    for (const file of parsed.positionals) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        throw new UsageError(`cannot read ${file}: ${fileProblem(error)}`);
      }
      reports.push({ report: readJsonReport(text, file), file });
    }
    const merged = mergeReports(reports);
    return finish(merged, reporters, undefined);
  });
}
