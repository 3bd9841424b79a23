import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { HOSTILE_CASES, type HostileCase } from '../../fixtures/hostile/cases.js';
import type { ServerStats } from '../../fixtures/hostile/raw-server.js';
import { buildIfStale } from '../conformance/spawn-cli.js';
import { scaled } from '../load-scale.js';

const bin = join(packageRoot, 'bin', 'petstore-conformance.js');
/**
 * Node start-up, loading and compiling the contract, judging: what a run costs besides waiting on the
 * target, stretched with the machine's load (test/load-scale.ts). The waits themselves are counted
 * exactly (the requests and connections the target saw, each at most one --timeout).
 */
const overheadMs = (): number => scaled(5000);

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** Peak resident set size of the CLI process, in KiB (process.resourceUsage().maxRSS). */
  maxRssKiB: number;
}

let dir = '';
let rssHook = '';

/** Spawns the built CLI; a hard kill after `killAfterMs` so a runner that outlives its timeouts fails the test, not the suite. */
async function cli(args: string[], killAfterMs = scaled(60_000)): Promise<CliRun> {
  const rssFile = join(dir, `rss-${Math.random().toString(36).slice(2)}`);
  const started = Date.now();
  const result = await new Promise<Omit<CliRun, 'maxRssKiB'>>((resolve) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(rssHook).href, bin, ...args], {
      cwd: packageRoot,
      env: { ...process.env, NO_COLOR: '1', RSS_FILE: rssFile },
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
  const maxRssKiB = Number(await readFile(rssFile, 'utf8').catch(() => 'NaN'));
  return { ...result, maxRssKiB };
}

/** No crash: no stack trace, no unhandled rejection or uncaught exception, no internal error. */
function expectNoCrash(r: CliRun): void {
  expect(r.signal).toBeNull();
  expect(r.stderr).not.toMatch(/\n\s+at\s/);
  expect(r.stderr).not.toMatch(/internal error|Unhandled|uncaught|ERR_UNHANDLED_REJECTION|TypeError|RangeError/i);
}

interface JsonDoc {
  summary: { passed: number; failed: number; skipped: number; warnings: number };
  results: Array<{ check: string; operation: string; status: string; message: string; response: unknown }>;
}

function hostile(name: string): HostileCase {
  const found = HOSTILE_CASES.find((c) => c.name === name);
  if (!found) throw new Error(`no hostile fixture ${name}`);
  return found;
}

/** A judged target (exit 1): the problem named in the JSON report, nothing on stderr, within its timeouts. */
function expectJudged(h: HostileCase, r: CliRun, stats: ServerStats): void {
  expectNoCrash(r);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
  const doc = JSON.parse(r.stdout) as JsonDoc;
  expect(doc.summary.failed).toBeGreaterThan(0);
  if (h.expect.exit !== 1) throw new Error('expected a judged target');
  const { check, message } = h.expect;
  expect(doc.results.some((x) => x.status === 'failed' && x.check === check && message.test(x.message))).toBe(true);
  expect(r.ms).toBeLessThan(Math.max(stats.requests, stats.connections) * h.timeoutMs + overheadMs());
}

const runs = new Map<string, Promise<{ run: CliRun; stats: ServerStats }>>();
/**
 * The CLI's plain run against a hostile target (API key, its timeout, the JSON reporter), made once
 * per file and target: html-200's is both a judged case below and the memory baseline of
 * huge-body-endless (one spawn of the CLI, about 1 s of CPU, instead of two).
 */
function plainRun(name: string): Promise<{ run: CliRun; stats: ServerStats }> {
  let run = runs.get(name);
  if (!run) {
    run = (async () => {
      const h = hostile(name);
      const target = await h.start();
      try {
        return {
          run: await cli([
            '--target',
            target.url,
            '--api-key',
            'dev-key',
            '--timeout',
            String(h.timeoutMs),
            '--reporter',
            'json',
          ]),
          stats: target.stats,
        };
      } finally {
        await target.close();
      }
    })();
    runs.set(name, run);
  }
  return run;
}

beforeAll(async () => {
  // The binary imports dist/: build it as `npm test` does, unless it is up to date (an up-to-date
  // incremental tsc still costs about 2 s of CPU).
  await buildIfStale();
  dir = await mkdtemp(join(tmpdir(), 'conformance-hostile-'));
  rssHook = join(dir, 'rss-hook.mjs');
  await writeFile(
    rssHook,
    "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
  );
}, scaled(120_000));
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('petstore-conformance CLI against hostile targets', () => {
  it.each(['hangs', 'closes-on-accept'])(
    '%s: reachable but broken, exits 1 and names the problem, within its timeouts',
    async (name) => {
      const h = hostile(name);
      const target = await h.start();
      try {
        const r = await cli([
          '--target',
          target.url,
          '--api-key',
          'dev-key',
          '--timeout',
          String(h.timeoutMs),
          '--reporter',
          'json',
        ]);
        expectNoCrash(r);
        expect(r.code).toBe(1);
        const report = JSON.parse(r.stdout) as JsonDoc;
        const failed = report.results.filter((x) => x.check === 'not_a_server_error' && x.status === 'failed');
        expect(failed.length).toBeGreaterThan(0);
        expect(failed.some((x) => h.expect.message.test(x.message))).toBe(true);
        // Every request costs at most one --timeout; a hanging target is cut off by the circuit breaker.
        expect(r.ms).toBeLessThan(
          Math.max(target.stats.requests, target.stats.connections) * h.timeoutMs + overheadMs(),
        );
        if (h.maxRequests !== undefined) expect(target.stats.requests).toBeLessThanOrEqual(h.maxRequests);
      } finally {
        await target.close();
      }
    },
  );

  it('an unknown host: exits 2 and says so', async () => {
    const r = await cli(['--target', 'http://no-such-host.invalid', '--timeout', '3000']);
    expectNoCrash(r);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^petstore-conformance: target unreachable: http:\/\/no-such-host\.invalid: (unknown host no-such-host\.invalid \((ENOTFOUND|EAI_AGAIN)\)|no complete answer within 3000 ms \(could not connect\))\n$/,
    );
  });

  it('hangs-after-probe with --timeout 300: the circuit breaker bounds the run; exit 1; the report says what was not sent', async () => {
    const h = hostile('hangs-after-probe');
    const target = await h.start();
    try {
      const r = await cli(['--target', target.url, '--api-key', 'dev-key', '--timeout', '300', '--reporter', 'pretty']);
      expectNoCrash(r);
      expect(r.code).toBe(1);
      // The probe, then DEFAULTS.circuitBreaker.consecutive (4) timeouts in a row: nothing more reaches the target.
      expect(target.stats.requests).toBe(5);
      // Bound: one --timeout per request the target received, plus the process's own overhead.
      expect(r.ms).toBeLessThan(target.stats.requests * 300 + overheadMs());
      expect(r.stdout).toMatch(
        /Circuit breaker: the target timed out on 4 requests in a row \(each after --timeout 300 ms\), so the runner stopped sending to it.*: \d+ request\(s\) not sent \(their checks are skipped, not passed\)/,
      );
      expect(r.stdout).toMatch(/timeout: no complete answer within 300 ms \(connected, but nothing was received\)/);
      expect(r.stdout).toMatch(/NOT CONFORMANT: 0 passed, [1-9]\d* failed/);
    } finally {
      await target.close();
    }
  });

  it.each(['garbage', 'resets-mid-body', 'trickles-body', 'html-200', 'short-content-length', 'invalid-header-bytes'])(
    '%s: exit 1 with the problem named in the JSON report, nothing on stderr',
    async (name) => {
      const { run: r, stats } = await plainRun(name);
      expectJudged(hostile(name), r, stats);
    },
  );

  it('redirects-elsewhere: never contacts the other host; the 3xx is judged and named a redirect not followed', async () => {
    const h = hostile('redirects-elsewhere');
    const target = await h.start();
    try {
      const r = await cli(['--target', target.url, '--api-key', 'dev-key', '--reporter', 'json']);
      expectNoCrash(r);
      expect(r.code).toBe(1);
      expect(target.stats.requests).toBeGreaterThan(50);
      expect(target.elsewhere?.stats.connections).toBe(0);
      const doc = JSON.parse(r.stdout) as JsonDoc;
      const redirects = doc.results.filter((x) => x.status === 'failed' && x.check === 'status_code_documented');
      expect(redirects.length).toBeGreaterThan(5);
      for (const x of redirects)
        expect(x.message).toMatch(
          /status 30[1278] is not documented .*; it is a redirect to http:\/\/127\.0\.0\.1:\d+\/\S*, not followed/,
        );
    } finally {
      await target.close();
    }
  });

  it(
    'huge-body-endless: reads at most the 4 MiB cap per response; peak memory stays near a plain run',
    async () => {
      const baseline = (await plainRun('html-200')).run;
      const h = hostile('huge-body-endless');
      const target = await h.start();
      try {
        const r = await cli([
          '--target',
          target.url,
          '--api-key',
          'dev-key',
          '--reporter',
          'json',
          '--timeout',
          String(h.timeoutMs),
        ]);
        expectNoCrash(r);
        expect(r.code).toBe(1);
        const doc = JSON.parse(r.stdout) as JsonDoc;
        const tooLarge = doc.results.filter(
          (x) =>
            x.status === 'failed' &&
            /^too_large: status 200: the response body is over the cap of 4194304 bytes/.test(x.message),
        );
        expect(tooLarge.length).toBeGreaterThan(0);
        // ~100 answers of an endless body went by; what the runner holds at any time is one capped body.
        expect(target.stats.bytesWritten).toBeGreaterThan(50 * 4 * 1024 * 1024);
        expect(target.stats.maxBytesPerAnswer).toBeLessThan(4 * 1024 * 1024 + 16 * 1024 * 1024);
        expect(Number.isFinite(r.maxRssKiB) && Number.isFinite(baseline.maxRssKiB)).toBe(true);
        expect(r.maxRssKiB).toBeLessThan(baseline.maxRssKiB + 96 * 1024);
      } finally {
        await target.close();
      }
    },
    scaled(120_000),
  );
});
