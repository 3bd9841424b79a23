import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import type { StateSnapshotInput } from '../../src/index.js';
import { expectError, fixture, JSON_HEADERS, KEY, type App } from './helpers.js';

const small = fixture<StateSnapshotInput>('states/small.json');

describe('every operation on the hand-written state', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ state: small });
  });
  beforeEach(async () => {
    await request(app).post('/__mock/reset').expect(204);
  });

  describe('pets', () => {
    it('listPets lists by ascending id with X-Total-Count and filters', async () => {
      const all = await request(app).get('/pets').expect(200);
      expect(all.body.map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);
      expect(all.headers['x-total-count']).toBe('3');
      expect(all.headers['link']).toBeUndefined();
      const cats = await request(app).get('/pets?categoryId=2').expect(200);
      expect(cats.body.map((p: { name: string }) => p.name)).toEqual(['Whiskers', 'Shadow']);
      const sold = await request(app).get('/pets?status=sold&categoryId=2').expect(200);
      expect(sold.body).toEqual([{ id: 3, name: 'Shadow', categoryId: 2, status: 'sold' }]);
      const none = await request(app).get('/pets?status=sold&categoryId=1').expect(200);
      expect(none.body).toEqual([]);
      expect(none.headers['x-total-count']).toBe('0');
    });

    it('createPet answers 201 with Location, available, stock 1; a named status is kept', async () => {
      const res = await request(app)
        .post('/pets')
        .set(JSON_HEADERS)
        .send({ name: 'Biscuit', categoryId: 1, colour: 'brown' })
        .expect(201);
      expect(res.body).toEqual({ id: 4, name: 'Biscuit', categoryId: 1, status: 'available' });
      expect(res.headers['location']).toBe('/pets/4');
      const stock = await request(app).get('/store/inventory/4').expect(200);
      expect(stock.body).toEqual({ petId: 4, quantity: 1, status: 'available' });
      const named = await request(app)
        .post('/pets')
        .set(JSON_HEADERS)
        .send({ name: 'Old', categoryId: 2, status: 'sold' })
        .expect(201);
      expect(named.body.status).toBe('sold');
      expect((await request(app).get('/store/inventory/5')).body.status).toBe('sold');
    });

    it('getPet reads a pet with the deprecation headers derived from the contract', async () => {
      const res = await request(app).get('/pets/1').expect(200);
      expect(res.body).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'available' });
      expect(res.headers['deprecation']).toBe('@1767225600');
      expect(res.headers['sunset']).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
      expect(res.headers['link']).toBe('</docs#section/Deprecations>; rel="deprecation"; type="text/html"');
    });

    it('no other operation sends Deprecation', async () => {
      const reads = [
        '/pets',
        '/categories',
        '/categories/1',
        '/store/orders',
        '/store/orders/1',
        '/store/inventory',
        '/store/inventory/1',
      ];
      for (const path of reads) {
        const res = await request(app).get(path).expect(200);
        expect(res.headers['deprecation'], path).toBeUndefined();
        expect(res.headers['sunset'], path).toBeUndefined();
      }
      const put = await request(app).put('/pets/1').set(JSON_HEADERS).send({ name: 'Rex', categoryId: 1 }).expect(200);
      expect(put.headers['deprecation']).toBeUndefined();
    });

    it('replacePet keeps an absent status and changes name and category', async () => {
      const res = await request(app)
        .put('/pets/2')
        .set(JSON_HEADERS)
        .send({ name: 'Whisky', categoryId: 1 })
        .expect(200);
      expect(res.body).toEqual({ id: 2, name: 'Whisky', categoryId: 1, status: 'pending' });
      expect((await request(app).get('/pets?categoryId=1')).body.map((p: { id: number }) => p.id)).toEqual([1, 2]);
      const set = await request(app)
        .put('/pets/1')
        .set(JSON_HEADERS)
        .send({ name: 'Rex', categoryId: 1, status: 'sold' })
        .expect(200);
      expect(set.body.status).toBe('sold');
      expect((await request(app).get('/store/inventory/1')).body.status).toBe('sold');
      expect((await request(app).get('/pets?status=sold')).body.map((p: { id: number }) => p.id)).toEqual([1, 3]);
    });

    it('deletePet answers 204, deletes the inventory entry, and the id is never reused', async () => {
      await request(app).delete('/pets/3').set('X-API-Key', KEY).expect(204);
      expectError(await request(app).get('/pets/3'), 404, 'not_found');
      expectError(await request(app).get('/store/inventory/3'), 404, 'not_found');
      expectError(await request(app).delete('/pets/3').set('X-API-Key', KEY), 404, 'not_found');
      const next = await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'New', categoryId: 1 }).expect(201);
      expect(next.body.id).toBe(4);
    });

    it('deleting a pet with an open order is 409', async () => {
      expectError(await request(app).delete('/pets/2').set('X-API-Key', KEY), 409, 'conflict');
    });
  });

  describe('categories', () => {
    it('list, create (201 + Location), read, replace (absent description removed), delete', async () => {
      const list = await request(app).get('/categories').expect(200);
      expect(list.body).toEqual(small.categories);
      expect(list.headers['x-total-count']).toBe('2');
      const created = await request(app)
        .post('/categories')
        .set(JSON_HEADERS)
        .send({ name: 'Birds', description: 'Songbirds.' })
        .expect(201);
      expect(created.body).toEqual({ id: 3, name: 'Birds', description: 'Songbirds.' });
      expect(created.headers['location']).toBe('/categories/3');
      expect((await request(app).get('/categories/3').expect(200)).body).toEqual(created.body);
      const replaced = await request(app).put('/categories/1').set(JSON_HEADERS).send({ name: 'Hounds' }).expect(200);
      expect(replaced.body).toEqual({ id: 1, name: 'Hounds' });
      await request(app).delete('/categories/3').set('X-API-Key', KEY).expect(204);
      expectError(await request(app).get('/categories/3'), 404, 'not_found');
      const again = await request(app).post('/categories').set(JSON_HEADERS).send({ name: 'Fish' }).expect(201);
      expect(again.body.id).toBe(4);
    });

    it('a category in use cannot be deleted; once unused it can', async () => {
      expectError(await request(app).delete('/categories/1').set('X-API-Key', KEY), 409, 'conflict');
      await request(app).delete('/pets/1').set('X-API-Key', KEY).expect(204);
      await request(app).delete('/categories/1').set('X-API-Key', KEY).expect(204);
    });
  });

  describe('orders and inventory', () => {
    it('listOrders filters by complete; getOrder reads one', async () => {
      expect((await request(app).get('/store/orders').expect(200)).body).toEqual(small.orders);
      expect((await request(app).get('/store/orders?complete=true').expect(200)).body).toEqual([]);
      expect((await request(app).get('/store/orders?complete=false').expect(200)).body).toHaveLength(1);
      expect((await request(app).get('/store/orders/1').expect(200)).body).toEqual(small.orders[0]);
    });

    it('placeOrder answers 201 + Location; without shipDate it ships two days after the clock', async () => {
      const now = new Date('2026-03-01T12:00:00Z');
      const clocked = await createMockApp({ state: small, sunsetNow: now });
      const res = await request(clocked)
        .post('/store/orders')
        .set(JSON_HEADERS)
        .send({ petId: 1, quantity: 2 })
        .expect(201);
      expect(res.headers['location']).toBe('/store/orders/2');
      expect(res.body).toMatchObject({ id: 2, petId: 1, quantity: 2, complete: false });
      const shipped = Date.parse(res.body.shipDate) - now.getTime();
      expect(shipped).toBeGreaterThanOrEqual(2 * 86_400_000);
      expect(shipped).toBeLessThan(2 * 86_400_000 + 60_000);
      const given = await request(clocked)
        .post('/store/orders')
        .set(JSON_HEADERS)
        .send({ petId: 1, quantity: 1, shipDate: '2026-12-01T10:00:00Z' })
        .expect(201);
      expect(given.body.shipDate).toBe('2026-12-01T10:00:00Z');
    });

    it('listInventory filters by status; getInventoryItem; setStock', async () => {
      expect((await request(app).get('/store/inventory').expect(200)).body).toEqual(small.inventory);
      expect((await request(app).get('/store/inventory?status=pending').expect(200)).body).toEqual([
        small.inventory[1],
      ]);
      expect((await request(app).get('/store/inventory/1').expect(200)).body).toEqual(small.inventory[0]);
      const set = await request(app).put('/store/inventory/3').set(JSON_HEADERS).send({ quantity: 5 }).expect(200);
      expect(set.body).toEqual({ petId: 3, quantity: 5, status: 'available' });
    });
  });

  it('the served contract documents are the contract', async () => {
    const yaml = await request(app).get('/openapi.yaml').expect(200);
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(yaml.text).toContain('operationId: getPet');
    const json = await request(app).get('/openapi.json').expect(200);
    expect(json.body.openapi).toBe('3.0.3');
    expect(json.body.paths['/pets/{petId}'].get['x-sunset']).toBe('2027-06-30');
  });
});
