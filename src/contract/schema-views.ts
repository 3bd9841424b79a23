import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from './guards.js';
import type { Direction } from './schema.js';
import { lowered } from './schema-2020.js';
import { componentNameOf } from './sample/schema-names.js';

/**
 * Views of a resolved OpenAPI 3.0 schema that generation, the generic engine and the runner's cases
 * read instead of the raw keywords: allOf merged into one schema, the alternative of a oneOf/anyOf
 * that applies, what `nullable` admits, and which properties belong to which direction. Validation
 * never goes through a view: it uses the real schema (SchemaValidator).
 */

type Schema = OpenAPIV3.SchemaObject;
type Ref = OpenAPIV3.ReferenceObject;

/** A schema as the views read it: a 3.1 / 3.2 one (JSON Schema 2020-12) in its 3.0 form (schema-2020.ts). */
export function asSchema(value: unknown): Schema | undefined {
  return isRecord(value) && !('$ref' in value) ? lowered(value as Schema) : undefined;
}

/** Lower bounds keep the larger value, upper bounds the smaller: a value inside both fits both parts. */
const LOWER = ['minLength', 'minItems', 'minProperties'] as const;
const UPPER = ['maxLength', 'maxItems', 'maxProperties'] as const;

/**
 * Merged views by schema object: a pure cache, as lowered's (the view is a function of the object
 * alone, and callers never modify it). Inference asks for the same schema's view again and again:
 * every list answer against every collection's record, three times per recordProperties (Microsoft
 * Graph's 11,422 operations, its records allOf chains of `microsoft.graph.entity`: 60 % of start-up
 * merging the same chains anew).
 */
const merges = new WeakMap<Schema, Schema>();

/**
 * allOf folded into one schema (OAS 3.0.3 §4.7.24 "allOf", JSON Schema Validation §10.2.1.1: a value
 * must fit every part). The schema's own keywords first, then each part's in order, parts merged in
 * turn (nested allOf included). So that what fits the view fits every part:
 * - a property two parts describe is the merge of both descriptions (an enum in one, a type in the
 *   other; Asana), not the last one;
 * - `required` is the union;
 * - numeric and length bounds keep the tighter one, an enum the values both lists allow;
 * - `additionalProperties: false` in any part closes the merged object over the union of the parts'
 *   properties (what the authors meant: each part lists some of the record's fields);
 * - other keywords are the first part's that has them.
 * A schema without allOf is returned as it is (same object). The result is read-only (it is shared).
 */
export function mergeAllOf(written: Schema): Schema {
  const schema = lowered(written);
  if (!schema.allOf || schema.allOf.length === 0) return schema;
  const known = merges.get(schema);
  if (known) return known;
  const parts: Schema[] = [{ ...schema, allOf: undefined }];
  for (const part of schema.allOf) {
    const s = asSchema(part);
    if (s) parts.push(mergeAllOf(s));
  }
  let merged: Schema = {};
  for (const part of parts) merged = mergeTwo(merged, part);
  delete merged.allOf;
  if (merged.type === undefined && merged.properties !== undefined) merged.type = 'object';
  merges.set(schema, merged);
  return merged;
}

