import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoopback } from '../../src/mock/controls/endpoints/access.js';
import { RateLimiter } from '../../src/mock/controls/policies/rate-limit.js';
import { acceptsKey } from '../../src/mock/controls/request-headers/security.js';
import { toHttpError, type ErrorHandlerContext } from '../../src/mock/errors.js';
import { createMockApp, DEFAULTS, normalizeOptions, OptionsError, start } from '../../src/index.js';
import { expectError, KEY } from '../mock/helpers.js';
import { rawRequest, sendRaw } from './raw-http.js';
import { scaled } from '../load-scale.js';

/** Serves the app as if every client came from `address` (the socket's address is all the guard reads). */
function fromAddress(app: Express, address: string): Server {
  return createServer((req, res) => {
    Object.defineProperty(req.socket, 'remoteAddress', { value: address, configurable: true });
    app(req, res);
  });
}

describe('safe defaults', () => {
  it('listens on 127.0.0.1 unless told otherwise', async () => {
    expect(DEFAULTS.host).toBe('127.0.0.1');
    const mock = await start({ port: 0 });
    try {
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await mock.close();
    }
  });

  it('the defaults: control on (loopback only), no rate limit', () => {
    const o = normalizeOptions();
    expect(o.control).toBe(true);
    expect(o.controlFromAnywhere).toBe(false);
    expect(o.rateLimit).toBe(0);
    expect(() => normalizeOptions({ rateLimit: -1 })).toThrow(OptionsError);
    expect(() => normalizeOptions({ rateLimit: 1.5 })).toThrow(OptionsError);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.7', false],
    ['::ffff:10.0.0.1', false],
    ['fd00::2', false],
    ['1127.0.0.1', false],
    [undefined, false],
  ])('isLoopback(%s) is %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });

  it('control: false answers every /__mock endpoint 404 not_found; the API still answers', async () => {
    const app = await createMockApp({ control: false, pets: 3 });
    for (const [method, path] of [
      ['get', '/__mock/state'],
      ['post', '/__mock/reset'],
      ['put', '/__mock/state'],
      ['get', '/__mock/requests'],
    ] as const) {
      const res = await request(app)
        [method](path)
        .set('Content-Type', 'application/json')
        .send(method === 'put' ? '{}' : undefined);
      expectError(res, 404, 'not_found');
      expect(res.body.message).toContain('--no-control');
    }
    expect((await request(app).get('/pets')).status).toBe(200);
  });

  it('/__mock answers loopback clients only; others get 404 not_found and change nothing', async () => {
    const app = await createMockApp({ pets: 3 });
    const remote = fromAddress(app, '192.0.2.7');
    const reset = await request(remote).post('/__mock/reset');
    expectError(reset, 404, 'not_found');
    expect(reset.body.message).toContain('loopback');
    const put = await request(remote)
      .put('/__mock/state')
      .set('Content-Type', 'application/json')
      .send({ categories: [], pets: [], inventory: [], orders: [] });
    expectError(put, 404, 'not_found');
    expect((await request(remote).get('/pets')).headers['x-total-count']).toBe('3');
    // The same app from loopback: served.
    expect((await request(fromAddress(app, '::ffff:127.0.0.1')).get('/__mock/state')).status).toBe(200);
  });

  it('controlFromAnywhere lets other clients in', async () => {
    const app = await createMockApp({ pets: 3, controlFromAnywhere: true });
    expect((await request(fromAddress(app, '192.0.2.7')).get('/__mock/state')).status).toBe(200);
  });

  it('compares API keys in full: same length, one byte off, prefixes, longer, several keys', () => {
    const keys = ['dev-key', 'other-key'].map((k) => Buffer.from(k));
    expect(acceptsKey(keys, 'dev-key')).toBe(true);
    expect(acceptsKey(keys, 'other-key')).toBe(true);
    for (const wrong of ['dev-kez', 'Dev-key', 'dev', 'dev-key ', 'dev-key-2', '', 'ü'.repeat(7), undefined])
      expect(acceptsKey(keys, wrong)).toBe(false);
  });

  it('never puts a stack, a file path or a library name in an error body', () => {
    const ctx: ErrorHandlerContext = {
      codeForStatus: (s) => (s === 400 ? 'validation_failed' : 'internal'),
      allowFor: () => undefined,
      apiKeyHeader: () => 'X-API-Key',
      maxBodyBytes: () => 65536,
    };
    const thrown = Object.assign(
      new Error(
        'cannot open /work/main/node_modules/x/index.js:12:3\n    at Object.<anonymous> (/work/main/src/a.ts:1:1)',
      ),
      { status: 400 },
    );
    const bad = toHttpError(thrown, { path: '/pets' }, ctx);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.toBody())).not.toMatch(/node_modules|\/work\/|\.ts:|\.js:|at Object/);
    const crash = toHttpError(
      new TypeError("Cannot read properties of undefined (reading 'x') at /srv/app/dist/y.js:3"),
      { path: '/pets' },
      ctx,
    );
    expect(crash.toBody()).toEqual({
      code: 'internal',
      message: 'The server could not complete the request.',
      status: 500,
    });
    expect(toHttpError('a string', { path: '/' }, ctx).status).toBe(500);
  });
});

