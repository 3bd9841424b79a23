/**
 * The validating proxy's added latency (issue 32): p99 at a fixed 1,000 requests a second on the
 * Petstore, straight to the mock, through `petstore-conformance proxy` and through Prism's
 * `prism proxy`, in the same run. Each server is its own process; autocannon (this process) paces
 * the load (`overallRate`). Added p99 = p99 through the proxy − p99 straight to the mock.
 *
 *   npm run build && node dist/bench/proxy-overhead.js [SECONDS=10] [RATE=1000]
 *
 * `npm run bench` runs the same measurement (measureProxyOverhead) and writes it to its page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { packageRoot } from '../src/contract/index.js';
import { startPrism } from '../fixtures/servers/prism.js';
import type { ProxyOverhead } from './performance-page.js';

interface Measured {
  readonly p50: number;
  readonly p99: number;
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

/** CPU seconds (user + system) a process has used so far (proc(5) /proc/PID/stat fields 14 and 15, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const CONNECTIONS = 20;

async function measure(url: string, seconds: number, rate: number): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    overallRate: rate,
    duration: seconds,
    requests: [
      { method: 'GET', path: '/pets?limit=5', headers: { accept: 'application/json' } },
      { method: 'GET', path: '/pets/1', headers: { accept: 'application/json' } },
      { method: 'GET', path: '/categories', headers: { accept: 'application/json' } },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Starts the mock and both proxies, measures, stops them all. */
export async function measureProxyOverhead(seconds: number, rate: number): Promise<ProxyOverhead> {
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
    const direct = await measure(mock.url, seconds, rate);
    // CPU each proxy spends per request: a figure the machine's load does not inflate as it does latency.
    let cpu = cpuSeconds(ours.child.pid);
    const viaOurs = await measure(ours.url, seconds, rate);
    const oursCpuUs = ((cpuSeconds(ours.child.pid) - cpu) / (viaOurs.rps * seconds)) * 1e6;
    cpu = cpuSeconds(prism.pid);
    const viaPrism = await measure(prism.url, seconds, rate);
    const prismCpuUs = ((cpuSeconds(prism.pid) - cpu) / (viaPrism.rps * seconds)) * 1e6;
    const directAgain = await measure(mock.url, seconds, rate);
    const base = Math.min(direct.p99, directAgain.p99);
    return {
      rate,
      seconds,
      connections: CONNECTIONS,
      rows: [
        { name: 'mock directly', ...direct },
        { name: 'through petstore-conformance proxy', ...viaOurs, cpuUsPerRequest: oursCpuUs },
        { name: 'through prism proxy', ...viaPrism, cpuUsPerRequest: prismCpuUs },
        { name: 'mock directly, again', ...directAgain },
      ],
      addedP99: { ours: viaOurs.p99 - base, prism: viaPrism.p99 - base },
    };
  } finally {
    ours?.child.kill('SIGTERM');
    mock.child.kill('SIGTERM');
    await prism?.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const seconds = Number(process.argv[2] ?? 10);
  const rate = Number(process.argv[3] ?? 1000);
  const result = await measureProxyOverhead(seconds, rate);
  const line = (m: ProxyOverhead['rows'][number]): string =>
    `${m.name.padEnd(34)} p50 ${m.p50.toFixed(1).padStart(6)} ms  p99 ${m.p99.toFixed(1).padStart(6)} ms  ${m.rps.toFixed(0).padStart(5)} req/s  non-2xx ${m.non2xx}  errors ${m.errors}`;
  const [, ours, prism] = result.rows;
  process.stdout.write(
    [
      `Petstore, ${rate} requests/s for ${seconds} s each, ${CONNECTIONS} connections (autocannon overallRate); load average ${loadavg()[0]?.toFixed(1) ?? '?'}`,
      ...result.rows.map(line),
      `CPU per request: petstore-conformance proxy ${ours?.cpuUsPerRequest?.toFixed(0) ?? '?'} µs, prism proxy ${prism?.cpuUsPerRequest?.toFixed(0) ?? '?'} µs`,
      `added p99: petstore-conformance proxy ${result.addedP99.ours.toFixed(1)} ms, prism proxy ${result.addedP99.prism.toFixed(1)} ms (against the lower of the two direct runs)`,
      '',
    ].join('\n'),
  );
}
