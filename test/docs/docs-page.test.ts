import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract, type Operation } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import { ARTIFACTS, launchChromium, watchPage, type PageProblems } from './chromium.js';
import { scaled } from '../load-scale.js';

const contract = await loadContract();

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The operation as written in the contract, extensions included. */
function written(op: Operation): Readonly<Record<string, unknown>> {
  const item: unknown = contract.document.paths[op.path];
  const value = isRecord(item) ? item[op.method] : undefined;
  if (!isRecord(value)) throw new Error(`${op.id} not found in the document`);
  return value;
}

/** Swagger UI's deep-link id of an operation block: `operations-<tag>-<operationId>`. */
const block = (op: Operation): string => `#operations-${op.tags[0] ?? 'default'}-${op.id}`;

const byId = (id: string): Operation => {
  const op = contract.operationsById.get(id);
  if (op === undefined) throw new Error(`the contract has no operation ${id}`);
  return op;
};

const deprecated = contract.operations.filter((op) => op.deprecated);

/** WCAG 2.2 contrast ratio of two CSS `rgb()`/`rgba()` colours (an alpha under 1 is blended on white). */
function contrast(foreground: string, background: string): number {
  const rgb = (css: string): [number, number, number] => {
    const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    return [r, g, b].map((c) => c * a + 255 * (1 - a)) as [number, number, number];
  };
  const luminance = ([r, g, b]: [number, number, number]): number => {
    const lin = (c: number): number => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const [l1, l2] = [luminance(rgb(foreground)), luminance(rgb(background))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}
const stable = contract.operations.filter((op) => op.stability !== undefined);
const hidden = contract.operations.filter((op) => op.hideTryItPanel);

interface Session {
  readonly mock: RunningMock;
  readonly browser: Browser;
  readonly page: Page;
  readonly problems: PageProblems;
}

describe('/docs in headless chromium (Swagger UI over the running mock)', () => {
  let opening: Promise<Session> | undefined;
  let started: { mock?: RunningMock; browser?: Browser } = {};

  /**
   * The mock and the page, opened by the first test that needs them. Opened here rather than in
   * beforeAll: without chromium every test then fails with the reason, none is reported skipped.
   */
  const session = (): Promise<Session> =>
    (opening ??= (async () => {
      const mock = await start({ port: 0 });
      started = { mock };
      const browser = await launchChromium();
      started = { mock, browser };
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems = watchPage(page, mock.url);
      await page.goto(`${mock.url}/docs`, { waitUntil: 'networkidle' });
      await page.locator(block(contract.operations[0]!)).waitFor({ state: 'visible', timeout: scaled(20_000) });
      return { mock, browser, page, problems };
    })());

  afterAll(async () => {
    await started.browser?.close();
    await started.mock?.close();
  });

  it('the contract has what the page must show (a deprecated operation with dates, stability marks, a hidden try-it panel)', () => {
    expect(deprecated.map((op) => op.id)).toContain('getPet');
    expect(stable.map((op) => [op.id, op.stability])).toEqual(
      expect.arrayContaining([
        ['setStock', 'beta'],
        ['completeOrder', 'experimental'],
      ]),
    );
    expect(hidden.map((op) => op.id)).toContain('listOrders');
  });

  it('renders the contract: its title and every operation', async () => {
    const { page } = await session();
    await page.screenshot({ path: join(ARTIFACTS, 'overview.png') });
    await expect(page.locator('.information-container .info h1.title').innerText()).resolves.toContain(
      contract.document.info.title,
    );
    for (const op of contract.operations) expect(await page.locator(block(op)).count(), op.id).toBe(1);
  });

  it.each(deprecated.map((op) => [op.id, op] as const))(
    '%s: marked deprecated, with its deprecation and sunset dates visible',
    async (_id, op) => {
      const { page } = await session();
      const raw = written(op);
      const since = raw['x-deprecated-at'];
      const sunset = raw['x-sunset'];
      expect(typeof since).toBe('string');
      expect(typeof sunset).toBe('string');
      const opBlock = page.locator(block(op));
      await expect(opBlock.getAttribute('class')).resolves.toContain('opblock-deprecated');
      const notice = opBlock.locator('.pk-deprecation-notice');
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.innerText()).toBe(`Deprecated since ${String(since)} — removed on ${String(sunset)}`);
      await opBlock.screenshot({ path: join(ARTIFACTS, `deprecated-${op.id}.png`) });
    },
  );

  it.each(deprecated.map((op) => [op.id, op] as const))(
    '%s: its method badge and path are legible (contrast ≥ 4.5:1, no fading), and "Warning: Deprecated" is not repeated',
    async (_id, op) => {
      const { page } = await session();
      const opBlock = page.locator(block(op));
      const looks = await opBlock.evaluate((element) => {
        // Runs in the page: colours and the opacity every ancestor applies.
        interface Styled {
          readonly parentElement: Styled | null;
          querySelector(selector: string): Styled | null;
        }
        const view = globalThis as unknown as {
          getComputedStyle(e: Styled): { color: string; backgroundColor: string; opacity: string };
        };
        const opacity = (e: Styled | null): number =>
          e === null ? 1 : Number(view.getComputedStyle(e).opacity) * opacity(e.parentElement);
        const root = element as unknown as Styled;
        const method = root.querySelector('.opblock-summary-method')!;
        const path = root.querySelector('.opblock-summary-path__deprecated a, .opblock-summary-path__deprecated')!;
        const summary = root.querySelector('.opblock-summary')!;
        return {
          method: {
            color: view.getComputedStyle(method).color,
            background: view.getComputedStyle(method).backgroundColor,
            opacity: opacity(method),
          },
          path: {
            color: view.getComputedStyle(path).color,
            background: view.getComputedStyle(summary).backgroundColor,
            opacity: opacity(path),
          },
        };
      });
      expect(looks.method.opacity).toBe(1);
      expect(looks.path.opacity).toBe(1);
      expect(
        contrast(looks.method.color, looks.method.background),
        JSON.stringify(looks.method),
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrast(looks.path.color, looks.path.background), JSON.stringify(looks.path)).toBeGreaterThanOrEqual(4.5);

      if ((await opBlock.getAttribute('class'))?.includes('is-open') !== true)
        await opBlock.locator('.opblock-summary-control').click();
      await opBlock.locator('.opblock-body').waitFor({ state: 'visible' });
      const visibleText = await opBlock.innerText();
      expect(visibleText).not.toMatch(/Warning: Deprecated/);
      expect(await opBlock.locator('.pk-deprecation-notice').count()).toBe(1);
      await opBlock.screenshot({ path: join(ARTIFACTS, `deprecated-${op.id}-open.png`) });
      await opBlock.locator('.opblock-summary-control').click();
    },
  );

  it('the Links column shows no literal Markdown backticks, and names each target operation and parameter', async () => {
    const { page } = await session();
    const withLinks = contract.operations.filter((op) =>
      Object.values(op.responses).some((r) => Object.keys(r.links ?? {}).length > 0),
    );
    expect(withLinks.length).toBeGreaterThan(0);
    for (const op of withLinks) {
      const opBlock = page.locator(block(op));
      await opBlock.locator('.opblock-summary-control').click();
      const links = opBlock.locator('.response-col_links .operation-link');
      await links.first().waitFor({ state: 'visible' });
      const text = await opBlock.locator('.response-col_links').allInnerTexts();
      expect(text.join('\n'), op.id).not.toContain('`');
      for (const [name, link] of Object.values(op.responses).flatMap((r) => Object.entries(r.links ?? {}))) {
        if ('$ref' in link) continue;
        const shown = opBlock.locator('.response-col_links .operation-link', { hasText: name }).first();
        const shownText = await shown.innerText();
        expect(shownText).toContain(`Operation ${link.operationId ?? ''}`);
        for (const [key, value] of Object.entries(link.parameters ?? {}))
          expect(shownText).toContain(`${key} = ${String(value)}`);
      }
      if (op.id === 'createPet') {
        await links.first().scrollIntoViewIfNeeded();
        await opBlock
          .locator('.responses-table')
          .first()
          .screenshot({ path: join(ARTIFACTS, `links-${op.id}.png`) });
      }
      await opBlock.locator('.opblock-summary-control').click();
    }
  });

  it('the sunset date of GET /pets/{petId} reads 2027-06-30, as the contract says', async () => {
    const { page } = await session();
    const getPet = byId('getPet');
    expect(written(getPet)['x-sunset']).toBe('2027-06-30');
    expect(await page.locator(`${block(getPet)} .pk-deprecation-notice`).innerText()).toContain('2027-06-30');
  });

  it('shows no deprecation notice on operations that are not deprecated', async () => {
    const { page } = await session();
    expect(await page.locator('.pk-deprecation-notice').count()).toBe(deprecated.length);
  });

  it.each(stable.map((op) => [op.id, op.stability, op] as const))(
    '%s: a visible "%s" stability badge next to its path',
    async (_id, stability, op) => {
      const { page } = await session();
      const badge = page.locator(`${block(op)} .opblock-summary .pk-stability`);
      expect(await badge.isVisible()).toBe(true);
      expect(await badge.getAttribute('data-stability')).toBe(stability);
      expect((await badge.innerText()).toLowerCase()).toBe(stability);
      await page.locator(block(op)).screenshot({ path: join(ARTIFACTS, `stability-${op.id}.png`) });
    },
  );

  it('shows a badge only where the contract has a stability mark', async () => {
    const { page } = await session();
    expect(await page.locator('.pk-stability').count()).toBe(stable.length);
  });

  it.each(hidden.map((op) => [op.id, op] as const))(
    '%s (x-hideTryItPanel): expanded, it has no "Try it out" and no Execute',
    async (_id, op) => {
      const { page } = await session();
      const opBlock = page.locator(block(op));
      await opBlock.locator('.opblock-summary-control').click();
      // The body is rendered once the operation's resolved subtree arrives: wait for its parameters header.
      await opBlock.locator('.opblock-section-header').first().waitFor({ state: 'visible' });
      await opBlock.locator('.responses-wrapper').waitFor({ state: 'visible' });
      expect(await opBlock.locator('.try-out__btn').count()).toBe(0);
      expect(await opBlock.locator('button.execute').count()).toBe(0);
      await opBlock.screenshot({ path: join(ARTIFACTS, `no-try-it-${op.id}.png`) });
    },
  );

  it('GET /pets keeps "Try it out": Execute reaches the mock and shows its 200', async () => {
    const { mock, page } = await session();
    const listPets = byId('listPets');
    expect(listPets.hideTryItPanel).toBe(false);
    const opBlock = page.locator(block(listPets));
    await opBlock.locator('.opblock-summary-control').click();
    const tryIt = opBlock.locator('.try-out__btn');
    await tryIt.waitFor({ state: 'visible' });
    await tryIt.click();
    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === listPets.path && request.method() === 'GET',
    );
    await opBlock.locator('button.execute').click();
    const request = await sent;
    // The servers list was pointed at the page's own origin: the request went to this mock.
    expect(new URL(request.url()).origin).toBe(mock.url);
    const status = opBlock.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ state: 'visible' });
    expect((await status.innerText()).trim()).toBe('200');
    await opBlock.screenshot({ path: join(ARTIFACTS, `try-it-${listPets.id}-200.png`) });

    const journal: unknown = await (await fetch(`${mock.url}/__mock/requests`)).json();
    expect(journal).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'GET', operationId: 'listPets', status: 200 })]),
    );
  });

  it("the deprecation link of the contract (/docs#section/…) scrolls to that section of the contract's description", async () => {
    const { mock, browser } = await session();
    const link = byId('getPet').deprecation?.link;
    expect(link).toMatch(/^\/docs#section\//);
    // A fresh page: on the open one only the fragment would change, and nothing would load.
    const linked = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const linkedProblems = watchPage(linked, mock.url);
    try {
      await linked.goto(`${mock.url}${link!}`, { waitUntil: 'networkidle' });
      const section = linked.locator(`[id="${decodeURIComponent(link!.slice('/docs#'.length))}"]`);
      await section.waitFor({ state: 'visible' });
      // Scrolled into view: the heading is inside the viewport although it is far down the description.
      await expect.poll(async () => (await section.boundingBox())?.y ?? -100).toBeGreaterThan(-2);
      const box = await section.boundingBox();
      expect(box!.y).toBeLessThan(900);
      expect(await linked.evaluate('window.scrollY')).toBeGreaterThan(900);
      await linked.screenshot({ path: join(ARTIFACTS, 'section-link.png') });
      expect(linkedProblems.consoleErrors).toEqual([]);
      expect(linkedProblems.failedRequests).toEqual([]);
    } finally {
      await linked.close();
    }
  });

  it('made no request off the mock, and had no console error, page error or failed request', async () => {
    const { problems } = await session();
    expect(problems.requested.length).toBeGreaterThan(0);
    expect(problems.foreignRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });
});
