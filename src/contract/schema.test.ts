import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { SchemaValidator, type Direction } from './schema.js';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

describe('SchemaValidator.validate: valid | invalid | unknown', () => {
  it.each<[string, Schema, unknown, Direction, 'valid' | 'invalid' | 'unknown']>([
    ['a value of the type (OAS 3.0.3 §4.7.24)', { type: 'integer', format: 'int32' }, 7, 'response', 'valid'],
    ['a value outside int32 (OAS 3.0.3 §4.4 Data Types)', { type: 'integer', format: 'int32' }, 2 ** 31, 'response', 'invalid'],
    ['nullable admits null (§4.7.24 nullable)', { type: 'string', nullable: true }, null, 'response', 'valid'],
    ['null without nullable (§4.7.24)', { type: 'string' }, null, 'response', 'invalid'],
    ['readOnly required, absent in a request (§4.7.24 readOnly)', { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } }, {}, 'request', 'valid'],
    ['writeOnly present in a response (§4.7.24 writeOnly)', { type: 'object', properties: { pw: { type: 'string', writeOnly: true } } }, { pw: 'x' }, 'response', 'invalid'],
    ['overlapping discriminated oneOf (§4.7.25)', { oneOf: [{ type: 'object' }, { type: 'object' }], discriminator: { propertyName: 'k' } }, { k: 'a' }, 'response', 'valid'],
    ['an unresolved $ref cannot be checked (§4.7.24: a resolved document is expected)', { $ref: '#/components/schemas/Missing' }, 1, 'response', 'unknown'],
    ['a schema ajv refuses cannot be checked', { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } } as Schema, { a: 1 }, 'response', 'unknown'],
  ])('%s', (_construct, schema, value, direction, state) => {
    const validator = new SchemaValidator();
    const result = validator.validate(schema, value, direction);
    expect(result.state).toBe(state);
    if (result.state === 'unknown') {
      expect(result.reason).not.toBe('');
      // Two-state check() keeps its meaning for callers that choose among values.
      expect(validator.check(schema, value, direction).valid).toBe(true);
      expect(validator.notices.length).toBeGreaterThan(0);
    }
    if (result.state === 'invalid') expect(result.violations.length).toBeGreaterThan(0);
  });
});
