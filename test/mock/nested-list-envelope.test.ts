// A list whose page object sits in the answer's own envelope (`{status, data: {orders, total, limit,
// offset}}`, express-zod-api): the stored records, paged, with the page's numbers told truly, not a
// generated page (issue 29 item 4: list envelopes tell the truth).
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { inferModel, loadContract, packageRoot } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { sweepDocument, SWEEP_DEFAULTS } from '../../bench/sweep/document.js';
import type { App } from './helpers.js';

const spec = join(packageRoot, 'fixtures', 'constructs', 'zoo', 'nested-list-envelope.yaml');

describe('a list page wrapped in the answer’s own envelope', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec, records: 0 });
  });

  it('is read as a list of the collection, its page object inside `data`; a record carrying a page is not', async () => {
    const model = inferModel(await loadContract(spec));
    expect(model.bindings.get('getMe')).toBeUndefined();
    const binding = model.bindings.get('listOrders');
    expect(binding?.kind === 'list' ? [binding.collection.path, binding.shape] : binding).toMatchObject([
      '/orders',
      { kind: 'wrapped', property: 'orders', within: { member: 'data' } },
    ]);
  });

  it('lists the stored records, paged, with total, limit and offset as served', async () => {
    const made: string[] = [];
    for (const customer of ['ada', 'bob']) {
      const res = await request(app).post('/orders').send({ customer });
      expect(res.status).toBe(200);
      made.push(res.body.data.id);
    }
    const all = await request(app).get('/orders');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      status: 'success',
      data: { orders: made.map((id, i) => ({ id, customer: ['ada', 'bob'][i] })), total: 2, limit: 20, offset: 0 },
    });
    const second = await request(app).get('/orders?offset=1&limit=1');
    expect(second.body.data).toEqual({ orders: [{ id: made[1], customer: 'bob' }], total: 2, limit: 1, offset: 1 });
  });

  it("the kit's runner finds nothing wrong with it", async () => {
    const outcome = await sweepDocument('nested-list-envelope.yaml', spec, SWEEP_DEFAULTS);
    expect({ stage: outcome.stage, fiveXx: outcome.fiveXx, failures: outcome.failures }).toEqual({
      stage: 'ok',
      fiveXx: [],
      failures: [],
    });
    expect(outcome.judged).toBeGreaterThan(0);
  });
});
