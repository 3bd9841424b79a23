import { describe, expect, it } from 'vitest';
import { minMatchLength } from './pattern-length.js';
import { explainedBy, unsatisfiable } from './unsatisfiable.js';

describe('minMatchLength: a lower bound on any match', () => {
  it.each([
    ['[0-9a-f]{8}-[0-9a-f]{4}', 13],
    ['^se(-[a-z0-9]+)+$', 4],
    ['a|bc', 1],
    ['(?:ab)?c*d+', 1],
    ['(?=abc)x', 1],
    ['\\d{3,}\\u0041', 4],
    ['(a)\\1', 0],
    ['[', 0],
  ])('%s is at least %i', (pattern, least) => {
    expect(minMatchLength(pattern)).toBe(least);
  });
});

describe('unsatisfiable: proofs only', () => {
  it('proves the contradictions the directory documents', () => {
    expect(unsatisfiable({ type: 'object', additionalProperties: false, required: ['token'], properties: {} })).toEqual(
      [expect.objectContaining({ at: [], keyword: '/additionalProperties' })],
    );
    const pattern = { type: 'string', format: 'date-time', allOf: [{ pattern: '^se-[0-9]+$' }] };
    expect(unsatisfiable({ type: 'object', required: ['at'], properties: { at: pattern } })?.[0]?.at).toEqual(['at']);
    expect(unsatisfiable({ type: 'null', oneOf: [{ type: 'string' }, { type: 'number' }] })?.[0]?.keyword).toBe(
      '/oneOf',
    );
    expect(unsatisfiable({ type: 'string', pattern: '[0-9]{12}', maxLength: 10 })).toBeDefined();
    expect(unsatisfiable({ type: 'array', minItems: 1, items: { not: {} } })?.[0]?.at).toEqual(['*']);
    expect(unsatisfiable({ allOf: [{ type: 'string' }, { type: 'integer' }] })).toBeDefined();
  });

  it('finds nothing where a value exists', () => {
    // No type: a string meets an object's required; an optional member may be absent; a pattern
    // property admits the name; null meets a nullable; integer is a number.
    expect(unsatisfiable({ additionalProperties: false, required: ['token'] })).toBeUndefined();
    expect(unsatisfiable({ type: 'object', properties: { at: { not: {} } } })).toBeUndefined();
    expect(
      unsatisfiable({
        type: 'object',
        additionalProperties: false,
        required: ['x-a'],
        patternProperties: { '^x-': {} },
      }),
    ).toBeUndefined();
    expect(unsatisfiable({ type: 'string', nullable: true, pattern: '[0-9]{12}', maxLength: 10 })).toBeUndefined();
    expect(unsatisfiable({ type: 'number', oneOf: [{ type: 'integer' }, { type: 'string' }] })).toBeUndefined();
    expect(unsatisfiable({ type: 'array', items: { not: {} } })).toBeUndefined();
    expect(unsatisfiable({ type: 'string', format: 'date-time', pattern: '^\\d{4}-' })).toBeUndefined();
    const cycle: Record<string, unknown> = { type: 'object', required: ['next'] };
    cycle['properties'] = { next: cycle };
    expect(unsatisfiable(cycle)).toBeUndefined();
  });

  it('explains a validator pointer at or under a proven place only', () => {
    const proofs = [{ at: ['rates', '*', 'created_at'], keyword: '', reason: '' }];
    expect(explainedBy('/rates/0/created_at', proofs)).toBe(true);
    expect(explainedBy('/rates/0/id', proofs)).toBe(false);
    expect(explainedBy('', proofs)).toBe(false);
  });
});
