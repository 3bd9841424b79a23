import type { OpenAPIV3 } from 'openapi-types';
import {
  alternativesOf,
  collectionNameOf,
  LIMIT_NAMES,
  OFFSET_NAMES,
  offsetBase,
  PAGE_NAMES,
  isRecord,
  jsonAnswerEntry,
  mergeAllOf,
  normalName,
  pageBase,
  responseFor,
  type Operation,
  type SchemaValidator,
} from '../contract/index.js';
import { type EnvelopeMember, envelopedRecord, pageMember } from '../contract/resources/index.js';
import { distinctIdentifiers } from './distinct-identifiers.js';
import { schemaAccepts } from './media.js';
import type { Reply } from './routes/types.js';

type Schema = OpenAPIV3.SchemaObject;

const asSchema = (s: Schema | OpenAPIV3.ReferenceObject | undefined): Schema | undefined =>
  s && !('$ref' in s) ? s : undefined;

/**
 * The member of an object schema that holds the listed items, by the kernel's one page rule
 * (pageMember, as the runner reads lists): its only array; of several (AWS's `profilingGroupNames`
 * beside `profilingGroups`, Google's `unreachable` beside `instances`), the one named like the path's
 * collection, singular or plural alike; else none. Members read merged (AWS wraps
 * each in `allOf` beside its description).
 */
function arrayMember(view: Schema, collection: string | undefined): readonly [string, Schema] | undefined {
  const arrays = Object.entries(view.properties ?? {})
    .map(([name, sub]) => [name, arrayOf(asSchema(sub))] as const)
    .filter((entry): entry is readonly [string, Schema] => entry[1] !== undefined);
  const members = arrays.map(([name, a]): EnvelopeMember => {
    const items = 'items' in a ? asSchema(a.items) : undefined;
    const view = items ? mergeAllOf(items) : undefined;
    const holds =
      view === undefined || (view.type === undefined && !view.properties && !view.oneOf && !view.anyOf)
        ? 'untyped'
        : view.type === 'object' || view.properties !== undefined
          ? 'records'
          : 'other';
    return { name, holds, sharesIdentifier: false, array: true };
  });
  const chosen = pageMember(members, collection);
  return arrays.find(([name]) => name === chosen);
}

/**
 * The alternative of a list answer written as a oneOf/anyOf of shapes that the body is (SoundCloud's
 * `oneOf: [{collection: [Track], next_href}, [Track]]`, the paged envelope beside the deprecated bare
 * array): the page lies in it (JSON Schema 2020-12 §10.2.1.2, the body is one of them). The schema
 * itself where it has no alternatives or the body fits none.
 */
function answeredAlternative(view: Schema, body: unknown, validator: SchemaValidator): Schema {
  if (view.type !== undefined || view.properties !== undefined) return view;
  const alternatives = (view.oneOf ?? view.anyOf ?? []).flatMap((a) => {
    const own = asSchema(a);
    return own ? [mergeAllOf(own)] : [];
  });
  const shaped = (a: Schema): boolean =>
    Array.isArray(body) ? a.type === 'array' : isRecord(body) && (a.type === 'object' || a.properties !== undefined);
  return alternatives.find((a) => shaped(a) && schemaAccepts(validator, a, body)) ?? view;
}

/**
 * Whether a query parameter is a list of values sent comma-separated (an array in form style,
 * `explode: false`, OAS 3.0.3 §4.7.12.4: `access=playable,preview`): on a property of one value, an
 * item matches one of them, so made-up items take the first.
 */
function listed(parameter: OpenAPIV3.ParameterObject): boolean {
  const schema = asSchema(parameter.schema);
  return schema?.type === 'array' && parameter.explode === false && (parameter.style ?? 'form') === 'form';
}

/**
 * A member's schema as the array it holds: an array, or alternatives each an array or null
 * (pydantic's `Union[List[A], List[dict]]`, OPTIMADE's `data: anyOf [[Resource], [object]]`),
 * read as the first array alternative; undefined for anything else.
 */
