/**
 * `npm run bench`: our validating mock side by side with Prism's mock and three ceilings
 * (Express + express-openapi-validator, bare Express and bare node:http answering fixed bodies of
 * the same size), in one run, on the same contract, in alternating rounds; medians are reported.
 * Load comes from wrk (Debian's package) in a process of its own, or from autocannon in this
 * process when wrk is missing; every server runs in a process of its own. In-process start-up
 * is timed in fresh processes (bench/startup.ts). Then the cost curve (bench/cost-curve.ts):
 * start-up and RSS against document size for the mock, Prism and the runner's planning step. Last,
 * every target is printed met or MISSED, with the same figure for Prism, Express +
 * express-openapi-validator, bare Express and bare node:http where it applies, beside the
 * validating proxy's added p99 at 1,000 req/s against Prism's proxy (bench/proxy-overhead.ts).
 * `--markdown FILE` writes docs/performance.md from the results (bench/performance-page.ts).
 * `--big-runner` adds the runner with `--examples 1` against the mock on the largest document
 * (Stripe; minutes, so opt-in). Results are printed and written under bench/results/
 * (git-ignored): the bench never rewrites a tracked file unless `--svg FILE` names one. Ratios
 * matter more than absolute figures on a noisy 2-core machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/contract/index.js';
import {
  costCurveMarkdown,
  curveDocuments,
  killAll,
  runCostCurve,
  writeCostCurve,
  type CurveRow,
} from './cost-curve.js';
import { runLoad, type LoadResult } from './load.js';
import { ORDER_PET, WORKLOADS } from './workloads.js';
import { peakRssMb, rssMb, startFixed, startOurs, startPrism, startProcess, type RunningTarget } from './targets.js';
import { runWrk, wrkAvailable } from './wrk.js';
import { renderPerformancePage, type BenchResults, type Goal } from './performance-page.js';
import { measureProxyOverhead } from './proxy-overhead.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    load: { type: 'string', default: 'auto' },
    output: { type: 'string', default: join(packageRoot, 'bench', 'results', 'latest.json') },
    curve: { type: 'boolean', default: true },
    'curve-timeout': { type: 'string', default: '60' },
    'curve-only': { type: 'string' },
    svg: { type: 'string' },
    'big-runner': { type: 'boolean', default: false },
    'big-runner-timeout': { type: 'string', default: '900' },
    proxy: { type: 'boolean', default: true },
    'proxy-seconds': { type: 'string', default: '10' },
    'proxy-rate': { type: 'string', default: '1000' },
    // p99 of one 10 s run swings with the machine (the direct p99 beside it too): the median of rounds.
    'proxy-rounds': { type: 'string', default: '3' },
    markdown: { type: 'string' },
    'from-json': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  allowNegative: true,
});
if (values.help) {
  process.stdout.write(
    'npm run bench -- [--duration S=4] [--rounds N=3] [--connections C=32] [--load auto|wrk|autocannon] [--output FILE]\n' +
      '                 [--no-curve] [--curve-timeout S=60] [--curve-only NAME,…] [--svg FILE] [--big-runner] [--big-runner-timeout S=900]\n' +
      '                 [--no-proxy] [--proxy-seconds S=10] [--proxy-rate R=1000] [--proxy-rounds N=3] [--markdown FILE]\n' +
      "       npm run bench -- --from-json RESULTS.json --markdown FILE   (the page again from a run's results, nothing measured)\n",
  );
  process.exit(0);
}
if (values['from-json'] !== undefined) {
  // The page from the results a run wrote (bench/results/latest.json): nothing is measured.
  const page = renderPerformancePage(JSON.parse(readFileSync(values['from-json'], 'utf8')) as BenchResults);
  if (values.markdown) writeFileSync(values.markdown, page);
  else process.stdout.write(page);
  process.exit(0);
}
/** The command as the user typed it, for the page: the build and the bench with its flags. */
const COMMAND = `npm run build && npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const loadAtStart = loadavg()[0];
if (!['auto', 'wrk', 'autocannon'].includes(values.load)) {
  process.stderr.write(`--load must be auto, wrk or autocannon, got "${values.load}"\n`);
  process.exit(2);
}
const haveWrk = wrkAvailable();
if (values.load === 'wrk' && !haveWrk) {
  process.stderr.write('--load wrk: wrk is not installed (Debian: apt-get install wrk)\n');
  process.exit(2);
}
const generator: 'wrk' | 'autocannon' = values.load === 'autocannon' || !haveWrk ? 'autocannon' : 'wrk';
if (values.load === 'auto' && !haveWrk) {
  process.stderr.write(
    'wrk is not installed (Debian: apt-get install wrk): no wrk rows; the load comes from autocannon in the bench process instead.\n',
  );
}
const load = generator === 'wrk' ? runWrk : runLoad;
const durationS = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const API_KEY = 'dev-key';
const workloads = WORKLOADS;

/** Every server the bench started and has not stopped: stopped on the way out, whatever happens. */
const running = new Set<RunningTarget>();
async function tracked(start: Promise<RunningTarget>): Promise<RunningTarget> {
  const t = await start;
  running.add(t);
  return { ...t, stop: () => t.stop().finally(() => running.delete(t)) };
}
async function stopAll(): Promise<void> {
  await Promise.all([...running].map((t) => t.stop()));
  await killAll();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

/** The bodies the ceilings answer with: our mock's real answers, so sizes match. */
async function captureBodies(ours: RunningTarget): Promise<string> {
  const bodies: Record<string, { status: number; body: string }> = {};
  for (const w of workloads) {
    for (const r of w.requests) {
      const key = `${r.method} ${r.path.split('?')[0]}`;
      if (bodies[key]) continue;
      const { status, text } = await call(`${ours.url}${r.path}`, r.method, r.body);
      bodies[key] = { status, body: text };
    }
  }
  const file = join(packageRoot, 'bench', 'results', 'fixed-bodies.tmp.json');
  writeFileSync(file, JSON.stringify(bodies));
  return file;
}

async function runnerSeconds(): Promise<number> {
  const target = await tracked(startOurs());
  try {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          join(packageRoot, 'bin', 'petstore-conformance.js'),
          '--target',
          target.url,
          '--api-key',
          API_KEY,
          '--reporter',
          'json',
        ],
        { stdio: ['ignore', 'ignore', 'ignore'] },
      );
      child.once('exit', (code) => (code === 0 || code === 1 ? resolve() : reject(new Error(`runner exited ${code}`))));
    });
    return (performance.now() - started) / 1000;
  } finally {
    await target.stop();
  }
}

interface BigRunner {
  readonly document: string;
  readonly outcome: 'done' | 'timeout' | 'mock not ready' | 'failed';
  readonly seconds?: number;
  readonly exitCode?: number | null;
}

/**
 * The runner with `--examples 1` against the mock on the largest document of the curve (Stripe),
 * both as users run them, credentials on both sides as the self-consistency suite gives them; killed
 * at `limitS`.
 */
async function bigRunner(file: string, name: string, limitS: number): Promise<BigRunner> {
  const creds = ['--api-key', 'k', '--token', 't', '--basic', 'u:p'];
  const mock = await tracked(
    startProcess(
      'ours',
      [join(packageRoot, 'bin', 'petstore-mock.js'), '--spec', file, '--port', '0', ...creds],
      (line) => /^Petstore mock listening on (http:\/\/\S+)$/.exec(line)?.[1],
      '/__mock',
      limitS * 1000,
    ),
  ).catch(() => undefined);
  if (!mock) return { document: name, outcome: 'mock not ready' };
  try {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        join(packageRoot, 'bin', 'petstore-conformance.js'),
        '--target',
        mock.url,
        '--spec',
        file,
        '--examples',
        '1',
        '--api-key',
        'k',
        '--bearer',
        't',
        '--basic',
        'u:p',
        '--reporter',
        'json',
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
    const code = await new Promise<number | null | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), limitS * 1000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    if (code === 'timeout') {
      child.kill('SIGKILL');
      return { document: name, outcome: 'timeout', seconds: limitS };
    }
    return { document: name, outcome: code === 0 || code === 1 ? 'done' : 'failed', seconds, exitCode: code };
  } finally {
    await mock.stop();
  }
}

interface InProcessStartup {
  readonly apps: number;
  readonly importMs: number;
  readonly firstStartMs: number;
  readonly firstAnswerMs: number;
  readonly furtherMedianMs: number;
  readonly furtherMaxMs: number;
  readonly rssAfterFirstMb: number;
  readonly rssAfterAllMb: number;
  readonly ownStores: boolean;
}

/** `start({ port: 0 })` in a fresh process each time (bench/startup.ts), so the first start is really the first. */
function inProcessStartup(): InProcessStartup {
  const out = execFileSync(process.execPath, [join(packageRoot, 'dist', 'bench', 'startup.js'), '10'], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as InProcessStartup;
}

async function main(): Promise<void> {
  mkdirSync(join(packageRoot, 'bench', 'results'), { recursive: true });
  const log = (line: string) => process.stderr.write(`${line}\n`);

  log(`load generator: ${generator === 'wrk' ? 'wrk (own process, 1 thread)' : 'autocannon (in the bench process)'}`);
  log('timing start() in process…');
  const startupRuns = Array.from({ length: rounds }, () => inProcessStartup());
  const pick = (f: (s: InProcessStartup) => number) => median(startupRuns.map(f));
  const inProcess = {
    importMs: pick((s) => s.importMs),
    firstStartMs: pick((s) => s.firstStartMs),
    firstAnswerMs: pick((s) => s.firstAnswerMs),
    furtherMedianMs: pick((s) => s.furtherMedianMs),
    furtherMaxMs: pick((s) => s.furtherMaxMs),
    rssAfterFirstMb: pick((s) => s.rssAfterFirstMb),
    ownStores: startupRuns.every((s) => s.ownStores),
  };

  log('starting servers…');
  const ours = await tracked(startOurs());
  const oursReadyRssMb = rssMb(ours.pid);
  // Enough stock that every order of the run succeeds: the store grows across rounds, as users' stores do.
  await call(`${ours.url}/store/inventory/${ORDER_PET}`, 'PUT', { quantity: 1_000_000 });
  const bodiesFile = await captureBodies(ours);
  const targets: RunningTarget[] = [
    ours,
    await tracked(startPrism()),
    await tracked(startFixed('validated', bodiesFile)),
    await tracked(startFixed('express', bodiesFile)),
    await tracked(startFixed('http', bodiesFile)),
  ];
  const readyRss: Record<string, number | undefined> = Object.fromEntries(
    targets.map((t) => [t.name, t === ours ? oursReadyRssMb : rssMb(t.pid)]),
  );

  const samples = new Map<string, LoadResult[]>();
  for (let round = 0; round < rounds; round++) {
    for (const w of workloads) {
      // Alternate the order of targets each round so no target always runs on a warmer or cooler machine.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const t of order) {
        const r = await load(t.url, w, connections, durationS, API_KEY);
        const key = `${t.name}|${w.name}`;
        samples.set(key, [...(samples.get(key) ?? []), r]);
        log(
          `round ${round + 1}/${rounds} ${w.name.padEnd(6)} ${t.name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx || r.errors ? `  non-2xx ${r.non2xx} errors ${r.errors}` : ''}`,
        );
      }
    }
  }
  const rss = Object.fromEntries(targets.map((t) => [t.name, peakRssMb(t.pid)]));
  for (const t of targets) await t.stop();

  // Spawn to first answer again in fresh processes, alternating the order each round, so the start-up
  // ratio is a median of several starts in the same conditions, not one start each (Prism: its one start).
  log('timing CLI start-up in fresh processes…');
  const starters: ReadonlyArray<readonly [string, () => Promise<RunningTarget>]> = [
    ['ours', () => startOurs()],
    ['express+EOV', () => startFixed('validated', bodiesFile)],
    ['express', () => startFixed('express', bodiesFile)],
    ['node:http', () => startFixed('http', bodiesFile)],
  ];
  const starts = new Map<string, number[]>(targets.map((t) => [t.name, [t.startupMs]]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, start] of round % 2 === 0 ? [...starters].reverse() : starters) {
      const t = await tracked(start());
      starts.get(name)?.push(t.startupMs);
      await t.stop();
    }
  }
  const startup = Object.fromEntries([...starts].map(([name, ms]) => [name, Math.round(median(ms))]));

  log('seeding 100,000 pets…');
  const big = await tracked(startOurs(['--pets', '100000']));
  const bigReadyRssMb = rssMb(big.pid);
  const bigList = await load(big.url, workloads[0]!, connections, durationS, API_KEY);
  const bigRead = await load(big.url, workloads[1]!, connections, durationS, API_KEY);
  const seeded = {
    startupMs: Math.round(big.startupMs),
    readyRssMb: bigReadyRssMb,
    peakRssMb: peakRssMb(big.pid),
    listRps: bigList.rps,
    listP99: bigList.p99,
    readRps: bigRead.rps,
    readP99: bigRead.p99,
  };
  await big.stop();

  log('timing the conformance runner…');
  const runnerS = await runnerSeconds().catch((e: unknown) => {
    log(`runner: ${String(e)}`);
    return undefined;
  });

  let proxy: Awaited<ReturnType<typeof measureProxyOverhead>> | undefined;
  if (values.proxy) {
    log(`validating proxy overhead at ${values['proxy-rate']} req/s…`);
    proxy = await measureProxyOverhead(
      Number(values['proxy-seconds']),
      Number(values['proxy-rate']),
      Number(values['proxy-rounds']),
    ).catch((e: unknown) => {
      log(`proxy overhead: ${String(e)}`);
      return undefined;
    });
  }

  let curve: CurveRow[] = [];
  if (values.curve) {
    log('cost curve…');
    curve = await runCostCurve({
      timeoutS: Number(values['curve-timeout']),
      minKb: 20,
      log,
      ...(values['curve-only'] ? { only: values['curve-only'].split(',') } : {}),
    });
    writeCostCurve(
      curve,
      join(packageRoot, 'bench', 'results', 'cost-curve.json'),
      Number(values['curve-timeout']),
      values.svg,
    );
  }
  const largest = curveDocuments(20).pop();
  let bigRun: BigRunner | undefined;
  if (values['big-runner'] && largest) {
    log(`conformance runner --examples 1 on ${largest.name} (limit ${values['big-runner-timeout']} s)…`);
    bigRun = await bigRunner(largest.file, largest.name, Number(values['big-runner-timeout']));
  }

  interface Stat {
    rps: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
  }
  const table = workloads.map((w) => {
    const m = (name: string): Stat => {
      const s = samples.get(`${name}|${w.name}`) ?? [];
      return {
        rps: median(s.map((x) => x.rps)),
        p50: median(s.map((x) => x.p50)),
        p99: median(s.map((x) => x.p99)),
        non2xx: s.reduce((a, x) => a + x.non2xx, 0),
        errors: s.reduce((a, x) => a + x.errors, 0),
      };
    };
    const byTarget: Record<string, Stat> = Object.fromEntries(targets.map((t) => [t.name, m(t.name)]));
    const rps = (name: string) => byTarget[name]?.rps ?? Number.NaN;
    return {
      workload: w.name,
      description: w.description,
      targets: byTarget,
      oursOverPrism: rps('ours') / rps('prism'),
      oursOverValidated: rps('ours') / rps('express+EOV'),
      oursOverExpress: rps('ours') / rps('express'),
      oursOverNode: rps('ours') / rps('node:http'),
    };
  });

  const result = {
    date: new Date().toISOString(),
    command: COMMAND,
    machine: {
      node: process.version,
      cpus: cpus().length,
      model: cpus()[0]?.model,
      loadAtStart,
      loadAtEnd: loadavg()[0],
    },
    settings: { durationS, rounds, connections, loadGenerator: generator },
    inProcess,
    workloads: table,
    startupMs: startup,
    peakRssMb: rss,
    oursReadyRssMb,
    seeded100k: seeded,
    runnerDefaultRunS: runnerS,
    readyRssMb: readyRss,
    costCurve: curve,
    curveTimeoutS: Number(values['curve-timeout']),
    // As the page links it: relative to the page.
    svg:
      values.svg === undefined
        ? undefined
        : values.markdown === undefined
          ? values.svg
          : relative(dirname(values.markdown), values.svg),
    bigRunner: bigRun,
    proxy,
  };
  const fmt = (n: number | undefined, d = 0): string => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(d));
  const NAMES = targets.map((t) => t.name);
  const statOf = (w: string, name: string) => table.find((row) => row.workload === w)?.targets[name];
  const bigRow = curve.find((r) => r.document.file === largest?.file);
  const curveCell = (p: CurveRow['mock'], what: 'ms' | 'rss'): string =>
    !p
      ? '–'
      : p.outcome === 'timeout'
        ? `not ready in ${Math.round(p.ms / 1000)} s`
        : p.outcome === 'failed'
          ? 'failed'
          : what === 'ms'
            ? `${fmt(p.ms / 1000, 1)} s`
            : `${fmt(p.rssMb)} MB`;
  const startupRatio = (startup['ours'] ?? Number.NaN) / (startup['express'] ?? Number.NaN);
  const perTarget = (f: (name: string) => string): Record<string, string> =>
    Object.fromEntries(NAMES.map((n) => [n, f(n)]));
  const bigName = largest
    ? `${largest.name}, ${fmt(largest.bytes / 1048576, 1)} MB, ${bigRow?.document.operations ?? largest.operations} ops`
    : 'largest';
  const bigReady = bigRow?.mock?.outcome === 'ready' ? bigRow.mock : undefined;
  const goals: Goal[] = [
    {
      name: `big contract (${bigName}): mock ready`,
      target: '≤ 15 s',
      values: { ours: curveCell(bigRow?.mock, 'ms'), prism: curveCell(bigRow?.prism, 'ms') },
      met: bigRow?.mock ? bigReady !== undefined && bigReady.ms <= 15_000 : undefined,
    },
    {
      name: 'big contract: RSS at ready',
      target: '≤ 500 MB',
      values: { ours: curveCell(bigRow?.mock, 'rss'), prism: curveCell(bigRow?.prism, 'rss') },
      met: bigRow?.mock ? bigReady !== undefined && (bigReady.rssMb ?? Infinity) <= 500 : undefined,
    },
    {
      name: 'big contract: RSS after one request to every operation',
      target: '≤ 700 MB',
      values: {
        ours: bigReady?.rssAfterEveryOperationMb === undefined ? '–' : `${bigReady.rssAfterEveryOperationMb} MB`,
      },
      met: bigRow?.mock ? (bigReady?.rssAfterEveryOperationMb ?? Infinity) <= 700 : undefined,
    },
    {
      name: 'big contract: runner --examples 1 judges it',
      target: '≤ 10 min',
      values: {
        ours: !bigRun
          ? 'not run (--big-runner)'
          : bigRun.outcome === 'done'
            ? `${fmt(bigRun.seconds, 1)} s`
            : bigRun.outcome === 'timeout'
              ? `not done in ${bigRun.seconds} s`
              : bigRun.outcome,
      },
      met: bigRun ? bigRun.outcome === 'done' && (bigRun.seconds ?? Infinity) <= 600 : undefined,
    },
    {
      name: 'first start() in process incl. imports, to its first answer',
      target: '≤ 300 ms',
      values: { ours: `${fmt(inProcess.importMs + inProcess.firstAnswerMs)} ms` },
      met: inProcess.importMs + inProcess.firstAnswerMs <= 300,
    },
    {
      name: 'each further app, to its first answer',
      target: '≤ 30 ms',
      values: { ours: `${fmt(inProcess.furtherMedianMs, 1)} ms` },
      met: inProcess.furtherMedianMs <= 30 && inProcess.ownStores,
    },
    {
      name: 'CLI ready (spawn to first answer)',
      target: '≤ 500 ms',
      values: perTarget((n) => `${fmt(startup[n])} ms`),
      met: (startup['ours'] ?? Infinity) <= 500,
    },
    {
      name: 'CLI ready, over bare Express in the same run',
      target: '≤ 1.5×',
      values: perTarget((n) => `${fmt((startup[n] ?? Number.NaN) / (startup['express'] ?? Number.NaN), 2)}×`),
      met: Number.isNaN(startupRatio) ? undefined : startupRatio <= 1.5,
    },
    {
      name: 'RSS at ready',
      target: '≤ 90 MB',
      values: perTarget((n) => `${fmt(readyRss[n])} MB`),
      met: (oursReadyRssMb ?? Infinity) <= 90,
    },
    {
      name: 'peak RSS under the load',
      target: '≤ 150 MB',
      values: perTarget((n) => `${fmt(rss[n])} MB`),
      met: (rss['ours'] ?? Infinity) <= 150,
    },
    ...table.map((row) => ({
      name: `${row.workload}: req/s, ours/Prism`,
      target: '≥ 3×',
      values: perTarget((n) =>
        n === 'ours' ? `${fmt(row.targets[n]?.rps)} (${fmt(row.oursOverPrism, 2)}×)` : fmt(row.targets[n]?.rps),
      ),
      met: row.oursOverPrism >= 3,
    })),
    ...workloads.map((w) => ({
      name: `${w.name}: p99 at ${connections} connections`,
      target: '≤ 20 ms',
      values: perTarget((n) => `${fmt(statOf(w.name, n)?.p99)} ms`),
      met: (statOf(w.name, 'ours')?.p99 ?? Infinity) <= 20,
    })),
    {
      name: `validating proxy: added p99 at ${values['proxy-rate']} req/s`,
      target: '≤ 2 ms',
      values: proxy ? { ours: `${fmt(proxy.addedP99.ours, 1)} ms`, prism: `${fmt(proxy.addedP99.prism, 1)} ms` } : {},
      met: proxy ? proxy.addedP99.ours <= 2 : undefined,
    },
  ];
  const results: BenchResults & { readonly bigRunner: BigRunner | undefined } = {
    ...result,
    servers: NAMES,
    goals,
    startupRatio,
  };
  writeFileSync(values.output, `${JSON.stringify(results, null, 2)}\n`);
  if (values.markdown) {
    writeFileSync(values.markdown, renderPerformancePage(results));
    log(`wrote ${values.markdown}`);
  }
  const verdict = (g: Goal): string => (g.met === undefined ? 'not run' : g.met ? 'met' : 'MISSED');
  const goalTable = [
    `| target | goal | ${NAMES.join(' | ')} | |`,
    `|---|---|${NAMES.map(() => '---:').join('|')}|---|`,
    ...goals.map(
      (g) => `| ${g.name} | ${g.target} | ${NAMES.map((n) => g.values[n] ?? '–').join(' | ')} | ${verdict(g)} |`,
    ),
  ];
  const lines = [
    `| workload | ours req/s | Prism req/s | Express+EOV req/s | Express req/s | node:http req/s | ours p50/p99 ms | Prism p50/p99 ms | ours/Prism | ours/(Express+EOV) | ours/Express | ours/node |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...table.map((row) => {
      const none: Stat = { rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, non2xx: 0, errors: 0 };
      const o = row.targets['ours'] ?? none;
      const p = row.targets['prism'] ?? none;
      const v = row.targets['express+EOV'] ?? none;
      const e = row.targets['express'] ?? none;
      const n = row.targets['node:http'] ?? none;
      return `| ${row.workload} | ${fmt(o.rps)} | ${fmt(p.rps)} | ${fmt(v.rps)} | ${fmt(e.rps)} | ${fmt(n.rps)} | ${o.p50}/${o.p99} | ${p.p50}/${p.p99} | ${fmt(row.oursOverPrism, 2)}× | ${fmt(row.oursOverValidated * 100)} % | ${fmt(row.oursOverExpress * 100)} % | ${fmt(row.oursOverNode * 100)} % |`;
    }),
    '',
    `in process (fresh process, medians of ${rounds}): import ${fmt(inProcess.importMs)} ms; first start({ port: 0 }) ${fmt(inProcess.firstStartMs)} ms, to its first answer ${fmt(inProcess.firstAnswerMs)} ms; each further app to its first answer ${fmt(inProcess.furtherMedianMs, 1)} ms (slowest of 9: ${fmt(inProcess.furtherMaxMs, 1)} ms); RSS after the first app ${fmt(inProcess.rssAfterFirstMb)} MB; every app kept its own store: ${inProcess.ownStores ? 'yes' : 'NO'}`,
    `start-up to first answer (ms, medians of ${rounds + 1} fresh starts; Prism 1): ${Object.entries(startup)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; ours/express ${fmt(startupRatio, 2)}×`,
    ...(proxy
      ? [
          `validating proxy at ${proxy.rate} req/s: added p99 ours ${fmt(proxy.addedP99.ours, 1)} ms, prism ${fmt(proxy.addedP99.prism, 1)} ms; ${proxy.rows.map((r) => `${r.name} p99 ${fmt(r.p99, 1)} ms`).join(', ')}`,
        ]
      : []),
    `peak RSS under load (MB): ${Object.entries(rss)
      .map(([k, v]) => `${k} ${v?.toFixed(0)}`)
      .join(', ')}; ours at ready ${oursReadyRssMb?.toFixed(0)} MB`,
    `--pets 100000: start-up ${seeded.startupMs} ms, RSS at ready ${seeded.readyRssMb?.toFixed(0)} MB, peak RSS under load ${seeded.peakRssMb?.toFixed(0)} MB, list ${fmt(seeded.listRps)} req/s (p99 ${seeded.listP99} ms), read ${fmt(seeded.readRps)} req/s (p99 ${seeded.readP99} ms)`,
    `conformance runner, default run against the mock: ${runnerS === undefined ? 'failed' : `${runnerS.toFixed(2)} s`}`,
    ...table.flatMap((row) =>
      Object.entries(row.targets)
        .filter(([name, stat]) => name === 'ours' && (stat.non2xx > 0 || stat.errors > 0))
        .map(
          ([name, stat]) =>
            `WARNING: ${name} answered ${stat.non2xx} non-2xx and had ${stat.errors} errors on ${row.workload}`,
        ),
    ),
    `(${durationS} s × ${rounds} rounds per cell, ${connections} connections, load from ${generator}, medians; JSON in ${values.output})`,
    ...(curve.length > 0
      ? [
          '',
          `cost curve (time limit ${values['curve-timeout']} s; bench/results/cost-curve.json, .md, .svg):`,
          costCurveMarkdown(curve),
        ]
      : []),
    '',
    'targets, ours side by side with the others where the figure applies:',
    ...goalTable,
    '',
    ...goals.map((g) => `  ${verdict(g).padEnd(7)} ${g.name}: ${g.values['ours'] ?? '–'} (target ${g.target})`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch(async (error: unknown) => {
  await stopAll();
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
