import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { App } from './helpers.js';

// OAS 3.1 (JSON Schema 2020-12 §6.1.1): `type: [array, "null"]` is a list that may be null, still a
// list. Discord's scheduled events are listed that way; the generic engine did not infer the list,
// so what a create stored was never listed (created_resource_readable).
const event = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
};
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'nullable list', version: '1' },
  paths: {
    '/events': {
      get: {
        operationId: 'listEvents',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: ['array', 'null'], items: event } } },
          },
        },
      },
      post: {
        operationId: 'createEvent',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
            },
          },
        },
        responses: { '201': { description: 'created', content: { 'application/json': { schema: event } } } },
      },
    },
    '/events/{id}': {
      get: {
        operationId: 'getEvent',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: event } } },
          '404': { description: 'none' },
        },
      },
    },
  },
};

describe('a list that may be null lists what was created', () => {
  let dir: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nullable-list-'));
    const file = join(dir, 'doc.json');
    await writeFile(file, JSON.stringify(DOCUMENT));
    app = await createMockApp({ spec: file });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('the created record is listed, and the list is stateful', async () => {
    const created = await request(app).post('/events').send({ name: 'launch' }).expect(201);
    const list = await request(app).get('/events').expect(200);
    expect(list.headers['x-mock-stateless']).toBeUndefined();
    expect(
      (list.body as { id: string; name: string }[]).filter((e) => e.id === (created.body as { id: string }).id),
    ).toEqual([{ id: (created.body as { id: string }).id, name: 'launch' }]);
  });
});