function arrayOf(sub: Schema | undefined): Schema | undefined {
  if (!sub) return undefined;
  const view = mergeAllOf(sub);
  if (view.type === 'array') return view;
  if (view.type !== undefined || view.properties !== undefined) return undefined;
  const alternatives = (view.oneOf ?? view.anyOf ?? []).map((a) => asSchema(a) && mergeAllOf(asSchema(a)!));
  const arrays = alternatives.filter((a): a is Schema => a?.type === 'array');
  const rest = alternatives.filter((a) => a?.type !== 'array' && (a?.type as string | undefined) !== 'null');
  return arrays.length > 0 && rest.length === 0 ? arrays[0] : undefined;
}

/**
 * A property of the listed items: the item schema's own, else that of the first of its alternatives
 * naming it (mist's device stats, `anyOf` of AP, switch and gateway stats, each with `type`: JSON Schema
 * 2020-12 §10.2.1.2, an item is one of them, so a filter on `type` names that member of whichever it is).
 * Whether the changed items still fit is the caller's check on the whole answer.
 */
function itemProperty(item: Schema, name: string): Schema | undefined {
  const view = mergeAllOf(item);
  const own = asSchema(view.properties?.[name]);
  if (own) return own;
  for (const alternative of alternativesOf(view)) {
    const sub = asSchema(mergeAllOf(alternative).properties?.[name]);
    if (sub) return sub;
  }
  return undefined;
}

