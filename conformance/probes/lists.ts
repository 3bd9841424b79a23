import type { OpenAPIV3 } from 'openapi-types';
import {
  collectionNameOf,
  type EnvelopeMember,
  isItemPath,
  pageMember,
  listItems,
  listParameterRole,
  namesEveryValue,
  nonNullView,
  type Operation,
} from '../../src/contract/index.js';
import { asSchema, isRecord, properties, type Schema } from '../cases/schema.js';
import type { Exchange } from '../types.js';
import { json, ok, successSchema } from './util.js';

/**
 * What the paging and filter rules read of a list operation: its query parameters by role (the kernel's
 * list vocabulary, the mock's too, so both halves agree on what a name means), the schema of
 * its items (a bare array or the one array of a wrapper, `{data: [...], has_more}`), and the items of
 * an answer. Pure: contract and recorded exchanges in, values out.
 */

// The list vocabulary is the kernel's (resources/vocabulary.ts), the one the mock pages by.
export { CURSOR_NAMES, LIMIT_NAMES, OFFSET_NAMES, PAGE_NAMES, normalName } from '../../src/contract/index.js';

export const queryParams = (op: Operation): OpenAPIV3.ParameterObject[] =>
  op.parameters.filter((p) => p.in === 'query');
// allOf merged, and a nullable's value (`anyOf: [X, {type: null}]`, FastAPI's Optional) read as X: the kernel's view.
const flat = (s: Schema | undefined): Schema | undefined => (s ? nonNullView(s) : undefined);

/** The schema of one listed item: an array answer's items, or the items of the one array property of a wrapper. */
export function itemSchemaOf(op: Operation): Schema | undefined {
  const s = flat(successSchema(op));
  if (!s) return undefined;
  return itemSchemaIn(op, s);
}

function itemSchemaIn(op: Operation, s: Schema, depth = 0): Schema | undefined {
  if (s.type === 'array') return flat(asSchema((s as OpenAPIV3.ArraySchemaObject).items));
  // An object read by its identifier (`GET /buckslips/{id}`) is an item, whatever arrays it holds.
  if (isItemPath(op.path)) return undefined;
  const arrays = [...properties(s).entries()]
    .map(([name, p]) => [name, flat(p)] as const)
    .filter((e): e is readonly [string, OpenAPIV3.ArraySchemaObject] => e[1]?.type === 'array');
  // The page member by the kernel's one rule (pageMember), as listItems reads the answer's value:
  // the only array; of several (Discord's thread search: `threads` and `members`), the one named like
  // the path's collection, singular or plural alike (PayPal's `/templates` → `templates`); otherwise
  // which one is the page is not stated.
  const chosen = pageMember(schemaMembers(arrays), collectionNameOf(op.path));
  const array = arrays.find(([name]) => name === chosen);
  const items = array ? flat(asSchema(array[1].items)) : undefined;
  if (items && (items.type === 'object' || items.properties !== undefined)) return items;
  // No array at the top: the one object member an envelope wraps the page in (express-zod-api's
  // `{status, data: {orders: [...], total}}`), as the kernel's listItems reads the answer.
  const objects = [...properties(s).values()]
    .map((p) => flat(p))
    .filter((p): p is Schema => p !== undefined && (p.type === 'object' || p.properties !== undefined));
  return arrays.length === 0 && objects.length === 1 && depth < 2
    ? itemSchemaIn(op, objects[0]!, depth + 1)
    : undefined;
}

/**
 * Whether a list's items are written with no field at all: a free-form item schema (`items: {}`, or
 * `type: object` alone, edrv.io's `{ok, message, result: [{}]}`), of a bare array or of the page member
 * the kernel's pageMember picks. An empty schema admits any value (JSON Schema Validation §4.3.1,
 * OAS 3.0.3 §4.7.24), so it names no field for an identifier. False where no such page is written.
 */
export function fieldlessItems(op: Operation): boolean {
  const s = flat(successSchema(op));
  if (!s) return false;
  let array: OpenAPIV3.ArraySchemaObject | undefined;
  if (s.type === 'array') array = s as OpenAPIV3.ArraySchemaObject;
  else if (!isItemPath(op.path)) {
    const arrays = [...properties(s).entries()]
      .map(([name, p]) => [name, flat(p)] as const)
      .filter((e): e is readonly [string, OpenAPIV3.ArraySchemaObject] => e[1]?.type === 'array');
    const chosen = pageMember(schemaMembers(arrays), collectionNameOf(op.path));
    array = arrays.find(([name]) => name === chosen)?.[1];
  }
  const items = array ? flat(asSchema(array.items)) : undefined;
  return (
    items !== undefined &&
    (items.type === undefined || items.type === 'object') &&
    properties(items).size === 0 &&
    !items.oneOf &&
    !items.anyOf &&
    !items.allOf
  );
}

/** A page object's array members as the kernel's envelope rule reads them (envelopes.ts EnvelopeMember). */
function schemaMembers(arrays: ReadonlyArray<readonly [string, OpenAPIV3.ArraySchemaObject]>): EnvelopeMember[] {
  return arrays.map(([name, array]) => {
    const items = flat(asSchema(array.items));
    const holds =
      items === undefined ||
      (items.type === undefined && items.properties === undefined && !items.oneOf && !items.anyOf)
        ? 'untyped'
        : items.type === 'object' || items.properties !== undefined
          ? 'records'
          : 'other';
    return { name, holds, sharesIdentifier: false, array: true };
  });
}

