import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { ROOT, type App } from './helpers.js';

// Shaped like @nestjs/swagger's document of a ValidationPipe controller (fixtures/mock-contracts/nest-shaped.yaml).
const DOC = join(ROOT, 'fixtures', 'mock-contracts', 'nest-shaped.yaml');

interface Customer {
  id: number;
  name: string;
  email: string;
  marketingOptIn: boolean;
  createdAt: string;
  updatedAt: string;
}

describe('the mock of a Nest-shaped document answers as Nest does (issue 29 item 4)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec: DOC });
  });

  it("a validation error is 400 with Nest's statusCode, message[] (one per violation) and error", async () => {
    const res = await request(app).post('/customers').send({ name: '' }).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: expect.arrayContaining([
        expect.stringMatching(/^body\.name: .*fewer than 1 characters/),
        expect.stringMatching(/^body\.email: .*required property 'email'/),
      ]),
      error: 'Bad Request',
    });
    expect((res.body as { message: string[] }).message).toHaveLength(2);
  });

  it('a replace without marketingOptIn stores its documented default, false; createdAt stays, updatedAt moves on', async () => {
    const created = (
      await request(app)
        .post('/customers')
        .send({ name: 'Ada', email: 'ada@example.com', marketingOptIn: true })
        .expect(201)
    ).body as Customer;
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Ada',
      email: 'ada@example.com',
      marketingOptIn: true,
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    const replaced = (
      await request(app).put(`/customers/${created.id}`).send({ name: 'Ada L', email: 'ada@example.com' }).expect(200)
    ).body as Customer;
    expect(replaced).toMatchObject({
      id: created.id,
      name: 'Ada L',
      marketingOptIn: false,
      createdAt: created.createdAt,
    });
    expect(Date.parse(replaced.updatedAt)).toBeGreaterThanOrEqual(Date.parse(replaced.createdAt));
    const plain = (await request(app).post('/customers').send({ name: 'Bob', email: 'bob@example.com' }).expect(201))
      .body as Customer;
    expect(plain.marketingOptIn).toBe(false);
  });

  it('an unknown id where findOne documents only 200 is that documented answer, with the stateless header; replace documents 404 and gets it', async () => {
    const read = await request(app).get('/customers/987654').expect(200);
    expect(read.headers['x-mock-stateless']).toMatch(
      /^no customer with id 987654 is stored, and CustomersController_findOne documents no 404/,
    );
    const replaced = await request(app)
      .put('/customers/987654')
      .send({ name: 'x', email: 'x@example.com' })
      .expect(404);
    expect(replaced.body).toEqual({ statusCode: 404, message: [expect.stringMatching(/987654/)], error: 'Not Found' });
  });

  it('a request without credentials where the operation documents 403 and no 401 gets the documented 403, in its error shape', async () => {
    const res = await request(app).delete('/customers/1').expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: [expect.any(String)], error: 'Forbidden' });
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it("Prefer: code=404 on findOne answers 404 in the contract's error shape", async () => {
    const res = await request(app).get('/customers/1').set('Prefer', 'code=404').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      message: [expect.stringMatching(/Prefer asked for 404/)],
      error: 'Not Found',
    });
  });
});
