import { expect, it } from 'vitest';
import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

describeZooService('fastapi-inventory', { differences: expectedDifferences('fastapi-inventory') }, (service) => {
  // What the fixture claims to be, checked on the service itself.
  it('behaves as written: API key, 201 with a UUID, 409 on a duplicate sku, skip/limit, 204 delete', async () => {
    const url = `${service().url}/products`;
    const headers = { 'x-api-key': 'zoo-inventory-key', 'content-type': 'application/json' };
    expect((await fetch(url)).status).toBe(401);
    const made = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ sku: 'ZOO-409', name: 'hay', unit_price: 3.5 }),
    });
    const product = (await made.json()) as { id: string; quantity: number };
    expect([made.status, product.quantity, /^[0-9a-f-]{36}$/.test(product.id)]).toEqual([201, 0, true]);
    const again = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ sku: 'ZOO-409', name: 'more hay', unit_price: 1 }),
    });
    expect([again.status, await again.json()]).toEqual([409, { detail: 'SKU ZOO-409 already exists' }]);
    const page = (await (await fetch(`${url}?skip=0&limit=1`, { headers })).json()) as unknown[];
    expect(page).toHaveLength(1);
    const gone = await fetch(`${url}/${product.id}`, { method: 'DELETE', headers });
    expect([gone.status, await gone.text()]).toEqual([204, '']);
  });
});
