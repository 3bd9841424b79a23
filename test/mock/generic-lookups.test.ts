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

// Collections nothing creates (src/contract/resources/lookups.ts): Ory Kratos' identity schemas, Discord's
// `/users/@me/guilds`, Clerk's SAML metadata (fixtures/constructs/resource-agreement.ts).
const schemas = CONSTRUCTS.find((c) => c.name.startsWith('a collection nothing creates'))!;
const guilds = CONSTRUCTS.find((c) => c.name.startsWith('a listed collection nothing creates'))!;
const errorSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
// Clerk's samlMetadata: no list, an item read under a named collection that documents 404, no content.
const metadata = {
  openapi: '3.0.3',
  info: { title: 'saml', version: '1' },
  paths: {
    '/saml/metadata/{connectionId}.xml': {
      get: {
        operationId: 'samlMetadata',
        parameters: [{ name: 'connectionId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'OK' },
          '404': { description: 'none', content: { 'application/json': { schema: errorSchema } } },
        },
      },
    },
    // Clerk's getEnterpriseConnectionTestRunResult: the same under a scope, answering HTML.
    '/connections/{connectionId}/runs/{runId}': {
      get: {
        operationId: 'runResult',
        parameters: [
          { name: 'connectionId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'runId', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'OK', content: { 'text/html': { schema: { type: 'string' } } } },
          '404': { description: 'none', content: { 'application/json': { schema: errorSchema } } },
        },
      },
    },
  },
};

async function mockOf(
  dir: string,
  name: string,
  document: Record<string, unknown>,
): Promise<{ app: App; spec: string }> {
  const spec = join(dir, `${name}.json`);
  await writeFile(spec, JSON.stringify(document));
  return { app: await createMockApp({ spec }), spec };
}

describe('the generic engine keeps collections nothing creates', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lookups-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('an id the list shows reads 200, one never issued is the documented 404, and Prefer: code=200 still forces a 200', async () => {
    const { app } = await mockOf(dir, 'schemas', schemas.document);
    const listed = (await request(app).get('/schemas').expect(200)).body as { id: string }[];
    expect(listed.length).toBeGreaterThan(0);
    for (const { id } of listed)
      await request(app)
        .get(`/schemas/${encodeURIComponent(id)}`)
        .expect(200);
    const unknown = await request(app).get('/schemas/never-issued');
    expect(unknown.status).toBe(404);
    expect(typeof (unknown.body as { message?: unknown }).message).toBe('string');
    await request(app).get('/schemas/never-issued').set('Prefer', 'code=200').expect(200);
    const engine = (await request(app).get('/__mock/engine').expect(200)).body as {
      stateful: string[];
      stateless: Record<string, string>;
    };
    expect(engine.stateful).toContain('listSchemas');
    expect(engine.stateless['getSchema']).toMatch(/404 for any id the mock never issued/);
  });

  it('without a list, the ids it holds are in /__mock/state and read 200', async () => {
    const { app } = await mockOf(dir, 'metadata', metadata);
    const state = (await request(app).get('/__mock/state').expect(200)).body as Record<string, unknown>;
    const held = JSON.stringify(state);
    const ids = [...held.matchAll(/"connectionId":"([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(0);
    await request(app)
      .get(`/saml/metadata/${encodeURIComponent(ids[0]!)}.xml`)
      .expect(200);
    await request(app).get('/saml/metadata/never-issued.xml').expect(404);
    // Under a scope it holds nothing: every id is one it never issued, unless Prefer asks for a 200.
    await request(app).get('/connections/c1/runs/r1').expect(404);
    await request(app).get('/connections/c1/runs/r1').set('Prefer', 'code=200').expect(200);
  });

  it('a DELETE of a listed item takes it off the list; a second one is 404', async () => {
    const { app } = await mockOf(dir, 'guilds', guilds.document);
    const before = (await request(app).get('/me/guilds').expect(200)).body as { id: string }[];
    const first = before[0]!.id;
    await request(app)
      .delete(`/me/guilds/${encodeURIComponent(first)}`)
      .expect(204);
    const after = (await request(app).get('/me/guilds').expect(200)).body as { id: string }[];
    expect(after.map((g) => g.id)).toEqual(before.slice(1).map((g) => g.id));
    await request(app)
      .delete(`/me/guilds/${encodeURIComponent(first)}`)
      .expect(404);
  });

  it.each([
    ['schemas', schemas.document, 'not_found_for_unknown_id', 'getSchema'],
    ['guilds', guilds.document, 'use_after_delete', 'leaveGuild'],
    ['metadata', metadata, 'not_found_for_unknown_id', 'samlMetadata'],
    ['runs', metadata, 'not_found_for_unknown_id', 'runResult'],
  ] as const)(
    "the kit's runner agrees with the mock on %s",
    async (name, document, check, operation) => {
      const { spec } = await mockOf(dir, `${name}-run`, document);
      const result = await selfConsistency(name, spec);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      expect(result.report.results.find((r) => r.check === check && r.operation === operation)?.status).toBe('passed');
    },
    scaled(60_000),
  );
});