describe('Content-Type is reduced to its media type before the validator (its cache is keyed by the whole header)', () => {
  it('parameters are ignored, undocumented media types refused with 415, bodiless operations ignore the header', async () => {
    const app = await createMockApp({ pets: 3 });
    for (let i = 0; i < 50; i++) {
      const res = await request(app)
        .post('/categories')
        .set('X-API-Key', KEY)
        .set('Content-Type', `application/json; x=${i}`)
        .send('{"name":"P"}');
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 20; i++) {
      expectError(
        await request(app)
          .post('/categories')
          .set('X-API-Key', KEY)
          .set('Content-Type', `application/x-${i}`)
          .send('{"name":"P"}'),
        415,
        'unsupported_media_type',
      );
    }
    expect((await request(app).get('/pets').set('Content-Type', 'text/x-anything; y=1')).status).toBe(200);
    expect(
      (await request(app).post('/store/orders/999/complete').set('X-API-Key', KEY).set('Content-Type', 'text/plain'))
        .status,
    ).toBe(404);
  });
});

describe('the rate limiter (--rate-limit N)', () => {
  // The bucket refills on performance.now(): frozen here, so what is limited is a count of requests,
  // not how fast a loaded machine gets them through (at load 39 six requests took over a second).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a token bucket: a burst of N, then 429 until a token is back', () => {
    let now = 0;
    const limiter = new RateLimiter(5, () => now);
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0); // per client
    now += 200; // one token back at 5 a second
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThanOrEqual(1);
    now += 10_000; // refills up to N, not beyond
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });

  it('a slow limit asks for a longer wait', () => {
    const limiter = new RateLimiter(1, () => 0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });

  it('remembers a bounded number of clients', () => {
    const limiter = new RateLimiter(1, () => 0);
    for (let i = 0; i < 20_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
  });

  it('answers 429 rate_limited with Retry-After as the contract documents; /__mock is not limited; off by default', async () => {
    const app = await createMockApp({ pets: 3, rateLimit: 3 });
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await request(app).get('/pets');
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expectError(limited!, 429, 'rate_limited');
    expect(limited!.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    for (let i = 0; i < 10; i++) expect((await request(app).get('/__mock/state')).status).toBe(200);
    const unlimited = await createMockApp({ pets: 3 });
    for (let i = 0; i < 50; i++) expect((await request(unlimited).get('/pets')).status).toBe(200);
  });

  it('writes are limited too, and a limited write changes nothing', async () => {
    const app = await createMockApp({ pets: 3, rateLimit: 1 });
    const first = await request(app).post('/categories').set('X-API-Key', KEY).send({ name: 'A' });
    expect(first.status).toBe(201);
    const second = await request(app).post('/categories').set('X-API-Key', KEY).send({ name: 'B' });
    expectError(second, 429, 'rate_limited');
    const state = await request(app).get('/__mock/state');
    expect(state.body.categories.map((c: { name: string }) => c.name)).not.toContain('B');
  });
});

describe('connection limits', () => {
  it('a client that sends its headers too slowly is cut off (slow-loris)', async () => {
    const mock = await start({ port: 0, pets: 1, headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
    try {
      const started = Date.now();
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect(mock.port, '127.0.0.1');
        let got = '';
        socket.write('GET /pets HTTP/1.1\r\nHost: x\r\n');
        const drip = setInterval(() => socket.write(`X-Drip-${Date.now()}: 1\r\n`), 200);
        socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(got);
        });
        setTimeout(() => {
          clearInterval(drip);
          socket.destroy();
          resolve('still open');
        }, scaled(8_000));
      });
      expect(outcome).not.toBe('still open');
      expect(outcome).toMatch(/^(HTTP\/1\.1 408|$)/);
      // The 1 s headers timeout plus Node's check interval, with room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(1_000 + scaled(4_000));
      expect((await sendRaw(mock.port, rawRequest('GET', '/pets'))).status).toBe(200);
    } finally {
      await mock.close();
    }
  });

  it('a client that trickles its body is cut off at the request timeout', async () => {
    const mock = await start({ port: 0, pets: 1, headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
    try {
      const started = Date.now();
      const closed = await new Promise<boolean>((resolve) => {
        const socket = connect(mock.port, '127.0.0.1');
        socket.write(
          `POST /categories HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
        );
        const drip = setInterval(() => socket.write(' '), 200);
        socket.resume(); // read what comes back, so the end of the stream is seen
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(true);
        });
        setTimeout(() => {
          clearInterval(drip);
          socket.destroy();
          resolve(false);
        }, scaled(8_000));
      });
      expect(closed).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000 + scaled(4_000));
    } finally {
      await mock.close();
    }
  });

  it('close() does not wait for a stalled client', async () => {
    const mock = await start({ port: 0, pets: 1 });
    const socket = connect(mock.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /pets HTTP/1.1\r\nHost: x\r\n'); // never finished
    const started = Date.now();
    await mock.close();
    expect(Date.now() - started).toBeLessThan(DEFAULTS.closeGraceMs + scaled(2_000));
    socket.destroy();
  });
});
