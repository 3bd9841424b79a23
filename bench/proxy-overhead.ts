/**
 * The validating proxy's added latency (issue 32): p99 at a fixed 1,000 requests a second on the
 * Petstore, straight to the mock, through `petstore-conformance proxy` and through Prism's
 * `prism proxy`, in the same run. Each server is its own process; autocannon (this process) paces
 * the load (`overallRate`). Added p99 = p99 through the proxy − p99 straight to the mock.
 *
 *   npm run build && node dist/bench/proxy-overhead.js [SECONDS=10] [RATE=1000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { packageRoot } from '../src/contract/index.js';
import { startPrism } from '../fixtures/servers/prism.js';

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
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function measure(url: string, seconds: number, rate: number): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: 20,
    overallRate: rate,
    duration: seconds,
    requests: [
      { method: 'GET', path: '/pets?limit=5', headers: { accept: 'application/json' } },
      { method: 'GET', path: '/pets/1', headers: { accept: 'application/json' } },
      { method: 'GET', path: '/categories', headers: { accept: 'application/json' } },
    ],
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

const seconds = Number(process.argv[2] ?? 10);
const rate = Number(process.argv[3] ?? 1000);
const bin = (name: string): string => join(packageRoot, 'bin', name);
const mock = await spawnReady([bin('petstore-mock.js'), '--port', '0'], /listening on (http:\/\/\S+)/);
const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'));
const ours = await spawnReady([bin('petstore-conformance.js'), 'proxy', '--upstream', mock.url, '--port', '0', '--reporter', `json=${join(dir, 'report.json')}`], /listening on (http:\/\/\S+) ->/);
const prism = await startPrism({ mode: 'proxy', upstream: mock.url });
try {
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
  const line = (name: string, m: Measured): string =>
    `${name.padEnd(34)} p50 ${m.p50.toFixed(1).padStart(6)} ms  p99 ${m.p99.toFixed(1).padStart(6)} ms  ${m.rps.toFixed(0).padStart(5)} req/s  non-2xx ${m.non2xx}  errors ${m.errors}`;
  process.stdout.write(
    [
      `Petstore, ${rate} requests/s for ${seconds} s each, 20 connections (autocannon overallRate); load average ${(await import('node:os')).loadavg()[0]?.toFixed(1) ?? '?'}`,
      line('mock directly', direct),
      line('through petstore-conformance proxy', viaOurs),
      line('through prism proxy', viaPrism),
      line('mock directly, again', directAgain),
      `CPU per request: petstore-conformance proxy ${oursCpuUs.toFixed(0)} µs, prism proxy ${prismCpuUs.toFixed(0)} µs`,
      `added p99: petstore-conformance proxy ${(viaOurs.p99 - base).toFixed(1)} ms, prism proxy ${(viaPrism.p99 - base).toFixed(1)} ms (against the lower of the two direct runs)`,
      '',
    ].join('\n'),
  );
} finally {
  ours.child.kill('SIGTERM');
  mock.child.kill('SIGTERM');
  await prism.close();
}