/** The items of a recorded list answer (2xx JSON), or undefined. */
export function itemsOf(op: Operation, exchange: Exchange): unknown[] | undefined {
  if (!ok(exchange)) return undefined;
  return listItems(json(exchange), collectionNameOf(op.path));
}

/** A listed item's identity, when it carries one (`id`, `sid`, `uuid`): what tells two pages' items apart. */
export function identityOf(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  for (const key of ['id', 'sid', 'uuid', 'Id', 'ID', 'Sid']) {
    const v = item[key];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return undefined;
}

/** The bounds a numeric page-size parameter admits; undefined when the schema is not numeric (Miro's string `limit`). */
export function numericBounds(
  p: OpenAPIV3.ParameterObject,
): { min: number | undefined; max: number | undefined; default: number | undefined } | undefined {
  const s = flat(asSchema(p.schema));
  if (!s || (s.type !== 'integer' && s.type !== 'number')) return undefined;
  const min = s.exclusiveMinimum === true && s.minimum !== undefined ? s.minimum + 1 : s.minimum;
  const max = s.exclusiveMaximum === true && s.maximum !== undefined ? s.maximum - 1 : s.maximum;
  return { min, max, default: typeof s.default === 'number' ? s.default : undefined };
}

/**
 * A query parameter that filters by a property of the listed items: named exactly like it, scalar or
 * a list of scalars. Exactly: Twilio's `Beta=true` on phone numbers *includes* beta numbers rather
 * than selecting them, so a name that only resembles a property says nothing about equality.
 */
export interface Filter {
  readonly param: OpenAPIV3.ParameterObject;
  /** The item property it is named after. */
  readonly property: string;
  readonly schema: Schema | undefined;
  /**
   * The item property's `default`: the value an item that leaves the property out stands for
   * (OAS 3.0.3 §4.7.24; Lob's `mail_type`, "usps_first_class - (default)").
   */
  readonly absentMeans?: unknown;
  /**
   * Where the parameter and the property are both enums: the parameter's values the property can
   * hold, the only ones that select items by it (a value it never holds, `ALL`, selects no one value).
   * Where the parameter alone is: its values but those naming every value (`all`, `any`, `*`).
   */
  readonly values?: readonly unknown[];
}

const SCALAR = new Set(['string', 'integer', 'number', 'boolean']);

/** A filter value naming every value rather than one (the kernel's rule, which the mock follows too). */
const namesEvery = (v: unknown): boolean => namesEveryValue(v);

export function filtersOf(op: Operation, item: Schema): Filter[] {
  const props = properties(item);
  const out: Filter[] = [];
  // A JSON:API resource object (JSON:API 1.1 §7.2: `type` and `id` beside `attributes`) names its
  // kind in `type`: every item of a list has the same one, so a `type` parameter (Firefly III's
  // `type=all`) filters by something else, named in the attributes or nowhere. Not a filter of `type`.
  const jsonApi = props.has('type') && props.has('id') && props.has('attributes');
  for (const param of queryParams(op)) {
    if (listParameterRole(param.name) !== undefined) continue;
    if (!props.has(param.name)) continue;
    if (jsonApi && (param.name === 'type' || param.name === 'id')) continue;
    const property = param.name;
    const schema = flat(asSchema(param.schema));
    const scalar = schema?.type === 'array' ? flat(asSchema((schema as OpenAPIV3.ArraySchemaObject).items)) : schema;
    // Dates and times filter by ranges more often than by equality: what `created=…` means is not written in the schema.
    const own = flat(props.get(param.name));
    if (!scalar || !SCALAR.has(String(scalar.type)) || /date|time/.test(`${scalar.format ?? ''} ${own?.format ?? ''}`))
      continue;
    // The property must hold values of the parameter's kind: Pinterest's `pin_metrics=true` asks for
    // an object of metrics to be included, it selects nothing.
    const held = own?.type === 'array' ? flat(asSchema((own as OpenAPIV3.ArraySchemaObject).items)) : own;
    if (
      held &&
      (held.type === 'object' ||
        held.properties !== undefined ||
        ((held.type === 'boolean') !== (scalar.type === 'boolean') && held.type !== undefined))
    )
      continue;
    // An enum parameter selects by the property only with values the property's own enum holds:
    // AWS wellarchitected's `LensStatus` query (`ALL`, `DRAFT`, `PUBLISHED`) beside a lens's
    // `LensStatus` (`CURRENT`, `NOT_CURRENT`, `DEPRECATED`, `DELETED`, `UNSHARED`) names another
    // vocabulary (a lens's publication state) under the same name, so no value of it is one an item
    // shows; `status=all` beside `open`/`closed` selects no one value. Compared as text (a query value is text).
    const offered = scalar.enum?.filter((v) => v !== null);
    const heldEnum = held?.enum?.filter((v) => v !== null).map(String);
    // Where the property lists no values of its own, a parameter's value naming every value (mist's
    // `status` enum `all`, `connected`, `disconnected`, default `all`; GitHub's `state=all`) selects
    // no one value either: an item never shows it, so it is left out; the others still select.
    const shared = offered
      ? heldEnum
        ? offered.filter((v) => heldEnum.includes(String(v)))
        : offered.some(namesEvery)
          ? offered.filter((v) => !namesEvery(v))
          : undefined
      : undefined;
    if (shared?.length === 0) continue;
    out.push({
      param,
      property,
      schema,
      ...(own?.default !== undefined ? { absentMeans: own.default } : {}),
      ...(shared !== undefined ? { values: shared } : {}),
    });
  }
  return out;
}
