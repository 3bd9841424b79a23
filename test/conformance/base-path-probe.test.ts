import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servesAtRoot } from '../../conformance/execute/target.js';
import { loadContract, type Contract } from '../../src/contract/index.js';

// The base-path guess (conformance/execute/target.ts servesAtRoot) against a server that serves the
// contract's paths at its root and leaves its first answer there unsent (Prism's slow first answer
// once sent a whole CI run of openai-v1 requests under /v1): the unanswered probe is sent again.
describe('servesAtRoot: an unanswered probe is sent once more, so a slow first answer never decides the base path', () => {
  let server: Server;
  let target: string;
  let contract: Contract;
  let dir: string;
  const atRoot: string[] = [];
  let holdFirst = true;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'base-path-probe-'));
    const file = join(dir, 'contract.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'probe', version: '1' },
        servers: [{ url: 'https://api.example.com/v1' }],
        paths: { '/models': { get: { responses: { '200': { description: 'ok' } } } } },
      }),
    );
    contract = await loadContract(file);
    server = createServer((req, res) => {
      if (req.url !== '/models') {
        res.writeHead(404).end();
        return;
      }
      atRoot.push(req.url);
      // The first answer at the root never comes within the probe's timeout (the socket is left open).
      if (holdFirst && atRoot.length === 1) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('the root answers the second probe: the paths are served at the root', async () => {
    atRoot.length = 0;
    holdFirst = true;
    expect(await servesAtRoot(target, '/v1', contract, 1000)).toBe(true);
    expect(atRoot).toEqual(['/models', '/models']);
  });

  it('a root that answers at once is probed once', async () => {
    atRoot.length = 0;
    holdFirst = false;
    expect(await servesAtRoot(target, '/v1', contract, 1000)).toBe(true);
    expect(atRoot).toEqual(['/models']);
  });
});
