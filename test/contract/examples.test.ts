import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { loadContract, SchemaValidator, type Direction } from '../../src/contract/index.js';

const contract = await loadContract();
const validator = new SchemaValidator();

interface ExampleCase {
  where: string;
  schema: OpenAPIV3.SchemaObject;
  example: unknown;
  direction: Direction;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `example` of a schema and of its sub-schemas, each paired with the schema it belongs to. */
function schemaExamples(
  schema: unknown,
  where: string,
  direction: Direction,
  out: ExampleCase[],
  seen = new Set<object>(),
): void {
  if (!isRecord(schema) || seen.has(schema)) return;
  seen.add(schema);
  if ('example' in schema)
    out.push({ where, schema: schema as OpenAPIV3.SchemaObject, example: schema['example'], direction });
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isRecord(value)) {
      for (const [name, sub] of Object.entries(value)) schemaExamples(sub, `${where}.${name}`, direction, out, seen);
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      schemaExamples(value, `${where}.${key}`, direction, out, seen);
    } else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') {
      for (const [i, sub] of (value as unknown[]).entries())
        schemaExamples(sub, `${where}.${key}[${i}]`, direction, out, seen);
    }
  }
}

const cases: ExampleCase[] = [];
const resolved = contract.resolved;
for (const [name, schema] of Object.entries(resolved.components?.schemas ?? {})) {
  schemaExamples(schema, `schemas.${name}`, 'response', cases);
}
for (const op of contract.operations) {
  for (const p of op.parameters) {
    if (p.example !== undefined)
      cases.push({
        where: `${op.id} ${p.in}.${p.name}`,
        schema: p.schema as OpenAPIV3.SchemaObject,
        example: p.example,
        direction: 'request',
      });
  }
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    if (media.example !== undefined)
      cases.push({
        where: `${op.id} request ${type}`,
        schema: media.schema as OpenAPIV3.SchemaObject,
        example: media.example,
        direction: 'request',
      });
  }
  for (const [status, response] of Object.entries(op.responses)) {
    for (const [type, media] of Object.entries(response.content ?? {})) {
      if (media.example !== undefined)
        cases.push({
          where: `${op.id} ${status} ${type}`,
          schema: media.schema as OpenAPIV3.SchemaObject,
          example: media.example,
          direction: 'response',
        });
      // Named examples (what `Prefer: example=NAME` picks), each validated like the single one.
      for (const [name, named] of Object.entries(media.examples ?? {})) {
        const value = (named as OpenAPIV3.ExampleObject).value;
        cases.push({
          where: `${op.id} ${status} ${type} example ${name}`,
          schema: media.schema as OpenAPIV3.SchemaObject,
          example: value,
          direction: 'response',
        });
      }
    }
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      schemaExamples((header as OpenAPIV3.HeaderObject).schema, `${op.id} ${status} header ${name}`, 'response', cases);
    }
  }
}

describe('every example in the contract validates against its schema', () => {
  it('finds examples on every named schema and the main responses', () => {
    for (const name of Object.keys(resolved.components?.schemas ?? {})) {
      expect(
        cases.some((c) => c.where === `schemas.${name}`),
        name,
      ).toBe(true);
    }
    expect(cases.length).toBeGreaterThan(100);
    expect(cases.filter((c) => c.where.includes(' example ')).length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s', (_where, c) => {
    expect(validator.check(c.schema, c.example, c.direction)).toEqual({ valid: true });
  });

  it('the validator does reject a bad example (the check can fail)', () => {
    const pet = resolved.components!.schemas!['Pet'] as OpenAPIV3.SchemaObject;
    expect(validator.check(pet, { id: 0, name: '', categoryId: 'x', status: 'lost' }, 'response').valid).toBe(false);
    expect(validator.check(pet, { name: 'Rex', categoryId: 1 }, 'response').valid).toBe(false); // id required in a response
    expect(validator.check(pet, { name: 'Rex', categoryId: 1 }, 'request').valid).toBe(true); // readOnly id not required in a request
  });
});
