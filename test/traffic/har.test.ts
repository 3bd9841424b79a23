import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { launchChromium } from '../docs/chromium.js';
import { BIN, buildIfStale, cli } from '../conformance/spawn-cli.js';
import { petstoreContract } from '../conformance/helpers.js';
import { petstoreSession } from './session.js';
import { scaled } from '../load-scale.js';

interface JsonResult {
  readonly check: string;
  readonly operation: string;
  readonly status: string;
  readonly message: string;
}
interface JsonReport {
  readonly summary: { readonly passed: number; readonly failed: number; readonly warnings: number };
  readonly results: readonly JsonResult[];
  readonly notices: readonly string[];
  readonly coverage: {
    readonly operations: { readonly seen: number; readonly total: number; readonly unseen: readonly string[] };
    readonly statuses: { readonly seen: number; readonly documented: number };
    readonly unmatched: readonly { readonly method: string; readonly url: string; readonly reason: string }[];
    readonly outside: readonly { readonly url: string }[];
  };
}
const read = (file: string): JsonReport => JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
const cells = (r: JsonReport): string[] =>
  r.results.map((x) => `${x.operation} › ${x.check}: ${x.status}: ${x.message}`);

/** Spawns `petstore-conformance proxy …` and resolves with its address once the readiness line is out. */
type SpawnedProxy = {
  child: ChildProcessWithoutNullStreams;
  url: string;
  exit: Promise<{ code: number | null; stderr: string; stdout: string }>;
};
function spawnProxy(args: readonly string[]): Promise<SpawnedProxy> {
  const child = spawn(process.execPath, [BIN, 'proxy', ...args], { env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr, stdout })),
  );
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /^Conformance proxy listening on (http:\/\/\S+) -> (\S+)$/m.exec(stdout);
      if (m?.[1]) resolve({ child, url: m[1], exit });
    });
    void exit.then(({ code }) =>
      reject(new Error(`the proxy exited ${code ?? 'by signal'} before it was ready: ${stderr}`)),
    );
  });
}

