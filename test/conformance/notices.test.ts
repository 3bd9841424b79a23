import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basePathNotice, refusedCredentials } from '../../conformance/diagnostics.js';
import type { Exchange, ExchangeKind } from '../../conformance/types.js';
import { start } from '../../src/index.js';
import { petstoreContract } from './helpers.js';
import { buildIfStale, cli } from './spawn-cli.js';
import { scaled } from '../load-scale.js';

// Issue 13, items 10 and 11: run-level notices (a refused key, a wrong base path), once, at the top of every reporter.
let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  await buildIfStale();
  mock = await start({ port: 0 });
}, scaled(180_000));
afterAll(async () => {
  await mock.close();
});

let seq = 0;
function exchange(operationId: string, kind: ExchangeKind, status: number): Exchange {
  return {
    seq: ++seq,
    operationId,
    requestedOperationId: kind === 'wrong_method' ? undefined : operationId,
    kind,
    request: { method: 'GET', url: `http://h/${operationId}`, headers: {}, body: undefined },
    response: { status, headers: {}, body: '', durationMs: 1 },
    error: undefined,
    input: undefined,
    context: {},
  };
}

describe('credentials refused', () => {
  it('is said when no secured operation accepted the credentials (401/403s, never a 2xx), and not otherwise', async () => {
    const contract = await petstoreContract();
    const refused = [
      exchange('createCategory', 'positive', 401),
      exchange('replacePet', 'negative', 400),
      exchange('replacePet', 'positive', 403),
      exchange('listPets', 'positive', 200),
    ];
    expect(refusedCredentials(refused, contract, ['--api-key'])).toMatch(
      /^credentials refused: check --api-key \(2 secured operation\(s\) answered 401\/403/,
    );
    expect(refusedCredentials(refused, contract, ['--auth ApiKeyAuth'])).toMatch(
      /^credentials refused: check --auth ApiKeyAuth /,
    );
    // Without credentials given there is nothing to refuse.
    expect(refusedCredentials(refused, contract, [])).toBeUndefined();
    // One secured operation accepting them: they work, the 401 elsewhere is that operation's failure.
    expect(
      refusedCredentials([...refused, exchange('createPet', 'positive', 201)], contract, ['--api-key']),
    ).toBeUndefined();
    // Only public operations reached: nothing to say.
    expect(refusedCredentials([exchange('listPets', 'positive', 401)], contract, ['--api-key'])).toBeUndefined();
    // Wrong or missing credentials answered 401 is what should happen.
    expect(
      refusedCredentials([exchange('createPet', 'no_auth', 401), exchange('createPet', 'wrong_auth', 401)], contract, [
        '--api-key',
      ]),
    ).toBeUndefined();
  });

  it('a wrong --api-key is no verdict: exit 2, "credentials refused" on stderr and first in the report files, not NOT CONFORMANT', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'refused-'));
    try {
      const file = join(dir, 'report.json');
      const run = await cli([
        '--target',
        mock.url,
        '--api-key',
        'not-the-key',
        '--examples',
        '1',
        '--reporter',
        `json=${file}`,
        '--reporter',
        'pretty',
      ]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /^petstore-conformance: credentials refused: check --api-key \(\d+ secured operation/m,
      );
      expect(run.stdout).not.toMatch(/NOT CONFORMANT/);
      const doc = JSON.parse(await readFile(file, 'utf8')) as {
        notices: string[];
        results: { check: string; status: string; message: string }[];
      };
      expect(doc.notices[0]).toMatch(/^credentials refused: /);
      expect(doc.notices.filter((n) => n.startsWith('credentials refused'))).toHaveLength(1);
      expect(doc.results[0]).toMatchObject({ check: 'run', status: 'failed', message: doc.notices[0] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the right key gives no notice', async () => {
    const json = await cli(['--target', mock.url, '--api-key', 'dev-key', '--examples', '1', '--reporter', 'json']);
    expect(json.code, json.stderr).toBe(0);
    // The notices key is always there, empty without notices (notExercised too: PRODUCT.md §4).
    const doc = JSON.parse(json.stdout) as Record<string, unknown>;
    // The original members first, in their order; later members (groups, skipReasons) are additions.
    expect(Object.keys(doc).slice(0, 4)).toEqual(['notices', 'summary', 'results', 'notExercised']);
    expect(doc['notices']).toEqual([]);
  });
});

describe('the wrong-base-path notice', () => {
  it('is given when most operations answered 404 to everything; expected 404s (unknown ids, deleted, wrong method) do not count', async () => {
    const contract = await petstoreContract();
    const mostly = [
      exchange('listPets', 'positive', 404),
      exchange('listCategories', 'positive', 404),
      exchange('listOrders', 'positive', 200),
    ];
    expect(basePathNotice(mostly, 'http://h/v2', contract)).toMatch(
      /^2 of 3 operations answered 404 to every request: --target may carry a wrong base path \(e\.g\. http:\/\/h\/listPets\)/,
    );
    // Half is not most.
    expect(
      basePathNotice(
        [exchange('listPets', 'positive', 404), exchange('listOrders', 'positive', 200)],
        'http://h',
        contract,
      ),
    ).toBeUndefined();
    // 404 for an unknown id or after a delete is expected.
    const expected = [
      exchange('getPet', 'unknown_id', 404),
      exchange('getPet', 'positive', 200),
      exchange('deletePet', 'read_after_delete', 404),
      exchange('deletePet', 'positive', 204),
    ];
    expect(basePathNotice(expected, 'http://h', contract)).toBeUndefined();
  });

  it('a --target with a base path the server does not have: the notice comes first', async () => {
    const json = await cli([
      '--target',
      `${mock.url}/v2`,
      '--api-key',
      'dev-key',
      '--examples',
      '1',
      '--operations',
      'listPets,listCategories,getPet',
      '--reporter',
      'json',
    ]);
    const doc = JSON.parse(json.stdout) as { notices?: string[] };
    // Every operation that answered (the selected ones and the prerequisites they create) answered 404.
    expect(doc.notices).toEqual([
      expect.stringMatching(
        new RegExp(
          `^(\\d+) of \\1 operations answered 404 to every request: --target may carry a wrong base path \\(e\\.g\\. ${mock.url}/v2/`,
        ),
      ),
    ]);
  });
});
