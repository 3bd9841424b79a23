import { describe, expect, it } from 'vitest';
import { objectQueryMembers } from './object-members.js';
import { pairsOf, type Parameter } from './values.js';

const filter: Parameter = {
  name: 'filter',
  content: { 'application/json': { schema: { type: 'object', properties: { limit: { type: 'integer' } } } } },
};
const pagination: Parameter = {
  name: 'pagination',
  style: 'deepObject',
  explode: true,
  schema: { type: 'object', properties: { page: { type: 'integer' } } },
};

describe('objectQueryMembers: the members of an object-valued query parameter', () => {
  it.each([
    ['a JSON content object', filter, { filter: '{"limit":1,"where":{"a":2}}' }, { limit: 1, where: { a: 2 } }],
    [
      'a deepObject',
      pagination,
      { 'pagination[page]': '2', 'pagination[pageSize]': '1' },
      { page: '2', pageSize: '1' },
    ],
    ['a parameter left out', filter, { other: '1' }, undefined],
    ['JSON text that is no object', filter, { filter: '[1]' }, undefined],
    ['text that is no JSON', filter, { filter: '{"limit":' }, undefined],
    ['a form parameter', { name: 'limit', schema: { type: 'integer' } }, { limit: '1' }, undefined],
    [
      'text content',
      { name: 'q', content: { 'text/plain': { schema: { type: 'string' } } } },
      { q: '{"limit":1}' },
      undefined,
    ],
  ] as const)('%s', (_what, parameter, query, expected) => {
    expect(objectQueryMembers(parameter, pairsOf(new URLSearchParams(query)))).toEqual(expected);
  });
});
