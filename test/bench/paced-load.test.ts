import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedLoad, percentile } from '../../bench/paced-load.js';

// The proxy overhead bench's load generator: open loop, each request due at i / rate, timed from its due time.
describe('pacedLoad', () => {
  let server: http.Server;
  let url: string;
  const arrivals: number[] = [];
  let open = 0;
  let mostOpen = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      arrivals.push(performance.now());
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      res.on('finish', () => {
        open -= 1;
      });
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends rate × seconds requests, none before its due time, and times each from its due time', async () => {
    arrivals.length = 0;
    const rate = 200;
    const started = performance.now();
    const result = await pacedLoad(url, {
      rate,
      seconds: 0.25,
      connections: 4,
      requests: [
        { method: 'GET', path: '/', headers: {} },
        { method: 'GET', path: '/missing', headers: {} },
      ],
    });
    expect(result.ok).toBe(25);
    expect(result.non2xx).toBe(25);
    expect(result.errors).toBe(0);
    expect(arrivals).toHaveLength(50);
    // The last request is due 49 / 200 s after the start: an open loop never sends it sooner.
    expect(Math.max(...arrivals) - started).toBeGreaterThanOrEqual((49 * 1000) / rate - 1);
    expect(mostOpen).toBeLessThanOrEqual(4);
    // Counted from its due time, an answer takes at least as long as counted from when it was sent.
    expect(result.fromDueUs).toHaveLength(50);
    for (const p of [50, 99, 100])
      expect(percentile(result.fromDueUs, p)).toBeGreaterThanOrEqual(percentile(result.fromSentUs, p));
  });

  it('counts a refused connection as an error, not an answer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await pacedLoad(`http://127.0.0.1:${port}`, {
      rate: 100,
      seconds: 0.03,
      connections: 2,
      requests: [{ method: 'GET', path: '/', headers: {} }],
    });
    expect(result).toMatchObject({ ok: 0, non2xx: 0, errors: 3 });
    expect(result.fromDueUs).toHaveLength(0);
  });
});
