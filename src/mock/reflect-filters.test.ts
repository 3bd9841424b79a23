import { describe, expect, it } from 'vitest';
import { contractFromDocument, SchemaValidator } from '../contract/index.js';
import { reflectFilters } from './reflect-filters.js';

const score = {
  type: 'object',
  required: ['period'],
  properties: {
    period: { type: 'string', enum: ['1d', '14d'] },
    count: { type: 'integer' },
    on: { type: 'boolean' },
    roles: { type: 'array', items: { type: 'string' } },
  },
};
const parameters = [
  { name: 'period', in: 'query', schema: { type: 'string' } },
  { name: 'count', in: 'query', schema: { type: 'integer' } },
  { name: 'on', in: 'query', schema: { type: 'boolean' } },
  { name: 'other', in: 'query', schema: { type: 'string' } },
  { name: 'PageSize', in: 'query', schema: { type: 'integer', minimum: 1 } },
  { name: 'roles', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
  { name: 'page', in: 'query', schema: { type: 'integer' } },
];
const document = {
  openapi: '3.0.3',
  info: { title: 'filters', version: '1' },
  paths: {
    '/scores': {
      get: {
        operationId: 'list',
        parameters,
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: score } } } },
        },
      },
    },
    '/wrapped': {
      get: {
        operationId: 'wrapped',
        parameters,
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { items: { type: 'array', items: score }, bookmark: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('a generated list answer keeps the request’s equality filters (mock, issue 18)', async () => {
  const contract = await contractFromDocument(structuredClone(document));
  const validator = new SchemaValidator();
  const list = contract.operationsById.get('list')!;
  const wrapped = contract.operationsById.get('wrapped')!;
  const items = [{ period: '14d', count: 3 }, { period: '14d' }];

  it.each<[string, string, unknown, unknown]>([
    ['a string filter is laid on every item', 'period=1d', items, [{ period: '1d', count: 3 }, { period: '1d' }]],
    ['a value the property refuses changes nothing (the answer stays in its schema)', 'period=7d', items, items],
    [
      'an integer and a boolean are typed as the property declares',
      'count=5&on=true',
      items,
      [
        { period: '14d', count: 5, on: true },
        { period: '14d', count: 5, on: true },
      ],
    ],
    ['a parameter no item property is named like is not a filter', 'other=x', items, items],
    ['a page size keeps no more items than it names', 'PageSize=1', items, [items[0]]],
    ['a page size larger than the list changes nothing', 'PageSize=5', items, items],
    [
      'a list property holds the requested values',
      'roles=EMPLOYEE',
      items,
      [
        { period: '14d', count: 3, roles: ['EMPLOYEE'] },
        { period: '14d', roles: ['EMPLOYEE'] },
      ],
    ],
    ['an offset takes the later items', 'PageSize=1&offset=1', items, [items[1]]],
    ['a page number counts from 1 unless the schema says 0', 'PageSize=1&page=2', items, [items[1]]],
  ])('%s', (_construct, query, body, expected) => {
    expect(reflectFilters(list, { status: 200, body }, new URLSearchParams(query), validator).body).toEqual(expected);
  });

  it('the one array member of a wrapper is filtered too, the other members kept', () => {
    const reply = reflectFilters(
      wrapped,
      { status: 200, body: { items, bookmark: 'b' } },
      new URLSearchParams('period=1d'),
      validator,
    );
    expect(reply.body).toEqual({ items: [{ period: '1d', count: 3 }, { period: '1d' }], bookmark: 'b' });
  });

  it('an error answer is left alone', () => {
    const reply = { status: 404, body: [{ period: '14d' }] };
    expect(reflectFilters(list, reply, new URLSearchParams('period=1d'), validator)).toBe(reply);
  });
});
