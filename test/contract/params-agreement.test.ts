import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serialiseQuery, type Parameter } from '../../src/contract/index.js';
import { createMockApp } from '../../src/mock/app.js';
import { encodeBody } from '../../conformance/http/body.js';

/**
 * What the runner writes with the kernel's parameter modules, the mock reads with the same ones
 * (issue 18): one contract with the styles real documents use, each request written by the
 * runner's code and answered by the mock.
 */
const accounts: Parameter & { in: 'query' } = {
  name: 'accounts[]',
  in: 'query',
  schema: { type: 'array', items: { type: 'string' } },
};
const filter: Parameter & { in: 'query' } = {
  name: 'filter',
  in: 'query',
  style: 'deepObject',
  explode: true,
  schema: { type: 'object', properties: { kind: { type: 'string' } } },
};
const ids: Parameter & { in: 'query' } = {
  name: 'ids',
  in: 'query',
  style: 'pipeDelimited',
  explode: false,
  schema: { type: 'array', items: { type: 'integer' } },
};
const formSchema = {
  type: 'object',
  required: ['name', 'inventory'],
  properties: {
    name: { type: 'string' },
    inventory: {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['finite', 'infinite'] }, count: { type: 'integer' } },
    },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'params', version: '1' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [accounts, filter, ids],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
          },
        },
      },
      post: {
        operationId: 'createItem',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: formSchema,
              encoding: {
                inventory: { style: 'deepObject', explode: true },
                tags: { style: 'pipeDelimited', explode: false },
              },
            },
          },
        },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

let dir: string;
let app: Awaited<ReturnType<typeof createMockApp>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'params-agreement-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
  app = await createMockApp({ spec: join(dir, 'openapi.json') });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the runner writes, the mock reads, with one parameter module per style', () => {
  it.each<[string, Parameter, unknown]>([
    ['a `name[]` array (OAS 3.0.3 §4.7.12.4 form; PHP-style name)', accounts, ['a', 'b']],
    ['deepObject (§4.7.12.4)', filter, { kind: 'x' }],
    ['pipeDelimited (§4.7.12.4)', ids, [1, 2]],
  ])('query: %s is accepted', async (_construct, p, value) => {
    const query = serialiseQuery(p, p.name, value).join('&');
    const res = await request(app).get(`/items?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a form body with a deepObject field and a pipe-delimited list is read as the schema says (§4.7.15)', async () => {
    const body = { name: 'n', inventory: { type: 'finite', count: 3 }, tags: ['a', 'b'] };
    const encoded = encodeBody(
      body,
      'application/x-www-form-urlencoded',
      document.paths['/items'].post.requestBody.content['application/x-www-form-urlencoded'].encoding,
    );
    expect(encoded.body).toContain('inventory%5Btype%5D=finite');
    const res = await request(app).post('/items').set('content-type', encoded.contentType).send(encoded.body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a deepObject field that breaks the schema is still refused (400)', async () => {
    const res = await request(app)
      .post('/items')
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('name=n&inventory%5Btype%5D=other');
    expect(res.status).toBe(400);
  });
});
