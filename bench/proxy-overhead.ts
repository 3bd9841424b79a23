/**
 * The validating proxy's added latency (issue 32): p99 at a steady 1,000 requests a second on the
 * Petstore, straight to the mock, through `petstore-conformance proxy` and through Prism's
 * `prism proxy`, in the same run. Each server is its own process; the load is open-loop and paced
 * (bench/paced-load.ts, in this process: request i is due at i / RATE s on one of 20 keep-alive
 * connections, and its latency counts from its due time). Added p99 = p99 through the proxy − p99
 * straight to the mock (the lower of the round's two direct runs). With ROUNDS > 1 the four runs
 * (direct, ours, Prism, direct again) alternate ROUNDS times and each figure is the median of its
 * rounds, so a burst of other work on the machine moves one round, not the result. The µs figures
 * are the same answers timed from the moment each was sent (no coordinated-omission correction).
 *
 *   npm run build && node dist/bench/proxy-overhead.js [SECONDS=10] [RATE=1000] [ROUNDS=1]
 *
 * `npm run bench` runs the same measurement (measureProxyOverhead) and writes it to its page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../src/contract/index.js';
import { startPrism } from '../fixtures/servers/prism.js';
import { pacedLoad, percentile } from './paced-load.js';
import type { ProxyOverhead } from './performance-page.js';

interface Measured {
  /** From each request's due time (coordinated omission corrected), ms. */
  readonly p50: number;
  readonly p99: number;
  /** From the moment each request was sent (no correction), µs. */
  readonly p50us: number;
  readonly p99us: number;
  readonly rps: number;
  readonly non2xx: number;
  readonly errors: number;
}

