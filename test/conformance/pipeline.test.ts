import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import { CHECK_NAMES } from '../../conformance/registry/index.js';
import { CredentialPlan } from '../../conformance/credentials.js';
import { planRun, select } from '../../conformance/plan/index.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import type { BuiltRequestSender } from '../../conformance/session.js';
import { runWorkflows } from '../../conformance/workflows/index.js';
import { petstoreContract, run } from './helpers.js';
import { bundledWorkflows } from '../workflows/helpers.js';
import { buildIfStale, cli } from './spawn-cli.js';
import { scaled } from '../load-scale.js';

// Issue 19 item 1: plan → execute → judge → report, one session for everything.

const sources = (dir: string): Array<[string, string]> =>
  readdirSync(join(packageRoot, 'conformance', dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [`${dir}/${f}`, readFileSync(join(packageRoot, 'conformance', dir, f), 'utf8')]);

describe('the planner and the executor go by the exchanges checks declare, not by their names', () => {
  it.each([...sources('plan'), ...sources('execute')])('%s names no check', (_file, text) => {
    expect(CHECK_NAMES.filter((name) => text.includes(`'${name}'`) || text.includes(`"${name}"`))).toEqual([]);
  });

  it('a check selected alone gets exactly the kinds it declares', async () => {
    const contract = await petstoreContract();
    const credentials = new CredentialPlan(contract, { apiKey: 'dev-key' });
    const readable = planRun(contract, select(contract, { checks: ['created_resource_readable'] }), credentials);
    expect([...readable.needs].sort()).toEqual(['list_back', 'positive', 'read_back']);
    expect(
      readable.cases.every(
        (c) => c.mutations.length === 0 && !c.malformedJson && !c.authProbes && c.unknownId === false,
      ),
    ).toBe(true);
    expect(readable.cases.some((c) => c.positive && c.readBack)).toBe(true);
    expect(readable.pathProbes).toEqual([]);
    const unknown = planRun(contract, select(contract, { checks: ['not_found_for_unknown_id'] }), credentials);
    expect([...unknown.needs]).toEqual(['unknown_id']);
    expect(unknown.cases.some((c) => c.unknownId === true)).toBe(true);
    expect(unknown.cases.every((c) => !c.positive)).toBe(true);
    // Without credentials a secured operation plans nothing it cannot send, and says why.
    const noKey = planRun(
      contract,
      select(contract, { checks: ['not_found_for_unknown_id'] }),
      new CredentialPlan(contract, {}),
    );
    const secured = noKey.cases.filter((c) => c.op.requiresAuth);
    expect(secured.length).toBeGreaterThan(0);
    for (const c of secured) expect([c.unknownId, typeof c.authBlocked]).toEqual([false, 'string']);
  });
});

describe('the CLI modules', () => {
  it('the mock CLI runs nothing when imported', async () => {
    const exitCode = process.exitCode;
    const signals = process.listenerCount('SIGTERM');
    const mockCli = await import('../../src/cli/mock.js');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(typeof mockCli.runCli).toBe('function');
    expect(process.listenerCount('SIGTERM')).toBe(signals);
    expect(process.exitCode).toBe(exitCode);
  });

  it('the conformance CLI runs nothing when imported', async () => {
    const listeners = process.listenerCount('uncaughtException');
    const before = process.exitCode;
    const cliModule = await import('../../conformance/cli.js');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(typeof cliModule.main).toBe('function');
    expect(process.listenerCount('uncaughtException')).toBe(listeners);
    expect(process.exitCode).toBe(before);
  });
});

describe('the verdict lives in the library', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    await buildIfStale();
    mock = await start({ port: 0 });
  }, scaled(180_000));
  afterAll(async () => {
    await mock.close();
  });

  it(
    'a run that judged nothing: the library says exit 2 with the reason, as the CLI does',
    async () => {
      const report = await run(mock.url, {
        operations: ['createPet'],
        checks: ['sunset_enforced'],
        extra: { probes: false },
      });
      const verdict = verdictOf(report);
      expect(verdict).toMatchObject({ exitCode: 2, verdict: 'no verdict' });
      expect(verdict.reason).toMatch(/nothing was judged.*sunset_enforced/);
      const r = await cli([
        '--target',
        mock.url,
        '--api-key',
        'dev-key',
        '--operations',
        'createPet',
        '--checks',
        'sunset_enforced',
        '--no-workflows',
        '--reporter',
        'json',
      ]);
      expect(r.code).toBe(verdict.exitCode);
      expect(r.stderr).toContain(verdict.reason);
    },
    scaled(60_000),
  );
});

describe('workflows send through the session', () => {
  it('every step goes through the transport it is given; a step it holds back skips the workflow, never fails it', async () => {
    const routes: string[] = [];
    const holding: BuiltRequestSender = {
      sendBuilt: (_request, route) => {
        routes.push(route);
        return Promise.resolve({
          ok: false,
          error: {
            kind: 'not_sent',
            message: 'not sent: the target timed out on 4 requests in a row',
            bytesReceived: 0,
          },
        });
      },
    };
    const doc = await bundledWorkflows();
    const results = await runWorkflows({
      documents: [doc],
      contract: await petstoreContract(),
      target: 'http://127.0.0.1:9',
      credentials: { apiKey: 'dev-key' },
      timeoutMs: 1000,
      maxResponseBytes: 1 << 20,
      transport: holding,
    });
    expect(results.length).toBe(doc.workflows.length);
    expect(routes.length).toBeGreaterThanOrEqual(doc.workflows.length);
    expect(routes.every((r) => /^[A-Z]+ \//.test(r))).toBe(true);
    for (const r of results)
      expect([r.status, r.message]).toEqual(['skipped', 'not sent: the target timed out on 4 requests in a row']);
  });
});
