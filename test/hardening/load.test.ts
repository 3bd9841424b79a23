import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { KEY } from '../mock/helpers.js';

// Hundreds of concurrent writes over real sockets (port 0, loopback): each lands exactly once.

const WRITE = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };

describe('concurrent writes over real sockets', () => {
  let mock: RunningMock;
  const post = (path: string, body: unknown) =>
    fetch(`${mock.url}${path}`, { method: 'POST', headers: WRITE, body: JSON.stringify(body) });
  const all = <T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> =>
    Promise.all(Array.from({ length: n }, (_, i) => f(i)));

  beforeAll(async () => {
    mock = await start({ port: 0, pets: 0 });
  });
  beforeEach(async () => {
    expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('400 concurrent pet creations: 400 × 201, unique ids, X-Total-Count exact, each readable once', async () => {
    const responses = await all(400, (i) => post('/pets', { name: `Pet ${i}`, categoryId: 1 + (i % 6) }));
    expect(responses.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    const pets = (await Promise.all(responses.map((r) => r.json()))) as { id: number; name: string }[];
    const ids = pets.map((p) => p.id);
    expect(new Set(ids).size).toBe(400);
    expect(new Set(pets.map((p) => p.name)).size).toBe(400);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const list = await fetch(`${mock.url}/pets?limit=1`);
    expect(list.headers.get('x-total-count')).toBe('400');
    const inventory = await fetch(`${mock.url}/store/inventory?limit=1`);
    expect(inventory.headers.get('x-total-count')).toBe('400');
  });

  it('300 concurrent orders for a stock of 37: exactly 37 × 201, the rest 409 conflict, stock 0, never negative', async () => {
    const pet = (await (await post('/pets', { name: 'Rex', categoryId: 1 })).json()) as { id: number };
    const set = await fetch(`${mock.url}/store/inventory/${pet.id}`, {
      method: 'PUT',
      headers: WRITE,
      body: JSON.stringify({ quantity: 37 }),
    });
    expect(set.status).toBe(200);
    const responses = await all(300, () => post('/store/orders', { petId: pet.id, quantity: 1 }));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(37);
    expect(statuses.filter((s) => s === 409)).toHaveLength(263);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { id?: number; code?: string }[];
    expect(bodies.filter((b) => b.code !== undefined).every((b) => b.code === 'conflict')).toBe(true);
    expect(new Set(bodies.filter((b) => b.id !== undefined).map((b) => b.id)).size).toBe(37);
    const item = (await (await fetch(`${mock.url}/store/inventory/${pet.id}`)).json()) as {
      quantity: number;
      status: string;
    };
    expect(item).toEqual({ petId: pet.id, quantity: 0, status: 'pending' });
    expect((await fetch(`${mock.url}/store/orders?limit=1`)).headers.get('x-total-count')).toBe('37');
  });

  it('mixed quantities: the units sold never exceed the stock', async () => {
    const pet = (await (await post('/pets', { name: 'Mix', categoryId: 2 })).json()) as { id: number };
    await fetch(`${mock.url}/store/inventory/${pet.id}`, {
      method: 'PUT',
      headers: WRITE,
      body: JSON.stringify({ quantity: 100 }),
    });
    const quantities = Array.from({ length: 200 }, (_, i) => 1 + (i % 7));
    const responses = await all(200, (i) => post('/store/orders', { petId: pet.id, quantity: quantities[i] }));
    const sold = responses.reduce((sum, r, i) => sum + (r.status === 201 ? quantities[i]! : 0), 0);
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const item = (await (await fetch(`${mock.url}/store/inventory/${pet.id}`)).json()) as { quantity: number };
    expect(item.quantity).toBe(100 - sold);
    expect(item.quantity).toBeGreaterThanOrEqual(0);
  });

  it('50 concurrent cancellations of one order: one 204, the rest 404; the stock comes back once', async () => {
    const pet = (await (await post('/pets', { name: 'Once', categoryId: 1 })).json()) as { id: number };
    await fetch(`${mock.url}/store/inventory/${pet.id}`, {
      method: 'PUT',
      headers: WRITE,
      body: JSON.stringify({ quantity: 5 }),
    });
    const order = (await (await post('/store/orders', { petId: pet.id, quantity: 2 })).json()) as { id: number };
    const responses = await all(50, () =>
      fetch(`${mock.url}/store/orders/${order.id}`, { method: 'DELETE', headers: WRITE }),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(49);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    const item = (await (await fetch(`${mock.url}/store/inventory/${pet.id}`)).json()) as {
      quantity: number;
      status: string;
    };
    expect(item).toMatchObject({ quantity: 5, status: 'available' });
  });

  it('200 concurrent category creations and 100 concurrent deletions of them: counts exact, no id reused', async () => {
    const created = (await Promise.all(
      (await all(200, (i) => post('/categories', { name: `C${i}` }))).map((r) => r.json()),
    )) as { id: number }[];
    const ids = created.map((c) => c.id);
    expect(new Set(ids).size).toBe(200);
    const doomed = ids.slice(0, 100);
    const deleted = await all(100, (i) =>
      fetch(`${mock.url}/categories/${doomed[i]}`, { method: 'DELETE', headers: WRITE }),
    );
    expect(deleted.every((r) => r.status === 204)).toBe(true);
    expect((await fetch(`${mock.url}/categories?limit=1`)).headers.get('x-total-count')).toBe(String(6 + 100));
    const again = (await (await post('/categories', { name: 'After' })).json()) as { id: number };
    expect(again.id).toBeGreaterThan(Math.max(...ids));
  });
});