function spawnReady(args: readonly string[], ready: RegExp): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const on = (d: Buffer): void => {
      out += d.toString();
      const m = ready.exec(out);
      if (m?.[1]) resolve({ child, url: m[1] });
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${out}`)));
  });
}

/**
 * CPU seconds (user + system) a process has used so far (proc(5) /proc/PID/stat fields 14 and 15, in
 * clock ticks of 1/100 s), all its threads; with `mainThread`, its main thread's alone
 * (/proc/PID/task/PID/stat: the thread that runs the event loop, where a proxy forwards).
 */
function cpuSeconds(pid: number | undefined, mainThread = false): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const CONNECTIONS = 20;

const REQUESTS = [
  { method: 'GET', path: '/pets?limit=5', headers: { accept: 'application/json' } },
  { method: 'GET', path: '/pets/1', headers: { accept: 'application/json' } },
  { method: 'GET', path: '/categories', headers: { accept: 'application/json' } },
] as const;

async function measure(url: string, seconds: number, rate: number): Promise<Measured> {
  const result = await pacedLoad(url, { rate, seconds, connections: CONNECTIONS, requests: REQUESTS });
  return {
    p50: percentile(result.fromDueUs, 50) / 1000,
    p99: percentile(result.fromDueUs, 99) / 1000,
    p50us: percentile(result.fromSentUs, 50),
    p99us: percentile(result.fromSentUs, 99),
    rps: result.rps,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

type Row = ProxyOverhead['rows'][number] & {
  readonly p50us: number;
  readonly p99us: number;
  /** The proxy's main thread alone (the event loop that forwards), µs per request. */
  readonly mainThreadCpuUsPerRequest?: number;
};

/** One row of medians over the rounds (each field its own median). */
function medianRow(rows: readonly Row[]): Row {
  const first = rows[0] as Row;
  const of = (pick: (r: Row) => number | undefined): number => median(rows.map((r) => pick(r) ?? Number.NaN));
  return {
    name: first.name,
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    p50us: of((r) => r.p50us),
    p99us: of((r) => r.p99us),
    rps: of((r) => r.rps),
    non2xx: rows.reduce((n, r) => n + r.non2xx, 0),
    errors: rows.reduce((n, r) => n + r.errors, 0),
    ...(first.cpuUsPerRequest !== undefined ? { cpuUsPerRequest: of((r) => r.cpuUsPerRequest) } : {}),
    ...(first.mainThreadCpuUsPerRequest !== undefined
      ? { mainThreadCpuUsPerRequest: of((r) => r.mainThreadCpuUsPerRequest) }
      : {}),
  };
}

export interface ProxyRound {
  readonly rows: readonly Row[];
  /** 1-minute load average when the round started and ended. */
  readonly load: readonly [number, number];
  readonly addedP99: { readonly ours: number; readonly prism: number };
  readonly addedP99us: { readonly ours: number; readonly prism: number };
}

/** Starts the mock and both proxies, measures (ROUNDS alternations; medians), stops them all. */
export async function measureProxyOverhead(
  seconds: number,
  rate: number,
  rounds = 1,
): Promise<
  ProxyOverhead & { readonly rounds: readonly ProxyRound[]; readonly addedP99us: { ours: number; prism: number } }
> {
  const bin = (name: string): string => join(packageRoot, 'bin', name);
  const mock = await spawnReady([bin('petstore-mock.js'), '--port', '0'], /listening on (http:\/\/\S+)/);
  const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'));
  let ours: { child: ChildProcess; url: string } | undefined;
  let prism: Awaited<ReturnType<typeof startPrism>> | undefined;
  try {
    ours = await spawnReady(
      [
        bin('petstore-conformance.js'),
        'proxy',
        '--upstream',
        mock.url,
        '--port',
        '0',
        '--reporter',
        `json=${join(dir, 'report.json')}`,
      ],
      /listening on (http:\/\/\S+) ->/,
    );
    prism = await startPrism({ mode: 'proxy', upstream: mock.url });
    // Warm each path (validators compile on first use), then measure in turn.
    for (const url of [mock.url, ours.url, prism.url]) await measure(url, 2, rate / 4);
    const done: ProxyRound[] = [];
    for (let round = 0; round < rounds; round++) {
      const before = loadavg()[0] ?? Number.NaN;
      const direct = await measure(mock.url, seconds, rate);
      // CPU each proxy spends per request: a figure the machine's load does not inflate as it does latency.
      let cpu = cpuSeconds(ours.child.pid);
      const loopCpu = cpuSeconds(ours.child.pid, true);
      const viaOurs = await measure(ours.url, seconds, rate);
      const oursCpuUs = ((cpuSeconds(ours.child.pid) - cpu) / (viaOurs.rps * seconds)) * 1e6;
      const oursLoopCpuUs = ((cpuSeconds(ours.child.pid, true) - loopCpu) / (viaOurs.rps * seconds)) * 1e6;
      cpu = cpuSeconds(prism.pid);
      const viaPrism = await measure(prism.url, seconds, rate);
      const prismCpuUs = ((cpuSeconds(prism.pid) - cpu) / (viaPrism.rps * seconds)) * 1e6;
      const directAgain = await measure(mock.url, seconds, rate);
      const base = Math.min(direct.p99, directAgain.p99);
      const baseUs = Math.min(direct.p99us, directAgain.p99us);
      done.push({
        rows: [
          { name: 'mock directly', ...direct },
          {
            name: 'through petstore-conformance proxy',
            ...viaOurs,
            cpuUsPerRequest: oursCpuUs,
            mainThreadCpuUsPerRequest: oursLoopCpuUs,
          },
          { name: 'through prism proxy', ...viaPrism, cpuUsPerRequest: prismCpuUs },
          { name: 'mock directly, again', ...directAgain },
        ],
        load: [before, loadavg()[0] ?? Number.NaN],
        addedP99: { ours: viaOurs.p99 - base, prism: viaPrism.p99 - base },
        addedP99us: { ours: viaOurs.p99us - baseUs, prism: viaPrism.p99us - baseUs },
      });
    }
    return {
      rate,
      seconds,
      connections: CONNECTIONS,
      rows: [0, 1, 2, 3].map((i) => medianRow(done.map((r) => r.rows[i] as Row))),
      addedP99: { ours: median(done.map((r) => r.addedP99.ours)), prism: median(done.map((r) => r.addedP99.prism)) },
      addedP99us: {
        ours: median(done.map((r) => r.addedP99us.ours)),
        prism: median(done.map((r) => r.addedP99us.prism)),
      },
      rounds: done,
    };
  } finally {
    ours?.child.kill('SIGTERM');
    mock.child.kill('SIGTERM');
    await prism?.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const positive = (at: number, name: string, fallback: number): number => {
    const text = process.argv[at];
    const value = text === undefined ? fallback : Number(text);
    if (Number.isInteger(value) && value > 0) return value;
    process.stderr.write(`proxy-overhead: ${name} must be a positive whole number, got ${JSON.stringify(text)}\n`);
    process.exit(2);
  };
  const seconds = positive(2, 'SECONDS', 10);
  const rate = positive(3, 'RATE', 1000);
  const rounds = positive(4, 'ROUNDS', 1);
  const result = await measureProxyOverhead(seconds, rate, rounds);
  const line = (m: Row): string =>
    `${m.name.padEnd(34)} p50 ${m.p50.toFixed(1).padStart(6)} ms  p99 ${m.p99.toFixed(1).padStart(6)} ms  (raw p50 ${m.p50us.toFixed(0).padStart(6)} µs  p99 ${m.p99us.toFixed(0).padStart(6)} µs)  ${m.rps.toFixed(0).padStart(5)} req/s  non-2xx ${m.non2xx}  errors ${m.errors}${m.cpuUsPerRequest !== undefined ? `  CPU ${m.cpuUsPerRequest.toFixed(0)} µs/req` : ''}${m.mainThreadCpuUsPerRequest !== undefined ? ` (main thread ${m.mainThreadCpuUsPerRequest.toFixed(0)})` : ''}`;
  const added = (a: { ours: number; prism: number }, b: { ours: number; prism: number }): string =>
    `petstore-conformance proxy ${a.ours.toFixed(1)} ms (raw ${b.ours.toFixed(0)} µs), prism proxy ${a.prism.toFixed(1)} ms (raw ${b.prism.toFixed(0)} µs)`;
  const [, ours, prism] = result.rows;
  const out = [
    `Petstore, ${rate} requests/s for ${seconds} s each, at most ${CONNECTIONS} connections (open loop, paced; latency from each request's due time), ${rounds} round(s) of direct, ours, Prism, direct again`,
  ];
  result.rounds.forEach((round, i) => {
    out.push(`round ${i + 1}: load average ${round.load[0].toFixed(1)} -> ${round.load[1].toFixed(1)}`);
    out.push(...round.rows.map((r) => `  ${line(r)}`));
    out.push(`  added p99: ${added(round.addedP99, round.addedP99us)}`);
  });
  if (rounds > 1) {
    out.push(`medians of ${rounds} rounds:`);
    out.push(...result.rows.map((r) => `  ${line(r as Row)}`));
  }
  out.push(
    `CPU per request${rounds > 1 ? ' (medians)' : ''}: petstore-conformance proxy ${ours?.cpuUsPerRequest?.toFixed(0) ?? '?'} µs (its main thread, which forwards: ${(ours as Row | undefined)?.mainThreadCpuUsPerRequest?.toFixed(0) ?? '?'} µs), prism proxy ${prism?.cpuUsPerRequest?.toFixed(0) ?? '?'} µs`,
    `added p99${rounds > 1 ? ' (median of the rounds)' : ''}: ${added(result.addedP99, result.addedP99us)} (against the lower of each round's two direct runs)`,
    '',
  );
  process.stdout.write(out.join('\n'));
}
