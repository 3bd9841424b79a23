import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/mock/errors.js';
import { checkBodyShape } from '../../src/mock/input-guards.js';

// The body guard (src/mock/input-guards.ts) names where an inexact integer sits, a path it writes
// only when it refuses; a member the schema leaves undeclared is not judged, whichever part
// (allOf / oneOf / anyOf) declares the others.

function refusal(body: unknown, schema?: OpenAPIV3.SchemaObject): string | undefined {
  try {
    checkBodyShape(body, 32, schema);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).details[0]?.location;
  }
}

const big = 2 ** 60;

describe('checkBodyShape', () => {
  it('names the path of an integer beyond 2^53 − 1, through objects and arrays', () => {
    expect(refusal(big)).toBe('body');
    expect(refusal({ a: { b: [1, big] } })).toBe('body.a.b.1');
    expect(refusal([{ x: 1 }, { y: [0, 0, big] }])).toBe('body.1.y.2');
    expect(refusal({ a: { b: [1, 2 ** 53 - 1] } })).toBeUndefined();
  });

  it('cuts a long path at 200 characters', () => {
    let body: unknown = big;
    for (let i = 0; i < 30; i++) body = { member_with_a_long_name: body };
    const location = refusal(body)!;
    expect(location).toHaveLength(200);
    expect(location.startsWith('body.member_with_a_long_name.member_with_a_long_name')).toBe(true);
  });

  it('judges declared members only, the declaring part being any of allOf, oneOf, anyOf (the same schema object checked again)', () => {
    const schema: OpenAPIV3.SchemaObject = {
      allOf: [{ type: 'object', properties: { id: { type: 'integer' } } }],
      anyOf: [{ type: 'object', properties: { tags: { type: 'array', items: { type: 'integer' } } } }],
    };
    for (let i = 0; i < 2; i++) {
      expect(refusal({ id: big }, schema)).toBe('body.id');
      expect(refusal({ tags: [1, big] }, schema)).toBe('body.tags.1');
      expect(refusal({ stray: big }, schema)).toBeUndefined();
    }
  });

  it('refuses nesting past the limit', () => {
    let body: unknown = 1;
    for (let i = 0; i < 40; i++) body = [body];
    expect(refusal(body)).toBe('body');
  });
});
