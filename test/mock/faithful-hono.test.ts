import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { ROOT, type App } from './helpers.js';

// Shaped like @hono/zod-openapi's OpenAPI 3.1 document (fixtures/mock-contracts/hono-shaped.yaml).
const DOC = join(ROOT, 'fixtures', 'mock-contracts', 'hono-shaped.yaml');

interface Project {
  id: string;
  name: string;
  description: string | null;
  budget: number | null;
  createdAt: string;
}

describe('the mock of a Hono-shaped document answers as the service does (issue 29 item 4)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec: DOC });
  });

  it('a create that leaves out fields whose default is null stores null, not invented text or numbers', async () => {
    const created = (await request(app).post('/projects').send({ name: 'p' }).expect(201)).body as Project;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'p',
      description: null,
      budget: null,
      createdAt: expect.any(String),
    });
    expect((await request(app).get(`/projects/${created.id}`).expect(200)).body).toEqual(created);
  });

  it('PATCH {"description": null} stores null where the schema allows it; a later read says null', async () => {
    const created = (
      await request(app).post('/projects').send({ name: 'q', description: 'text', budget: 10 }).expect(201)
    ).body as Project;
    const patched = (await request(app).patch(`/projects/${created.id}`).send({ description: null }).expect(200))
      .body as Project;
    expect(patched).toEqual({ ...created, description: null });
    expect((await request(app).get(`/projects/${created.id}`).expect(200)).body).toEqual(patched);
  });

  it('a 404 says its message and carries nothing invented (no issues)', async () => {
    const res = await request(app).get('/projects/nothing-here').expect(404);
    expect(res.body).toEqual({ message: expect.stringMatching(/nothing-here/) });
  });

  it("a validation error fills zod's issues from the actual violations (code, path, message)", async () => {
    const res = await request(app).post('/projects').send({ name: '', budget: 'lots' }).expect(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        name: 'Bad Request',
        issues: expect.arrayContaining([
          { code: 'minLength', path: ['body', 'name'], message: expect.any(String) },
          { code: 'type', path: ['body', 'budget'], message: expect.any(String) },
        ]),
      },
    });
  });
});
