import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from './guards.js';

type Schema = OpenAPIV3.SchemaObject;

/** Lowered views by schema object: a pure cache (the view is a function of the object alone). */
const views = new WeakMap<object, Schema>();

/**
 * One schema node of a 3.1 / 3.2 document (JSON Schema 2020-12, OAS 3.1.0 §4.8.24) seen in the
 * OpenAPI 3.0 shape the generators of both halves read, so the mock and the runner make values by
 * the same reading. Only this node is rewritten (sub-schemas are lowered as they are visited):
 * - `type: [T, "null"]` → `type: T, nullable: true` (the first non-null type of a longer list);
 *   `type: "null"` or `["null"]` → `enum: [null]`;
 * - `const: v` → `enum: [v]` (JSON Schema Validation 2020-12 §6.1.3);
 * - numeric `exclusiveMinimum: n` / `exclusiveMaximum: n` → `minimum: n` + `exclusiveMinimum: true`
 *   (the 3.0 form; §6.2.3–6.2.5), unless a tighter `minimum` / `maximum` is written;
 * - `examples: [x, …]` → `example: x` when there is no `example`.
 * `prefixItems` stays as written (3.0 has no tuple; generators read it with `tuplePositions`).
 * A 3.0 schema is returned as it is. The result is never modified by callers (read-only).
 */
export function lowered<T extends Schema | OpenAPIV3.ReferenceObject>(schema: T): T {
  if (!isRecord(schema) || '$ref' in schema) return schema;
  const record = schema as Record<string, unknown>;
  const needs =
    Array.isArray(record['type']) ||
    record['type'] === 'null' ||
    'const' in record ||
    typeof record['exclusiveMinimum'] === 'number' ||
    typeof record['exclusiveMaximum'] === 'number' ||
    (Array.isArray(record['examples']) && record['example'] === undefined);
  if (!needs) return schema;
  const known = views.get(schema);
  if (known) return known as T;
  const out: Record<string, unknown> = { ...record };
  const type = record['type'];
  if (Array.isArray(type) || type === 'null') {
    const types = (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length === 0) {
      delete out['type'];
      out['enum'] = [null];
    } else {
      out['type'] = nonNull[0];
      if (types.includes('null')) out['nullable'] = true;
      else delete out['nullable'];
    }
  }
  if ('const' in record) {
    out['enum'] = [record['const']];
    delete out['const'];
  }
  for (const [exclusive, bound, tighter] of [
    ['exclusiveMinimum', 'minimum', (a: number, b: number) => a > b],
    ['exclusiveMaximum', 'maximum', (a: number, b: number) => a < b],
  ] as const) {
    const value = record[exclusive];
    if (typeof value !== 'number') continue;
    const written = record[bound];
    if (typeof written === 'number' && tighter(written, value)) delete out[exclusive];
    else {
      out[bound] = value;
      out[exclusive] = true;
    }
  }
  if (Array.isArray(record['examples']) && record['example'] === undefined && record['examples'].length > 0)
    out['example'] = record['examples'][0];
  delete out['examples'];
  views.set(schema, out as Schema);
  return out as T;
}

/** The positions of a 2020-12 tuple (`prefixItems`), or undefined when the array is not one. */
export function tuplePositions(schema: Schema): readonly (Schema | OpenAPIV3.ReferenceObject)[] | undefined {
  const positions = (schema as Record<string, unknown>)['prefixItems'];
  return Array.isArray(positions) ? (positions as (Schema | OpenAPIV3.ReferenceObject)[]) : undefined;
}

/** Whether an array schema takes no items beyond its tuple positions (`items: false`). */
export function closedTuple(schema: Schema): boolean {
  return (schema as Record<string, unknown>)['items'] === false;
}