/** Two schemas as one that only admits what both admit (as far as the keywords allow). */
export function mergeTwo(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (value === undefined || key === 'allOf') continue;
    const mine = Reflect.get(out, key) as unknown;
    if (key === 'properties' && isRecord(value)) {
      const props: Record<string, Schema | Ref> = { ...(a.properties ?? {}) };
      for (const [name, sub] of Object.entries(value as Record<string, Schema | Ref>)) {
        const seen = props[name];
        const x = asSchema(seen);
        const y = asSchema(sub);
        props[name] = seen === undefined ? sub : x && y && x !== y ? mergeTwo(mergeAllOf(x), mergeAllOf(y)) : seen;
      }
      out.properties = props;
    } else if (key === 'required' && Array.isArray(value)) {
      out.required = [...new Set([...(a.required ?? []), ...(value as string[])])];
    } else if (key === 'additionalProperties') {
      if (mine === undefined || value === false) out.additionalProperties = value as Schema['additionalProperties'];
    } else if (key === 'enum' && Array.isArray(value) && Array.isArray(mine)) {
      const both = mine.filter((v) => (value as unknown[]).some((w) => JSON.stringify(w) === JSON.stringify(v)));
      // An empty intersection admits nothing: the first list is kept (the contradiction is the document's).
      if (both.length > 0) out.enum = both;
    } else if ((LOWER as readonly string[]).includes(key) && typeof value === 'number' && typeof mine === 'number') {
      Reflect.set(out, key, Math.max(mine, value));
    } else if ((UPPER as readonly string[]).includes(key) && typeof value === 'number' && typeof mine === 'number') {
      Reflect.set(out, key, Math.min(mine, value));
    } else if (key === 'minimum' && typeof value === 'number' && typeof a.minimum === 'number') {
      if (value > a.minimum || (value === a.minimum && b.exclusiveMinimum === true)) {
        out.minimum = value;
        out.exclusiveMinimum = b.exclusiveMinimum;
      }
    } else if (key === 'maximum' && typeof value === 'number' && typeof a.maximum === 'number') {
      if (value < a.maximum || (value === a.maximum && b.exclusiveMaximum === true)) {
        out.maximum = value;
        out.exclusiveMaximum = b.exclusiveMaximum;
      }
    } else if (
      (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') &&
      typeof a[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] === 'number'
    ) {
      // Decided with its bound above.
    } else if (key === 'type' && typeof value === 'string' && typeof mine === 'string' && value !== mine) {
      Object.assign(out, typesMet(mine, value, a.nullable === true && b.nullable === true));
    } else if (key === 'items' && asSchema(value) && asSchema(mine) && value !== mine) {
      Reflect.set(out, 'items', mergeTwo(mergeAllOf(asSchema(mine)!), mergeAllOf(asSchema(value)!)));
    } else if (mine === undefined) {
      Reflect.set(out, key, value);
    }
  }
  return out;
}

/**
 * Where two parts of an allOf name different types (JSON Schema Validation §6.1.1, each part must
 * hold): an integer is a number, so `integer` and `number` meet in `integer`; any other two admit no
 * common value but null where both are nullable (sinao.app's `RecurringInvoice`: `discount` an
 * object in `SalesDocumentContract`, an integer in its own part). The view keeps the first type and
 * says so with an enum of what is left (`[]`, else `[null]`), so the sampler leaves an optional
 * member out (an absent member fits every part) instead of drawing a value one part refuses.
 */
function typesMet(first: string, second: string, bothNullable: boolean): Partial<Schema> {
  const numeric = new Set([first, second]);
  if (numeric.has('integer') && numeric.has('number')) return { type: 'integer' };
  return { enum: bothNullable ? [null] : [] };
}

/** The alternatives of a oneOf / anyOf (resolved ones only). */
export function alternativesOf(schema: Schema): Schema[] {
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map(asSchema).filter((s): s is Schema => s !== undefined);
}

/**
 * What a nullable value is when it is not null: `anyOf`/`oneOf` of one schema and `{type: "null"}`
 * (OAS 3.1 / JSON Schema 2020-12; FastAPI's `Optional[int]`) read as that schema, allOf merged,
 * `type: [X, "null"]` as X (asSchema lowers it). Several non-null alternatives stay as written.
 * Paging and filter rules read parameters through it, so an optional `limit` is still a page size.
 */
export function nonNullView(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  const flat = mergeAllOf(schema);
  const alternatives = alternativesOf(flat);
  if (alternatives.length === 0) return flat;
  const nullOnly = (s: Schema): boolean => {
    const m = mergeAllOf(s);
    return m.type === undefined && m.enum?.length === 1 && m.enum[0] === null;
  };
  const rest = alternatives.filter((a) => !nullOnly(a));
  if (rest.length !== 1 || rest.length === alternatives.length) return flat;
  const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = flat;
  return { ...mergeTwo(outer as Schema, nonNullView(rest[0]) ?? rest[0]!), nullable: true } as Schema;
}

