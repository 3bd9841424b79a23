import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../contract/index.js';
import { distinctIdentifiers } from './distinct-identifiers.js';

const validator = new SchemaValidator();
const record = (id: Record<string, unknown>) => ({
  type: 'object' as const,
  properties: { id, name: { type: 'string' as const } },
});

describe('made-up items of one list carry distinct identifiers (mock, issue 29)', () => {
  it.each([
    [
      'a digits pattern',
      { type: 'string', pattern: '^\\d+$' },
      '383791336903426391',
      ['383791336903426391', '383791336903426392', '383791336903426393'],
    ],
    ['an integer under a maximum', { type: 'integer', maximum: 10 }, 10, [10, 9, 8]],
    [
      'a uuid',
      { type: 'string', format: 'uuid' },
      '0f7a5d3c-1b2e-4c5d-8e9f-00000000000f',
      [
        '0f7a5d3c-1b2e-4c5d-8e9f-00000000000f',
        '0f7a5d3c-1b2e-4c5d-8e9f-000000000010',
        '0f7a5d3c-1b2e-4c5d-8e9f-000000000011',
      ],
    ],
    ['free text', { type: 'string' }, 'abc', ['abc', 'abc1', 'abc2']],
    ['an enum: its other members', { type: 'string', enum: ['a', 'b', 'c'] }, 'b', ['b', 'a', 'c']],
    ['an enum of one value: listed once', { type: 'string', enum: ['only'] }, 'only', ['only']],
  ] as const)('%s', (_, id, value, expected) => {
    const items = [0, 1, 2].map((n) => ({ id: value, name: `n${n}` }));
    const out = distinctIdentifiers(items, record(id as Record<string, unknown>), validator);
    expect(out.map((item) => (item as { id: unknown }).id)).toEqual(expected);
    // Everything but the identifier is kept, and the first item keeps the example.
    expect((out as { name: string }[]).map((item) => item.name)).toEqual(expected.map((_, n) => `n${n}`));
  });

  it('leaves distinct items, items without an identifier and scalars as they are', () => {
    const schema = record({ type: 'string' });
    const distinct = [{ id: 'a' }, { id: 'b' }];
    expect(distinctIdentifiers(distinct, schema, validator)).toBe(distinct);
    const anonymous = [{ name: 'x' }, { name: 'x' }];
    expect(distinctIdentifiers(anonymous, schema, validator)).toBe(anonymous);
    const scalars = ['a', 'a'];
    expect(distinctIdentifiers(scalars, schema, validator)).toBe(scalars);
  });

  it('without varying, lists a repeated identifier once (the items an `?id=` filter made alike)', () => {
    const items = [
      { id: 'x', name: 'a' },
      { id: 'x', name: 'b' },
      { id: 'y', name: 'c' },
    ];
    expect(distinctIdentifiers(items, record({ type: 'string' }), validator, false)).toEqual([items[0], items[2]]);
  });
});
