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
import { scaled } from '../load-scale.js';

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
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1' } },
      (error, _stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stderr });
      },
    );
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

  it(
    'renders the summary, legend and matrix; a failing cell opens (highlighted) with its request and indented response; filters narrow the matrix',
    async () => {
      // Checked here, not in beforeAll, so that a missing build or browser fails the test instead of skipping it.
      if (!existsSync(BUILT))
        throw new Error(`${BUILT} is missing: build first (npx tsc -p tsconfig.build.json; npm test does)`);
      browser = await launchChromium();
      const html = join(dir!, 'report.html');
      const json = join(dir!, 'report.json');
      const ops = [broken!.id, 'listPets', 'createPet', 'getPet'];
      const run = await runCli([
        '--target',
        target,
        '--api-key',
        'dev-key',
        '--examples',
        '1',
        '--operations',
        ops.join(','),
        '--no-workflows',
        '--reporter',
        `html=${html}`,
        '--reporter',
        `json=${json}`,
      ]);
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(await readFile(json, 'utf8')) as JsonReport;
      const failures = report.results.filter((r) => r.status === 'failed');
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.every((r) => r.operation === broken!.id)).toBe(true);
      const failedChecks = new Set(failures.map((r) => r.check));

      const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
      const problems = watchPage(page, 'null'); // a file: URL's origin
      try {
        await page.goto(pathToFileURL(html).href);
        const rows = page.locator('table tbody tr');
        expect(await rows.count()).toBe(ops.length);
        expect(await page.locator('table tbody th').allInnerTexts()).toEqual(expect.arrayContaining(ops));
        // One failing cell per failed (operation, check) pair of the JSON report.
        expect(await page.locator('td.failed').count()).toBe(failedChecks.size);
        expect(await page.locator('td.passed').count()).toBeGreaterThan(0);

        // Summary header: verdict, counts on the status chips, target, contract, seed, duration, coverage.
        expect(await page.locator('#verdict').innerText()).toBe('NOT CONFORMANT');
        const chips = await page.locator('.chips').innerText();
        expect(chips).toContain(`Failed ${report.summary.failed}`);
        const env = await page.locator('.env').innerText();
        for (const text of [
          target,
          'Petstore',
          'Seed',
          '42',
          'Duration',
          'request(s)',
          'Coverage',
          `${ops.length} operation(s)`,
        ])
          expect(env).toContain(text);
        expect(env).toContain(`${report.summary.failed} failed`);
        // Legend for every symbol, and the hint that cells open.
        const legend = await page.locator('#legend').innerText();
        for (const text of ['✓', 'passed', '✗', 'failed', '!', 'warning', '–', 'skipped', 'does not apply'])
          expect(legend).toContain(text);
        expect(await page.locator('#hint').isVisible()).toBe(true);
        expect(await page.locator('#hint').innerText()).toMatch(/Click a cell/);
        await page.screenshot({ path: join(ARTIFACTS, 'conformance-matrix.png'), fullPage: true });

        // Opening a cell: the detail shows, the cell is outlined.
        const row = page.locator('table tbody tr', { has: page.locator('th', { hasText: broken!.id }) });
        const cell = row.locator('td.failed[data-check="response_schema"]');
        await cell.click();
        const detail = page.locator('#detail');
        await detail.waitFor({ state: 'visible' });
        expect(await cell.getAttribute('class')).toMatch(/\bopen\b/);
        expect(await page.locator('td.open').count()).toBe(1);
        expect(await page.locator('thead th.open-col').innerText()).toBe('response_schema');
        const request = await page.locator('#d-request').innerText();
        const response = await page.locator('#d-response').innerText();
        expect(request).toContain(`GET ${target}${broken!.path}`);
        expect(response).toMatch(/^HTTP 200\b/);
        // The JSON body is indented, one member per line.
        expect(response).toMatch(/\n {4}"petId": "not-a-number",\n/);
        expect(await page.locator('#d-title').innerText()).toContain(broken!.id);
        // Words stay whole: lines wrap at spaces; only a token wider than the pane may break.
        // (A string expression: the project's TypeScript has no DOM library.)
        const wrap: unknown = await page.evaluate(
          "(s => [s.wordBreak, s.overflowWrap, s.whiteSpace])(getComputedStyle(document.getElementById('d-response')))",
        );
        expect(wrap).toEqual(['normal', 'break-word', 'pre-wrap']);
        await page.screenshot({ path: join(ARTIFACTS, 'conformance-failing-cell.png'), fullPage: false });
        // Another cell moves the highlight; Esc closes.
        await row.locator('td.passed').first().click();
        expect(await page.locator('td.open').count()).toBe(1);
        expect(await cell.getAttribute('class')).not.toMatch(/\bopen\b/);
        await page.keyboard.press('Escape');
        await detail.waitFor({ state: 'hidden' });
        expect(await page.locator('td.open').count()).toBe(0);

        // Filter: failed only. Visible rows are the failing operation; visible columns the failing checks.
        await page.locator('.chip[data-status="failed"]').click();
        const visibleOps = await page.locator('tbody tr:not(.row-hidden) th').allInnerTexts();
        expect(visibleOps).toEqual([broken!.id]);
        const visibleChecks = await page.locator('thead th[data-check]:not(.col-hidden)').allInnerTexts();
        expect(new Set(visibleChecks)).toEqual(failedChecks);
        expect(await page.locator('td.passed:not(.col-hidden):not(.dim)').count()).toBe(0);
        await page.screenshot({ path: join(ARTIFACTS, 'conformance-failed-only.png'), fullPage: true });

        // Filter: by check, then by operation.
        await page.locator('#reset').click();
        await page.locator('#f-check').selectOption('status_code_documented');
        expect(await page.locator('thead th[data-check]:not(.col-hidden)').allInnerTexts()).toEqual([
          'status_code_documented',
        ]);
        expect(await page.locator('tbody tr:not(.row-hidden)').count()).toBe(ops.length);
        await page.locator('#f-check').selectOption('');
        await page.locator('#f-op').selectOption('listPets');
        expect(await page.locator('tbody tr:not(.row-hidden) th').allInnerTexts()).toEqual(['listPets']);
        expect(await page.locator('#shown').innerText()).toMatch(/^showing 1 of 4 operation\(s\)/);

        // A link to a cell opens it.
        await page.goto(`${pathToFileURL(html).href}#${encodeURIComponent(`${broken!.id}/response_schema`)}`);
        await page.reload();
        await page.locator('#detail').waitFor({ state: 'visible' });
        expect(await page.locator('td.open').getAttribute('data-check')).toBe('response_schema');

        // Self-contained: the file loads nothing, from anywhere.
        expect(problems.foreignRequests).toEqual([]);
        expect(problems.consoleErrors).toEqual([]);
        expect(problems.pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    },
    scaled(180_000),
  );

  it(
    'reads on a laptop: at 1280×800, 1366 and 1440 the open detail is at least 360 px wide and the page never scrolls sideways; at 1920 too; printed, the matrix fits an A4 landscape page',
    async () => {
      if (!existsSync(BUILT))
        throw new Error(`${BUILT} is missing: build first (npx tsc -p tsconfig.build.json; npm test does)`);
      browser ??= await launchChromium();
      // Every operation, every rule and the bundled workflows: the widest matrix the Petstore gives.
      const html = join(dir!, 'full.html');
      const run = await runCli([
        '--target',
        target,
        '--api-key',
        'dev-key',
        '--examples',
        '1',
        '--reporter',
        `html=${html}`,
      ]);
      expect(run.code, run.stderr).toBe(1);
      const measure = `(() => {
      const d = document.getElementById('detail').getBoundingClientRect();
      const cell = document.querySelector('td.open').getBoundingClientRect();
      const box = document.querySelector('.matrix').getBoundingClientRect();
      const title = document.getElementById('d-title').getBoundingClientRect();
      return { detail: d.width, titleHeight: title.height, scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
        cellInside: cell.left >= box.left - 1 && cell.right <= box.right + 1, columns: document.querySelectorAll('thead th[data-check]').length };
    })()`;
      for (const width of [1280, 1366, 1440, 1920]) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        try {
          await page.goto(pathToFileURL(html).href);
          const row = page.locator('table tbody tr', { has: page.locator('th', { hasText: broken!.id }) });
          await row.locator('td.failed[data-check="response_schema"]').click();
          await page.locator('#detail').waitFor({ state: 'visible' });
          const m = (await page.evaluate(measure)) as {
            detail: number;
            titleHeight: number;
            scrollWidth: number;
            clientWidth: number;
            cellInside: boolean;
            columns: number;
          };
          expect(m.columns, 'checks, rules and workflows are all columns').toBeGreaterThan(25);
          expect(m.detail, `detail panel width at ${width}`).toBeGreaterThanOrEqual(360);
          // The title reads on one or two lines, not one letter per line.
          expect(m.titleHeight, `detail title height at ${width}`).toBeLessThan(60);
          expect(m.scrollWidth, `horizontal page scrolling at ${width}`).toBeLessThanOrEqual(m.clientWidth);
          // The open cell is shown inside the matrix's box (scrolled to when the matrix is wider than its box).
          expect(m.cellInside, `open cell visible at ${width}`).toBe(true);
          // Where the matrix is cut, a line above it says it scrolls sideways; where it fits, none.
          const cut = (await page.evaluate(
            "(b => b.scrollWidth > b.clientWidth + 1)(document.querySelector('.matrix'))",
          )) as boolean;
          if (width === 1280) expect(cut, 'the full matrix is wider than a 1280 px window').toBe(true);
          if (width === 1920) expect(cut, 'the full matrix fits a 1920 px window').toBe(false);
          expect(await page.locator('#scroll-hint').isVisible(), `scroll hint at ${width}`).toBe(cut);
          await page.mouse.move(0, 0); // no hover highlight in the screenshot
          if (width === 1280 || width === 1920)
            await page.screenshot({ path: join(ARTIFACTS, `conformance-${width}-open-cell.png`) });
        } finally {
          await page.close();
        }
      }
      // Printed: A4 landscape (277 mm of width inside the margins, 1047 CSS px), controls hidden, colours kept.
      const page = await browser.newPage({ viewport: { width: 1047, height: 740 } });
      try {
        await page.goto(pathToFileURL(html).href);
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('.toolbar').isVisible()).toBe(false);
        const printed = (await page.evaluate(
          "[document.documentElement.scrollWidth, document.documentElement.clientWidth, document.querySelector('.matrix table').getBoundingClientRect().width]",
        )) as number[];
        expect(printed[0], 'printed page wider than A4 landscape').toBeLessThanOrEqual(printed[1]!);
        expect(printed[2], 'printed matrix wider than the page').toBeLessThanOrEqual(1047);
        expect(await page.locator('#problems .group').count()).toBeGreaterThan(0);
        await page.screenshot({ path: join(ARTIFACTS, 'conformance-print.png'), fullPage: true });
        await page.pdf({
          path: join(ARTIFACTS, 'conformance-print.pdf'),
          preferCSSPageSize: true,
          printBackground: true,
        });
      } finally {
        await page.close();
      }
    },
    scaled(180_000),
  );

  it(
    'an unreachable target: the HTML says why at the top, with no verdict',
    async () => {
      browser ??= await launchChromium();
      const html = join(dir!, 'unreachable.html');
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const run = await runCli([
        '--target',
        `http://127.0.0.1:${port}`,
        '--timeout',
        '1000',
        '--reporter',
        `html=${html}`,
      ]);
      expect(run.code).toBe(2);
      const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
      try {
        await page.goto(pathToFileURL(html).href);
        expect(await page.locator('#verdict').innerText()).toBe('NO VERDICT');
        expect(await page.locator('#notices').innerText()).toMatch(/target unreachable: .*connection refused/);
        expect(await page.locator('td.failed').count()).toBe(1);
        await page.screenshot({ path: join(ARTIFACTS, 'conformance-unreachable.png'), fullPage: true });
      } finally {
        await page.close();
      }
    },
    scaled(60_000),
  );
});
