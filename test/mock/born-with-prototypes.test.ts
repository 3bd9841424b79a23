import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { bornWithPrototypes } from '../../src/mock/born-with-prototypes.js';
import { start } from '../../src/index.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('requests born with the app prototypes (no per-request Object.setPrototypeOf)', () => {
  it('each request and response has the app prototype before Express sees it, and Express works as before', async () => {
    const app = express();
    app.get('/x', (req, res) => {
      res
        .set('x-same-app', String(req.app === app && res.app === app))
        .json({ header: req.get('x-probe'), query: req.query['q'] });
    });
    const server = createServer({ ...bornWithPrototypes(app) }, app);
    const atBirth: boolean[] = [];
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      atBirth.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x?q=1`, {
      headers: { 'x-probe': 'p' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ header: 'p', query: '1' });
    expect(res.headers.get('x-same-app')).toBe('true');
    expect(atBirth).toEqual([true]);
    // Still node:http's own classes underneath.
    expect(app.request instanceof IncomingMessage).toBe(true);
    expect(app.response instanceof ServerResponse).toBe(true);
  });

  it('start() serves with them: a request through the mock answers as the contract says', async () => {
    const mock = await start({ port: 0 });
    closers.push(() => mock.close());
    const res = await fetch(`${mock.url}/pets?limit=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).not.toBeNull();
  });
});
