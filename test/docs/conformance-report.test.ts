import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { ARTIFACTS, launchChromium, watchPage } from './chromium.js';

const contract = await loadContract();
const BIN = join(packageRoot, 'bin', 'petstore-conformance.js');
const BUILT = join(packageRoot, 'dist', 'conformance', 'cli.js');

/** The operation the target breaks, and the body it answers with: a petId that is not an integer. */
const broken = contract.operationsById.get('listInventory');
const BAD_BODY = [{ petId: 'not-a-number', quantity: 1, status: 'available' }];

interface JsonReport {
  readonly summary: { readonly failed: number };
  readonly results: readonly { readonly check: string; readonly operation: string; readonly status: string }[];
}

function runCli(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1' } }, (error, _stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stderr });
    });
  });
}

describe("the conformance runner's HTML report in headless chromium", () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let dir: string | undefined;
  let target: string;

  beforeAll(async () => {
    if (broken === undefined) throw new Error('the contract has no listInventory operation');
    // A server that is the mock except for one operation, which answers a body outside the contract.
    const mock = await createMockApp();
    const app = express();
    app.get(broken.path, (_req, res) => {
      res.status(200).json(BAD_BODY);
    });
    app.use(mock);
    const listening = createServer(app);
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    target = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    dir = await mkdtemp(join(tmpdir(), 'petstore-report-'));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renders the matrix, and a failing cell opens its request and response', async () => {
    // Checked here, not in beforeAll, so that a missing build or browser fails the test instead of skipping it.
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: build first (npx tsc -p tsconfig.build.json; npm test does)`);
    browser = await launchChromium();
    const html = join(dir!, 'report.html');
    const json = join(dir!, 'report.json');
    const run = await runCli(['--target', target, '--operations', `${broken!.id},listPets`, '--reporter', `html=${html}`, '--reporter', `json=${json}`]);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(await readFile(json, 'utf8')) as JsonReport;
    const failures = report.results.filter((r) => r.status === 'failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((r) => r.operation === broken!.id)).toBe(true);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page, 'null'); // a file: URL's origin
    try {
      await page.goto(pathToFileURL(html).href);
      const rows = page.locator('table tbody tr');
      expect(await rows.count()).toBe(2);
      expect(await page.locator('table tbody th').allInnerTexts()).toEqual(expect.arrayContaining([broken!.id, 'listPets']));
      // One failing cell per failed (operation, check) pair of the JSON report.
      const failedCells = page.locator('td.failed');
      expect(await failedCells.count()).toBe(new Set(failures.map((r) => r.check)).size);
      expect(await page.locator('td.passed').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(ARTIFACTS, 'conformance-matrix.png'), fullPage: true });

      const row = page.locator('table tbody tr', { has: page.locator('th', { hasText: broken!.id }) });
      const cell = row.locator('td.failed').first();
      await cell.click();
      const detail = page.locator('#detail');
      await detail.waitFor({ state: 'visible' });
      const request = await page.locator('#d-request').innerText();
      const response = await page.locator('#d-response').innerText();
      expect(request).toContain(`GET ${target}${broken!.path}`);
      expect(response).toMatch(/^200\b/);
      expect(response).toContain('not-a-number');
      expect((await page.locator('#d-title').innerText())).toContain(broken!.id);
      await page.screenshot({ path: join(ARTIFACTS, 'conformance-failing-cell.png'), fullPage: true });

      // Self-contained: the file loads nothing, from anywhere.
      expect(problems.foreignRequests).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
