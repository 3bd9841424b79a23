import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { zooService } from '../../fixtures/zoo/services.js';

// `records` (CLI --records N): how many records each collection of any other contract starts with,
// its examples first; 0 starts empty, as the freshly deployed service the mock stands in for.
const HONO = zooService('hono-projects').document;

describe('the records option', () => {
  it('0 starts every collection empty; a create is then the only record listed', async () => {
    const app = await createMockApp({ spec: HONO, records: 0 });
    expect((await request(app).get('/projects').expect(200)).body).toMatchObject({ items: [], total: 0, offset: 0 });
    await request(app).post('/projects').send({ name: 'zebra crossing' }).expect(201);
    const listed = (await request(app).get('/projects?offset=0&limit=5').expect(200)).body as {
      items: Array<{ name: string }>;
      total: number;
      offset: number;
      limit: number;
    };
    expect([listed.items.map((p) => p.name), listed.total, listed.offset, listed.limit]).toEqual([
      ['zebra crossing'],
      1,
      0,
      5,
    ]);
  });

  it('N starts each collection with N records, and the envelope tells the page it carries', async () => {
    const app = await createMockApp({ spec: HONO, records: 4 });
    const page = (await request(app).get('/projects?offset=1&limit=2').expect(200)).body as {
      items: unknown[];
      total: number;
      offset: number;
      limit: number;
    };
    expect([page.items.length, page.total, page.offset, page.limit]).toEqual([2, 4, 1, 2]);
  });

  it('refuses what is not a whole number 0..10000', async () => {
    await expect(createMockApp({ spec: HONO, records: -1 })).rejects.toThrow(
      /records must be an integer 0\.\.10000, got -1/,
    );
    await expect(createMockApp({ spec: HONO, records: 1.5 })).rejects.toThrow(/records must be an integer/);
  });
});
