import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import { launchChromium, watchPage } from './chromium.js';
import { scaled } from '../load-scale.js';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * One chromium for the file, launched by the first test that needs it (so without chromium each test
 * fails with the reason): each document gets a page of its own (a launch is about 0.7 s of CPU).
 */
let launching: Promise<Browser> | undefined;
const sharedBrowser = (): Promise<Browser> => (launching ??= launchChromium());
afterAll(async () => {
  await (await launching?.catch(() => undefined))?.close();
});

/** /docs over a contract of another version: Swagger UI renders the document as served, every operation shown. */
describe.each([
  ['OpenAPI 3.1', join(ROOT, 'fixtures', 'versions', 'items-3.1.yaml')],
  ['Swagger 2.0', join(ROOT, 'fixtures', 'versions', 'orders-2.0.yaml')],
])('/docs renders a %s document in headless chromium', (_version, spec) => {
  const opened: { mock?: RunningMock } = {};
  afterAll(async () => {
    await opened.mock?.close();
  });

  it(
    'shows its title and every operation, with no page error or request off the mock',
    async () => {
      const contract = await loadContract(spec);
      opened.mock = await start({ port: 0, spec });
      const page = await (await sharedBrowser()).newPage({ viewport: { width: 1280, height: 900 } });
      const problems = watchPage(page, opened.mock.url);
      await page.goto(`${opened.mock.url}/docs`, { waitUntil: 'networkidle' });
      const first = contract.operations[0]!;
      await page
        .locator(`#operations-${first.tags[0] ?? 'default'}-${first.id}`)
        .waitFor({ state: 'visible', timeout: scaled(20_000) });
      await expect(page.locator('.information-container .info h1.title').innerText()).resolves.toContain(
        contract.document.info.title,
      );
      for (const op of contract.operations)
        expect(await page.locator(`#operations-${op.tags[0] ?? 'default'}-${op.id}`).count(), op.id).toBe(1);
      expect(problems.foreignRequests).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    },
    scaled(60_000),
  );
});
