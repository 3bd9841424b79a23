import { join } from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { ROOT, type App } from './helpers.js';

// The generic engine keeps what the client sent, no more (issue 18 item 2): Swagger Petstore v3,
// a contract the kit's authors did not write, served without business rules.
const V3 = CORPUS.find((c) => c.name === 'swagger-petstore-v3')!.file;
const AUTH = { Authorization: 'Bearer t', api_key: 'dev-key' };

describe('the generic engine stores exactly what the client sent (Swagger Petstore v3)', () => {
  let app: App;
  beforeEach(async () => {
    app = await createMockApp({ spec: V3 });
  });

  it('POST /user reads back as written: no generated first name, password or phone', async () => {
    const sent = { username: 'jdoe', email: 'jdoe@example.com' };
    const created = await request(app).post('/api/v3/user').set(AUTH).send(sent);
    expect(created.status).toBeLessThan(300);
    expect(created.body).toEqual(sent);
    const read = await request(app).get('/api/v3/user/jdoe').set(AUTH).expect(200);
    expect(read.body).toEqual(sent);
  });

  it('a new order is not delivered with a past ship date: only the identifier is added', async () => {
    const created = await request(app).post('/api/v3/store/order').set(AUTH).send({ petId: 1, quantity: 2 });
    expect(created.status).toBeLessThan(300);
    const { id, ...rest } = created.body as { id: number };
    expect(rest).toEqual({ petId: 1, quantity: 2 });
    expect((await request(app).get(`/api/v3/store/order/${id}`).set(AUTH).expect(200)).body).toEqual({
      id,
      petId: 1,
      quantity: 2,
    });
  });

  it('PUT /pet with the id in the body replaces that record; an unknown id is 404', async () => {
    const created = await request(app)
      .post('/api/v3/pet')
      .set(AUTH)
      .send({ name: 'doggie', photoUrls: ['a'], status: 'available' });
    const id = (created.body as { id: number }).id;
    const replaced = await request(app)
      .put('/api/v3/pet')
      .set(AUTH)
      .send({ id, name: 'rex', photoUrls: [] })
      .expect(200);
    expect(replaced.body).toEqual({ id, name: 'rex', photoUrls: [] }); // a replacement: status is gone
    expect((await request(app).get(`/api/v3/pet/${id}`).set(AUTH).expect(200)).body).toEqual({
      id,
      name: 'rex',
      photoUrls: [],
    });
    await request(app).put('/api/v3/pet').set(AUTH).send({ id: 9_000_000, name: 'ghost', photoUrls: [] }).expect(404);
  });

  it('POST /pet/{petId}?name=…&status=… updates the record from its query parameters (updatePetWithForm)', async () => {
    const created = await request(app).post('/api/v3/pet').set(AUTH).send({ name: 'doggie', photoUrls: [] });
    const id = (created.body as { id: number }).id;
    const updated = await request(app).post(`/api/v3/pet/${id}?name=rex&status=sold`).set(AUTH).expect(200);
    expect(updated.body).toEqual({ id, name: 'rex', photoUrls: [], status: 'sold' });
    expect((await request(app).get(`/api/v3/pet/${id}`).set(AUTH).expect(200)).body).toEqual(updated.body);
  });

  it('a form body passes the same integer guard as JSON: 2^63 is 400, never stored rounded', async () => {
    const form = await request(app)
      .post('/api/v3/pet')
      .set(AUTH)
      .type('form')
      .send('id=9223372036854775808&name=big&photoUrls=a');
    expect(form.status).toBe(400);
    expect(form.text).toMatch(/2\^53/);
    const next = await request(app).post('/api/v3/pet').set(AUTH).send({ name: 'small', photoUrls: [] });
    expect((next.body as { id: number }).id).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('an unknown body field is ignored whatever its value (a number beyond 2^53 included)', async () => {
    const created = await request(app)
      .post('/api/v3/pet')
      .set(AUTH)
      .set('Content-Type', 'application/json')
      .send('{"name":"doggie","photoUrls":[],"unknownCounter":99999999999999999999}');
    expect(created.status).toBe(200);
    expect(created.body).not.toHaveProperty('unknownCounter');
  });

  it('every operation answered without state says why, in X-Mock-Stateless and /__mock/engine', async () => {
    const engine = (await request(app).get('/__mock/engine').expect(200)).body as {
      stateful: string[];
      stateless: Record<string, string>;
    };
    expect(engine.stateless['getInventory']).toMatch(/\/store\/inventory/);
    expect(engine.stateful).toContain('updatePet');
    for (const id of engine.stateful) expect(engine.stateless).not.toHaveProperty(id);
    const inventory = await request(app).get('/api/v3/store/inventory').set(AUTH).expect(200);
    expect(inventory.headers['x-mock-stateless']).toBe(engine.stateless['getInventory']);
    const read = await request(app).get('/api/v3/pet/1').set(AUTH);
    expect(read.headers['x-mock-stateless']).toBeUndefined();
    const canned = await request(app).get('/api/v3/pet/1').set(AUTH).set('Prefer', 'dynamic=true');
    expect(canned.headers['x-mock-stateless']).toMatch(/Prefer/);
  });
});

const ENGINE = join(ROOT, 'fixtures', 'mock-contracts', 'engine.yaml');

describe('the generic engine on its own constructs (fixtures/mock-contracts/engine.yaml)', () => {
  let app: App;
  beforeEach(async () => {
    app = await createMockApp({ spec: ENGINE });
  });

  it('a collection at the root of the base path (/ with items at /{uuid}) is inferred and round-trips', async () => {
    const created = await request(app).post('/').send({ label: 'x' }).expect(201);
    const uuid = (created.body as { uuid: string }).uuid;
    expect(created.headers['location']).toBe(`/${uuid}`);
    expect((await request(app).get(`/${uuid}`).expect(200)).body).toEqual({ uuid, label: 'x' });
    expect((await request(app).get('/').expect(200)).body).toContainEqual({ uuid, label: 'x' });
  });

  it('a path parameter named with a hyphen ({role-name}) is routed: the Location reads back', async () => {
    const created = await request(app)
      .post('/roles')
      .set('X-API-Key', 'dev-key')
      .send({ 'role-name': 'admin', level: 1 })
      .expect(201);
    expect(created.headers['location']).toBe('/roles/admin');
    expect((await request(app).get('/roles/admin').expect(200)).body).toEqual({ 'role-name': 'admin', level: 1 });
  });

  it('a list in a summary shape of the record lists what was created; an empty page leaves out an array minItems forbids empty', async () => {
    await request(app).post('/roles').send({ 'role-name': 'ops', level: 2, description: 'on call' }).expect(201);
    const list = await request(app).get('/roles').expect(200);
    expect((list.body as { roles: { 'role-name': string }[] }).roles.map((r) => r['role-name'])).toContain('ops');
    const beyond = await request(app).get('/roles?page=1000&page_size=10').expect(200);
    expect(beyond.body).not.toHaveProperty('roles');
  });

  it('PATCH: merge patch (RFC 7396) merges nested objects and removes with null; JSON Patch (RFC 6902) reaches nested members', async () => {
    await request(app)
      .post('/roles')
      .send({ 'role-name': 'dev', level: 1, description: 'd', limits: { daily: 1, monthly: 10 } })
      .expect(201);
    const merged = await request(app)
      .patch('/roles/dev')
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ description: null, limits: { daily: 5 } }))
      .expect(200);
    expect(merged.body).toEqual({ 'role-name': 'dev', level: 1, limits: { daily: 5, monthly: 10 } });
    const patched = await request(app)
      .patch('/roles/dev')
      .set('Content-Type', 'application/json-patch+json')
      .send(
        JSON.stringify([
          { op: 'replace', path: '/limits/monthly', value: 20 },
          { op: 'add', path: '/description', value: 'again' },
        ]),
      )
      .expect(200);
    expect(patched.body).toEqual({
      'role-name': 'dev',
      level: 1,
      description: 'again',
      limits: { daily: 5, monthly: 20 },
    });
    expect((await request(app).get('/roles/dev').expect(200)).body).toEqual(patched.body);
  });

  it('an item operation under a path that lists a collection acts on it: a revoked session is no longer listed', async () => {
    const before = (await request(app).get('/sessions').expect(200)).body as { id: string }[];
    expect(before.length).toBeGreaterThan(0);
    const id = before[0]!.id;
    await request(app)
      .delete(`/sessions/${encodeURIComponent(id)}`)
      .expect(204);
    const after = (await request(app).get('/sessions').expect(200)).body as { id: string }[];
    expect(after.map((s) => s.id)).not.toContain(id);
    await request(app)
      .get(`/admin/sessions/${encodeURIComponent(id)}`)
      .expect(404);
  });

  it('generated arrays keep uniqueItems and minItems', async () => {
    for (let i = 0; i < 10; i++) {
      const body = (await request(app).get('/labels').expect(200)).body as string[];
      expect(new Set(body).size).toBe(body.length);
      expect(body.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('an answer schema that admits no value (allOf of two closed parts) is found at load, named once, and answered, not 500', async () => {
    const engine = (await request(app).get('/__mock/engine').expect(200)).body as { notices: string[] };
    expect(engine.notices).toEqual([
      expect.stringMatching(/^allOf halves \{data\} and \{meta\} close additionalProperties/),
    ]);
    for (let i = 0; i < 5; i++) await request(app).get('/pages').expect(200);
  });
});
