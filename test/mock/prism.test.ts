import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock, type StateSnapshotInput } from '../../src/index.js';
import { startPrism, type RunningPrism } from '../../fixtures/servers/prism.js';
import { fixture, KEY } from './helpers.js';
import { scaled } from '../load-scale.js';

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
  let prism: RunningPrism;
  let prismUrl: string;

  beforeAll(async () => {
    mock = await start({ port: 0, state: small });
    prism = await startPrism({ mode: 'proxy', upstream: mock.url });
    prismUrl = prism.url;
  }, scaled(60_000));

  afterAll(async () => {
    await prism?.close();
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
      if (x.requestViolation)
        expect(
          violations.some((v) => v.location[0] === 'request'),
          `${x.method} ${x.path}`,
        ).toBe(true);
      operations.add(`${x.method} ${x.path.split('?')[0]!.replace(/\/\d+/g, '/{id}')}`);
    }
    expect(report).toEqual([]);
    expect(operations.size).toBe(18);
  });
});
