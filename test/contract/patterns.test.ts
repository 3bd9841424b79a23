import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { basePathOf } from '../../src/contract/load.js';
import { patternRegExp, portablePattern } from '../../src/contract/patterns.js';

interface Case {
  readonly pattern: string;
  readonly unchanged?: boolean;
  readonly refused?: boolean;
  readonly match?: readonly string[];
  readonly reject?: readonly string[];
}
const table = JSON.parse(readFileSync(new URL('../../fixtures/contract/patterns.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};

describe('portablePattern: contract patterns made exact ECMA-262, or refused', () => {
  it.each(table.cases.map((c) => [c.pattern, c] as const))('%j', (_name, c) => {
    const result = portablePattern(c.pattern);
    if (c.refused) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).not.toBe('');
      expect(patternRegExp(c.pattern)).toBeUndefined();
      return;
    }
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    if (c.unchanged) expect(result).toEqual({ ok: true, source: c.pattern, changed: false });
    // The rewrite needs no flags and compiles in u mode, as ajv compiles patterns.
    const re = new RegExp(result.source, 'u');
    for (const value of c.match ?? []) expect(re.test(value), `${JSON.stringify(value)} should match`).toBe(true);
    for (const value of c.reject ?? []) expect(re.test(value), `${JSON.stringify(value)} should not match`).toBe(false);
  });
});

describe('basePathOf: the path of the first servers entry, variables at their defaults', () => {
  it.each([
    [undefined, ''],
    [[{ url: 'http://127.0.0.1:4010' }], ''],
    [[{ url: 'https://petstore3.swagger.io/api/v3' }], '/api/v3'],
    [[{ url: '/api/v3/' }], '/api/v3'],
    [
      [
        {
          url: '{scheme}://api.example.com/{version}',
          variables: { scheme: { default: 'https' }, version: { default: 'v2' } },
        },
      ],
      '/v2',
    ],
    [[{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }], ''],
    [[{ url: 'https://a.example/v1' }, { url: 'https://b.example/v2' }], '/v1'],
  ] as const)('%j → %j', (servers, expected) => {
    expect(basePathOf(servers as Parameters<typeof basePathOf>[0])).toBe(expected);
  });
});
