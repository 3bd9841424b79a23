import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { ROOT } from './helpers.js';

// Issue 29 item 4: any method with a body on a kept-alive connection gets its 4xx, never a reset
// (RFC 9112 §9.3: each request on a persistent connection gets its answer). On one socket
// (maxSockets 1), each method with a JSON body, then a GET, must be answered.
const DOCS = {
  petstore: undefined,
  fastapi: join(ROOT, 'fixtures', 'mock-contracts', 'fastapi', 'tasks.openapi.json'),
} as const;
const METHODS = ['PROPFIND', 'LOCK', 'MKCOL', 'SEARCH', 'REPORT', 'PURGE', 'PATCH', 'DELETE'];

interface Answer {
  status: number;
  reused: boolean;
  allow: string | undefined;
  body: string;
}

function send(agent: Agent, url: string, method: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers:
          body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, allow: res.headers.allow, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(Object.entries(DOCS))('methods with a body on a kept-alive connection (%s)', (_name, spec) => {
  let mock: RunningMock;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const path = spec === undefined ? '/pets' : '/tasks';
  beforeAll(async () => {
    mock = await start({ port: 0, ...(spec === undefined ? {} : { spec }) });
  });
  afterAll(async () => {
    agent.destroy();
    await mock.close();
  });

  it.each(METHODS)(
    '%s with a JSON body gets its 405 with Allow, and the next request on the socket is answered',
    async (method) => {
      await send(agent, `${mock.url}${path}`, 'GET');
      const refused = await send(agent, `${mock.url}${path}`, method, JSON.stringify({ name: 'x'.repeat(2048) }));
      expect(refused.status).toBe(405);
      expect(refused.allow).toMatch(/GET/);
      expect(refused.body.length).toBeGreaterThan(2);
      const next = await send(agent, `${mock.url}${path}`, 'GET');
      expect(next).toMatchObject({ status: 200, reused: true });
    },
  );
});