describe('petstore-conformance proxy, --record and --har (the built CLI)', () => {
  let mock: RunningMock;
  const dir = mkdtempSync(join(tmpdir(), 'traffic-'));
  beforeAll(async () => {
    await buildIfStale();
    mock = await start({ port: 0 });
  }, scaled(120_000));
  afterAll(async () => {
    await mock?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints its readiness line, writes the reports and the HAR on SIGTERM, and the HAR judges as the live proxy did', {
    timeout: scaled(120_000),
  }, async () => {
    const live = join(dir, 'live.json');
    const har = join(dir, 'session.har');
    const proxy = await spawnProxy([
      '--upstream',
      mock.url,
      '--port',
      '0',
      '--reporter',
      `json=${live}`,
      '--record',
      har,
    ]);
    await petstoreSession(proxy.url);
    proxy.child.kill('SIGTERM');
    const exited = await proxy.exit;
    expect(exited.code, exited.stderr).toBe(0);
    const fromLive = read(live);
    expect(fromLive.summary.failed).toBe(0);
    expect(fromLive.coverage.operations).toMatchObject({ seen: 9, total: 18 });
    expect(fromLive.coverage.operations.unseen).toContain('deletePet');

    const harJson = join(dir, 'har.json');
    const offline = await cli(['--har', har, '--reporter', `json=${harJson}`]);
    expect(offline.code, offline.stderr).toBe(0);
    const fromHar = read(harJson);
    expect(cells(fromHar)).toEqual(cells(fromLive));
    expect(fromHar.coverage).toEqual(fromLive.coverage);
  });

  it('exits 2 when --duration ends with nothing judged, and still writes the report', {
    timeout: scaled(60_000),
  }, async () => {
    const out = join(dir, 'empty.json');
    const proxy = await spawnProxy([
      '--upstream',
      mock.url,
      '--port',
      '0',
      '--duration',
      '0.5',
      '--reporter',
      `json=${out}`,
    ]);
    const exited = await proxy.exit;
    expect(exited.code).toBe(2);
    expect(exited.stderr).toMatch(/nothing was judged: no request came through the proxy/);
    expect(read(out).results[0]?.check).toBe('run');
  });

  it('--shard 1/2 and 2/2 joined by merge: one report, the exit code of the whole; a missing shard is a usage error', {
    timeout: scaled(180_000),
  }, async () => {
    const shards = [1, 2].map((k) => join(dir, `shard-${k}.json`));
    for (const [i, file] of shards.entries()) {
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
      const ran = await cli([
        '--target',
        mock.url,
        '--api-key',
        'dev-key',
        '--examples',
        '1',
        '--no-workflows',
        '--shard',
        `${i + 1}/2`,
        '--reporter',
        `json=${file}`,
      ]);
      expect(ran.code, ran.stderr).toBe(0);
      expect((JSON.parse(readFileSync(file, 'utf8')) as { shard: string }).shard).toBe(`${i + 1}/2`);
    }
    const merged = join(dir, 'merged.json');
    const joined = await cli(['merge', ...shards, '--reporter', `json=${merged}`, '--reporter', 'pretty']);
    expect(joined.code, joined.stderr).toBe(0);
    const report = read(merged);
    const operations = new Set(report.results.map((r) => r.operation));
    expect(operations.size).toBe(18);
    // The whole run on the same fresh state: the merged shards equal it, result for result.
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const wholeFile = join(dir, 'whole.json');
    const whole = await cli([
      '--target',
      mock.url,
      '--api-key',
      'dev-key',
      '--examples',
      '1',
      '--no-workflows',
      '--reporter',
      `json=${wholeFile}`,
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    const verdicts = (r: JsonReport): string[] => r.results.map((x) => `${x.operation} › ${x.check}: ${x.status}`);
    expect(verdicts(report)).toEqual(verdicts(read(wholeFile)));
    expect(joined.stdout).toMatch(/passed/);
    const partial = await cli(['merge', shards[0]!]);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toMatch(/shard\(s\) 2\/2 missing/);
  });

  it.each([
    [['proxy', '--port', '0'], /proxy needs --upstream URL/],
    [['proxy', '--upstream', 'ftp://x'], /--upstream must be an http:\/\/ or https:\/\/ URL/],
    [['--target', 'http://127.0.0.1:1', '--shard', '5/4'], /--shard must be K\/N with 1 ≤ K ≤ N/],
    [['merge'], /merge needs the JSON reports to join/],
    [['--har', '/nonexistent.har'], /cannot read --har \/nonexistent.har: no such file/],
  ])('%j is a usage error (exit 2, one line)', async (args, message) => {
    const ran = await cli(args);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(message);
  });

  // The browser talks to the mock through the live proxy (the docs page calls its own origin), and
  // Playwright records what the browser saw: the two views of the same exchanges must judge alike.
  it('judges a browser session: chromium\'s "Try it out" on the docs page through the proxy, recorded by Playwright as HAR, judges as the live proxy did', {
    timeout: scaled(180_000),
  }, async () => {
    const contract = await petstoreContract();
    const listPets = contract.operationsById.get('listPets')!;
    const har = join(dir, 'browser.har');
    const live = join(dir, 'browser-live.json');
    const proxy = await spawnProxy(['--upstream', mock.url, '--port', '0', '--reporter', `json=${live}`]);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
      const page = await context.newPage();
      await page.goto(`${proxy.url}/docs`, { waitUntil: 'networkidle' });
      const opBlock = page.locator(`#operations-${listPets.tags[0] ?? 'default'}-${listPets.id}`);
      await opBlock.locator('.opblock-summary-control').click();
      await opBlock.locator('.try-out__btn').click();
      const answered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === listPets.path && r.request().method() === 'GET',
      );
      await opBlock.locator('button.execute').click();
      const response = await answered;
      expect(new URL(response.url()).origin).toBe(proxy.url);
      // The response event fires on the headers; Playwright records the body only once it is read,
      // and a context closed before that writes the entry with no text and size -1.
      await response.finished();
      await response.body();
      await context.close(); // writes the HAR
    } finally {
      await browser.close();
      proxy.child.kill('SIGTERM');
    }
    const exited = await proxy.exit;
    expect(exited.code, exited.stderr).toBe(0);
    const out = join(dir, 'browser.json');
    const judged = await cli(['--har', har, '--reporter', `json=${out}`]);
    expect(judged.code, judged.stderr).toBe(0);
    const report = read(out);
    expect(
      report.results.filter((r) => r.operation === 'listPets' && r.status === 'passed').map((r) => r.check),
    ).toEqual(
      expect.arrayContaining([
        'status_code_documented',
        'content_type',
        'response_schema',
        'response_headers',
        'client_request_valid',
      ]),
    );
    expect(report.summary.failed).toBe(0);
    // The page itself, its scripts and the served contract are no operation of the contract: listed, not judged.
    expect(report.coverage.unmatched.some((u) => new URL(u.url).pathname === '/docs')).toBe(true);
    const fromLive = read(live);
    expect(cells(report)).toEqual(cells(fromLive));
    const { unmatched, ...coverage } = report.coverage;
    const { unmatched: liveUnmatched, ...liveCoverage } = fromLive.coverage;
    expect(coverage).toEqual(liveCoverage);
    // The same requests named no operation. The proxy lists the address it forwarded each to (the
    // upstream), the browser the one it called (the proxy); the page's assets load side by side, so
    // the order they finish in is the network's.
    const paths = (list: typeof unmatched): string[] =>
      list.map((u) => `${u.method} ${new URL(u.url).pathname}: ${u.reason}`).sort();
    expect(paths(unmatched)).toEqual(paths(liveUnmatched));
    expect(unmatched.length).toBeGreaterThanOrEqual(5);
  });
});
