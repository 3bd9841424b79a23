import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { StateSnapshotInput } from '../../src/index.js';
import { expectError, fixture, JSON_HEADERS, type App } from './helpers.js';

const small = fixture<StateSnapshotInput>('states/small.json');

type Mutation = (s: StateSnapshotInput) => void;
const BAD_STATES: [string, Mutation, string][] = [
  ['a pet in an unknown category', (s) => void (s.pets[0]!.categoryId = 9), 'state.pets[0].categoryId'],
  ['a duplicate pet id', (s) => void (s.pets[1]!.id = 1), 'state.pets[1].id'],
  ['a pet without inventory', (s) => void s.inventory.pop(), 'state.inventory'],
  ['an inventory status unlike the pet', (s) => void (s.inventory[0]!.status = 'sold'), 'state.inventory[0].status'],
  ['an open order for a pet that is not pending', (s) => void (s.pets[1]!.status = 'available'), 'state.orders[0]'],
  ['a negative stock', (s) => void (s.inventory[0]!.quantity = -1), 'state.inventory[0].quantity'],
  ['a name too long', (s) => void (s.categories[0]!.name = 'x'.repeat(101)), 'state.categories[0].name'],
  ['a next id that would reuse an id', (s) => void (s.nextIds = { pet: 2 }), 'state.nextIds.pet'],
  [
    'an order without quantity',
    (s) => void delete (s.orders[0] as Partial<(typeof s.orders)[0]>).quantity,
    'state.orders[0].quantity',
  ],
];

describe('/__mock: state export/import, reset, journal', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp();
  });
  beforeEach(async () => {
    await request(app).post('/__mock/reset').expect(204);
  });

  it('imports fixtures/states/small.json and exports it back unchanged (round trip)', async () => {
    await request(app).put('/__mock/state').send(small).expect(204);
    const exported = (await request(app).get('/__mock/state').expect(200)).body;
    expect(exported).toEqual(small);
    expect((await request(app).get('/pets').expect(200)).body).toEqual(small.pets);
    // The imported next ids hold: the next pet is 4.
    expect(
      (await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'Max', categoryId: 1 }).expect(201)).body.id,
    ).toBe(4);
  });

  it('an export imported into a second app answers the same', async () => {
    await request(app)
      .post('/store/orders')
      .set(JSON_HEADERS)
      .send({ petId: 3, quantity: 1, shipDate: '2026-05-01T00:00:00Z' });
    const exported = (await request(app).get('/__mock/state')).text;
    const other = await createMockApp({ seed: 99 });
    await request(other).put('/__mock/state').set('Content-Type', 'application/json').send(exported).expect(204);
    expect((await request(other).get('/__mock/state')).text).toBe(exported);
  });

  it.each(BAD_STATES)('refuses %s with 400 naming it', async (_name, mutate, location) => {
    const state = structuredClone(small);
    mutate(state);
    const res = await request(app).put('/__mock/state').send(state);
    expectError(res, 400, 'validation_failed');
    expect(res.body.details.map((d: { location: string }) => d.location)).toContain(location);
    // The state is unchanged.
    expect((await request(app).get('/pets')).headers['x-total-count']).toBe('50');
  });

  it('refuses a state that is not JSON or not an object', async () => {
    expectError(
      await request(app).put('/__mock/state').set('Content-Type', 'application/json').send('{"pets":'),
      400,
      'validation_failed',
    );
    expectError(await request(app).put('/__mock/state').send([1, 2]), 400, 'validation_failed');
  });

  it('reset goes back to the seeded state (ids included)', async () => {
    const before = (await request(app).get('/__mock/state')).text;
    await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'Max', categoryId: 1 }).expect(201);
    await request(app).post('/__mock/reset').expect(204);
    expect((await request(app).get('/__mock/state')).text).toBe(before);
    expect((await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'Max', categoryId: 1 })).body.id).toBe(51);
  });

  it('the state option starts from a state, and reset returns to it', async () => {
    const fromState = await createMockApp({ state: small });
    await request(fromState).delete('/pets/1').set('X-API-Key', 'dev-key').expect(204);
    await request(fromState).post('/__mock/reset').expect(204);
    expect((await request(fromState).get('/__mock/state')).body).toEqual(small);
  });

  it('a bad state option is refused at start', async () => {
    const state = structuredClone(small);
    state.pets[0]!.categoryId = 42;
    await expect(createMockApp({ state })).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('the journal lists recent requests, oldest first, bounded', async () => {
    const bounded = await createMockApp({ journalSize: 3 });
    for (const path of ['/pets', '/categories', '/nowhere', '/store/orders', '/store/inventory'])
      await request(bounded).get(path);
    const journal = (await request(bounded).get('/__mock/requests').expect(200)).body as {
      url: string;
      status: number;
      operationId?: string;
    }[];
    expect(journal.map((e) => e.url)).toEqual(['/nowhere', '/store/orders', '/store/inventory']);
    expect(journal[0]).toMatchObject({ status: 404 });
    expect(journal[1]).toMatchObject({ status: 200, operationId: 'listOrders' });
    await request(bounded).delete('/__mock/requests').expect(204);
    expect((await request(bounded).get('/__mock/requests')).body).toEqual([]);
  });

  it('the journal records a HEAD as a HEAD, though it is answered as the GET it mirrors', async () => {
    const app = await createMockApp();
    await request(app).head('/pets').expect(200);
    const journal = (await request(app).get('/__mock/requests').expect(200)).body as {
      method: string;
      url: string;
      operationId?: string;
    }[];
    expect(journal).toMatchObject([{ method: 'HEAD', url: '/pets', operationId: 'listPets' }]);
  });
});
