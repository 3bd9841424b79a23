import request from 'supertest';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { CONTRACT, expectError, JSON_HEADERS, type App } from '../mock/helpers.js';

const INT64_MAX = '9223372036854775807';
const LARGEST = Number.MAX_SAFE_INTEGER; // 2^53 − 1, the contract's maximum for ids

/** Every int64 schema the contract declares (parameters and body properties), by where it sits. */
function int64Schemas(): { where: string; schema: OpenAPIV3.SchemaObject }[] {
  const found: { where: string; schema: OpenAPIV3.SchemaObject }[] = [];
  const walk = (value: unknown, where: string): void => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record['format'] === 'int64') found.push({ where, schema: record as OpenAPIV3.SchemaObject });
    for (const [key, child] of Object.entries(record)) walk(child, `${where}/${key}`);
  };
  walk(CONTRACT.document, '#');
  return found;
}

// Issue 13, item 21: the contract declares the bound the mock enforces, so contract and answers agree.
describe('the largest ids: the contract bounds them at 2^53 − 1 and the mock answers accordingly', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp();
  });

  it('every int64 that is an id carries maximum 2^53 − 1 (or inherits it through allOf)', () => {
    const schemas = int64Schemas();
    expect(schemas.length).toBeGreaterThanOrEqual(7);
    const unbounded = schemas.filter(
      ({ where, schema }) => schema.maximum !== LARGEST && !where.includes('/NewOrder/allOf/1/'),
    );
    expect(unbounded.map((s) => s.where)).toEqual([]);
  });

  const paths = CONTRACT.operations.filter((op) => op.method === 'get' && op.path.includes('{'));
  it.each(paths.map((op) => op.path))(
    'GET %s with int64 max → 400 naming the bound; with 2^53 − 1 → 404',
    async (path) => {
      const big = await request(app).get(path.replace(/\{[^}]+\}/, INT64_MAX));
      expectError(big, 400, 'validation_failed');
      expect(JSON.stringify(big.body)).toMatch(/9007199254740991/);
      const largest = await request(app).get(path.replace(/\{[^}]+\}/, String(LARGEST)));
      expectError(largest, 404, 'not_found');
    },
  );

  it.each([
    ['post', '/pets', (id: string) => `{"name":"Big","categoryId":${id}}`],
    ['put', '/pets/1', (id: string) => `{"name":"Big","categoryId":${id}}`],
    ['post', '/store/orders', (id: string) => `{"petId":${id},"quantity":1}`],
  ] as const)(
    '%s %s with a reference of int64 max → 400 naming the bound; of 2^53 − 1 → 422',
    async (method, path, body) => {
      const big = await request(app)[method](path).set(JSON_HEADERS).send(body(INT64_MAX));
      expectError(big, 400, 'validation_failed');
      const largest = await request(app)
        [method](path)
        .set(JSON_HEADERS)
        .send(body(String(LARGEST)));
      expectError(largest, 422, 'unprocessable');
    },
  );

  it('a query filter of int64 max → 400; of 2^53 − 1 → an empty page', async () => {
    expectError(await request(app).get(`/pets?categoryId=${INT64_MAX}`), 400, 'validation_failed');
    const largest = await request(app).get(`/pets?categoryId=${LARGEST}`);
    expect(largest.status).toBe(200);
    expect(largest.body).toEqual([]);
  });
});
