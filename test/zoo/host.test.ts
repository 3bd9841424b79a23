import { describe, expect, it } from 'vitest';
import { zooService } from '../../fixtures/zoo/services.js';
import { scaled } from '../load-scale.js';

/**
 * The zoo host (fixtures/zoo/host.ts), which serves the defect matrix's fresh instances from one
 * process: each instance is a new app with state of its own, as a process of its own would be, a
 * stopped instance no longer answers, and the host ends with `close()`. A Node host and a Python
 * host, each on a service whose store shows through its answers.
 */
const send = async (url: string, method: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
};

describe('the zoo host (Node): hono-projects', () => {
  const zoo = zooService('hono-projects');
  const reason = zoo.unavailable();
  it.skipIf(reason !== undefined)(
    `two instances keep separate records; a stopped one no longer answers${reason ? ` — skipped: ${reason}` : ''}`,
    async () => {
      const host = await zoo.startHost(scaled(60_000));
      try {
        const [one, two] = await Promise.all([host.start(), host.start()]);
        expect(one.url).not.toBe(two.url);
        const created = await send(`${one.url}/projects`, 'POST', { name: 'Zoo', budget: 1200.5 });
        expect(created.status).toBe(201);
        const id = (created.body as { id: string }).id;
        expect((await send(`${one.url}/projects/${id}`, 'GET')).status).toBe(200);
        expect((await send(`${two.url}/projects/${id}`, 'GET')).status).toBe(404);
        await one.close();
        await expect(fetch(`${one.url}/doc`)).rejects.toThrow();
        expect((await send(`${two.url}/doc`, 'GET')).status).toBe(200);
        await two.close();
      } finally {
        await host.close();
      }
    },
    scaled(120_000),
  );
});

describe('the zoo host (Python): fastapi-inventory', () => {
  const zoo = zooService('fastapi-inventory');
  const reason = zoo.unavailable();
  if (reason !== undefined) console.warn(`SKIPPED: the zoo service fastapi-inventory: ${reason}`);
  it.skipIf(reason !== undefined)(
    `each instance imports the app afresh: a SKU taken in one is free in the next${reason ? ` — skipped: ${reason}` : ''}`,
    async () => {
      const key = { 'x-api-key': zoo.credentials.apiKey ?? '' };
      const product = { sku: 'ZOO-HOST-1', name: 'Host probe', unit_price: 1 };
      const host = await zoo.startHost(scaled(60_000));
      try {
        const one = await host.start();
        expect((await send(`${one.url}/products`, 'POST', product, key)).status).toBe(201);
        // The same SKU again in the same instance: the service's 409, so the store is really kept.
        expect((await send(`${one.url}/products`, 'POST', product, key)).status).toBe(409);
        const two = await host.start();
        expect((await send(`${two.url}/products`, 'POST', product, key)).status).toBe(201);
        await one.close();
        await expect(fetch(`${one.url}/openapi.json`)).rejects.toThrow();
        await two.close();
      } finally {
        await host.close();
      }
    },
    scaled(120_000),
  );
});
