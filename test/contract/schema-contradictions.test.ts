import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../../src/contract/index.js';
import type { OpenAPIV3 } from 'openapi-types';

/** A schema that contradicts itself is the contract's defect, not the server's: enforce what its authors listed, and say so. */
describe('an enum its own bounds exclude', () => {
  const gender: OpenAPIV3.SchemaObject = { type: 'string', enum: ['MALE', 'FEMALE', 'UNKNOWN'], maxLength: 1 };

  it('is enforced as the enum, with a notice naming the contradiction', () => {
    const validator = new SchemaValidator();
    expect(validator.check(gender, 'MALE', 'response').valid).toBe(true);
    expect(validator.check(gender, 'M', 'response').valid).toBe(false);
    expect(validator.check({ type: 'object', properties: { gender } }, { gender: 'OTHER' }, 'response').valid).toBe(
      false,
    );
    expect(validator.notices.join('\n')).toMatch(
      /enum \["MALE", "FEMALE", "UNKNOWN"\] admits none of its own values under maxLength 1/,
    );
  });

  it('leaves consistent schemas alone: bounds that admit some enum value still apply, and no notice', () => {
    const validator = new SchemaValidator();
    const some: OpenAPIV3.SchemaObject = { type: 'string', enum: ['A', 'LONG'], maxLength: 1 };
    expect(validator.check(some, 'A', 'response').valid).toBe(true);
    expect(validator.check(some, 'LONG', 'response').valid).toBe(false);
    const numbers: OpenAPIV3.SchemaObject = { type: 'integer', enum: [1, 2, 3], minimum: 2, nullable: true };
    expect(validator.check(numbers, 1, 'response').valid).toBe(false);
    expect(validator.check(numbers, null, 'response').valid).toBe(true);
    // A type that excludes every value is not a bound to drop: the schema stays as written.
    const wrongType: OpenAPIV3.SchemaObject = { type: 'integer', enum: ['a'], maxLength: 3 };
    expect(validator.check(wrongType, 'a', 'response').valid).toBe(false);
    expect(validator.notices.filter((n) => n.includes('admits none'))).toEqual([]);
  });
});
