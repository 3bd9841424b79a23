import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { CATALOGUE, ROOT } from '../mock/helpers.js';
import { isWrite, loadCorpus, requestBytes, statuses, type BadInput } from './corpus.js';
import { rawRequest, sendRaw, type RawResponse } from './raw-http.js';

const corpus = loadCorpus();

/** What no response body may ever contain: stack frames, file paths, library names. */
const LEAKS = [
  /node_modules/,
  /Error:/,
  /\bat [\w.<>]+ \(/,
  /\.[cm]?[jt]s:\d+/,
  new RegExp(ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /\/home\/|\/usr\/|\/tmp\//,
];

const prototypeKeys = (): string[] =>
  [...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Array.prototype)].sort();

function expectErrorBody(res: RawResponse, status: number, code: string | null, label: string): void {
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { code?: unknown; status?: unknown; message?: unknown };
  expect(typeof body.code, label).toBe('string');
  expect(
    CATALOGUE.get(body.code as string),
    `${label}: code ${String(body.code)} is in the catalogue with this status`,
  ).toBe(status);
  expect(body.status, label).toBe(status);
  expect(typeof body.message, label).toBe('string');
  if (code !== null) expect(body.code, label).toBe(code);
}

describe(`the bad-input corpus (${corpus.cases.length} cases, fixtures/hardening/bad-inputs.json) over raw sockets`, () => {
  let mock: RunningMock;
  let baseline: string;
  const prototypeBefore = prototypeKeys();

  const state = async (): Promise<string> => {
    const res = await sendRaw(mock.port, rawRequest('GET', '/__mock/state'));
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeAll(async () => {
    mock = await start({ port: 0 });
    baseline = await state();
  });
  // A failed case must not leave its change to the next one.
  afterEach(async () => {
    await sendRaw(mock.port, rawRequest('POST', '/__mock/reset'));
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('holds the cases the issue asks for, with unique names', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.cases.map((c) => c.name)).size).toBe(corpus.cases.length);
  });

  it.each(corpus.cases.map((c) => [c.name, c] as const))('%s', async (_name, c: BadInput) => {
    const label = `${c.name} (${c.method} ${typeof c.path === 'string' ? c.path.slice(0, 80) : '…'})`;
    const head = c.method.toUpperCase() === 'HEAD';
    const res = await sendRaw(mock.port, requestBytes(c, corpus.apiKey), { head });
    const expected = statuses(c);
    expect(expected, `${label}: got ${res.status} ${res.text.slice(0, 300)}`).toContain(res.status);

    // The request's own target may be echoed (`No resource at /node_modules/…`): that is no leak.
    const echo = typeof c.path === 'string' ? c.path.split('?')[0]! : '';
    const text = echo.length > 1 ? res.text.split(echo).join('') : res.text;
    for (const leak of LEAKS) expect(text, `${label}: leaks ${leak}`).not.toMatch(leak);

    if (c.layer === 'http') {
      // Refused before the app: the connection is closed, and any body is the contract's Error.
      expect(res.headers['connection']?.toLowerCase() === 'close' || res.closedByServer, label).toBe(true);
      if (res.body.length > 0 && res.status >= 400) expectErrorBody(res, res.status, c.code, label);
    } else if (res.status >= 400) {
      if (!head) expectErrorBody(res, res.status, c.code, label);
      if (res.status === 401)
        expect(res.headers['www-authenticate'], label).toBe('ApiKey realm="petstore", header="X-API-Key"');
      if (res.status === 405) expect(res.headers['allow'], label).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
      if (res.status === 429 || res.status === 503) expect(res.headers['retry-after'], label).toMatch(/^\d+$/);
    } else if (res.status !== 204 && !head) {
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      const body = JSON.parse(res.text) as Record<string, unknown>;
      if (c.expectBody) expect(body, label).toMatchObject(c.expectBody);
      for (const key of c.absent ?? []) expect(Object.hasOwn(body, key), `${label}: ${key} is stored`).toBe(false);
      if (res.status === 201) expect(res.headers['location'], label).toMatch(/^\/[a-z/]+\/\d+$/);
    }

    // No prototype pollution, whatever the body carried.
    expect(({} as Record<string, unknown>)['polluted'], label).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)['polluted'], label).toBeUndefined();
    expect(prototypeKeys(), label).toEqual(prototypeBefore);

    // A refused request changed nothing (an accepted write is undone after the case).
    if (!(res.status >= 200 && res.status < 300 && isWrite(c)))
      expect(await state(), `${label}: the state changed`).toBe(baseline);

    // And the server still answers.
    const alive = await sendRaw(mock.port, rawRequest('GET', '/pets?limit=1'));
    expect(alive.status, `${label}: the server no longer answers`).toBe(200);
  });
});
