import { describe, expect, it } from 'vitest';
import { parseCookie, serialiseCookie } from './cookie.js';
import type { Parameter } from './values.js';

describe('cookie parameters: form style (OAS 3.0.3 §4.7.12.4; RFC 6265 §4.2.1)', () => {
  it.each<[string, Parameter, unknown, string[]]>([
    ['primitive', { name: 'id', schema: { type: 'string' } }, '5', ['id=5']],
    [
      'array, explode (the default)',
      { name: 'id', schema: { type: 'array', items: { type: 'string' } } },
      ['3', '4'],
      ['id=3', 'id=4'],
    ],
    [
      'array, explode off',
      { name: 'id', explode: false, schema: { type: 'array', items: { type: 'string' } } },
      ['3', '4'],
      ['id=3,4'],
    ],
    [
      'object, explode off',
      { name: 'id', explode: false, schema: { type: 'object' } },
      { role: 'admin' },
      ['id=role,admin'],
    ],
    ['percent-encoded value', { name: 'id', schema: { type: 'string' } }, 'a;b', ['id=a%3Bb']],
  ])('%s', (_construct, p, value, wire) => {
    expect(serialiseCookie(p, value)).toEqual(wire);
    expect(parseCookie(p, wire.join('; '))).toEqual(value);
  });

  it('absent is undefined', () => {
    expect(parseCookie({ name: 'id', schema: { type: 'string' } }, 'other=1')).toBeUndefined();
  });
});
