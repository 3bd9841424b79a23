import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { loadContract, SchemaValidator, type Contract } from '../../src/contract/index.js';
import { ROOT, type App } from './helpers.js';

// A document FastAPI 0.142 generated (fixtures/mock-contracts/fastapi/tasks_app.py, unedited):
// Pydantic defaults, Optional fields, 422 HTTPValidationError as the only documented error, a
// delete answering its own `Message`, a token answer with `token_type: str = "bearer"`.
const DOC = join(ROOT, 'fixtures', 'mock-contracts', 'fastapi', 'tasks.openapi.json');
const UNKNOWN = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

interface Task {
  id: string;
  title: string;
  description?: string | null;
  priority: string;
  done: boolean;
  created_at: string;
  updated_at: string;
}

describe('the mock of a FastAPI document answers as FastAPI does (issue 29 item 4)', () => {
  let app: App;
  let contract: Contract;
  const validator = new SchemaValidator('json-schema-2020-12');
  /** Whether a body is valid against a component schema of the document (HTTPValidationError, Message). */
  const fits = (name: string, body: unknown): boolean => {
    const schema = contract.resolved.components?.schemas?.[name];
    return schema !== undefined && validator.validate(schema, body, 'response').state === 'valid';
  };
  beforeAll(async () => {
    app = await createMockApp({ spec: DOC });
    contract = await loadContract(DOC);
  });

  it.each([
    ['an empty title', { title: '' }, ['body', 'title'], 'minLength'],
    ['an unknown enum value', { title: 't', priority: 'urgent' }, ['body', 'priority'], 'enum'],
    ['a missing field', {}, ['body', 'title'], 'required'],
  ])(
    '%s is 422 with detail[] naming loc, msg and type, as HTTPValidationError documents',
    async (_what, body, loc, type) => {
      const res = await request(app).post('/tasks').send(body).expect(422);
      expect(res.body).toEqual({ detail: [{ loc, msg: expect.any(String), type }] });
      expect(fits('HTTPValidationError', res.body)).toBe(true);
    },
  );

  it('malformed JSON, an unknown query parameter and a malformed UUID in the path are 422 too, each located', async () => {
    const malformed = await request(app)
      .post('/tasks')
      .set('Content-Type', 'application/json')
      .send('{"title":')
      .expect(422);
    expect(malformed.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    const query = await request(app).get('/tasks?bogus=1').expect(422);
    expect(query.body.detail[0]).toMatchObject({ loc: ['query', 'bogus'] });
    const uuid = await request(app).get('/tasks/not-a-uuid').expect(422);
    expect(uuid.body.detail[0]).toMatchObject({ loc: ['path', 'task_id'], type: 'format' });
    for (const res of [malformed, query, uuid]) expect(fits('HTTPValidationError', res.body)).toBe(true);
  });

  it('the journal records what was wrong, never "{}"', async () => {
    await request(app).post('/tasks').send({ title: '' }).expect(422);
    const journal = (await request(app).get('/__mock/requests?limit=1').expect(200)).body as {
      status: number;
      error?: string;
    }[];
    expect(journal[0]).toMatchObject({ status: 422, error: expect.stringMatching(/fewer than 1 characters/) });
  });

  it("Prefer: code=404 is honoured on an operation that does not document it, in the contract's error shape", async () => {
    const res = await request(app).get(`/tasks/${UNKNOWN}`).set('Prefer', 'code=404').expect(404);
    expect(res.body).toEqual({
      detail: [{ loc: [], msg: expect.stringMatching(/Prefer asked for 404/), type: expect.any(String) }],
    });
    expect(fits('HTTPValidationError', res.body)).toBe(true);
  });

  it('a create stores the defaults FastAPI applies; a replace keeps created_at and moves updated_at; null is stored', async () => {
    const created = (await request(app).post('/tasks').send({ title: 'write' }).expect(201)).body as Task;
    expect(created).toEqual({
      id: expect.any(String),
      title: 'write',
      priority: 'normal',
      done: false,
      created_at: expect.any(String),
      updated_at: created.created_at,
    });
    const replaced = (await request(app).put(`/tasks/${created.id}`).send({ title: 'rewrite', done: true }).expect(200))
      .body as Task;
    expect(replaced).toMatchObject({
      id: created.id,
      title: 'rewrite',
      priority: 'normal',
      done: true,
      created_at: created.created_at,
    });
    expect(Date.parse(replaced.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
    await request(app).patch(`/tasks/${created.id}`).send({ description: 'some' }).expect(200);
    const cleared = (await request(app).patch(`/tasks/${created.id}`).send({ description: null }).expect(200))
      .body as Task;
    expect(cleared.description).toBeNull();
    expect(((await request(app).get(`/tasks/${created.id}`).expect(200)).body as Task).description).toBeNull();
  });

  it('a delete answers its own documented Message, not the record with an invented message', async () => {
    const created = (await request(app).post('/tasks').send({ title: 'gone' }).expect(201)).body as Task;
    const deleted = await request(app).delete(`/tasks/${created.id}`).expect(200);
    expect(Object.keys(deleted.body)).toEqual(['message']);
    expect(fits('Message', deleted.body)).toBe(true);
  });

  it('an unknown id on an operation that documents no 404 gets its documented answer, and the stateless header says why', async () => {
    const res = await request(app).get(`/tasks/${UNKNOWN}`).expect(200);
    expect(res.headers['x-mock-stateless']).toMatch(/documents no 404/);
  });

  it('a delete of an id never stored answers as documented, and the resource is gone afterwards (RFC 9110 §9.3.5)', async () => {
    const id = '0b8f6a52-7c1e-4c3f-9a4e-2f1d3c5b7a90';
    const deleted = await request(app).delete(`/tasks/${id}`).expect(200);
    expect(deleted.headers['x-mock-stateless']).toMatch(/documents no 404/);
    await request(app).get(`/tasks/${id}`).expect(404);
  });

  it('a token answer carries token_type\'s default, "bearer"', async () => {
    const res = await request(app)
      .post('/login/access-token')
      .type('form')
      .send({ username: 'u', password: 'p' })
      .expect(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
  });
});
