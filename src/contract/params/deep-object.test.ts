import { describe, expect, it } from 'vitest';
import { deepObjectNames, parseDeepObject, serialiseDeepObject } from './deep-object.js';
import { parseQuery, serialiseQuery } from './index.js';
import { pairsOf, type Parameter } from './values.js';

const color: Parameter = { name: 'color', style: 'deepObject', explode: true, schema: { type: 'object' } };

describe('deepObject (OAS 3.0.3 §4.7.12.4; in form bodies §4.7.15)', () => {
  it.each<[string, unknown, string, unknown]>([
    ['query object', { R: '100', G: '200' }, 'color%5BR%5D=100&color%5BG%5D=200', { R: '100', G: '200' }],
    ['one field', { type: 'finite' }, 'color%5Btype%5D=finite', { type: 'finite' }],
  ])('%s', (_construct, value, wire, read) => {
    expect(serialiseQuery(color, 'color', value).join('&')).toBe(wire);
    expect(parseQuery(color, pairsOf(wire))).toEqual(read);
  });

  it('a form body field (`inventory[type]=finite`, §4.7.15 style deepObject)', () => {
    const pairs = pairsOf('inventory[type]=finite&inventory[count]=3&name=x');
    expect([...deepObjectNames(pairs)]).toEqual(['inventory']);
    expect(parseDeepObject('inventory', pairs)).toEqual({ type: 'finite', count: '3' });
    expect(serialiseDeepObject('inventory', { type: 'finite' })).toEqual(['inventory%5Btype%5D=finite']);
  });

  it('absent is undefined', () => {
    expect(parseDeepObject('color', pairsOf('colour[R]=1'))).toBeUndefined();
  });
});
