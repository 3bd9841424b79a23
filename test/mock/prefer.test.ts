import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { StateSnapshotInput } from '../../src/index.js';
import { decodePrefer } from '../../src/mock/controls/request-headers/prefer.js';
import { CONTRACT, expectError, fixture, JSON_HEADERS, type App } from './helpers.js';

const small = fixture<StateSnapshotInput>('states/small.json');
const badPrefer = fixture<{ prefer: string; mentions: string }[]>('mock/bad-prefer.json');

describe('Prefer (Prism-compatible knobs, RFC 7240)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ state: small });
  });

  it('decodes tokens, quotes and repeats (the first wins), and ignores unknown preferences', () => {
    expect(decodePrefer('code=404, dynamic=true')).toEqual({ ok: true, preferences: { code: 404, dynamic: true } });
    expect(decodePrefer(['code="200"', 'code=404; x=1'])).toEqual({ ok: true, preferences: { code: 200 } });
    expect(decodePrefer('return=minimal, respond-async, seed=7, delay=5')).toEqual({
      ok: true,
      preferences: { seed: 7, delay: 5 },
    });
    expect(decodePrefer(undefined)).toEqual({ ok: true, preferences: {} });
  });

  it.each(badPrefer)('Prefer: $prefer → 400 validation_failed', async ({ prefer, mentions }) => {
    const res = await request(app).get('/pets').set('Prefer', prefer);
    expectError(res, 400, 'validation_failed');
    expect(res.body.message).toContain(mentions);
    expect(res.body.details[0].location).toBe('header.Prefer');
  });

  it('example=NAME answers that named example of the contract (and its total)', async () => {
    const empty = await request(app).get('/pets').set('Prefer', 'example=empty').expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    const sold = await request(app).get('/pets/1').set('Prefer', 'example=sold').expect(200);
    expect(sold.body).toMatchObject({ status: 'sold' });
    expect(sold.headers['deprecation']).toBe('@1767225600');
  });

  it('code=NNN answers that documented status with the contract example for it, naming the id asked for (issue 21, item 16)', async () => {
    const documented = CONTRACT.operationsById.get('getPet')!.responses['404']!.content!['application/json']!
      .example as { message: string };
    expect(documented.message).toBe('Pet 404 does not exist.'); // the contract's example names its own id
    const res = await request(app).get('/pets/1').set('Prefer', 'code=404');
    expectError(res, 404, 'not_found');
    expect(res.body).toEqual({ ...documented, message: 'Pet 1 does not exist.' });
    const same = await request(app).get('/pets/404').set('Prefer', 'code=404');
    expect(same.body).toEqual(documented);
    // No path parameter to name: the response's description, which names no id.
    const unprocessable = await request(app)
      .post('/pets')
      .set(JSON_HEADERS)
      .set('Prefer', 'code=422')
      .send({ name: 'Rex', categoryId: 1 });
    expectError(unprocessable, 422, 'unprocessable');
    expect(unprocessable.body.message).not.toMatch(/\b[A-Z][a-z]+ \d+\b/);
    expect(unprocessable.body.message).toBe(CONTRACT.operationsById.get('createPet')!.responses['422']!.description);
  });

  it('code=NNN sends the required headers of that response (401 WWW-Authenticate, 503 Retry-After)', async () => {
    const unauthorised = await request(app)
      .post('/pets')
      .set(JSON_HEADERS)
      .set('Prefer', 'code=401')
      .send({ name: 'Rex', categoryId: 1 });
    expectError(unauthorised, 401, 'unauthorized');
    expect(unauthorised.headers['www-authenticate']).toContain('ApiKey');
    const unavailable = await request(app).get('/categories').set('Prefer', 'code=503');
    expectError(unavailable, 503, 'unavailable');
    expect(unavailable.headers['retry-after']).toMatch(/^\d+$/);
    const limited = await request(app).get('/categories').set('Prefer', 'code=429');
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('a canned 201 does not touch the state and carries Location', async () => {
    const res = await request(app)
      .post('/categories')
      .set(JSON_HEADERS)
      .set('Prefer', 'code=201')
      .send({ name: 'Birds' });
    expect(res.status).toBe(201);
    expect(res.headers['location']).toMatch(/^\//);
    expect((await request(app).get('/categories')).headers['x-total-count']).toBe('2');
  });

  it('code=204 answers without a body', async () => {
    const res = await request(app).delete('/pets/2').set('X-API-Key', 'dev-key').set('Prefer', 'code=204');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await request(app).get('/pets/2')).status).toBe(200);
  });

  it('Prefer never bypasses auth', async () => {
    const res = await request(app)
      .post('/pets')
      .set('Content-Type', 'application/json')
      .set('Prefer', 'code=201')
      .send({ name: 'Rex', categoryId: 1 });
    expectError(res, 401, 'unauthorized');
    const bad = await request(app).delete('/pets/1').set('Prefer', 'code=999');
    expectError(bad, 401, 'unauthorized');
  });

  it('dynamic=true generates a body from the schema; seed=N makes it repeatable', async () => {
    const a = await request(app).get('/pets').set('Prefer', 'dynamic=true, seed=7').expect(200);
    const b = await request(app).get('/pets').set('Prefer', 'dynamic=true, seed=7').expect(200);
    const c = await request(app).get('/pets').set('Prefer', 'dynamic=true, seed=8').expect(200);
    expect(a.text).toBe(b.text);
    expect(a.text).not.toBe(c.text);
    expect(a.body).not.toEqual((await request(app).get('/pets')).body);
    expect(a.headers['x-total-count']).toBe(String(a.body.length));
    for (const pet of a.body) expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
  });

  it('dynamic=true works for every read operation and passes response validation', async () => {
    for (const path of [
      '/pets/1',
      '/categories',
      '/categories/1',
      '/store/orders',
      '/store/orders/1',
      '/store/inventory',
      '/store/inventory/1',
    ]) {
      const res = await request(app).get(path).set('Prefer', 'dynamic=true, seed=3');
      expect(res.status, `${path}: ${res.text}`).toBe(200);
    }
  });

  it('delay=MS delays the answer', async () => {
    const started = performance.now();
    await request(app).get('/categories').set('Prefer', 'delay=150').expect(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
