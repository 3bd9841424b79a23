import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { JSON_HEADERS, type App } from './helpers.js';

// Read-only members sent in a request body are ignored, the server's values kept (OAS 3.0.3 §4.7.24
// "SHOULD NOT be sent"; JSON Schema Validation 2020-12 §9.4 "expected to be ignored or rejected"),
// as Django REST framework and most services of the zoo do (docs/mock-errors-and-records.md).
// Before: 400 "request/body/id is read-only", so a client that reads a record and sends it back
// whole could not replace it on the mock.
const stamp = { type: 'string', format: 'date-time', readOnly: true };
const note = {
  type: 'object',
  // `id` and `created_at` required and read-only: required in the answer only (OAS 3.0.3 §4.7.24).
  required: ['id', 'created_at', 'title'],
  properties: {
    id: { type: 'integer', readOnly: true },
    created_at: stamp,
    title: { type: 'string', minLength: 1 },
    meta: {
      type: 'object',
      properties: { revision: { type: 'integer', readOnly: true }, label: { type: 'string' } },
    },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sku'],
        properties: { lineId: { type: 'string', readOnly: true }, sku: { type: 'string' } },
      },
    },
  },
};
const body = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } };
const ok = (status: string): Record<string, unknown> => ({
  [status]: {
    description: 'the note',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
  },
  '400': { description: 'invalid' },
  '404': { description: 'none' },
});
const idParam = [{ name: 'noteId', in: 'path', required: true, schema: { type: 'integer' } }];
const document = {
  openapi: '3.0.3',
  info: { title: 'read-only members sent', version: '1' },
  paths: {
    '/notes': { post: { operationId: 'createNote', requestBody: body, responses: ok('201') } },
    '/notes/{noteId}': {
      get: { operationId: 'getNote', parameters: idParam, responses: ok('200') },
      put: { operationId: 'replaceNote', parameters: idParam, requestBody: body, responses: ok('200') },
      patch: { operationId: 'updateNote', parameters: idParam, requestBody: body, responses: ok('200') },
    },
  },
  components: { schemas: { Note: note } },
};

interface Note {
  id: number;
  created_at: string;
  title: string;
  meta?: { revision?: number; label?: string };
  lines?: { lineId?: string; sku: string }[];
}

const HEADER = 'x-mock-read-only-ignored';

describe('read-only members of a request body are ignored, the server keeping its values', () => {
  let dir: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-only-ignored-'));
    const spec = join(dir, 'notes.json');
    await writeFile(spec, JSON.stringify(document));
    app = await createMockApp({ spec, records: 0 });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const create = async (sent: Record<string, unknown> = {}): Promise<Note> =>
    (
      await request(app)
        .post('/notes')
        .send({ title: 'first', ...sent })
        .expect(201)
    ).body as Note;

  it.each<[string, (stored: Note) => Record<string, unknown>, string | undefined]>([
    ['the same values as stored', (stored) => ({ ...stored, title: 'second' }), '/id, /created_at'],
    [
      'different values',
      (stored) => ({ ...stored, id: stored.id + 1000, created_at: '2001-01-01T00:00:00Z', title: 'second' }),
      '/id, /created_at',
    ],
    ['none (required read-only members left out)', () => ({ title: 'second' }), undefined],
  ])('a replace carrying %s answers 200 and keeps the stored id and created_at', async (_name, sent, named) => {
    const stored = await create();
    const replaced = await request(app).put(`/notes/${stored.id}`).send(sent(stored)).expect(200);
    expect(replaced.headers[HEADER]).toBe(named);
    const read = (await request(app).get(`/notes/${stored.id}`).expect(200)).body as Note;
    expect(read).toMatchObject({ id: stored.id, created_at: stored.created_at, title: 'second' });
    expect(replaced.body).toEqual(read);
  });

  it('a patch carrying different read-only values changes only the writable members', async () => {
    const stored = await create();
    const patched = await request(app)
      .patch(`/notes/${stored.id}`)
      .send({ id: 99_999, created_at: '2001-01-01T00:00:00Z', title: 'patched' })
      .expect(200);
    expect(patched.headers[HEADER]).toBe('/id, /created_at');
    expect(patched.body).toMatchObject({ id: stored.id, created_at: stored.created_at, title: 'patched' });
  });

  it('a create carrying a client-chosen id is given the server’s own', async () => {
    const made = await request(app).post('/notes').send({ id: 424_242, title: 'mine' }).expect(201);
    expect(made.headers[HEADER]).toBe('/id');
    expect((made.body as Note).id).not.toBe(424_242);
    await request(app).get('/notes/424242').expect(404);
  });

  it('a read-only member of a nested object and of array items is ignored where it stands', async () => {
    const made = await request(app)
      .post('/notes')
      .send({ title: 'deep', meta: { revision: 7, label: 'kept' }, lines: [{ sku: 'A-1', lineId: 'client' }] })
      .expect(201);
    expect(made.headers[HEADER]).toBe('/meta/revision, /lines/0/lineId');
    const { meta, lines } = made.body as Note;
    expect(meta?.label).toBe('kept');
    expect(meta?.revision).not.toBe(7);
    expect(lines?.[0]?.sku).toBe('A-1');
    expect(lines?.[0]?.lineId).not.toBe('client');
  });

  it('a body invalid beside its read-only members is refused for what is invalid, not for them', async () => {
    const refused = await request(app).post('/notes').send({ id: 5, title: '' }).expect(400);
    expect(JSON.stringify(refused.body)).toMatch(/title/);
    expect(JSON.stringify(refused.body)).not.toMatch(/read-only/);
  });

  it('the journal keeps the body as sent and says what was ignored', async () => {
    await request(app).post('/notes').send({ id: 31, title: 'journaled' }).expect(201);
    const [entry] = (await request(app).get('/__mock/requests?limit=1').expect(200)).body as {
      requestBody: string;
      warning: string;
    }[];
    expect(JSON.parse(entry!.requestBody)).toEqual({ id: 31, title: 'journaled' });
    expect(entry!.warning).toMatch(/Read-only members of the body ignored.*\/id/);
  });
});

describe("the bundled Petstore contract: an order's read-only id and complete are ignored", () => {
  it('a placed order carrying id and complete gets the server’s (docs/petstore-contract.md, server-managed fields)', async () => {
    const app = await createMockApp({});
    const placed = await request(app)
      .post('/store/orders')
      .set(JSON_HEADERS)
      .send({ petId: 1, quantity: 1, id: 99_999, complete: true })
      .expect(201);
    expect(placed.headers[HEADER]).toBe('/id, /complete');
    expect(placed.body).toMatchObject({ petId: 1, quantity: 1, complete: false });
    expect((placed.body as { id: number }).id).not.toBe(99_999);
  });
});
