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

// JSON:API-style collections (jsonapi.org 1.1 §7.1): the record is under `data` in every answer and
// in the create's body (fixtures/constructs/resource-agreement.ts).
const construct = CONSTRUCTS.find((c) => c.name.startsWith('a JSON:API collection'))!;
const API = 'application/vnd.api+json';

interface Article {
  id: string;
  type: string;
  attributes: { title: string; body?: string };
}

describe('the generic engine infers JSON:API collections', () => {
  let dir: string;
  let spec: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'jsonapi-'));
    spec = join(dir, 'articles.json');
    await writeFile(spec, JSON.stringify(construct.document));
    app = await createMockApp({ spec });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a create stores the attributes sent under `data`; the read and the list give them back', async () => {
    const sent = { data: { type: 'articles', attributes: { title: 'Hello', body: 'World' } } };
    const created = await request(app).post('/articles').set('Content-Type', API).send(JSON.stringify(sent));
    expect(created.status).toBe(201);
    const { data } = JSON.parse(created.text) as { data: Article };
    expect(data).toEqual({ id: data.id, ...sent.data });
    expect(created.headers['location']).toBe(`/articles/${data.id}`);
    const read = await request(app).get(`/articles/${data.id}`).expect(200);
    expect((JSON.parse(read.text) as { data: Article }).data).toEqual(data);
    const listed = await request(app).get('/articles').expect(200);
    expect((JSON.parse(listed.text) as { data: Article[] }).data).toContainEqual(data);
    const engine = await request(app).get('/__mock/engine').expect(200);
    expect((engine.body as { stateful: string[] }).stateful).toEqual(
      expect.arrayContaining(['createArticle', 'getArticle', 'listArticles']),
    );
    await request(app).get('/articles/never-issued').expect(404);
  });

  it(
    "the kit's runner agrees with the mock on it",
    async () => {
      const result = await selfConsistency('jsonapi', spec);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      expect(
        result.report.results.find((r) => r.check === 'created_resource_readable' && r.operation === 'createArticle')
          ?.status,
      ).toBe('passed');
    },
    scaled(60_000),
  );
});
