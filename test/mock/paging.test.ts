import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { App } from './helpers.js';

describe('paging: limit/offset, X-Total-Count, Link (RFC 8288)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ pets: 45 });
  });

  it('the first page has only next, with the contract default limit', async () => {
    const res = await request(app).get('/pets').expect(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers['x-total-count']).toBe('45');
    expect(res.headers['link']).toBe('</pets?limit=20&offset=20>; rel="next"');
  });

  it('a middle page has next and prev, keeping the filters', async () => {
    const total = Number(
      (await request(app).get('/store/inventory?status=available&limit=1')).headers['x-total-count'],
    );
    expect(total).toBeGreaterThan(4);
    const res = await request(app).get('/store/inventory?status=available&limit=2&offset=2').expect(200);
    expect(res.headers['link']).toContain('</store/inventory?status=available&limit=2&offset=4>; rel="next"');
    expect(res.headers['link']).toContain('</store/inventory?status=available&limit=2&offset=0>; rel="prev"');
  });

  it('the last page has only prev; pages follow each other by id without overlap', async () => {
    const seen: number[] = [];
    let next: string | undefined = '/pets?limit=20&offset=0';
    let last: request.Response | undefined;
    while (next) {
      last = await request(app).get(next).expect(200);
      seen.push(...last.body.map((p: { id: number }) => p.id));
      next = /<([^>]+)>; rel="next"/.exec(last.headers['link'] ?? '')?.[1];
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(last?.headers['link']).toBe('</pets?limit=20&offset=20>; rel="prev"');
  });

  it('an offset past the end gives an empty page with a prev link', async () => {
    const res = await request(app).get('/pets?offset=100').expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('45');
    expect(res.headers['link']).toContain('rel="prev"');
    expect(res.headers['link']).not.toContain('rel="next"');
  });

  it('limit=100 is allowed, a single page has no Link', async () => {
    const res = await request(app).get('/pets?limit=100').expect(200);
    expect(res.body).toHaveLength(45);
    expect(res.headers['link']).toBeUndefined();
  });
});
