import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import type { App } from './helpers.js';
import { scaled } from '../load-scale.js';

// readOnly binds the schema that declares it (OAS 3.0.3 §4.7.24): a create body described by its
// own schema, which declares `owner` writable, is stored with `owner` even though the record's
// answer schema marks `owner` readOnly (Pinterest: IntegrationRequest / IntegrationMetadata).
// (A field readOnly in the request's own schema, `stamp`, is refused by the request validator.)
const record = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string' },
    owner: { type: 'string', readOnly: true },
    stamp: { type: 'string', readOnly: true },
  },
};
const body = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, owner: { type: 'string' }, stamp: { type: 'string', readOnly: true } },
};
const ok = { description: 'ok', content: { 'application/json': { schema: record } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'readOnly by schema', version: '1' },
  paths: {
    '/links': {
      post: {
        operationId: 'createLink',
        requestBody: { required: true, content: { 'application/json': { schema: body } } },
        responses: { '201': ok },
      },
    },
    '/links/{linkId}': {
      get: {
        operationId: 'getLink',
        parameters: [{ name: 'linkId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': ok, '404': { description: 'none' } },
      },
    },
  },
};

describe('the generic engine keeps a field the request schema declares writable', () => {
  let dir: string;
  let spec: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'readonly-'));
    spec = join(dir, 'links.json');
    await writeFile(spec, JSON.stringify(document));
    app = await createMockApp({ spec });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('owner (writable in the request, readOnly in the answer) is stored as sent', async () => {
    const created = await request(app).post('/links').send({ name: 'a', owner: 'me' }).expect(201);
    const { id, ...rest } = created.body as { id: string };
    expect(rest).toEqual({ name: 'a', owner: 'me' });
    expect((await request(app).get(`/links/${id}`).expect(200)).body).toEqual({ id, name: 'a', owner: 'me' });
  });

  it(
    "the kit's runner agrees with the mock on it",
    async () => {
      const result = await selfConsistency('readonly', spec);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      expect(
        result.report.results.find((r) => r.check === 'created_resource_readable' && r.operation === 'createLink')
          ?.status,
      ).toBe('passed');
    },
    scaled(60_000),
  );
});
