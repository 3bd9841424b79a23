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
 * A deepObject or exploded form object's members whose schema is an object or an array, read back
 * from the JSON text the kernel writes them as (`text`: the table of OAS 3.0.3 §4.7.12.4 defines one
 * level only and says nothing of a member that is itself structured; JSON text is the kernel's one
 * rule, writer and reader alike), as a form body's object fields are read (src/mock/media.ts):
 * seldon's `SeldonMessageList` sends `seldonMessages=[]`, which the validator read as the one-string
 * array `["[]"]`. A member is looked up in the parameter's schema and in each of its alternatives
 * (allOf merged; oneOf / anyOf: Pinterest's report-stats `parameters`, whose `report` only its
 * alternatives declare). Text that is not JSON of the member's kind stays as it is, for the
 * validator to read (a plain value of an array member is its one item). Undefined when no member
 * was read.
 */
export function readNestedMembers(
  fields: Readonly<Record<string, unknown>>,
  schema: OpenAPIV3.SchemaObject | undefined,
): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const views = [schema, ...alternativesOf(mergeAllOf(schema))].map(mergeAllOf);
  const kindOf = (name: string): 'object' | 'array' | undefined => {
    for (const view of views) {
      const member = asSchema(view.properties?.[name]);
      const type = member && mergeAllOf(member).type;
      if (type === 'object' || type === 'array') return type;
    }
    return undefined;
  };
  let read = false;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    out[name] = value;
    const kind = typeof value === 'string' ? kindOf(name) : undefined;
    if (typeof value !== 'string' || kind === undefined) continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (kind === 'object' ? isObject(parsed) : Array.isArray(parsed)) {
        out[name] = parsed;
        read = true;
      }
    } catch {
      // Not JSON: left for the validator to refuse.
    }
  }
  return read ? out : undefined;
}