/**
 * The object a schema describes: itself, or its object alternative when it is one of several
 * shapes (Stripe's `package_dimensions`: anyOf an object and `""`), whose members a deepObject
 * field then carries (OAS 3.0.3 §4.7.12.4, §4.8.15). Undefined when no object is described.
 */
export function objectView(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'object' || schema.properties !== undefined) return schema;
  return alternativesOf(schema).find((s) => s.type === 'object' || s.properties !== undefined);
}

/**
 * The alternative a discriminator names for a value (OAS 3.0.3 §4.7.25): the value's
 * `propertyName` looked up in `mapping` (a `#/components/schemas/Name` reference or a bare name),
 * else taken as a schema name (the implicit mapping), matched against `components` by identity
 * (a resolved document keeps one object per component), else against the component names noted
 * when the contract was loaded; else the alternative whose own
 * property admits that value as its only `enum` value. Undefined when nothing says.
 */
export function discriminatedAlternative(
  schema: Schema,
  value: unknown,
  components?: Readonly<Record<string, unknown>>,
): Schema | undefined {
  const discriminator = schema.discriminator;
  const alternatives = alternativesOf(schema);
  if (!discriminator || alternatives.length === 0 || !isRecord(value)) return undefined;
  const tag = value[discriminator.propertyName];
  if (typeof tag !== 'string') return undefined;
  const target = discriminator.mapping?.[tag] ?? tag;
  const name = target.replace(/^.*\/components\/schemas\//, '').replace(/^#\//, '');
  const component = components?.[name];
  if (component !== undefined) {
    const hit = alternatives.find((alt) => alt === component);
    if (hit) return hit;
  }
  // Without the components at hand: the names noted when the contract was loaded (schema-names.ts).
  const named = alternatives.find((alt) => componentNameOf(alt) === name);
  if (named) return named;
  return alternatives.find((alt) => {
    const property = asSchema(mergeAllOf(alt).properties?.[discriminator.propertyName]);
    return property?.enum?.length === 1 && property.enum[0] === tag;
  });
}

/**
 * The schema a value of a discriminated union is read by: the schema's own keywords together with
 * the alternative its discriminator value names (OAS 3.0.3 §4.7.25: the discriminator tells "which
 * schema is used"), so the value's defaults and members are that alternative's, not every
 * alternative's. The schema itself when no discriminator names one.
 */
export function namedAlternativeView(schema: Schema, value: unknown): Schema {
  const flat = mergeAllOf(schema);
  const alternative = discriminatedAlternative(flat, value);
  if (!alternative) return schema;
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...own } = flat;
  return mergeTwo(own as Schema, mergeAllOf(alternative));
}

/**
 * The one schema inputs are generated from and property names read from: allOf merged and, for a
 * oneOf/anyOf, the alternative the discriminator picks for `value` (OAS 3.0.3 §4.7.25), else the
 * first; repeated down to a schema without alternatives.
 */
export function effective(schema: Schema, value?: unknown): Schema {
  const flat = mergeAllOf(schema);
  const picked = value !== undefined ? discriminatedAlternative(flat, value) : undefined;
  const alternative = picked ?? alternativesOf(flat)[0];
  return alternative ? effective(alternative, value) : flat;
}

/**
 * Whether `null` is a value of the schema: OAS 3.0.3 §4.7.24 `nullable: true` (next to a type; an
 * enum then takes null too, per the 3.0.3 clarification), or a schema with no type at all.
 */
