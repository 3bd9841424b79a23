import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { packageRoot } from '../../src/contract/index.js';
import { startTodoServer, TODO_TOKEN } from '../../fixtures/todo/server.js';
import { freePort } from './helpers.js';
import { buildIfStale } from './spawn-cli.js';
import { xmlProblems } from '../../conformance/checks/xml-wellformed.js';
import { scaled } from '../load-scale.js';
import { DEFAULTS } from '../../conformance/runner.js';

const bin = join(packageRoot, 'bin', 'petstore-conformance.js');
const todoSpec = join(packageRoot, 'fixtures', 'todo', 'todo.yaml');
/**
 * What a run costs besides waiting on the target (Node start-up, loading and compiling the contract,
 * judging), stretched with the machine's load (test/load-scale.ts): the waits a test bounds are the
 * --timeouts it configured, counted exactly; only this overhead depends on the machine.
 */
const overheadMs = (): number => scaled(4000);

/** Spawns the built CLI (asynchronously: the servers under test live in this process). */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

interface JsonDoc {
  summary: { passed: number; failed: number; skipped: number; warnings: number };
  results: Array<{
    check: string;
    operation: string;
    status: string;
    message: string;
    request: unknown;
    response: unknown;
    reproduce: string | null;
  }>;
  groups?: Array<{
    status: string;
    cause: string;
    count: number;
    results: Array<{ operation: string; check: string }>;
  }>;
}

