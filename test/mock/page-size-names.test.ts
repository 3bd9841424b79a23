import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';

// Lob's postcards list: a numeric `limit` beside a `size` that is the postcard's format (4x6), not a page size.
const card = {
  type: 'object',
  required: ['id', 'size'],
  properties: { id: { type: 'string', readOnly: true }, size: { type: 'string', enum: ['4x6', '6x9'] } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'postcards', version: '1' },
  paths: {
    '/postcards': {
      get: {
        operationId: 'list',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
          { name: 'size', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['4x6', '6x9'] } } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: card } } } },
            },
          },
        },
      },
      post: {
        operationId: 'create',
        requestBody: { required: true, content: { 'application/json': { schema: card } } },
        responses: { '201': { description: 'ok', content: { 'application/json': { schema: card } } } },
      },
    },
    '/postcards/{id}': {
      get: {
        operationId: 'read',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: card } } },
          '404': { description: 'none' },
        },
      },
    },
  },
};

describe('the generic engine pages by the size the request names', () => {
  it("a page-size name the request leaves out does not undo the one it gives (limit=1 beside Lob's postcard `size`)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-size-'));
    const file = join(dir, 'postcards.json');
    writeFileSync(file, JSON.stringify(document));
    const app = await createMockApp({ spec: file });
    rmSync(dir, { recursive: true, force: true });
    for (const size of ['4x6', '6x9', '4x6']) await request(app).post('/postcards').send({ size }).expect(201);
    const all = await request(app).get('/postcards').expect(200);
    expect((all.body as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(3);
    const page = await request(app).get('/postcards?limit=1').expect(200);
    expect((page.body as { data: unknown[] }).data).toHaveLength(1);
  });
});
