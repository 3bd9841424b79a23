import { describe, expect, it } from 'vitest';
import { anotherAlternativeTakes } from '../../conformance/cases/alternative-meets.js';

// JSON Schema Validation §6.1.1 holds per alternative: a defect of the first is none if another takes it.
describe('anotherAlternativeTakes', () => {
  const idOrSlug = {
    oneOf: [
      { type: 'integer' as const, minimum: 1 },
      { type: 'string' as const, pattern: '^[a-z0-9:_-]+$' },
    ],
  };
  it('reads a text value against each later alternative', () => {
    expect(anotherAlternativeTakes(idOrSlug, 'not-a-number', true)).toBe(true);
    expect(anotherAlternativeTakes(idOrSlug, 0, true)).toBe(true);
    expect(anotherAlternativeTakes(idOrSlug, 1.5, true)).toBe(false);
  });
  it('reads a JSON value by its type', () => {
    expect(anotherAlternativeTakes(idOrSlug, 0, false)).toBe(false);
    expect(anotherAlternativeTakes(idOrSlug, 'not-a-number', false)).toBe(true);
  });
  it('holds a format the validator defines, a one-element array as its item', () => {
    const dates = {
      anyOf: [
        { type: 'string' as const, format: 'date' },
        { type: 'string' as const, format: 'date-time' },
      ],
    };
    expect(anotherAlternativeTakes(dates, '2026-13-45', true)).toBe(false);
    expect(anotherAlternativeTakes(dates, '2026-01-02T03:04:05Z', true)).toBe(true);
    const integerOrText = { anyOf: [{ type: 'integer' as const }, { type: 'string' as const }] };
    expect(anotherAlternativeTakes(integerOrText, ['not-a-number'], true)).toBe(true);
    expect(anotherAlternativeTakes({ type: 'integer' }, 'not-a-number', true)).toBe(false);
  });
});
