import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bundledContractPath } from '../../src/contract/index.js';
import { createMockApp, normalizeOptions, OptionsError, parseLatency, start, type MockEvent } from '../../src/index.js';
import { expectError } from './helpers.js';
import { scaled } from '../load-scale.js';

describe('controls: CORS, latency, chaos, watch, options', () => {
  it('answers a CORS preflight and exposes the headers clients need', async () => {
    const app = await createMockApp();
    const preflight = await request(app)
      .options('/pets')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type, x-api-key, prefer');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type, x-api-key, prefer');
    const get = await request(app).get('/pets').set('Origin', 'http://localhost:5173').expect(200);
    const exposed = get.headers['access-control-expose-headers'];
    for (const name of [
      'Location',
      'Link',
      'X-Total-Count',
      'Deprecation',
      'Sunset',
      'Retry-After',
      'WWW-Authenticate',
    ])
      expect(exposed).toContain(name);
  });

  it('cors: false sends no CORS headers', async () => {
    const app = await createMockApp({ cors: false });
    const get = await request(app).get('/pets').set('Origin', 'http://localhost:5173').expect(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    // Without CORS, OPTIONS is answered as any OPTIONS (RFC 9110 §9.3.7): 204 and Allow, no CORS grant.
    const preflight = await request(app)
      .options('/pets')
      .set('Origin', 'http://x')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['allow']).toBe('GET, POST, HEAD, OPTIONS');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('latency delays API requests within the range, not the control endpoints', async () => {
    // A latency well above what a busy machine adds to a request (scaled with its load), so "not delayed" is clear.
    const low = scaled(400);
    const app = await createMockApp({ latency: `${low}-${low + 50}` });
    let started = performance.now();
    await request(app).get('/categories').expect(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(low - 5);
    started = performance.now();
    await request(app).get('/__mock/requests').expect(200);
    expect(performance.now() - started).toBeLessThan(scaled(300));
  });

  it('chaos answers a seeded share of requests with 500 internal or 503 unavailable + Retry-After, repeatably', async () => {
    const run = async (): Promise<number[]> => {
      const app = await createMockApp({ chaos: 0.5, seed: 5 });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await request(app).get('/categories');
        statuses.push(res.status);
        if (res.status === 503) {
          expectError(res, 503, 'unavailable');
          expect(res.headers['retry-after']).toBe('1');
        } else if (res.status === 500) expectError(res, 500, 'internal');
        else expect(res.status).toBe(200);
      }
      // Control endpoints and served documents are never hit.
      for (let i = 0; i < 10; i++) {
        await request(app).get('/__mock/state').expect(200);
        await request(app).get('/openapi.json').expect(200);
      }
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const failed = first.filter((s) => s >= 500).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
    expect(first).toContain(500);
    expect(first).toContain(503);
  });

  it('watch reloads a changed contract, keeps the state, and keeps the old contract when the new one is broken', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-watch-'));
    const spec = join(dir, 'petstore.yaml');
    const original = await readFile(bundledContractPath, 'utf8');
    await writeFile(spec, original);
    // The contract's events only: an internal error is reported through onEvent too (a list whose
    // stored names the reloaded contract's maxLength refuses), and is not what this test counts.
    const events: MockEvent[] = [];
    const onEvent = (e: MockEvent): void => {
      if (e.type !== 'internal-error') events.push(e);
    };
    // Until the reload is reported (a limit scaled with the machine's load), then exactly that many.
    const waitFor = async (count: number): Promise<void> => {
      await expect.poll(() => events.length, { timeout: scaled(5_000), interval: 20 }).toBeGreaterThanOrEqual(count);
      expect(events.length).toBe(count);
    };
    const mock = await start({ port: 0, spec, watch: true, onEvent });
    try {
      const created = await fetch(`${mock.url}/categories`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': 'dev-key' },
        body: JSON.stringify({ name: 'Birds' }),
      });
      expect(created.status).toBe(201);
      // Raise the name limit to 2 characters at most: a reload must enforce it.
      await new Promise((r) => setTimeout(r, 30));
      await writeFile(
        spec,
        original.replace(
          '          minLength: 1\n          maxLength: 100\n          example: Dogs',
          '          minLength: 1\n          maxLength: 2\n          example: Do',
        ),
      );
      await waitFor(1);
      expect(events[0]).toEqual({ type: 'contract-reloaded', path: spec });
      const tooLong = await fetch(`${mock.url}/categories`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': 'dev-key' },
        body: JSON.stringify({ name: 'Fish' }),
      });
      expect(tooLong.status).toBe(400);
      // The state was kept: the category created before the reload is still there.
      const total = (await fetch(`${mock.url}/categories`)).headers.get('x-total-count');
      expect(total).toBe('7');

      // One save, one reload: the polls that saw it being written did not reload it twice.
      expect(events).toHaveLength(1);
      await writeFile(spec, 'openapi: 3.0.3\npaths: [not, a, map\n');
      await waitFor(2);
      expect(events[1]?.type).toBe('contract-error');
      expect(events).toHaveLength(2);
      expect((await fetch(`${mock.url}/pets/1`)).status).toBe(200);
    } finally {
      await mock.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('options are normalised without touching the caller object; bad values are refused', () => {
    const input = { seed: 3, apiKeys: ['a'], latency: '5-10' };
    const frozen = structuredClone(input);
    const normalised = normalizeOptions(input);
    expect(input).toEqual(frozen);
    expect(normalised.latency).toEqual({ min: 5, max: 10 });
    expect(normalised.pets).toBe(50);
    expect(parseLatency('25')).toEqual({ min: 25, max: 25 });
    expect(() => parseLatency('10-5')).toThrow(OptionsError);
    expect(() => normalizeOptions({ chaos: 1.5 })).toThrow(OptionsError);
    expect(() => normalizeOptions({ apiKeys: [] })).toThrow(OptionsError);
  });

  it('several API keys can be accepted', async () => {
    const app = await createMockApp({ apiKeys: ['alpha', 'beta-key'] });
    for (const key of ['alpha', 'beta-key']) {
      await request(app).post('/categories').set('X-API-Key', key).send({ name: 'Birds' }).expect(201);
    }
    expectError(
      await request(app).post('/categories').set('X-API-Key', 'dev-key').send({ name: 'Birds' }),
      401,
      'unauthorized',
    );
  });

  it('start() works with every default on port 0 and close() stops it', async () => {
    const mock = await start({ port: 0 });
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${mock.url}/pets`)).status).toBe(200);
    await mock.close();
    await expect(fetch(`${mock.url}/pets`)).rejects.toThrow();
  });
});
