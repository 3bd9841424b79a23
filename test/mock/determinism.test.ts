import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { seedState } from '../../src/mock/store/seed.js';
import { scaled } from '../load-scale.js';

const ENDPOINTS = [
  '/pets?limit=100',
  '/pets/7',
  '/categories',
  '/store/orders?limit=100',
  '/store/inventory?limit=100',
  '/pets?status=sold',
];

describe('the seed decides everything', () => {
  it('two apps with the same seed answer byte-identical bodies', async () => {
    const [a, b] = await Promise.all([createMockApp({ seed: 7 }), createMockApp({ seed: 7 })]);
    for (const path of ENDPOINTS) {
      const [x, y] = await Promise.all([request(a).get(path), request(b).get(path)]);
      expect(x.status, path).toBe(200);
      expect(x.text, path).toBe(y.text);
      expect(x.headers['x-total-count']).toBe(y.headers['x-total-count']);
    }
    const [sx, sy] = await Promise.all([request(a).get('/__mock/state'), request(b).get('/__mock/state')]);
    expect(sx.text).toBe(sy.text);
  });

  it('different seeds give different data', async () => {
    const [a, b] = await Promise.all([createMockApp({ seed: 1 }), createMockApp({ seed: 2 })]);
    const [x, y] = await Promise.all([request(a).get('/pets?limit=100'), request(b).get('/pets?limit=100')]);
    expect(x.text).not.toBe(y.text);
  });

  it('the default seeded store: a handful of categories, 50 believable pets, consistent orders and stock', async () => {
    const app = await createMockApp();
    const state = (await request(app).get('/__mock/state').expect(200)).body as ReturnType<typeof seedState>;
    expect(state.categories.length).toBeGreaterThanOrEqual(4);
    expect(state.categories.length).toBeLessThanOrEqual(8);
    for (const c of state.categories) expect(c.description?.length).toBeGreaterThan(10);
    expect(state.pets).toHaveLength(50);
    expect(new Set(state.pets.map((p) => p.name)).size).toBeGreaterThan(25);
    expect(new Set(state.pets.map((p) => p.status))).toEqual(new Set(['available', 'pending', 'sold']));
    const stock = new Map(state.inventory.map((i) => [i.petId, i]));
    const open = new Set(state.orders.filter((o) => !o.complete).map((o) => o.petId));
    expect(open.size).toBeGreaterThan(0);
    expect(state.orders.some((o) => o.complete)).toBe(true);
    for (const pet of state.pets) {
      const item = stock.get(pet.id)!;
      expect(item.status).toBe(pet.status);
      const expected = open.has(pet.id) ? 'pending' : item.quantity > 0 ? 'available' : 'sold';
      expect(pet.status, `pet ${pet.id}`).toBe(expected);
    }
    // Seeded ship dates come from a fixed base, never from the wall clock.
    for (const o of state.orders) expect(o.shipDate).toMatch(/^2026-0[1-3]-\d\dT\d\d:00:00Z$/);
  });

  it('100,000 pets seed in well under 2 s, and reads use the indexes', async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const state = seedState(42, 100_000);
    const seedMs = performance.now() - started;
    // Seeding is synchronous: its CPU time is what it costs, whatever else holds the cores.
    const cpu = process.cpuUsage(cpuStarted);
    const seedCpuMs = (cpu.user + cpu.system) / 1000;
    expect(state.pets).toHaveLength(100_000);
    expect(seedCpuMs).toBeLessThan(2000);

    const appStarted = performance.now();
    const app = await createMockApp({ pets: 100_000 });
    const appMs = performance.now() - appStarted;
    const rssMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;

    const readStarted = performance.now();
    const sold = await request(app).get('/pets?status=sold&categoryId=2&limit=5&offset=1000').expect(200);
    await request(app).get('/store/inventory?status=pending&offset=5000&limit=100').expect(200);
    await request(app).get('/store/orders?complete=false&offset=10000').expect(200);
    await request(app).get('/pets/99999').expect(200);
    const readMs = performance.now() - readStarted;
    expect(Number(sold.headers['x-total-count'])).toBeGreaterThan(1000);
    // Four reads through the HTTP stack wait on the event loop: wall time, stretched with the load (test/load-scale.ts).
    expect(readMs).toBeLessThan(scaled(1000));
    console.info(
      `seed 100k: ${seedMs.toFixed(0)} ms (${seedCpuMs.toFixed(0)} ms CPU); createMockApp 100k: ${appMs.toFixed(0)} ms; RSS +${rssMb.toFixed(0)} MB; 4 filtered reads ${readMs.toFixed(0)} ms`,
    );
  });
});
