import { describe, expect, it } from 'vitest';
import { parseHeader, serialiseHeader } from './header.js';
import type { Parameter } from './values.js';

describe('header parameters: simple style (OAS 3.0.3 §4.7.12.4)', () => {
  it.each<[string, Parameter, unknown, string]>([
    ['primitive', { name: 'X-Id', schema: { type: 'string' } }, '5', '5'],
    ['array', { name: 'X-Id', schema: { type: 'array', items: { type: 'string' } } }, ['3', '4'], '3,4'],
    ['object', { name: 'X-Id', schema: { type: 'object' } }, { role: 'admin' }, 'role,admin'],
    [
      'object, explode',
      { name: 'X-Id', explode: true, schema: { type: 'object' } },
      { role: 'admin', n: '1' },
      'role=admin,n=1',
    ],
  ])('%s', (_construct, p, value, wire) => {
    expect(serialiseHeader(p, value)).toBe(wire);
    expect(parseHeader(p, wire)).toEqual(value);
  });

  it('list items are trimmed (RFC 9110 §5.6.1)', () => {
    expect(parseHeader({ name: 'X', schema: { type: 'array' } as never }, '3, 4')).toEqual(['3', '4']);
  });
});
