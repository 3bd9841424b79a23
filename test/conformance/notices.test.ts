import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePathNotice, refusedKeyNotice } from '../../conformance/diagnostics.js';
import type { Exchange, ExchangeKind } from '../../conformance/types.js';
import { start } from '../../src/index.js';
import { petstoreContract } from './helpers.js';
import { buildIfStale, cli } from './spawn-cli.js';

// Issue 13, items 10 and 11: run-level notices (a refused key, a wrong base path), once, at the top of every reporter.
let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  await buildIfStale();
  mock = await start({ port: 0 });
}, 180_000);
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

describe('the refused-key notice', () => {
  it('is given when no secured operation accepted the key (401s, never a 2xx), and not otherwise', async () => {
    const contract = await petstoreContract();
    const refused = [exchange('createCategory', 'positive', 401), exchange('replacePet', 'negative', 400), exchange('replacePet', 'positive', 401), exchange('listPets', 'positive', 200)];
    expect(refusedKeyNotice(refused, contract, true)).toMatch(/^the API key was refused: check --api-key \(2 secured operation\(s\)/);
    // Without a key given there is nothing to refuse.
    expect(refusedKeyNotice(refused, contract, false)).toBeUndefined();
    // One secured operation accepting it: the key works, the 401 elsewhere is that operation's failure.
    expect(refusedKeyNotice([...refused, exchange('createPet', 'positive', 201)], contract, true)).toBeUndefined();
    // Only public operations reached: nothing to say.
    expect(refusedKeyNotice([exchange('listPets', 'positive', 401)], contract, true)).toBeUndefined();
    // Wrong or missing credentials answered 401 is what should happen.
    expect(refusedKeyNotice([exchange('createPet', 'no_auth', 401), exchange('createPet', 'wrong_auth', 401)], contract, true)).toBeUndefined();
  });

  it('a run with a wrong --api-key says so once, first, in pretty and in JSON', async () => {
    const pretty = await cli(['--target', mock.url, '--api-key', 'not-the-key', '--examples', '1']);
    expect(pretty.code).toBe(1);
    const lines = pretty.stdout.split('\n');
    expect(lines[0]).toMatch(/^Notice: the API key was refused: check --api-key/);
    expect(pretty.stdout.match(/the API key was refused/g)).toHaveLength(1);
    const json = await cli(['--target', mock.url, '--api-key', 'not-the-key', '--examples', '1', '--reporter', 'json']);
    const doc = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)[0]).toBe('notices');
    expect(doc['notices']).toEqual([expect.stringMatching(/^the API key was refused/)]);
  });

  it('the right key gives no notice', async () => {
    const json = await cli(['--target', mock.url, '--api-key', 'dev-key', '--examples', '1', '--reporter', 'json']);
    expect(json.code, json.stderr).toBe(0);
    // The notices key is always there, empty without notices (notExercised too: PRODUCT.md §4).
    const doc = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['notices', 'summary', 'results', 'notExercised']);
    expect(doc['notices']).toEqual([]);
  });
});

describe('the wrong-base-path notice', () => {
  it('is given when most operations answered 404 to everything; expected 404s (unknown ids, deleted, wrong method) do not count', async () => {
    const contract = await petstoreContract();
    const mostly = [exchange('listPets', 'positive', 404), exchange('listCategories', 'positive', 404), exchange('listOrders', 'positive', 200)];
    expect(basePathNotice(mostly, 'http://h/v2', contract)).toMatch(/^2 of 3 operations answered 404 to every request: --target may carry a wrong base path \(e\.g\. http:\/\/h\/listPets\)/);
    // Half is not most.
    expect(basePathNotice([exchange('listPets', 'positive', 404), exchange('listOrders', 'positive', 200)], 'http://h', contract)).toBeUndefined();
    // 404 for an unknown id or after a delete is expected.
    const expected = [exchange('getPet', 'unknown_id', 404), exchange('getPet', 'positive', 200), exchange('deletePet', 'read_after_delete', 404), exchange('deletePet', 'positive', 204)];
    expect(basePathNotice(expected, 'http://h', contract)).toBeUndefined();
  });

  it('a --target with a base path the server does not have: the notice comes first', async () => {
    const json = await cli(['--target', `${mock.url}/v2`, '--api-key', 'dev-key', '--examples', '1', '--operations', 'listPets,listCategories,getPet', '--reporter', 'json']);
    const doc = JSON.parse(json.stdout) as { notices?: string[] };
    // Every operation that answered (the selected ones and the prerequisites they create) answered 404.
    expect(doc.notices).toEqual([expect.stringMatching(new RegExp(`^(\\d+) of \\1 operations answered 404 to every request: --target may carry a wrong base path \\(e\\.g\\. ${mock.url}/v2/`))]);
  });
});