export function admitsNull(written: Schema): boolean {
  // 3.1 / 3.2: `type: [T, "null"]` reads as nullable, `type: "null"` as the enum [null] (schema-2020.ts).
  const schema = lowered(written);
  if (schema.nullable === true || (schema.enum?.length === 1 && schema.enum[0] === null)) return true;
  const flat = mergeAllOf(schema);
  return (
    flat.type === undefined &&
    flat.enum === undefined &&
    flat.properties === undefined &&
    alternativesOf(flat).length === 0
  );
}

/**
 * The properties of an object schema that belong to one direction (OAS 3.0.3 §4.7.24 readOnly /
 * writeOnly): a readOnly property is not sent in a request, a writeOnly one not in a response.
 */
export function propertiesFor(schema: Schema, direction: Direction): Array<[string, Schema]> {
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const out: Array<[string, Schema]> = [];
  for (const [name, sub] of Object.entries(effective(schema).properties ?? {})) {
    const s = asSchema(sub);
    if (s && s[hidden] !== true) out.push([name, effective(s)]);
  }
  return out;
}

/** `required` for one direction: a readOnly property is not required of a request, nor a writeOnly one of a response (§4.7.24). */
export function requiredFor(schema: Schema, direction: Direction): string[] {
  const flat = effective(schema);
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  return (flat.required ?? []).filter((name) => asSchema(flat.properties?.[name])?.[hidden] !== true);
}

/** Every property any part or alternative of a schema declares (allOf, oneOf, anyOf walked), the last declaration kept. */
export function anyProperties(schema: Schema | undefined): Map<string, Schema> {
  const out = new Map<string, Schema>();
  const seen = new Set<Schema>();
  const visit = (s: Schema | undefined): void => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const sub = asSchema(v);
      if (sub) out.set(k, sub);
    }
    for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) visit(asSchema(part));
  };
  visit(schema);
  return out;
}

/**
 * The members a request body's schema declares, where they are all it takes: the names of its
 * properties (allOf parts and union alternatives included). A framework builds that schema from the
 * model it validates with, and drops what the model does not name (Pydantic's default `extra =
 * "ignore"`, zod's default strip, Nest's `whitelist`, DRF serializers): a record field only the read
 * schema has (`id`, `created_at`) is the server's, whatever a client sends. Undefined where the
 * schema names no property, or admits other members by name: `additionalProperties` true or a schema
 * (JSON Schema 2020-12 §10.3.2.3; Pydantic's `extra = "allow"`, zod's `passthrough`),
 * `patternProperties`, or an `unevaluatedProperties` that is not false.
 */
export function declaredMembers(schema: Schema | undefined): ReadonlySet<string> | undefined {
  const names = anyProperties(schema);
  if (names.size === 0) return undefined;
  let open = false;
  const seen = new Set<Schema>();
  const visit = (s: Schema | undefined): void => {
    if (!s || seen.has(s) || open) return;
    seen.add(s);
    const extra: unknown = s.additionalProperties;
    const unevaluated: unknown = Reflect.get(s, 'unevaluatedProperties');
    if (
      (extra !== undefined && extra !== false) ||
      Reflect.get(s, 'patternProperties') !== undefined ||
      (unevaluated !== undefined && unevaluated !== false)
    )
      open = true;
    for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) visit(asSchema(part));
  };
  visit(schema);
  return open ? undefined : new Set(names.keys());
}

/**
 * The body fields a request's own schemas declare and do not mark readOnly: the client may write
 * them. readOnly binds the schema that declares it (OAS 3.0.3 §4.7.24: such a property "SHOULD NOT
 * be sent as part of the request" of that schema), so a field the answer's schema marks readOnly
 * and the request's schema declares plainly (Pinterest: IntegrationRequest vs IntegrationMetadata)
 * is the client's to send and the server's to keep.
 */
export function writableInRequest(
  content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>> | undefined,
): ReadonlySet<string> {
  const names = new Set<string>();
  for (const media of Object.values(content ?? {})) {
    for (const [name, sub] of anyProperties(asSchema(media.schema))) if (sub.readOnly !== true) names.add(name);
  }
  return names;
}
