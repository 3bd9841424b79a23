import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from '../../src/contract/index.js';

/** A schema of a resolved contract (no `$ref` left). */
export type Schema = OpenAPIV3.SchemaObject;

export { isRecord };

export function asSchema(value: unknown): Schema | undefined {
  return isRecord(value) && !('$ref' in value) ? (value as Schema) : undefined;
}

/**
 * Folds `allOf` into one schema: properties merged, required lists joined,
 * other keywords taken from the first part that has them. Enough to generate
 * inputs; validation always goes through the real schema.
 */
export function flatten(schema: Schema): Schema {
  if (!schema.allOf || schema.allOf.length === 0) return schema;
  const parts = [{ ...schema, allOf: undefined }, ...schema.allOf.map((part) => flatten(asSchema(part) ?? {}))];
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  let merged: Schema = {};
  for (const part of parts) {
    for (const [name, sub] of Object.entries(part.properties ?? {})) {
      const s = asSchema(sub);
      if (s) properties[name] = { ...(properties[name] ?? {}), ...s };
    }
    for (const name of part.required ?? []) required.add(name);
    const { properties: _p, required: _r, allOf: _a, ...rest } = part;
    merged = { ...rest, ...merged };
  }
  const out: Schema = { ...merged };
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.required = [...required];
  if (out.type === undefined && out.properties) out.type = 'object';
  return out;
}

/** The first alternative of oneOf / anyOf, flattened: the branch inputs are generated from. */
export function effective(schema: Schema): Schema {
  const flat = flatten(schema);
  const alternative = flat.oneOf?.[0] ?? flat.anyOf?.[0];
  if (alternative) {
    const s = asSchema(alternative);
    if (s) return effective(s);
  }
  return flat;
}

/** Properties a client may send (readOnly ones are the server's, OAS 3.0.3 §4.7.24). */
export function writableProperties(schema: Schema): Array<[string, Schema]> {
  const out: Array<[string, Schema]> = [];
  for (const [name, sub] of Object.entries(effective(schema).properties ?? {})) {
    const s = asSchema(sub);
    if (s && s.readOnly !== true) out.push([name, effective(s)]);
  }
  return out;
}

export function requiredNames(schema: Schema): readonly string[] {
  return effective(schema).required ?? [];
}

/** Properties of an object schema, allOf / oneOf / anyOf included. */
export function properties(schema: Schema | undefined): Map<string, Schema> {
  const out = new Map<string, Schema>();
  const visit = (s: Schema | undefined): void => {
    if (!s) return;
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const sub = asSchema(v);
      if (sub) out.set(k, sub);
    }
    for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) visit(asSchema(part));
  };
  visit(schema);
  return out;
}
