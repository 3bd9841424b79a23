import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningZooService, ZooCredentials } from '../../fixtures/zoo/services.js';
import { zooService } from '../../fixtures/zoo/services.js';
import { scaled } from '../load-scale.js';

/**
 * The Node half of the zoo, each service started as its own process by the shared launcher: it
 * serves exactly the document committed beside it (the drift check: regenerate with its
 * generate.mjs when the service changes), a created record reads back as sent, writes without
 * credentials are refused, and an invalid request gets the framework's own error body.
 */

interface Smoke {
  readonly name: string;
  readonly documentPath: string;
  /** Where the collection lives. */
  readonly collection: string;
  /** The status of a create: express-zod-api's default result handler answers 200 to every success. */
  readonly createdStatus: number;
  readonly valid: Record<string, unknown>;
  /** The created record, however the framework wraps it. */
  readonly record: (body: unknown) => Record<string, unknown>;
  readonly invalid: Record<string, unknown>;
  readonly invalidStatus: number;
  /** The framework's own error body for `invalid`. */
  readonly invalidBody: unknown;
}

const SMOKES: readonly Smoke[] = [
  {
    name: 'nest-members',
    documentPath: '/api-json',
    collection: '/members',
    createdStatus: 201,
    valid: { name: 'Ada', email: 'ada@example.com', tier: 'pro', marketingOptIn: true },
    record: (body) => body as Record<string, unknown>,
    invalid: { name: '', email: 'not-an-email', tier: 'gold', nickname: 'x' },
    invalidStatus: 400,
    // Nest's ValidationPipe: message[] of class-validator's messages, forbidNonWhitelisted's first.
    invalidBody: {
      statusCode: 400,
      error: 'Bad Request',
      message: [
        'property nickname should not exist',
        'name should not be empty',
        'email must be an email',
        'tier must be one of the following values: free, pro, team',
      ],
    },
  },
  {
    name: 'fastify-books',
    documentPath: '/openapi.json',
    collection: '/books',
    createdStatus: 201,
    valid: { title: 'Dune', author: 'Frank Herbert', year: 1965, tags: ['sf'] },
    record: (body) => body as Record<string, unknown>,
    invalid: { author: 'Nobody' },
    invalidStatus: 400,
    invalidBody: {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: "body must have required property 'title'",
    },
  },
  {
    name: 'hono-projects',
    documentPath: '/doc',
    collection: '/projects',
    createdStatus: 201,
    valid: { name: 'Zoo', budget: 1200.5 },
    record: (body) => body as Record<string, unknown>,
    invalid: { name: '', status: 'someday' },
    invalidStatus: 422,
    invalidBody: {
      ok: false,
      errors: [
        { path: 'name', code: 'too_small', message: 'Too small: expected string to have >=1 characters' },
        { path: 'status', code: 'invalid_value', message: 'Invalid option: expected one of "planned"|"active"|"done"' },
      ],
    },
  },
  {
    name: 'ezapi-orders',
    documentPath: '/openapi.json',
    collection: '/v1/orders',
    createdStatus: 200,
    valid: { customer: 'ACME', lines: [{ sku: 'A-1', quantity: 2 }] },
    record: (body) => (body as { data: Record<string, unknown> }).data,
    invalid: { customer: 'ACME', lines: [] },
    invalidStatus: 400,
    invalidBody: { status: 'error', error: { message: 'lines: Too small: expected array to have >=1 items' } },
  },
];

function authHeaders(credentials: ZooCredentials): Record<string, string> {
  if (credentials.bearer) return { authorization: `Bearer ${credentials.bearer}` };
  if (credentials.apiKey) return { 'x-api-key': credentials.apiKey };
  return {};
}

async function send(
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

for (const smoke of SMOKES) {
  const service = zooService(smoke.name);
  const reason = service.unavailable();
  describe.skipIf(reason !== undefined)(
    `${service.name} (${service.framework})${reason ? `: SKIPPED, ${reason}` : ''}`,
    () => {
      let running: RunningZooService;
      const auth = authHeaders(service.credentials);

      beforeAll(async () => {
        running = await service.start();
      }, scaled(120_000));
      afterAll(async () => {
        await running?.close();
      });

      it('serves the committed document, unchanged (regenerate with its generate.mjs)', async () => {
        const served = (await (await fetch(new URL(smoke.documentPath, running.url))).json()) as unknown;
        expect(served).toEqual(JSON.parse(readFileSync(service.document, 'utf8')));
      });

      it('reads a created record back as sent, with server-set fields', async () => {
        const created = await send(new URL(smoke.collection, running.url).href, 'POST', smoke.valid, auth);
        expect(created.status).toBe(smoke.createdStatus);
        const record = smoke.record(created.body);
        expect(record).toMatchObject(smoke.valid);
        expect(record['id']).toBeDefined();
        const read = await fetch(new URL(`${smoke.collection}/${String(record['id'])}`, running.url));
        expect(read.status).toBe(200);
        expect(smoke.record(await read.json())).toEqual(record);
      });

      it('answers an invalid body with the framework error', async () => {
        const refused = await send(new URL(smoke.collection, running.url).href, 'POST', smoke.invalid, auth);
        expect(refused).toEqual({ status: smoke.invalidStatus, body: smoke.invalidBody });
      });

      // Hono's service has no auth scheme; the other three guard their writes.
      if (Object.keys(auth).length > 0) {
        it('refuses a write without credentials with 401', async () => {
          const refused = await send(new URL(smoke.collection, running.url).href, 'POST', smoke.valid, {});
          expect(refused.status).toBe(401);
        });
      }
    },
  );
}

describe('the launcher', () => {
  it('close() stops the process: the port no longer answers', async () => {
    const running = await zooService('hono-projects').start();
    const url = new URL('/doc', running.url);
    expect((await fetch(url)).status).toBe(200);
    await running.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});
