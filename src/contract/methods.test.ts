import { describe, expect, it } from 'vitest';
import { pathItemOperations, retrievesRepresentation } from './methods.js';

const op = { responses: {} };

describe('the operations of a path item (OAS 3.2.0 §4.9.1)', () => {
  it('3.2: the fixed fields, query, and additionalOperations Node can read', () => {
    const item = { get: op, query: op, additionalOperations: { LINK: op, PURGE: op } };
    expect(pathItemOperations(item, '3.2').operations.map((o) => [o.method, o.field])).toEqual([
      ['get', 'get'],
      ['query', 'query'],
      ['link', 'additionalOperations/LINK'],
      ['purge', 'additionalOperations/PURGE'],
    ]);
  });

  it('3.0 and 3.1: query and additionalOperations are not operation fields', () => {
    const item = { post: op, query: op, additionalOperations: { LINK: op } };
    for (const family of ['3.0', '3.1'])
      expect(pathItemOperations(item, family)).toEqual({
        operations: [{ method: 'post', field: 'post', operation: op }],
        unserved: [],
      });
  });

  it.each([
    ['FROBNICATE', /not a method Node's HTTP parser reads/],
    ['purge', /not a method Node's HTTP parser reads/], // RFC 9110 §9.1: methods are case-sensitive
    ['POST', /fixed field post/],
    ['QUERY', /fixed field query/],
  ])('additionalOperations %s is not served: %s', (method, reason) => {
    const { operations, unserved } = pathItemOperations({ additionalOperations: { [method]: op } }, '3.2');
    expect(operations).toEqual([]);
    expect(unserved).toHaveLength(1);
    expect(unserved[0]!.reason).toMatch(reason);
  });

  it.each([
    ['get', true],
    ['HEAD', true],
    ['query', true],
    ['options', false],
    ['trace', false],
    ['post', false],
    ['purge', false],
  ])('%s retrieves a representation: %s', (method, expected) => {
    expect(retrievesRepresentation(method)).toBe(expected);
  });
});
