import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { App } from './helpers.js';

// The request validators name the document's component schemas in a copy shared by every
// operation (src/mock/operation-validators.ts shareRequestComponents) instead of carrying them
// beside each operation. A request is refused for the same reasons, at the same place, either way:
// the same exchanges against a document where the schemas are shared, and against the same
// document where one parameter points inside a schema (`#/components/schemas/Order/properties/…`),
// so its operation carries every component as before.

function documentWith(limitSchema: object): object {
  return {
    openapi: '3.0.3',
    info: { title: 'orders', version: '1' },
    paths: {
      '/orders': {
        post: {
          operationId: 'createOrder',
          parameters: [
            { $ref: '#/components/parameters/Limit' },
            { name: 'tag', in: 'query', schema: limitSchema },
            // Lob's path parameters: a component whose allOf names another, which the validator
            // inlines (its parameter parser reads the first schema, not its references).
            { name: 'code', in: 'query', schema: { $ref: '#/components/schemas/Code' } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
          },
          responses: {
            '201': {
              description: 'created',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
            },
            '400': {
              description: 'refused',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
      },
    },
    components: {
      parameters: { Limit: { name: 'limit', in: 'query', schema: { $ref: '#/components/schemas/Limit' } } },
      schemas: {
        Limit: { type: 'integer', maximum: 10 },
        Tag: { type: 'string', maxLength: 3 },
        Code: { allOf: [{ $ref: '#/components/schemas/CodeBase' }, { type: 'string', description: 'a code' }] },
        CodeBase: { type: 'string', pattern: '^c_[0-9]+$' },
        Order: {
          type: 'object',
          required: ['customer', 'items'],
          properties: {
            id: { type: 'integer', readOnly: true },
            tag: { $ref: '#/components/schemas/Tag' },
            customer: { $ref: '#/components/schemas/Customer' },
            items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
          },
        },
        Item: {
          type: 'object',
          required: ['sku', 'qty'],
          properties: { sku: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' }, qty: { type: 'integer', minimum: 1 } },
        },
        Customer: {
          type: 'object',
          required: ['email'],
          properties: {
            email: { type: 'string', format: 'email' },
            referrer: { $ref: '#/components/schemas/Customer' },
          },
        },
        Error: {
          type: 'object',
          required: ['message', 'errors'],
          properties: {
            message: { type: 'string' },
            errors: {
              type: 'array',
              items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
    },
  };
}

const valid = { customer: { email: 'a@example.com' }, items: [{ sku: 'ABC-1', qty: 2 }] };
const exchanges: ReadonlyArray<readonly [string, string, unknown, number, RegExp | undefined]> = [
  ['a valid order', '', valid, 201, undefined],
  [
    'an item two levels down',
    '',
    { ...valid, items: [valid.items[0], { sku: 'ABC-2', qty: 0 }] },
    400,
    /"must be >= 1","path":"body\.items\.1\.qty"/,
  ],
  [
    'a recursive schema, one level in',
    '',
    { ...valid, customer: { email: 'a@example.com', referrer: { email: 'nope' } } },
    400,
    /format \\"email\\"","path":"body\.customer\.referrer\.email"/,
  ],
  ['a missing required member', '', { items: [] }, 400, /required property 'customer'","path":"body\.customer"/],
  ['a read-only member sent: ignored (OAS 3.0.3 §4.7.24)', '', { ...valid, id: 4 }, 201, undefined],
  ['a parameter whose component names another, valid', '?code=c_1', valid, 201, undefined],
  ['a parameter whose component names another', '?code=x', valid, 400, /must match pattern.*"path":"query\.code"/],
  ['a parameter through a component', '?limit=11', valid, 400, /"must be <= 10","path":"query\.limit"/],
  ['a parameter through a pointer into a schema', '?tag=long', valid, 400, /3 characters","path":"query\.tag"/],
];

describe('request validation with the component schemas shared among operations', () => {
  let dir: string;
  const apps = new Map<string, App>();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shared-request-components-'));
    const documents = {
      shared: documentWith({ $ref: '#/components/schemas/Tag' }),
      carried: documentWith({ $ref: '#/components/schemas/Order/properties/tag' }),
    };
    for (const [name, document] of Object.entries(documents)) {
      const spec = join(dir, `${name}.json`);
      await writeFile(spec, JSON.stringify(document));
      apps.set(name, await createMockApp({ spec }));
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(exchanges)('%s: the same answer either way', async (_, query, body, status, says) => {
    expect([...apps.keys()]).toEqual(['shared', 'carried']);
    const answers: unknown[] = [];
    for (const [name, app] of apps) {
      const res = await request(app)
        .post(`/orders${query}`)
        .send(body as object);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      if (says) expect(JSON.stringify(res.body)).toMatch(says);
      answers.push(status === 201 ? res.status : res.body);
    }
    expect(answers[0]).toEqual(answers[1]);
  });
});
