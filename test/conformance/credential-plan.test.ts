import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundledContractPath, contractFromDocument } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { runConformance, type RunOptions } from '../../conformance/runner.js';
import { toCurl } from '../../conformance/http/curl.js';
import type { Exchange, RunReport } from '../../conformance/types.js';
import { exitCodeFor } from '../../conformance/report/verdict.js';
import { loadArazzo, parseArazzo } from '../../conformance/workflows/index.js';
import { CONSTRUCTS } from '../../fixtures/constructs/cases.js';
import { serve } from '../../fixtures/constructs/server.js';
import { petstoreContract } from './helpers.js';
import { scaled } from '../load-scale.js';

// Issue 19, item 2: one credential plan drives the checks, the generic rules and the workflows,
// whichever flag gave the credentials (--api-key, --bearer, --basic, --auth, --header).

type Credentials = Pick<RunOptions, 'apiKey' | 'bearer' | 'basic' | 'auth' | 'headers'>;

const judged = (r: RunReport): number => r.summary.passed + r.summary.failed + r.summary.warnings;
/** Every result as `check operation status`, sorted: what the run judged, and how. */
const verdicts = (r: RunReport): string[] => r.results.map((x) => `${x.check} ${x.operation} ${x.status}`).sort();
/** Skips for want of credentials: none may remain when credentials were given in any form. */
const credentialSkips = (r: RunReport): string[] =>
  r.results
    .filter((x) => x.status === 'skipped' && /requires credentials|needs the input|without --api-key/.test(x.message))
    .map((x) => `${x.check} ${x.operation}: ${x.message}`);

async function bundledRun(credentials: Credentials): Promise<RunReport> {
  const mock = await start({ port: 0 });
  try {
    const documents = [await loadArazzo(join(dirname(bundledContractPath), 'petstore.arazzo.yaml'))];
    return await runConformance({
      target: mock.url,
      contract: await petstoreContract(),
      examples: 1,
      ...credentials,
      extra: { documents },
    });
  } finally {
    await mock.close();
  }
}

describe('the bundled contract judges the same whichever flag carries the API key', () => {
  it(
    '--api-key dev-key, --auth ApiKeyAuth=dev-key and --header "X-API-Key: dev-key": the same results, none skipped for credentials',
    async () => {
      const byFlag = await bundledRun({ apiKey: 'dev-key' });
      expect(credentialSkips(byFlag)).toEqual([]);
      expect(byFlag.results.filter((r) => r.check.startsWith('workflow:')).length).toBeGreaterThan(0);
      for (const other of [{ auth: { ApiKeyAuth: 'dev-key' } }, { headers: { 'X-API-Key': 'dev-key' } }] as const) {
        const report = await bundledRun(other);
        expect(credentialSkips(report), JSON.stringify(other)).toEqual([]);
        expect(judged(report), JSON.stringify(other)).toBe(judged(byFlag));
        expect(verdicts(report), JSON.stringify(other)).toEqual(verdicts(byFlag));
        expect(exitCodeFor(report)).toBe(exitCodeFor(byFlag));
      }
    },
    scaled(120_000),
  );

  it(
    'a wrong key in any form is no verdict: credentialsRefused names the flag, exit 2',
    async () => {
      for (const [credentials, flag] of [
        [{ apiKey: 'not-the-key' }, '--api-key'],
        [{ auth: { ApiKeyAuth: 'not-the-key' } }, '--auth ApiKeyAuth'],
      ] as const) {
        const report = await bundledRun(credentials);
        expect(report.credentialsRefused).toMatch(
          new RegExp(`^credentials refused: check ${flag} \\(\\d+ secured operation`),
        );
        expect(report.notices?.[0]).toBe(report.credentialsRefused);
        expect(exitCodeFor(report)).toBe(2);
      }
    },
    scaled(120_000),
  );
});

describe.each([
  [
    'a bearer-only secured collection with a workflow',
    [{ bearer: 'good' }, { auth: { s: 'good' } }, { headers: { Authorization: 'Bearer good' } }],
  ],
  [
    'a basic-only secured collection with a workflow',
    [
      { basic: 'u:p' },
      { auth: { s: 'u:p' } },
      { headers: { Authorization: `Basic ${Buffer.from('u:p').toString('base64')}` } },
    ],
  ],
] as const)('%s (construct fixture)', (name, forms) => {
  const construct = CONSTRUCTS.find((c) => c.name === name);
  async function runWith(credentials: Credentials): Promise<RunReport> {
    if (!construct?.workflows) throw new Error(`construct "${name}" with workflows is missing`);
    const server = await serve(construct.correct);
    try {
      const contract = await contractFromDocument(structuredClone(construct.document));
      const documents = [parseArazzo(structuredClone(construct.workflows), 'folders.arazzo.yaml')];
      return await runConformance({
        target: server.url,
        contract,
        examples: 1,
        timeoutMs: scaled(3000),
        ...credentials,
        extra: { documents },
      });
    } finally {
      await server.close();
    }
  }

  it('a reproduce command replays a credentialed request with the credential from the environment, never written out', async () => {
    if (!construct) throw new Error(`construct "${name}" is missing`);
    const server = await serve(construct.correct);
    try {
      const contract = await contractFromDocument(structuredClone(construct.document));
      const exchanges: Exchange[] = [];
      await runConformance({
        target: server.url,
        contract,
        examples: 1,
        timeoutMs: scaled(3000),
        ...forms[0],
        extra: { probes: false },
        onProgress: (e) => void (e.type === 'exchange' && exchanges.push(e.exchange)),
      });
      const create = exchanges.find(
        (e) => e.kind === 'positive' && e.requestedOperationId === 'createFolder' && e.response?.status === 201,
      );
      const command = toCurl(create!.request);
      expect(command).not.toMatch(/good|dTpw/); // neither the token nor base64("u:p")
      const env = { ...process.env, CONFORMANCE_BEARER: 'good', CONFORMANCE_BASIC: 'u:p' };
      const replay = await promisify(execFile)('sh', ['-c', command], { env });
      expect(replay.stdout).toMatch(/^HTTP\/1\.1 201 /);
    } finally {
      await server.close();
    }
  });

  it('judges exactly as many results with each flag: checks, rules (Location, readOnly) and the workflow', async () => {
    const reports = [];
    for (const credentials of forms) reports.push(await runWith(credentials));
    const [first, ...others] = reports as [RunReport, ...RunReport[]];
    expect(credentialSkips(first)).toEqual([]);
    expect(
      first.results
        .filter((r) =>
          ['location_names_resource', 'read_only_not_honoured', 'workflow:createThenRead'].includes(r.check),
        )
        .map((r) => `${r.check} ${r.status}`)
        .sort(),
    ).toEqual(['location_names_resource passed', 'read_only_not_honoured passed', 'workflow:createThenRead passed']);
    for (const [i, report] of others.entries()) {
      expect(credentialSkips(report), JSON.stringify(forms[i + 1])).toEqual([]);
      expect(judged(report)).toBe(judged(first));
      expect(verdicts(report)).toEqual(verdicts(first));
    }
  });
});
