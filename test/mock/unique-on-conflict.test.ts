// A documented 409 (RFC 9110 §15.5.10, issue 29: the mock answers as the service does): a create or
// replace carrying a value the 409's own words call unique ("SKU already in use") that another stored
// record holds is refused with it, as is a create naming a stored identifier; a 409 that names no
// unique field (stock) refuses nothing by value.
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { uniqueFields } from '../../src/mock/generic/unique.js';
import { sweepDocument, SWEEP_DEFAULTS } from '../../bench/sweep/document.js';
import type { App } from './helpers.js';

const spec = join(packageRoot, 'fixtures', 'constructs', 'zoo', 'unique-on-conflict.yaml');

describe('a documented 409 on a value another record holds', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec, records: 0 });
  });

  it.each([
    ['SKU already in use', ['sku']],
    ['A user with this email address already exists', ['email_address']],
    ['Name is taken', ['name']],
    ['Conflict', []],
    ['Not enough stock for that quantity', []],
    // "exist" alone says nothing of uniqueness (it matched before: quantity became unique).
    ['The quantity does not exist in a state that allows it', []],
  ])('reads "%s" as the unique fields %j', async (description, fields) => {
    const contract = await loadContract(spec);
    const op = contract.operationsById.get('createProduct')!;
    const described = { ...op, responses: { ...op.responses, '409': { description } } };
    expect(uniqueFields(described, ['sku', 'name', 'email_address', 'quantity'])).toEqual(fields);
  });

  it('refuses a second create with the same SKU in the documented body, and stores nothing', async () => {
    const first = await request(app).post('/products').send({ sku: 'ZOO-1', name: 'hay' });
    expect(first.status).toBe(201);
    const again = await request(app).post('/products').send({ sku: 'ZOO-1', name: 'more hay' });
    expect([again.status, again.body]).toEqual([409, { detail: expect.stringContaining('ZOO-1') }]);
    const other = await request(app).post('/products').send({ sku: 'ZOO-2', name: 'hay' });
    expect(other.status).toBe(201);
    // A replace that keeps its own SKU is taken; one that takes another record's is refused.
    const kept = await request(app).put(`/products/${other.body.id}`).send({ sku: 'ZOO-2', name: 'straw' });
    expect(kept.status).toBe(200);
    const stolen = await request(app).put(`/products/${other.body.id}`).send({ sku: 'ZOO-1', name: 'straw' });
    expect(stolen.status).toBe(409);
    expect((await request(app).get(`/products/${other.body.id}`)).body).toMatchObject({ sku: 'ZOO-2', name: 'straw' });
  });

  it('refuses a create naming an identifier a stored record holds, and keeps that record', async () => {
    expect((await request(app).post('/users').send({ username: 'ada', name: 'Ada' })).status).toBe(201);
    expect((await request(app).post('/users').send({ username: 'ada', name: 'Impostor' })).status).toBe(409);
    expect((await request(app).get('/users/ada')).body).toEqual({ username: 'ada', name: 'Ada' });
  });

  it('takes the same order twice where the 409 names no unique field', async () => {
    expect((await request(app).post('/orders').send({ quantity: 2 })).status).toBe(201);
    expect((await request(app).post('/orders').send({ quantity: 2 })).status).toBe(201);
  });

  it("the kit's runner finds nothing wrong with it", async () => {
    const outcome = await sweepDocument('unique-on-conflict.yaml', spec, SWEEP_DEFAULTS);
    expect({ stage: outcome.stage, fiveXx: outcome.fiveXx, failures: outcome.failures }).toEqual({
      stage: 'ok',
      fiveXx: [],
      failures: [],
    });
    expect(outcome.judged).toBeGreaterThan(0);
  });
});
