import { describe, expect, it } from 'vitest';
import { parseQuery, serialiseQuery } from './index.js';
import { pairsOf, type Parameter } from './values.js';

const arr = (style: 'spaceDelimited' | 'pipeDelimited'): Parameter => ({
  name: 'id',
  style,
  explode: false,
  schema: { type: 'array', items: { type: 'string' } },
});

describe('spaceDelimited and pipeDelimited query arrays (OAS 3.0.3 §4.7.12.4)', () => {
  it.each<[string, Parameter, unknown, string, unknown]>([
    ['spaceDelimited', arr('spaceDelimited'), ['3', '4', '5'], 'id=3%204%205', ['3', '4', '5']],
    ['pipeDelimited', arr('pipeDelimited'), ['3', '4', '5'], 'id=3%7C4%7C5', ['3', '4', '5']],
  ])('%s', (_construct, p, value, wire, read) => {
    expect(serialiseQuery(p, p.name, value).join('&')).toBe(wire);
    expect(parseQuery(p, pairsOf(wire))).toEqual(read);
  });

  it.each<[string, Parameter, string, unknown]>([
    ['a space sent as `+` (WHATWG urlencoded)', arr('spaceDelimited'), 'id=3+4', ['3', '4']],
    ['a raw pipe', arr('pipeDelimited'), 'id=3|4', ['3', '4']],
    ['empty (§4.7.12.5 empty row)', arr('pipeDelimited'), 'id=', []],
  ])('read: %s', (_construct, p, wire, read) => {
    expect(parseQuery(p, pairsOf(wire))).toEqual(read);
  });
});
