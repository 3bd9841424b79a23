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

// A record every answer wraps beside other members (Clerk's `{response: EmailAddress, client}`):
// the generic engine keeps the record of the wrapping member, answers the identifier it stores
// there, and lists the records it holds (the construct fixture in fixtures/constructs/mock-agreement.ts).
const construct = CONSTRUCTS.find((c) => c.name.startsWith('a create whose answer wraps the record'))!;

describe('the generic engine keeps a wrapped record in its member', () => {
  let dir: string;
  let spec: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'envelope-'));
    spec = join(dir, 'notes.json');
    await writeFile(spec, JSON.stringify(construct.document));
    app = await createMockApp({ spec });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('the create answers the stored identifier and the sent field in `response`; read and list agree', async () => {
    const created = await request(app).post('/notes').send({ text: 'hello' });
    expect(created.status).toBe(200);
    const { response } = created.body as { response: { id: string; text: string } };
    expect(response.text).toBe('hello');
    expect(created.headers['location']).toBe(`/notes/${response.id}`);
    const read = await request(app).get(`/notes/${response.id}`).expect(200);
    expect((read.body as { response: unknown }).response).toEqual(response);
    const listed = await request(app).get('/notes').expect(200);
    expect(listed.body).toContainEqual(response);
    const engine = await request(app).get('/__mock/engine').expect(200);
    expect((engine.body as { stateful: string[] }).stateful).toEqual(
      expect.arrayContaining(['createNote', 'getNote', 'listNotes']),
    );
  });

  it(
    "the kit's runner agrees with the mock on it",
    async () => {
      const result = await selfConsistency('envelope', spec);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      expect(
        result.report.results.find((r) => r.check === 'positive_data_accepted' && r.operation === 'getNote')?.status,
      ).toBe('passed');
    },
    scaled(60_000),
  );
});
