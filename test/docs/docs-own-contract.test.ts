import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { pageSpec, tokenSchemes } from '../../src/docs/browser.js';
import { start, type RunningMock } from '../../src/index.js';
import { ARTIFACTS, launchChromium, watchPage } from './chromium.js';
import { scaled } from '../load-scale.js';

/** Swagger's own Petstore v3: servers `https://petstore3.swagger.io/api/v3`, OAuth2 with the implicit flow only. */
const SPEC = join(packageRoot, 'fixtures', 'corpus', 'swagger-petstore-v3.yaml');
const TOKEN = 'docs-token-7f3a';

const contract = await loadContract(SPEC);
const findByStatus = contract.operationsById.get('findPetsByStatus');

describe("the page's copy of the contract (unit)", () => {
  it('servers: the origin followed by the base path; none added for a contract at the root', () => {
    expect(pageSpec({ openapi: '3.0.3' }, 'http://127.0.0.1:9', '/api/v3')['servers']).toEqual([
      expect.objectContaining({ url: 'http://127.0.0.1:9/api/v3' }),
    ]);
    expect(pageSpec({ openapi: '3.0.3' }, 'http://127.0.0.1:9', '')['servers']).toEqual([
      expect.objectContaining({ url: 'http://127.0.0.1:9' }),
    ]);
  });

  it('oauth2 and openIdConnect become bearer-token fields of the same name; other schemes stay as written', () => {
    const apiKey = { type: 'apiKey', name: 'api_key', in: 'header' };
    const out = tokenSchemes({
      petstore_auth: {
        type: 'oauth2',
        description: 'Theirs.',
        flows: { implicit: { authorizationUrl: 'https://example.invalid/a', scopes: {} } },
      },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://example.invalid/.well-known/openid-configuration' },
      api_key: apiKey,
    }) as Record<string, Record<string, unknown>>;
    expect(out['petstore_auth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(out['petstore_auth']!['description']).toMatch(/OAuth2 \(implicit\)[\s\S]*Bearer[\s\S]*Theirs\.$/);
    expect(out['oidc']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(out['api_key']).toBe(apiKey);
  });
});

/** Swagger UI's deep-link id of an operation block. */
const block = (tag: string, id: string): string => `#operations-${tag}-${id}`;

/**
 * One chromium for the file (a launch is about 0.7 s of CPU): each test opens its own page, in a
 * context of its own (newPage), and closes it.
 */
let launching: Promise<Browser> | undefined;
const sharedBrowser = (): Promise<Browser> => (launching ??= launchChromium());
afterAll(async () => {
  await (await launching?.catch(() => undefined))?.close();
});

async function openDocs(
  browser: Browser,
  mock: RunningMock,
  firstBlock: string,
): Promise<{ page: Page; problems: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = watchPage(page, mock.url);
  await page.goto(`${mock.url}/docs`, { waitUntil: 'networkidle' });
  await page.locator(firstBlock).waitFor({ state: 'visible', timeout: scaled(20_000) });
  return { page, problems };
}

describe('/docs on a contract served under a base path, with an implicit-only OAuth2 scheme (headless chromium)', () => {
  const opened: { mock?: RunningMock; browser?: Browser } = {};
  afterAll(async () => {
    await opened.mock?.close();
  });

  it('the fixture is what the test needs: base path /api/v3, findPetsByStatus secured by an implicit-only OAuth2 scheme', () => {
    expect(contract.basePath).toBe('/api/v3');
    expect(findByStatus?.path).toBe('/pet/findByStatus');
    const scheme = contract.document.components?.securitySchemes?.['petstore_auth'] as
      | { type?: string; flows?: object }
      | undefined;
    expect(scheme?.type).toBe('oauth2');
    expect(Object.keys(scheme?.flows ?? {})).toEqual(['implicit']);
  });

  it(
    'Authorize takes the bearer token; Try it out calls /api/v3 on the mock, the token reaches it, the answer is 200',
    async () => {
      opened.mock = await start({ port: 0, spec: SPEC, tokens: [TOKEN] });
      const mock = opened.mock;
      opened.browser = await sharedBrowser();
      const { page, problems } = await openDocs(opened.browser, mock, block('pet', 'findPetsByStatus'));
      try {
        // The servers list names the mock under the contract's base path.
        expect(await page.locator('.servers select option').allInnerTexts()).toEqual([
          expect.stringContaining(`${mock.url}/api/v3`),
        ]);
        await page.screenshot({ path: join(ARTIFACTS, 'docs-base-path-overview.png') });

        // Authorize: the implicit-only scheme offers a token field (Swagger UI's http bearer form).
        await page.locator('.auth-wrapper .btn.authorize').click();
        const dialog = page.locator('.dialog-ux .modal-ux');
        await dialog.waitFor({ state: 'visible' });
        const container = dialog.locator('.auth-container', { hasText: 'petstore_auth' });
        expect(await container.innerText()).toMatch(/http, Bearer/);
        expect(await container.innerText()).toMatch(/runs no authorization server/);
        await container.locator('input[aria-label="auth-bearer-value"]').fill(TOKEN);
        await page.screenshot({ path: join(ARTIFACTS, 'docs-base-path-authorize.png') });
        await container.locator('button.authorize').click();
        await container.locator('button.btn-done').click();
        await dialog.waitFor({ state: 'hidden' });

        const opBlock = page.locator(block('pet', 'findPetsByStatus'));
        await opBlock.locator('.opblock-summary-control').click();
        await opBlock.locator('.try-out__btn').click();
        const sent = page.waitForRequest(
          (request) => request.url().includes('/pet/findByStatus') && request.method() === 'GET',
        );
        await opBlock.locator('button.execute').click();
        const request = await sent;
        expect(new URL(request.url()).origin).toBe(mock.url);
        expect(new URL(request.url()).pathname).toBe('/api/v3/pet/findByStatus');
        expect(await request.headerValue('authorization')).toBe(`Bearer ${TOKEN}`);
        const status = opBlock.locator('.live-responses-table tbody .response-col_status').first();
        await status.waitFor({ state: 'visible' });
        expect((await status.innerText()).trim()).toBe('200');
        await opBlock.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, 'docs-base-path-try-it-200.png') });

        // The mock judged it: it accepts only TOKEN (tokens: [TOKEN]), so a 200 there means the token reached it.
        const journal = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as readonly {
          method: string;
          url: string;
          status: number;
        }[];
        expect(journal).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              method: 'GET',
              url: expect.stringMatching(/^\/api\/v3\/pet\/findByStatus/),
              status: 200,
            }),
          ]),
        );
        // And without it the same request is refused: the 200 above is the token's doing.
        const without = await fetch(`${mock.url}/api/v3/pet/findByStatus?status=available`);
        expect(without.status).toBe(401);

        expect(problems.foreignRequests).toEqual([]);
        expect(problems.pageErrors).toEqual([]);
        expect(problems.consoleErrors).toEqual([]);
      } finally {
        await page.close();
      }
    },
    scaled(90_000),
  );
});

