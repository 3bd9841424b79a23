import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { zooService } from '../../fixtures/zoo/services.js';
import { JSON_HEADERS } from './helpers.js';

// `maxRecords` (CLI --max-records N): the store holds at most N records; a create beyond them is
// 507 Insufficient Storage (RFC 4918 §11.5) in the contract's error shape, and nothing is dropped.
const HONO = zooService('hono-projects').document;

interface Usage {
  readonly records: number;
  readonly maxRecords: number;
}
const usage = async (app: Parameters<typeof request>[0]): Promise<Usage> =>
  ((await request(app).get('/__mock/engine').expect(200)).body as { store: Usage }).store;

describe('the store cap on the Petstore rules', () => {
  it('answers 507 in the Error shape at the cap, keeps every record, and makes room on a delete', async () => {
    const seeded = await usage(await createMockApp({ pets: 3 }));
    const events: string[] = [];
    const app = await createMockApp({
      pets: 3,
      maxRecords: seeded.records + 1,
      onEvent: (event) => events.push(event.type),
    });
    expect(await usage(app)).toEqual({ records: seeded.records, maxRecords: seeded.records + 1 });

    const created = await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'Rex', categoryId: 1 }).expect(201);
    expect(await usage(app)).toEqual({ records: seeded.records + 1, maxRecords: seeded.records + 1 });

    const full = await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'Max', categoryId: 1 });
    expect(full.status).toBe(507);
    expect(full.headers['content-type']).toMatch(/^application\/json/);
    expect(full.body).toMatchObject({ status: 507, code: expect.any(String) as string });
    expect(full.body.message).toMatch(/store is full.*maximum of \d+ records/);
    const order = await request(app).post('/store/orders').set(JSON_HEADERS).send({ petId: 1, quantity: 1 });
    expect([order.status, order.body.status]).toEqual([507, 507]);
    // Nothing was stored and nothing was dropped: the pets listed are the four, the stock untouched.
    expect(Number((await request(app).get('/pets?limit=100').expect(200)).headers['x-total-count'])).toBe(4);
    expect((await request(app).get('/store/inventory/1').expect(200)).body.quantity).toBeGreaterThan(0);

    // The cap is not a fault of the mock: nothing is reported as an internal error.
    expect(events).toEqual([]);
    await request(app)
      .delete(`/pets/${String(created.body.id)}`)
      .set(JSON_HEADERS)
      .expect(204);
    expect((await usage(app)).records).toBe(seeded.records);
    await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'Max', categoryId: 1 }).expect(201);
  });

  it('refuses a whole state over the cap with 507 and keeps the state it had', async () => {
    const app = await createMockApp({ pets: 2, maxRecords: 10 });
    const before = (await request(app).get('/__mock/state').expect(200)).body as { pets: Array<{ id: number }> };
    const pets = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      name: `Pet ${i + 1}`,
      categoryId: 1,
      status: 'available',
    }));
    const big = {
      ...before,
      nextIds: { category: 100, pet: 100, order: 100 },
      pets,
      inventory: pets.map((p) => ({ petId: p.id, quantity: 1, status: 'available' })),
      orders: [],
    };
    const refused = await request(app).put('/__mock/state').set('Content-Type', 'application/json').send(big);
    expect(refused.body.message, JSON.stringify(refused.body)).toMatch(/store is full/);
    expect([refused.status, refused.body.status]).toEqual([507, 507]);
    expect((await request(app).get('/__mock/state').expect(200)).body).toEqual(before);
  });

  it('refuses a cap that is not a positive integer, or one the seeded store does not fit in', async () => {
    await expect(createMockApp({ maxRecords: 0 })).rejects.toThrow(/maxRecords must be a positive integer, got 0/);
    await expect(createMockApp({ maxRecords: 2.5 })).rejects.toThrow(/maxRecords must be a positive integer/);
    await expect(createMockApp({ pets: 20, maxRecords: 20 })).rejects.toThrow(
      /starting state holds more records than maxRecords \(20\)/,
    );
  });
});

describe('the store cap on the generic engine', () => {
  it('answers 507 in the contract error shape at the cap, and a delete makes room', async () => {
    const app = await createMockApp({ spec: HONO, records: 0, maxRecords: 1 });
    expect(await usage(app)).toEqual({ records: 0, maxRecords: 1 });
    const made = await request(app).post('/projects').send({ name: 'first' }).expect(201);
    const full = await request(app).post('/projects').send({ name: 'second' });
    expect(full.status).toBe(507);
    expect(full.headers['content-type']).toMatch(/json/);
    expect(JSON.stringify(full.body)).toMatch(/store is full/);
    expect((await request(app).get('/projects').expect(200)).body).toMatchObject({ total: 1 });
    expect(await usage(app)).toEqual({ records: 1, maxRecords: 1 });
    const id = (made.body as { id: string | number }).id;
    await request(app)
      .delete(`/projects/${String(id)}`)
      .expect((res) => expect(res.status).toBeLessThan(300));
    expect(await usage(app)).toEqual({ records: 0, maxRecords: 1 });
    await request(app).post('/projects').send({ name: 'second' }).expect(201);
  });
});
