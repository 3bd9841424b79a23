import { describe, expect, it } from 'vitest';
import { applyNullable, readNullable } from './nullable.js';
import { SchemaValidator } from './schema.js';

const NULL_ONLY = { enum: [null] };

// OAS 3.0.3 §4.7.24 `nullable` is defined next to `type`; these rows are the documents that write it elsewhere.
describe('nullable without type: one reading for both validators (OAS 3.0.3 §4.7.24)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown> | undefined, unknown, boolean]>([
    ['next to type: nothing to read', { type: 'string', nullable: true }, undefined, null, true],
    ['nullable: false says nothing (the default)', { nullable: false, minLength: 1 }, { minLength: 1 }, 'x', true],
    [
      'beside properties: an object or null',
      { nullable: true, properties: { a: { type: 'string' } } },
      { nullable: true, type: 'object', properties: { a: { type: 'string' } } },
      'x',
      false,
    ],
    [
      'beside items: an array or null',
      { nullable: true, items: { type: 'string' } },
      { nullable: true, type: 'array', items: { type: 'string' } },
      null,
      true,
    ],
    [
      'beside allOf: the schema or null',
      { nullable: true, allOf: [{ type: 'object' }] },
      { anyOf: [{ allOf: [{ type: 'object' }] }, NULL_ONLY] },
      null,
      true,
    ],
    [
      'nothing else: dropped (an untyped schema admits null)',
      { nullable: true, description: 'd' },
      { description: 'd' },
      null,
      true,
    ],
  ])('%s', (_construct, schema, rewritten, value, valid) => {
    const reading = readNullable(schema);
    if (rewritten === undefined) expect(reading).toBeUndefined();
    else {
      const node = structuredClone(schema);
      applyNullable(node, reading!, NULL_ONLY);
      expect(node).toEqual(rewritten);
    }
    // The runner's validator reads it the same way.
    expect(new SchemaValidator().validate(schema, value, 'response').state).toBe(valid ? 'valid' : 'invalid');
  });
});