let dir = '';
beforeAll(async () => {
  // The binary imports dist/: build it as `npm test` does, unless it is up to date (an up-to-date
  // incremental tsc still costs about 2 s of CPU).
  await buildIfStale();
  dir = await mkdtemp(join(tmpdir(), 'conformance-cli-'));
}, scaled(120_000));
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('petstore-conformance CLI', () => {
  it('exits 0 on a conformant server, with the PRODUCT.md JSON shape and valid JUnit XML', async () => {
    const server = await startTodoServer();
    try {
      const junit = join(dir, 'ok.xml');
      const r = await cli([
        '--target',
        server.url,
        '--spec',
        todoSpec,
        '--api-key',
        TODO_TOKEN,
        '--reporter',
        'json',
        '--reporter',
        `junit=${junit}`,
      ]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as JsonDoc;
      expect(Object.keys(doc).slice(0, 4)).toEqual(['notices', 'summary', 'results', 'notExercised']);
      expect(Object.keys(doc.summary)).toEqual(['passed', 'failed', 'skipped', 'warnings', 'operations']);
      expect(doc.summary.failed).toBe(0);
      for (const result of doc.results) {
        expect(Object.keys(result)).toEqual([
          'check',
          'operation',
          'status',
          'message',
          'request',
          'response',
          'reproduce',
        ]);
        expect(['passed', 'skipped']).toContain(result.status);
      }
      const xml = await readFile(junit, 'utf8');
      expect(xmlProblems(xml)).toEqual([]);
      expect(xml.match(/<testcase /g)?.length).toBe(doc.results.length);
    } finally {
      await server.close();
    }
  });

  it('exits 1 on a failure; the JSON carries a shell-safe curl reproduce command; JUnit maps it to <failure>', async () => {
    const server = await startTodoServer({ defect: 'done-as-string' });
    try {
      const junit = join(dir, 'fail.xml');
      const html = join(dir, 'fail.html');
      const r = await cli([
        '--target',
        server.url,
        '--spec',
        todoSpec,
        '--api-key',
        TODO_TOKEN,
        '--reporter',
        'json',
        '--reporter',
        `junit=${junit}`,
        '--reporter',
        `html=${html}`,
      ]);
      expect(r.code).toBe(1);
      const doc = JSON.parse(r.stdout) as JsonDoc;
      const failed = doc.results.filter((x) => x.status === 'failed');
      expect(failed.length).toBe(doc.summary.failed);
      expect(failed.map((x) => x.check)).toContain('response_schema');
      for (const f of failed) {
        expect(f.reproduce).toMatch(/^curl -sS -i -X [A-Z]+ /);
        expect(f.request).not.toBeNull();
        // The valid key never appears in a report: the command reads it from the environment.
        expect(f.reproduce).not.toContain(TODO_TOKEN);
      }
      const xml = await readFile(junit, 'utf8');
      expect(xmlProblems(xml)).toEqual([]);
      // One <failure> per cause (conformance/report/formats/groups.ts), together covering every failed result.
      const failedGroups = (doc.groups ?? []).filter((g) => g.status === 'failed');
      expect(failedGroups.reduce((n, g) => n + g.count, 0)).toBe(doc.summary.failed);
      expect(xml.match(/<failure /g)?.length).toBe(failedGroups.length);
      // Each failed result is a testcase of its own (a cause of one) or listed in its cause's <failure>.
      for (const f of failed)
        expect(
          xml.includes(`${f.operation} › ${f.check}: `) || xml.includes(`classname="${f.operation}" name="${f.check}"`),
          `${f.operation} › ${f.check}`,
        ).toBe(true);
      expect(xml).toMatch(/<testcase classname="[^"]*getTodo[^"]*" name="[^"]*"[^>]*>\s*<failure /);
      const page = await readFile(html, 'utf8');
      expect(page).toMatch(/^<!doctype html>/);
      expect(page).not.toMatch(/<(link|img)\b|src=|https?:\/\/(?!127\.0\.0\.1)/);
      expect(page).toContain('class="failed" data-id=');
    } finally {
      await server.close();
    }
  });

  it('replays a failure with its reproduce command (curl, key from $CONFORMANCE_API_KEY)', async () => {
    const server = await startTodoServer({ defect: 'done-as-string' });
    try {
      const r = await cli([
        '--target',
        server.url,
        '--spec',
        todoSpec,
        '--api-key',
        TODO_TOKEN,
        '--reporter',
        'json',
        '--checks',
        'response_schema',
        '--operations',
        'createTodo',
      ]);
      const doc = JSON.parse(r.stdout) as JsonDoc;
      const failure = doc.results.find((x) => x.status === 'failed');
      expect(failure?.reproduce).toMatch(/CONFORMANCE_API_KEY/);
      const replay = await promisify(execFile)('sh', ['-c', failure?.reproduce ?? 'false'], {
        env: { ...process.env, CONFORMANCE_API_KEY: TODO_TOKEN },
      });
      expect(replay.stdout).toMatch(/^HTTP\/1\.1 201/);
      expect(replay.stdout).toMatch(/"done":"(yes|no)"/);
    } finally {
      await server.close();
    }
  });

  it('exits 2, within the timeout, when the target is unreachable', async () => {
    const port = await freePort();
    const r = await cli(['--target', `http://127.0.0.1:${port}`, '--spec', todoSpec, '--timeout', '1000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/target unreachable/);
    expect(r.stderr).toMatch(/connection refused/);
    // A refused connection is known at once: the run does not wait out its --timeout (1000 ms), let
    // alone retry; what it may take besides is the process's own overhead.
    expect(r.ms).toBeLessThan(1000 + overheadMs());
  });

  it('exits 1, not 2, when the target accepts connections but never answers, and stops within a few timeouts', async () => {
    const sockets = new Set<Socket>();
    let connections = 0;
    const silent = createServer((socket) => {
      connections += 1;
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const r = await cli([
        '--target',
        `http://127.0.0.1:${port}`,
        '--spec',
        todoSpec,
        '--timeout',
        '500',
        '--reporter',
        'json',
      ]);
      expect(r.code).toBe(1);
      const doc = JSON.parse(r.stdout) as JsonDoc;
      expect(
        doc.results.some(
          (x) =>
            x.check === 'not_a_server_error' &&
            x.status === 'failed' &&
            /no complete answer within 500 ms/.test(x.message),
        ),
      ).toBe(true);
      // The circuit breaker stopped the run, not the clock: the probe, then its 4 timeouts in a row,
      // each on a connection of its own (one whose request timed out is not reused); nothing more
      // reached the target, and every request left is reported as not sent.
      const { consecutive } = DEFAULTS.circuitBreaker;
      expect(connections).toBeLessThanOrEqual(1 + consecutive);
      expect(connections).toBeGreaterThanOrEqual(consecutive);
      expect(
        doc.results.filter(
          (x) =>
            x.status === 'skipped' &&
            x.message.startsWith(
              `not sent: the target timed out on ${consecutive} requests in a row (each after --timeout 500 ms)`,
            ),
        ).length,
      ).toBeGreaterThan(10);
      // So the run waited at most one --timeout per connection; the rest is the process's own overhead.
      expect(r.ms).toBeLessThan(connections * 500 + overheadMs());
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('runs against our mock with json + junit reporters; the exit code is the verdict', async () => {
    const mock = await start({ port: 0 });
    try {
      const junit = join(dir, 'mock.xml');
      // The CLI's 5 s --timeout, stretched with the machine's load (test/load-scale.ts): an answer the
      // mock is slow to give because other work holds the cores is no verdict on the mock.
      const timeout = String(scaled(DEFAULTS.timeoutMs));
      const r = await cli([
        '--target',
        mock.url,
        '--api-key',
        'dev-key',
        '--timeout',
        timeout,
        '--reporter',
        'json',
        '--reporter',
        `junit=${junit}`,
      ]);
      const doc = JSON.parse(r.stdout) as JsonDoc;
      const failed = doc.results
        .filter((x) => x.status === 'failed')
        .map((x) => `${x.check} › ${x.operation}: ${x.message}`);
      expect(r.code, failed.join('\n')).toBe(0);
      expect(doc.summary.failed).toBe(0);
      expect(doc.summary.passed).toBeGreaterThan(150);
      const xml = await readFile(junit, 'utf8');
      expect(xmlProblems(xml)).toEqual([]);
      expect(xml.match(/<testcase /g)?.length).toBe(doc.results.length);
      expect(xml.match(/<skipped /g)?.length ?? 0).toBe(doc.summary.skipped);
    } finally {
      await mock.close();
    }
  });

  it.each([
    [['--spec', todoSpec], /--target URL is required/],
    [['--target', 'http://127.0.0.1:1', '--checks', 'response_schema,no_such_check'], /unknown check "no_such_check"/],
    [['--target', 'http://127.0.0.1:1', '--skip-checks', 'bogus'], /unknown check "bogus"/],
    [['--target', 'http://127.0.0.1:1', '--reporter', 'xml'], /unknown reporter "xml"/],
    [['--target', 'http://127.0.0.1:1', '--timeout', 'soon'], /--timeout must be an integer/],
    [['--target', 'not a url'], /--target is not a URL/],
    [['--target', 'http://127.0.0.1:1', '--frobnicate'], /unknown option --frobnicate/],
    [['--target', 'http://127.0.0.1:1', '--spec', '/no/such/contract.yaml'], /cannot read the contract/],
  ])('exits 2 on a usage error: %j', async (args, message) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('prints --help and --version', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const flag of [
      '--target',
      '--spec',
      '--api-key',
      '--header',
      '--checks',
      '--skip-checks',
      '--operations',
      '--reporter',
      '--output',
      '--timeout',
      '--seed',
      '--examples',
      '--strict',
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    const pkg = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(pkg.version);
  });

  it('with --seed, repeats a run exactly', async () => {
    const server = await startTodoServer({ defect: 'done-as-string' });
    try {
      const args = [
        '--target',
        server.url,
        '--spec',
        todoSpec,
        '--api-key',
        TODO_TOKEN,
        '--reporter',
        'json',
        '--seed',
        '7',
        '--checks',
        'response_schema,negative_data_rejected',
      ];
      const a = JSON.parse((await cli(args)).stdout) as JsonDoc;
      const b = JSON.parse((await cli(args)).stdout) as JsonDoc;
      const strip = (d: JsonDoc): unknown => d.results.map((x) => [x.operation, x.check, x.status, x.request]);
      // Identifiers are the server's (UUIDs); the generated inputs are the run's.
      expect(JSON.stringify(strip(a)).replace(/[0-9a-f-]{36}/g, 'ID')).toBe(
        JSON.stringify(strip(b)).replace(/[0-9a-f-]{36}/g, 'ID'),
      );
    } finally {
      await server.close();
    }
  });
});
