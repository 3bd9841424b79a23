import { describe, expect, it } from 'vitest';
import { parseQuery, serialiseQuery } from './index.js';
import { pairsOf, type Parameter } from './values.js';

const arr: Parameter = { name: 'id', schema: { type: 'array', items: { type: 'string' } } };
const obj: Parameter = {
  name: 'id',
  schema: { type: 'object', properties: { role: { type: 'string' }, firstName: { type: 'string' } } },
};
const prim: Parameter = { name: 'id', schema: { type: 'string' } };

// OAS 3.0.3 §4.7.12.4 style values, form rows: `?id=5`, `?id=3&id=4&id=5` / `?id=3,4,5`, `?role=admin&firstName=Alex` / `?id=role,admin,firstName,Alex`.
describe('query form style, both directions (OAS 3.0.3 §4.7.12.4)', () => {
  it.each<[string, Parameter, unknown, string, unknown]>([
    ['primitive', prim, '5', 'id=5', '5'],
    ['array, explode (the default)', arr, ['3', '4', '5'], 'id=3&id=4&id=5', ['3', '4', '5']],
    ['array, explode off', { ...arr, explode: false }, ['3', '4', '5'], 'id=3,4,5', ['3', '4', '5']],
    [
      'object, explode',
      obj,
      { role: 'admin', firstName: 'Alex' },
      'role=admin&firstName=Alex',
      { role: 'admin', firstName: 'Alex' },
    ],
    [
      'object, explode off',
      { ...obj, explode: false },
      { role: 'admin', firstName: 'Alex' },
      'id=role,admin,firstName,Alex',
      { role: 'admin', firstName: 'Alex' },
    ],
    [
      '`name[]` names are written as the document spells them',
      { ...arr, name: 'accounts[]' },
      ['a', 'b'],
      'accounts%5B%5D=a&accounts%5B%5D=b',
      ['a', 'b'],
    ],
    ['reserved characters percent-encoded (RFC 3986 §2.1)', prim, 'a b&c', 'id=a%20b%26c', 'a b&c'],
    [
      'content instead of schema: JSON text (§4.7.12 content)',
      { name: 'q', content: { 'application/json': {} } },
      { a: 1 },
      'q=%7B%22a%22%3A1%7D',
      '{"a":1}',
    ],
    [
      'content, a JSON string: sent quoted, read as the string it names (§4.7.12 content)',
      { name: 'user_id', content: { 'application/json': { schema: { type: 'string' } } } },
      'ann',
      'user_id=%22ann%22',
      'ann',
    ],
    [
      'content, a JSON number: read as its text',
      { name: 'limit', content: { 'application/json': { schema: { type: 'integer' } } } },
      5,
      'limit=5',
      '5',
    ],
  ])('%s', (_construct, p, value, wire, read) => {
    expect(serialiseQuery(p, p.name, value).join('&')).toBe(wire);
    expect(parseQuery(p, pairsOf(wire), ['role', 'firstName'])).toEqual(read);
  });

  it.each<[string, Parameter, string, unknown]>([
    ['an empty array value (`?tags=`) is the empty list (§4.7.12.5 empty row)', { ...arr, name: 'tags' }, 'tags=', []],
    ['an empty primitive is the empty string', { ...prim, name: 'tags' }, 'tags=', ''],
    ['absent is undefined', prim, 'other=1', undefined],
    ['a repeated primitive reads its first value', prim, 'id=1&id=2', '1'],
  ])('read: %s', (_construct, p, wire, read) => {
    expect(parseQuery(p, pairsOf(wire))).toEqual(read);
  });
});
