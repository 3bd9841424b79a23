import type { OpenAPIV3 } from 'openapi-types';
import { alternativesOf, asSchema, mergeAllOf } from '../schema-views.js';
import { parseDeepObject, readNestedMembers } from './deep-object.js';
import { isObject, viaContent, type Pairs, type Parameter } from './values.js';

/**
 * A query parameter's value where a part its schema makes an object arrived as JSON text, read
 * back; undefined where there is no such part, so the caller leaves the request as it is.
 *
 * The style table (OAS 3.0.3 §4.7.12.4) stops one level down: it writes neither an object member of
 * an object nor an object item of an array. The kernel writes such a value as JSON text (`text`), as
 * the runner sends it, and reads it back here, as the mock receives it (AWS's query protocol in
 * APIs.guru's directory: `Suggester` exploded into `DocumentSuggesterOptions={"SourceField":…}`;
 * `Identifiers={"SnapshotIdentifier":…}`, an array of objects):
 * - `deepObject` and exploded `form` objects: the members whose schema is an object or an array
 *   (readNestedMembers);
 * - exploded `form` arrays whose items are objects or arrays (allOf merged): each item that is JSON
 *   text of that kind (an array of arrays, sinao.app's `conditions: [[property, comparator, value]]`:
 *   the style table writes no inner array either, so an item `["a","b"]` was refused "must be array");
 * - an exploded `form` object that names no member (a map: `additionalProperties`, AWS's
 *   `Attributes`): its members are written as keys of their own (§4.7.12.4) whose names no schema
 *   gives, so they are the pairs no other query parameter of the operation names (`taken`).
 * Text that is not a JSON object is kept, for the validator to refuse.
 */
export function readStructuredQuery(
  p: Parameter,
  pairs: Pairs,
  taken: ReadonlySet<string> = new Set(),
): Record<string, unknown> | unknown[] | undefined {
  const schema = asSchema(p.schema);
  if (viaContent(p) || !schema) return undefined;
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  if (style === 'deepObject') {
    const fields = parseDeepObject(p.name, pairs);
    return fields && readNestedMembers(fields, schema);
  }
  if (style !== 'form' || !explode) return undefined;
  const view = mergeAllOf(schema);
  if (view.type === 'array') return readObjectItems(pairs, p.name, asSchema(view.items));
  const names = memberNames(schema);
  if (names.size === 0) return freeForm(schema) ? readFreeFormMembers(pairs, taken) : undefined;
  const fields: Record<string, string> = {};
  for (const [k, v] of pairs) if (names.has(k)) fields[k] = v;
  return readNestedMembers(fields, schema);
}

/** The names an exploded object's members go by: its properties, allOf merged, and each alternative's. */
export function memberNames(schema: OpenAPIV3.SchemaObject): Set<string> {
  const view = mergeAllOf(schema);
  if (view.type !== undefined && view.type !== 'object') return new Set();
  const views = [view, ...alternativesOf(view).map(mergeAllOf)];
  return new Set(views.flatMap((v) => Object.keys(v.properties ?? {})));
}

function readObjectItems(pairs: Pairs, name: string, items: OpenAPIV3.SchemaObject | undefined): unknown[] | undefined {
  const kind = items && structuredKind(items);
  if (kind === undefined) return undefined;
  const mine = pairs.filter(([k]) => k === name).map(([, v]) => v);
  let read = false;
  const out = mine.map((v): unknown => {
    try {
      const parsed: unknown = JSON.parse(v);
      if (kind === 'object' ? !isObject(parsed) : !Array.isArray(parsed)) return v;
      read = true;
      return parsed;
    } catch {
      return v;
    }
  });
  return read ? out : undefined;
}

/** Whether an item's schema (allOf merged) makes it an object or an array: the kinds written as JSON text. */
function structuredKind(schema: OpenAPIV3.SchemaObject): 'object' | 'array' | undefined {
  const view = mergeAllOf(schema);
  if (view.type === 'object' || (view.type === undefined && view.properties !== undefined)) return 'object';
  return view.type === 'array' ? 'array' : undefined;
}

/**
 * Whether an object schema declares no member names and admits members (a map, OAS 3.0.3 §4.7.24
 * `additionalProperties`): an exploded form value of it is read from the keys nothing else names.
 */
export function freeForm(schema: OpenAPIV3.SchemaObject): boolean {
  const view = mergeAllOf(schema);
  if (view.type !== 'object' || alternativesOf(view).length > 0) return false;
  return Object.keys(view.properties ?? {}).length === 0 && view.additionalProperties !== false;
}

/** The first value of each pair not `taken` by another parameter; undefined when there is none. */
function readFreeFormMembers(pairs: Pairs, taken: ReadonlySet<string>): Record<string, string> | undefined {
  const out = new Map<string, string>();
  for (const [k, v] of pairs) if (!taken.has(k) && !out.has(k)) out.set(k, v);
  return out.size > 0 ? Object.fromEntries(out) : undefined;
}
