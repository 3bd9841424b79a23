import type { OpenAPIV3 } from 'openapi-types';
import { alternativesOf, asSchema, mergeAllOf } from '../schema-views.js';
import { encodeQueryComponent, isObject, text, type Pairs } from './values.js';

/**
 * `deepObject` (OAS 3.0.3 §4.7.12.4): `color[R]=100&color[G]=200`, in a query and in a form body's
 * field whose Encoding Object says so (§4.7.15, `inventory[type]=finite`). One level, as the table
 * defines it; a nested value is written as JSON text.
 */
export function serialiseDeepObject(name: string, value: unknown): string[] {
  const enc = encodeQueryComponent;
  if (!isObject(value)) return [`${enc(name)}=${enc(text(value))}`];
  return Object.entries(value).map(([k, v]) => `${enc(name)}%5B${enc(k)}%5D=${enc(text(v))}`);
}

/** The fields of `name[...]` pairs; undefined when there are none. */
export function parseDeepObject(name: string, pairs: Pairs): Record<string, string> | undefined {
  const prefix = `${name}[`;
  const out: Record<string, string> = {};
  let any = false;
  for (const [k, v] of pairs) {
    if (!k.startsWith(prefix) || !k.endsWith(']')) continue;
    out[k.slice(prefix.length, -1)] = v;
    any = true;
  }
  return any ? out : undefined;
}

/** The names a form body's pairs use as deepObject fields (`a[b]=…` → `a`): what a decoder groups. */
export function deepObjectNames(pairs: Pairs): Set<string> {
  const out = new Set<string>();
  for (const [k] of pairs) {
    const m = /^([^[\]]+)\[[^[\]]*\]$/.exec(k);
    if (m) out.add(m[1]!);
  }
  return out;
}

/**
 * A deepObject value's members whose schema is an object, read back from the JSON text
 * serialiseDeepObject writes them as (the table of OAS 3.0.3 §4.7.12.4 defines one level only), as
 * a form body's object fields are read (src/mock/media.ts). A member is looked up in the
 * parameter's schema and in each of its alternatives (allOf merged; oneOf / anyOf: Pinterest's
 * report-stats `parameters`, whose `report` only its alternatives declare). Text that is not a
 * JSON object stays as it is, for the validator to refuse. Undefined when no member was read.
 */
export function readNestedMembers(
  fields: Readonly<Record<string, unknown>>,
  schema: OpenAPIV3.SchemaObject | undefined,
): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const views = [schema, ...alternativesOf(mergeAllOf(schema))].map(mergeAllOf);
  const objectMember = (name: string): boolean =>
    views.some((view) => {
      const member = asSchema(view.properties?.[name]);
      return member !== undefined && mergeAllOf(member).type === 'object';
    });
  let read = false;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    out[name] = value;
    if (typeof value !== 'string' || !objectMember(name)) continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (isObject(parsed)) {
        out[name] = parsed;
        read = true;
      }
    } catch {
      // Not JSON: left for the validator to refuse.
    }
  }
  return read ? out : undefined;
}
