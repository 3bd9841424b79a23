import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { StateSnapshotInput } from '../../src/index.js';
import { expectError, fixture, JSON_HEADERS, KEY, type App } from './helpers.js';

const small = fixture<StateSnapshotInput>('states/small.json');

describe('order, stock and status transitions (contract: States and transitions)', () => {
  let app: App;
  const pet = async (id: number) => (await request(app).get(`/pets/${id}`).expect(200)).body.status as string;
  const stock = async (id: number) =>
    (await request(app).get(`/store/inventory/${id}`).expect(200)).body as { quantity: number; status: string };
  const order = async (petId: number, quantity: number) =>
    (await request(app).post('/store/orders').set(JSON_HEADERS).send({ petId, quantity }).expect(201)).body as {
      id: number;
    };

  beforeAll(async () => {
    app = await createMockApp({ state: small });
  });
  beforeEach(async () => {
    await request(app).post('/__mock/reset').expect(204);
  });

  it('placing an order takes stock and makes the pet pending', async () => {
    await order(1, 2);
    expect(await pet(1)).toBe('pending');
    expect(await stock(1)).toEqual({ petId: 1, quantity: 1, status: 'pending' });
  });

  it('ordering more than the stock is 409 and changes nothing', async () => {
    expectError(
      await request(app).post('/store/orders').set(JSON_HEADERS).send({ petId: 1, quantity: 4 }),
      409,
      'conflict',
    );
    expect(await stock(1)).toEqual({ petId: 1, quantity: 3, status: 'available' });
    expect((await request(app).get('/store/orders')).headers['x-total-count']).toBe('1');
  });

  it('completing with stock left makes the pet available; without stock, sold', async () => {
    const first = await order(1, 1);
    await request(app).post(`/store/orders/${first.id}/complete`).set('X-API-Key', KEY).expect(200);
    expect(await pet(1)).toBe('available');
    const second = await order(1, 2);
    const done = await request(app).post(`/store/orders/${second.id}/complete`).set('X-API-Key', KEY).expect(200);
    expect(done.body).toMatchObject({ id: second.id, complete: true });
    expect(await stock(1)).toEqual({ petId: 1, quantity: 0, status: 'sold' });
  });

  it('the pet stays pending while another order for it is open', async () => {
    const a = await order(1, 1);
    const b = await order(1, 1);
    await request(app).post(`/store/orders/${a.id}/complete`).set('X-API-Key', KEY).expect(200);
    expect(await pet(1)).toBe('pending');
    await request(app).delete(`/store/orders/${b.id}`).set('X-API-Key', KEY).expect(204);
    expect(await pet(1)).toBe('available');
    expect((await stock(1)).quantity).toBe(2);
  });

  it('cancelling an open order returns its stock and recomputes the status', async () => {
    await request(app).delete('/store/orders/1').set('X-API-Key', KEY).expect(204);
    expect(await stock(2)).toEqual({ petId: 2, quantity: 1, status: 'available' });
    expectError(await request(app).get('/store/orders/1'), 404, 'not_found');
  });

  it('a completed order cannot be cancelled or completed again (409)', async () => {
    await request(app).post('/store/orders/1/complete').set('X-API-Key', KEY).expect(200);
    expect(await stock(2)).toEqual({ petId: 2, quantity: 0, status: 'sold' });
    expectError(await request(app).post('/store/orders/1/complete').set('X-API-Key', KEY), 409, 'conflict');
    expectError(await request(app).delete('/store/orders/1').set('X-API-Key', KEY), 409, 'conflict');
  });

  it('setting stock recomputes: pending while an order is open, else available with stock, sold without', async () => {
    expect(
      (await request(app).put('/store/inventory/2').set(JSON_HEADERS).send({ quantity: 4 }).expect(200)).body.status,
    ).toBe('pending');
    expect(
      (await request(app).put('/store/inventory/1').set(JSON_HEADERS).send({ quantity: 0 }).expect(200)).body.status,
    ).toBe('sold');
    expect(
      (await request(app).put('/store/inventory/1').set(JSON_HEADERS).send({ quantity: 7 }).expect(200)).body.status,
    ).toBe('available');
    expect(await pet(1)).toBe('available');
  });

  it('completed orders keep their petId after the pet is deleted; order ids are never reused', async () => {
    await request(app).post('/store/orders/1/complete').set('X-API-Key', KEY).expect(200);
    await request(app).delete('/pets/2').set('X-API-Key', KEY).expect(204);
    expect((await request(app).get('/store/orders/1').expect(200)).body).toMatchObject({ petId: 2, complete: true });
    const placed = await order(1, 1);
    await request(app).delete(`/store/orders/${placed.id}`).set('X-API-Key', KEY).expect(204);
    expect((await order(1, 1)).id).toBe(placed.id + 1);
  });

  it('InventoryItem.status equals the pet status after every step', async () => {
    const steps: (() => Promise<unknown>)[] = [
      () => order(1, 1),
      () => request(app).put('/pets/1').set(JSON_HEADERS).send({ name: 'Rex', categoryId: 1 }),
      () => request(app).post('/store/orders/2/complete').set('X-API-Key', KEY),
      () => request(app).put('/store/inventory/3').set(JSON_HEADERS).send({ quantity: 2 }),
      () => request(app).delete('/store/orders/1').set('X-API-Key', KEY),
    ];
    for (const step of steps) {
      await step();
      const pets = (await request(app).get('/pets')).body as { id: number; status: string }[];
      const items = (await request(app).get('/store/inventory')).body as { petId: number; status: string }[];
      expect(items.map((i) => [i.petId, i.status])).toEqual(pets.map((p) => [p.id, p.status]));
    }
  });
});