/** A query value (text) as the property's type wants it. */
function typed(value: string, schema: Schema): unknown {
  if (schema.type === 'integer' || schema.type === 'number')
    return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  if (schema.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/**
 * A generated list answer (no state behind it) that keeps its page size and the request's equality filters: each
 * query parameter the request set that is named like a property of the listed items takes the
 * requested value in every item, when the property's schema admits it. `?lookback_period=1d`
 * answered with items of `lookback_period: "14d"` contradicts the request the answer is for;
 * the items are made up either way, so they are made up to match it. An answer the change would
 * take out of its schema is left as it was.
 */
export function reflectFilters(
  operation: Operation,
  reply: Reply,
  query: URLSearchParams,
  validator: SchemaValidator,
  gone?: (item: unknown) => boolean,
  accept?: string,
): Reply {
  if (operation.method !== 'get' || reply.status < 200 || reply.status >= 300 || reply.body === undefined) return reply;
  // The entry the answer is written in (the kernel's jsonAnswerEntry, as keepToSchema): not merely the
  // first admitting JSON (va.gov's `application/geo+json` `features` before `application/json` `data`:
  // `Accept: application/json` got a `data` page of 3 for `per_page=1`).
  const content = responseFor(operation.responses, reply.status)?.content ?? {};
  const entry = jsonAnswerEntry(accept, content);
  const schema = asSchema(entry === undefined ? undefined : content[entry]?.schema);
  if (!schema) return reply;
  // The array of items: the body itself, or the one array member of a wrapper (`{items: [...]}`),
  // else of the one object a wrapper holds (`{OrganizationStatus: {AccountStatusList: [...]}}`, as
  // the runner's listItems reads it: roles.ts envelopedRecord).
  const view = answeredAlternative(mergeAllOf(schema), reply.body, validator);
  let arraySchema: Schema | undefined;
  let member: string | undefined;
  // The members the page sits in, outermost first: none, or the one object each envelope wraps
  // (`{preconfiguredExpressionSets: {wafRules: {expressionSets: [...]}}}`, Google Compute), as the
  // runner's listItems follows them (roles.ts envelopedRecord, at every level).
  const outer: string[] = [];
  if (view.type === 'array') arraySchema = view;
  else {
    // The array named like the path's collection (the kernel's collectionNameOf).
    const segment = collectionNameOf(operation.path);
    let chosen = arrayMember(view, segment);
    let value: unknown = reply.body;
    let level: Schema | undefined = view;
    for (let depth = 0; chosen === undefined && depth < 4 && isRecord(value) && level; depth++) {
      const inner = envelopedRecord(value);
      const key =
        inner === undefined
          ? undefined
          : Object.keys(value).find((k) => (value as Record<string, unknown>)[k] === inner);
      const innerSchema = key === undefined ? undefined : asSchema(level.properties?.[key]);
      if (key === undefined || !innerSchema) break;
      outer.push(key);
      value = inner;
      level = mergeAllOf(innerSchema);
      chosen = arrayMember(level, segment);
    }
    if (chosen) [member, arraySchema] = chosen;
  }
  const itemSchema = arraySchema && 'items' in arraySchema ? asSchema(arraySchema.items) : undefined;
  const at = (value: unknown, keys: readonly string[]): unknown =>
    keys.reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), value);
  const holder = member === undefined ? undefined : at(reply.body, outer);
  const generated = member === undefined ? reply.body : isRecord(holder) ? holder[member] : undefined;
  if (!itemSchema || !Array.isArray(generated) || generated.length === 0) return reply;
  // One record is listed once: made-up items that share the schema's example identifier take distinct ones.
  const items = distinctIdentifiers(generated, mergeAllOf(itemSchema), validator);
  // The page size the request names (`limit`, `PageSize`, `per_page`…: the kernel's vocabulary): made-up items are no more than it, as a page of stored ones would be.
  // An offset or page number past the first takes the later items of the made-up list, as a store
  // would (page numbers from the kernel's pageBase, as the generic handlers count them).
  const named = (names: ReadonlySet<string>): Array<{ p: OpenAPIV3.ParameterObject; n: number }> =>
    operation.parameters
      .filter((p) => p.in === 'query' && names.has(normalName(p.name)))
      .map((p) => ({ p, v: query.get(p.name) }))
      .filter((x): x is { p: OpenAPIV3.ParameterObject; v: string } => x.v !== null && /^\d+$/.test(x.v))
      .map(({ p, v }) => ({ p, n: Number(v) }));
  const size = Math.min(...named(LIMIT_NAMES).map((x) => x.n));
  const page = named(PAGE_NAMES)[0];
  const base = page ? pageBase(page.p.schema) : 1;
  // An offset counted from 1 (the kernel's offsetBase) names the first item at 1.
  const offset = named(OFFSET_NAMES)[0];
  const start =
    Number.isFinite(size) && page
      ? Math.max(0, page.n - base) * size
      : offset
        ? Math.max(0, offset.n - offsetBase(offset.p.schema))
        : 0;
  const paged =
    (Number.isFinite(size) && size < items.length) || start > 0
      ? items.slice(start, Number.isFinite(size) ? start + size : undefined)
      : items;
  // Made-up items that name a record deleted since (GenericRules.leftOut: a stateless DELETE of
  // `/orgs/{org}/outside_collaborators/{username}`) are left out: after a DELETE the resource is
  // gone (RFC 9110 §9.3.5), from the list that showed it too.
  const kept = gone && paged.some(gone) ? paged.filter((item) => !gone(item)) : paged;
  const filters: Array<[string, unknown]> = [];
  for (const parameter of operation.parameters) {
    const sub = itemProperty(itemSchema, parameter.name);
    const raw = parameter.in === 'query' ? query.get(parameter.name) : null;
    if (!sub || raw === null) continue;
    // A list property (Pinterest's `business_roles`) holds the requested values as its members.
    const members = sub.type === 'array' ? asSchema(sub.items) : undefined;
    const value = members
      ? query
          .getAll(parameter.name)
          .flatMap((v) => v.split(','))
          .map((v) => typed(v, members))
      : typed(listed(parameter) ? (raw.split(',')[0] ?? raw) : raw, sub);
    if (schemaAccepts(validator, sub, value)) filters.push([parameter.name, value]);
  }
  if (filters.length === 0 && kept === generated) return reply;
  const filtered = kept.map((item) => (isRecord(item) ? { ...item, ...Object.fromEntries(filters) } : item));
  // A filter on the identifier (`?id=…`) made the items one record: it is listed once.
  const matching = distinctIdentifiers(filtered, mergeAllOf(itemSchema), validator, false);
  const answer = (list: readonly unknown[]): unknown => {
    const wrapped = member === undefined ? list : { ...(holder as Record<string, unknown>), [member]: list };
    // Laid back in each envelope, innermost first.
    return outer.reduceRight<unknown>(
      (inner, key, i) => ({ ...(at(reply.body, outer.slice(0, i)) as Record<string, unknown>), [key]: inner }),
      wrapped,
    );
  };
  const body = answer(matching);
  if (schemaAccepts(validator, schema, body)) return { ...reply, body };
  // A page the schema refuses (fewer than its minItems) is not cut, and its items still name distinct records.
  const whole = answer(items);
  return items !== generated && schemaAccepts(validator, schema, whole) ? { ...reply, body: whole } : reply;
}
