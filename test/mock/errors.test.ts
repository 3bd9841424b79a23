import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { StateSnapshotInput } from '../../src/index.js';
import { expectError, fixture, KEY, type App } from './helpers.js';

interface ErrorCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  auth?: boolean;
  key?: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  accept?: string;
  status: number;
  code: string;
  location?: string;
  allow?: string;
}

const cases = fixture<ErrorCase[]>('mock/error-cases.json');
const small = fixture<StateSnapshotInput>('states/small.json');

function send(app: App, c: ErrorCase) {
  let req = request(app)[c.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'](c.path);
  if (c.auth) req = req.set('X-API-Key', KEY);
  if (c.key !== undefined) req = req.set('X-API-Key', c.key);
  if (c.accept !== undefined) req = req.set('Accept', c.accept);
  if (c.raw !== undefined) return req.set('Content-Type', c.contentType ?? 'application/json').send(c.raw);
  if (c.body !== undefined) {
    const body = JSON.parse(JSON.stringify(c.body).replace('"LONG501"', JSON.stringify('x'.repeat(501)))) as object;
    return req.set('Content-Type', 'application/json').send(body);
  }
  return req;
}

describe('every failure answers the contract Error (state: fixtures/states/small.json)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ state: small });
  });
  beforeEach(async () => {
    await request(app).post('/__mock/reset').expect(204);
  });

  it.each(cases)('$name → $status $code', async (c) => {
    const res = await send(app, c);
    expectError(res, c.status, c.code);
    if (c.location !== undefined) {
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ location: c.location })]));
    }
    if (c.status === 401) expect(res.headers['www-authenticate']).toBe('ApiKey realm="petstore", header="X-API-Key"');
    if (c.allow !== undefined) expect(res.headers['allow']).toBe(c.allow);
    if (c.status === 400 && c.code === 'validation_failed' && c.raw === undefined) {
      for (const d of res.body.details ?? []) expect(d.location).toMatch(/^(body|query|path|header)(\.|$)/);
    }
  });

  it('a body over 64 KiB is 413 payload_too_large', async () => {
    const res = await request(app)
      .post('/pets')
      .set('X-API-Key', KEY)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'Rex', categoryId: 1, padding: 'x'.repeat(65 * 1024) }));
    expectError(res, 413, 'payload_too_large');
  });

  it('a body just under 64 KiB is read (and its unknown field ignored)', async () => {
    const res = await request(app)
      .post('/pets')
      .set('X-API-Key', KEY)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'Rex', categoryId: 1, padding: 'x'.repeat(60 * 1024) }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 4, name: 'Rex', categoryId: 1, status: 'available' });
  });

  it('never an HTML page, even for odd paths and methods', async () => {
    for (const path of ['/', '/pets/%E0%A4%A', '/../../etc/passwd', '/openapi.yml', '/__mock/unknown']) {
      const res = await request(app).get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).not.toMatch(/<html|<pre|Error: /i);
    }
  });

  it('a deprecated operation past its sunset answers 410 gone (pretended clock), Date follows the clock', async () => {
    const gone = await createMockApp({ state: small, sunsetNow: new Date('2027-06-30T00:00:00Z') });
    const res = await request(gone).get('/pets/1');
    expectError(res, 410, 'gone');
    expect(res.body.message).toContain('2027-06-30');
    expect(res.headers['date']).toMatch(/^Wed, 30 Jun 2027 00:00:0\d GMT$/);
    // Other operations keep working, and never send Deprecation.
    const list = await request(gone).get('/pets');
    expect(list.status).toBe(200);
    expect(list.headers['deprecation']).toBeUndefined();
  });

  it('the day before the sunset the deprecated operation still answers, with its headers', async () => {
    const before = await createMockApp({ state: small, sunsetNow: new Date('2027-06-29T23:59:00Z') });
    const res = await request(before).get('/pets/1');
    expect(res.status).toBe(200);
    expect(res.headers['sunset']).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
  });
});
