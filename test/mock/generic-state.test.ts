import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { CORPUS } from '../../fixtures/corpus/index.js';
import type { App } from './helpers.js';

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
    expect((await request(app).get(`/api/v3/store/order/${id}`).set(AUTH).expect(200)).body).toEqual({ id, petId: 1, quantity: 2 });
  });

  it('PUT /pet with the id in the body replaces that record; an unknown id is 404', async () => {
    const created = await request(app).post('/api/v3/pet').set(AUTH).send({ name: 'doggie', photoUrls: ['a'], status: 'available' });
    const id = (created.body as { id: number }).id;
    const replaced = await request(app).put('/api/v3/pet').set(AUTH).send({ id, name: 'rex', photoUrls: [] }).expect(200);
    expect(replaced.body).toEqual({ id, name: 'rex', photoUrls: [] }); // a replacement: status is gone
    expect((await request(app).get(`/api/v3/pet/${id}`).set(AUTH).expect(200)).body).toEqual({ id, name: 'rex', photoUrls: [] });
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
    const form = await request(app).post('/api/v3/pet').set(AUTH).type('form').send('id=9223372036854775808&name=big&photoUrls=a');
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
    const engine = (await request(app).get('/__mock/engine').expect(200)).body as { stateful: string[]; stateless: Record<string, string> };
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
