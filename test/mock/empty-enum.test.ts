import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { validatorDocument } from '../../src/mock/validator-document.js';
import type { App } from './helpers.js';

// An empty `enum` "SHOULD have at least one element" (JSON Schema Validation 2020-12 §6.1.2) but is
// legal and admits no value. Discord 3.1 writes one on a query parameter and on a body member; ajv
// refused to compile it and every request of the operation was a 500.
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'empty enum', version: '1' },
  paths: {
    '/requests': {
      get: {
        operationId: 'listRequests',
        parameters: [
          {
            name: 'status',
            in: 'query',
            schema: { type: 'string', enum: [], allOf: [{ $ref: '#/components/schemas/Status' }] },
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', properties: { total: { type: 'integer' } } } } },
          },
        },
      },
      patch: {
        operationId: 'actRequest',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { action: { type: 'string', enum: [], not: { const: 'x' } }, note: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', properties: { note: { type: 'string' } } } } },
          },
        },
      },
    },
  },
  components: { schemas: { Status: { type: 'string', enum: ['STARTED', 'APPROVED'] } } },
};

describe('an empty enum admits no value and never makes the operation a 500', () => {
  let dir: string;
  let file: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'empty-enum-'));
    file = join(dir, 'empty-enum.json');
    await writeFile(file, JSON.stringify(DOCUMENT));
    app = await createMockApp({ spec: file });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names the change once per place', async () => {
    const changes = validatorDocument(await loadContract(file))
      .changes.filter((c) => c.includes('enum: []'))
      .sort();
    expect(changes).toEqual([
      '#/paths/~1requests/get/parameters/0/schema: enum: [] (admits no value) checked as not: {}',
      '#/paths/~1requests/patch/requestBody/content/application~1json/schema/properties/action: enum: [] (admits no value) checked as not: {}',
    ]);
  });

  it('a request without the member is served; any value of it is refused with a 400', async () => {
    await request(app).get('/requests').expect(200);
    for (const status of ['STARTED', 'other']) {
      const refused = await request(app).get('/requests').query({ status }).expect(400);
      expect(refused.type).toBe('application/json');
    }
    await request(app).patch('/requests').send({ note: 'n' }).expect(200);
    await request(app).patch('/requests').send({ action: 'APPROVED' }).expect(400);
  });
});
