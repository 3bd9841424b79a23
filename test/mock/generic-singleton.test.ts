import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import { CONSTRUCTS } from '../../fixtures/constructs/cases.js';
import type { App } from './helpers.js';
import { scaled } from '../load-scale.js';

// Single resources (src/contract/resources/singletons.ts): Discord's role connection, a PUT and GET on one
// path with no item parameter (fixtures/constructs/resource-agreement.ts), here with PATCH and DELETE too.
const construct = CONSTRUCTS.find((c) => c.name.startsWith('a single resource'))!;
const paths = construct.document['paths'] as Record<string, Record<string, Record<string, unknown>>>;
const errorSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const document = {
  ...construct.document,
  paths: {
    '/apps/{appId}/connection': {
      ...paths['/apps/{appId}/connection'],
      patch: {
        ...paths['/apps/{appId}/connection']!['put'],
        operationId: 'patchConnection',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { platform_name: { type: 'string' }, platform_username: { type: 'string' } },
              },
            },
          },
        },
      },
      delete: {
        operationId: 'deleteConnection',
        parameters: [{ name: 'appId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '204': { description: 'gone' },
          '4XX': { description: 'bad', content: { 'application/json': { schema: errorSchema } } },
        },
      },
    },
  },
};

describe('the generic engine keeps single resources', () => {
  let dir: string;
  let spec: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'singleton-'));
    spec = join(dir, 'connection.json');
    await writeFile(spec, JSON.stringify(document));
    app = await createMockApp({ spec });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('PUT stores what it sends, GET reads it back, PATCH merges, DELETE removes (then 404), each scope its own', async () => {
    await request(app).put('/apps/a1/connection').send({ platform_name: 'Steam' }).expect(200);
    expect((await request(app).get('/apps/a1/connection').expect(200)).body).toEqual({ platform_name: 'Steam' });
    await request(app).patch('/apps/a1/connection').send({ platform_username: 'gabe' }).expect(200);
    expect((await request(app).get('/apps/a1/connection').expect(200)).body).toEqual({
      platform_name: 'Steam',
      platform_username: 'gabe',
    });
    // A replacement is what the body says: what it leaves out is gone.
    await request(app).put('/apps/a1/connection').send({ platform_name: 'GOG' }).expect(200);
    expect((await request(app).get('/apps/a1/connection').expect(200)).body).toEqual({ platform_name: 'GOG' });
    // Another application's connection is another record, stable from one read to the next.
    const other = (await request(app).get('/apps/a2/connection').expect(200)).body as unknown;
    expect((await request(app).get('/apps/a2/connection').expect(200)).body).toEqual(other);
    await request(app).delete('/apps/a1/connection').expect(204);
    await request(app).get('/apps/a1/connection').expect(404);
    await request(app).put('/apps/a1/connection').send({ platform_name: 'Epic' }).expect(200);
    expect((await request(app).get('/apps/a1/connection').expect(200)).body).toEqual({ platform_name: 'Epic' });
    const engine = (await request(app).get('/__mock/engine').expect(200)).body as { stateful: string[] };
    expect(engine.stateful).toEqual(
      expect.arrayContaining(['getConnection', 'putConnection', 'patchConnection', 'deleteConnection']),
    );
  });

  it(
    "the kit's runner agrees with the mock on it",
    async () => {
      const result = await selfConsistency('singleton', spec);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      expect(
        result.report.results.find((r) => r.check === 'created_resource_readable' && r.operation === 'putConnection')
          ?.status,
      ).toBe('passed');
    },
    scaled(60_000),
  );
});