describe('/docs on the bundled contract (headless chromium)', () => {
  const opened: { mock?: RunningMock; browser?: Browser } = {};
  afterAll(async () => {
    await opened.mock?.close();
  });

  it(
    'servers is the mock itself (no base path); a screenshot is kept',
    async () => {
      const bundled = await loadContract();
      expect(bundled.basePath).toBe('');
      opened.mock = await start({ port: 0 });
      opened.browser = await sharedBrowser();
      const first = bundled.operations[0]!;
      const { page, problems } = await openDocs(
        opened.browser,
        opened.mock,
        block(first.tags[0] ?? 'default', first.id),
      );
      try {
        expect(await page.locator('.servers select option').allInnerTexts()).toEqual([
          expect.stringContaining(opened.mock.url),
        ]);
        expect((await page.locator('.servers select option').allInnerTexts())[0]).not.toContain(`${opened.mock.url}/`);
        // The contract's description is long: the picture starts at the servers list and the operations.
        await page.evaluate(
          "window.scrollTo(0, document.querySelector('.scheme-container').getBoundingClientRect().top + window.scrollY - 8)",
        );
        await page.screenshot({ path: join(ARTIFACTS, 'docs-bundled-overview.png') });
        expect(problems.foreignRequests).toEqual([]);
        expect(problems.pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    },
    scaled(60_000),
  );
});
