import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import { ROOT, type App } from './helpers.js';
import { scaled } from '../load-scale.js';

// PayPal's error details and a required member with a default (fixtures/mock-contracts/error-details.yaml).
const DOC = join(ROOT, 'fixtures', 'mock-contracts', 'error-details.yaml');

describe("error details take the contract's alternative; a default is never sent for the client", () => {
  let app: App;
  beforeEach(async () => {
    app = await createMockApp({ spec: DOC });
  });

  it('a required member with a default is still required (JSON Schema 2020-12 §9.2: default is an annotation)', async () => {
    const refused = await request(app).post('/products').send({ name: 'w' }).expect(400);
    expect(refused.body.details).toEqual([
      { field: 'body.type', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field is missing.' },
    ]);
    const created = await request(app).post('/products').send({ name: 'w', type: 'DIGITAL' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'w', type: 'DIGITAL' });
  });

  it("each violation names the alternative whose words fit it, never the mock's own text in a closed issue", async () => {
    const short = await request(app).post('/products').send({ name: '', type: 'DIGITAL' }).expect(400);
    expect(short.body.details).toEqual([
      { field: 'body.name', issue: 'INVALID_STRING_MIN_LENGTH', description: 'The value of a field is too short.' },
    ]);
    const notObject = await request(app).post('/products').send([]).expect(400);
    expect(['INVALID_PARAMETER_SYNTAX', 'MISSING_REQUIRED_PARAMETER', 'INVALID_STRING_MIN_LENGTH']).toContain(
      (notObject.body.details as { issue: string }[])[0]?.issue,
    );
  });

  it(
    'the runner agrees with the mock on this document: 0 failed results',
    async () => {
      const result = await selfConsistency('error-details', DOC);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
    },
    scaled(60_000),
  );
});

describe('an error schema whose details are errors themselves (Azure CloudError)', () => {
  it('a refusal answers the documented shape, each violation one detail, not a 500 from filling details forever', async () => {
    const app = await createMockApp({ spec: join(ROOT, 'fixtures', 'mock-contracts', 'recursive-error-details.yaml') });
    const refused = await request(app).get('/operations').expect(400);
    expect(refused.body.error.message).toEqual(expect.any(String));
    expect(refused.body.error.details).toHaveLength(1);
    expect(refused.body.error.details[0].message).toMatch(/api-version/);
    expect(refused.body.error.details[0].details).toBeUndefined();
    await request(app).get('/operations?api-version=1').expect(200);
  });
});

describe("a reference into another component's inside (Codat's `#/components/schemas/Order/allOf/0`)", () => {
  it('answers its generated list, valid against the contract, not a 500 "cannot resolve reference"', async () => {
    const app = await createMockApp({ spec: join(ROOT, 'fixtures', 'mock-contracts', 'inner-schema-reference.yaml') });
    const listed = await request(app).get('/customers').expect(200);
    expect(Array.isArray(listed.body)).toBe(true);
    for (const customer of listed.body as { id: unknown }[]) expect(customer.id).toEqual(expect.any(String));
  });
});

describe('a refusal names where in the request it is, however deep', () => {
  it('a member of an item of an array in the body is named by its pointer, never hidden as a file path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-deep-'));
    const spec = join(dir, 'orders.yaml');
    await writeFile(
      spec,
      [
        'openapi: 3.0.3',
        'info: {title: Orders, version: 1.0.0}',
        'paths:',
        '  /orders:',
        '    post:',
        '      requestBody:',
        '        required: true',
        '        content:',
        '          application/json:',
        '            schema:',
        '              type: object',
        '              properties:',
        '                lines:',
        '                  type: array',
        '                  items: {type: object, properties: {qty: {type: integer, minimum: 1}}}',
        '      responses:',
        "        '201': {description: created}",
        "        '400': {description: refused}",
      ].join('\n'),
    );
    try {
      const app = await createMockApp({ spec });
      const refused = await request(app)
        .post('/orders')
        .send({ lines: [{ qty: 1 }, { qty: 0 }] })
        .expect(400);
      expect(JSON.stringify(refused.body)).toContain('request/body/lines/1/qty must be >= 1');
      expect(JSON.stringify(refused.body)).not.toContain('<file>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
