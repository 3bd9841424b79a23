/**
 * Where peak RSS under load comes from, counted rather than timed: `node dist/bench/promotion.js
 * [SECONDS]` runs each server of the benchmark (ours, Express + express-openapi-validator with a
 * fixed body, bare Express, bare node:http) under V8's `--trace-gc-nvp`, loads it with wrk (32
 * connections) on the list, read and create workloads, and sums V8's own figures per request:
 * bytes allocated, bytes promoted to the old generation by scavenges, and the mark-compacts with
 * their pauses. Promoted bytes are garbage the old generation holds until a mark-compact: they
 * set how far RSS climbs and how often a long pause (a p99 spike) comes. Counts of work, so a
 * loaded machine distorts them far less than req/s. Needs wrk on the PATH.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/contract/index.js';
import { WORKLOADS } from './workloads.js';
import { distPath } from './targets.js';
import { runWrk } from './wrk.js';

const SECONDS = Number(process.argv[2] ?? 3);
const API_KEY = 'dev-key';
// list, read and create: the workloads of `npm run bench` whose promotion the README quotes.
const workloads = WORKLOADS.filter((w) => ['list', 'read', 'create'].includes(w.name));

interface Traced {
  readonly child: ChildProcess;
  readonly url: string;
  /** The trace lines printed so far. */
  lines(): string[];
}

/** Spawns `node --trace-gc-nvp args…` and waits for its listening line. */
function traced(args: readonly string[], ready: (line: string) => string | undefined): Promise<Traced> {
  const child = spawn(process.execPath, ['--trace-gc-nvp', ...args], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${args.join(' ')}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const url = ready(line);
        if (url) {
          clearTimeout(timer);
          resolve({ child, url, lines: () => lines });
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${args.join(' ')}`)));
  });
}

interface GcSums {
  readonly allocated: number;
  readonly promoted: number;
  readonly scavenges: number;
  readonly markCompacts: number;
  readonly markCompactPauseMs: number;
  readonly longestPauseMs: number;
}

/** Sums V8's nvp trace lines (one per collection: `gc=s` a scavenge, `gc=mc` a mark-compact). */
export function sumGc(lines: readonly string[]): GcSums {
  let allocated = 0;
  let promoted = 0;
  let scavenges = 0;
  let markCompacts = 0;
  let markCompactPauseMs = 0;
  let longestPauseMs = 0;
  for (const line of lines) {
    const kind = / gc=(\w+) /.exec(line)?.[1];
    if (!kind) continue;
    const field = (name: string) => Number(new RegExp(` ${name}=([\\d.]+)`).exec(line)?.[1] ?? 0);
    const pause = field('pause');
    longestPauseMs = Math.max(longestPauseMs, pause);
    allocated += field('allocated');
    promoted += field('promoted');
    if (kind === 's') scavenges++;
    else {
      markCompacts++;
      markCompactPauseMs += pause;
    }
  }
  return { allocated, promoted, scavenges, markCompacts, markCompactPauseMs, longestPauseMs };
}

const ready = {
  ours: (line: string) => /^Petstore mock listening on (http:\/\/\S+)$/.exec(line)?.[1],
  fixed: (line: string) => {
    const port = /^listening (\d+)$/.exec(line)?.[1];
    return port ? `http://127.0.0.1:${port}` : undefined;
  },
};

const stop = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-promotion-'));
  try {
    // The fixed-body servers answer what ours answers, as in bench/run.ts.
    const ours = await traced([join(packageRoot, 'bin', 'petstore-mock.js'), '--port', '0'], ready.ours);
    const bodies: Record<string, { status: number; body: string }> = {};
    for (const w of workloads) {
      for (const r of w.requests) {
        const res = await fetch(`${ours.url}${r.path}`, {
          method: r.method,
          headers: { accept: 'application/json', 'content-type': 'application/json', 'x-api-key': API_KEY },
          ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
        });
        bodies[`${r.method} ${r.path.split('?')[0]}`] = { status: res.status, body: await res.text() };
      }
    }
    const bodiesFile = join(dir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const servers: [string, () => Promise<Traced>][] = [
      ['ours', () => Promise.resolve(ours)],
      [
        'express+EOV',
        () => traced([distPath('bench', 'servers', 'fixed-body.js'), 'validated', bodiesFile], ready.fixed),
      ],
      ['express', () => traced([distPath('bench', 'servers', 'fixed-body.js'), 'express', bodiesFile], ready.fixed)],
      ['node:http', () => traced([distPath('bench', 'servers', 'fixed-body.js'), 'http', bodiesFile], ready.fixed)],
    ];
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
    process.stdout.write(
      'server       workload  requests  allocated KB/req  promoted KB/req  scavenges  mark-compacts (their pauses, longest pause of any collection)\n',
    );
    for (const [name, startServer] of servers) {
      const server = await startServer();
      for (const w of workloads) {
        const from = server.lines().length;
        const r = await runWrk(server.url, w, 32, SECONDS, API_KEY);
        const gc = sumGc(server.lines().slice(from));
        process.stdout.write(
          `${name.padEnd(12)} ${w.name.padEnd(8)} ${String(r.total).padStart(9)}  ${kb(gc.allocated / r.total)}            ${kb(gc.promoted / r.total)}           ${String(gc.scavenges).padStart(6)}  ${String(gc.markCompacts).padStart(6)} (${gc.markCompactPauseMs.toFixed(0)} ms, ${gc.longestPauseMs.toFixed(0)} ms)\n`,
        );
      }
      await stop(server.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
