import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { App } from './helpers.js';

// Ory Kratos `GET /admin/identities/{id}/sessions?active=true`: "Active is a boolean flag that
// filters out sessions based on the state". The list is answered without state (no create of
// sessions), and its generated items ignored the filter, unlike a stored collection's list.
const session = {
  type: 'object',
  required: ['id', 'active'],
  properties: { id: { type: 'string' }, active: { type: 'boolean' }, aal: { type: 'string', enum: ['aal1', 'aal2'] } },
};
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'stateless filters', version: '1' },
  paths: {
    '/sessions': {
      get: {
        operationId: 'listSessions',
        parameters: [
          { name: 'active', in: 'query', schema: { type: 'boolean' } },
          { name: 'aal', in: 'query', schema: { type: 'string', enum: ['aal1', 'aal2'] } },
          { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'array', minItems: 0, items: session } } },
          },
        },
      },
    },
    '/wrapped': {
      get: {
        operationId: 'listWrapped',
        parameters: [{ name: 'active', in: 'query', schema: { type: 'boolean' } }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { total: { type: 'integer' }, sessions: { type: 'array', items: session } },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe("a list answered without state keeps to the query filters named like its items' properties", () => {
  let dir: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stateless-filters-'));
    const file = join(dir, 'doc.json');
    await writeFile(file, JSON.stringify(DOCUMENT));
    app = await createMockApp({ spec: file });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('every item of a filtered page matches, in an array and in a wrapper; unfiltered pages are as generated', async () => {
    const seen = { true: 0, false: 0 };
    for (let i = 0; i < 12; i++) {
      const value = i % 2 === 0;
      const page = await request(app).get('/sessions').query({ active: value, page_size: 5 }).expect(200);
      expect((page.body as { active: boolean }[]).every((s) => s.active === value)).toBe(true);
      const aal = await request(app).get('/sessions').query({ aal: 'aal2' }).expect(200);
      expect((aal.body as { aal?: string }[]).every((s) => s.aal === 'aal2')).toBe(true);
      const wrapped = await request(app).get('/wrapped').query({ active: value }).expect(200);
      expect(
        ((wrapped.body as { sessions?: { active: boolean }[] }).sessions ?? []).every((s) => s.active === value),
      ).toBe(true);
      const all = await request(app).get('/sessions').expect(200);
      for (const s of all.body as { active: boolean }[]) seen[String(s.active) as 'true' | 'false']++;
    }
    // The generator makes both values: the filter, not the generator, keeps the pages above clean.
    expect(seen.true).toBeGreaterThan(0);
    expect(seen.false).toBeGreaterThan(0);
  });
});
