import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult, Workload } from './load.js';

/** Whether Debian's `wrk` is on the PATH (`apt-get install wrk`). */
export function wrkAvailable(): boolean {
  const probe = spawnSync('wrk', ['--version'], { stdio: 'ignore' });
  return probe.error === undefined;
}

const lua = (s: string): string => JSON.stringify(s); // a JSON string literal is a valid Lua string literal for ASCII text

/** A wrk script that cycles through the workload's requests, as autocannon's `requests` does. */
function script(workload: Workload, apiKey: string): string {
  const formatted = workload.requests.map((r) => {
    const headers =
      r.body === undefined
        ? `{ accept = "application/json" }`
        : `{ accept = "application/json", ["content-type"] = "application/json", ["x-api-key"] = ${lua(apiKey)} }`;
    const body = r.body === undefined ? 'nil' : lua(JSON.stringify(r.body));
    return `  requests[#requests + 1] = wrk.format(${lua(r.method)}, ${lua(r.path)}, ${headers}, ${body})`;
  });
  return [
    'local requests = {}',
    'local i = 0',
    'init = function(args)',
    ...formatted,
    'end',
    'request = function()',
    '  i = i % #requests + 1',
    '  return requests[i]',
    'end',
    '',
  ].join('\n');
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function duration(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : Number.NaN;
}

/** Parses wrk's `--latency` report. */
export function parseWrk(output: string): LoadResult {
  const percentile = (p: string) => duration(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(output)?.[1]);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50: percentile('50'),
    p99: percentile('99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((a, n) => a + Number(n), 0) : 0,
    total: Number(/(\d+) requests in /.exec(output)?.[1] ?? Number.NaN),
  };
}

/**
 * Runs one workload with wrk, a process of its own (one thread: the other core is the server's).
 * Latencies are wrk's, which measures from the request's send (not corrected for coordinated omission).
 */
export async function runWrk(
  url: string,
  workload: Workload,
  connections: number,
  durationS: number,
  apiKey: string,
): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
  try {
    const file = join(dir, `${workload.name}.lua`);
    writeFileSync(file, script(workload, apiKey));
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${durationS}s`, '--latency', '-s', file, url], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out.slice(0, 500)}`)),
      );
    });
    return parseWrk(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
