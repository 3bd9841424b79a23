import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock, type StateSnapshotInput } from '../../src/index.js';
import { fixture, freePort, KEY, ROOT } from './helpers.js';

interface Exchange {
  method: string;
  path: string;
  auth?: boolean;
  body?: unknown;
  prefer?: string;
  status: number;
  requestViolation?: boolean;
}

interface Violation {
  location: string[];
  message: string;
  severity?: string;
}

const exchanges = fixture<Exchange[]>('mock/prism-exchanges.json');
const small = fixture<StateSnapshotInput>('states/small.json');

/**
 * A second opinion: Prism's validating proxy in front of the mock checks every exchange against
 * the contract and reports what it finds in `sl-violations`. No response violation may appear.
 */
describe('Prism proxy in front of the mock (second opinion)', () => {
  let mock: RunningMock;
  let prism: ChildProcess;
  let prismUrl: string;
  let prismLog = '';

  beforeAll(async () => {
    mock = await start({ port: 0, state: small });
    const port = await freePort();
    prismUrl = `http://127.0.0.1:${port}`;
    prism = spawn(
      join(ROOT, 'node_modules', '.bin', 'prism'),
      ['proxy', join(ROOT, 'openapi', 'petstore.yaml'), mock.url, '--port', String(port), '--host', '127.0.0.1', '--errors=false'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prism.stdout?.on('data', (d: Buffer) => (prismLog += d.toString()));
    prism.stderr?.on('data', (d: Buffer) => (prismLog += d.toString()));
    // Prism takes a few seconds to start: poll until it answers.
    const deadline = Date.now() + 45_000;
    for (;;) {
      try {
        await fetch(`${prismUrl}/categories`);
        break;
      } catch {
        if (Date.now() > deadline || prism.exitCode !== null) throw new Error(`Prism did not start:\n${prismLog}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }, 60_000);

  afterAll(async () => {
    if (prism && prism.exitCode === null) {
      const exited = new Promise((r) => prism.once('exit', r));
      prism.kill('SIGTERM');
      await exited;
    }
    await mock?.close();
  });

  it('drives every operation, error paths included, with no response violation', async () => {
    // Start from the known state (the poll above may have been journaled, not changed anything).
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const operations = new Set<string>();
    const report: string[] = [];
    for (const x of exchanges) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (x.auth) headers['X-API-Key'] = KEY;
      if (x.prefer) headers['Prefer'] = x.prefer;
      if (x.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${prismUrl}${x.path}`, {
        method: x.method,
        headers,
        body: x.body === undefined ? undefined : JSON.stringify(x.body),
      });
      await res.arrayBuffer();
      expect(res.status, `${x.method} ${x.path}`).toBe(x.status);
      const header = res.headers.get('sl-violations');
      const violations = header ? (JSON.parse(header) as Violation[]) : [];
      const responseViolations = violations.filter((v) => v.location[0] === 'response');
      if (responseViolations.length > 0) report.push(`${x.method} ${x.path}: ${JSON.stringify(responseViolations)}`);
      // The requests that break the contract on purpose are seen as such: the header is really read.
      if (x.requestViolation) expect(violations.some((v) => v.location[0] === 'request'), `${x.method} ${x.path}`).toBe(true);
      operations.add(`${x.method} ${x.path.split('?')[0]!.replace(/\/\d+/g, '/{id}')}`);
    }
    expect(report).toEqual([]);
    expect(operations.size).toBe(18);
  });
});
