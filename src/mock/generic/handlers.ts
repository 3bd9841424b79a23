import { isDeepStrictEqual } from 'node:util';
import type { Faker } from '@faker-js/faker';
import type { OpenAPIV3 } from 'openapi-types';
import {
  declaredMembers,
  alternativesOf,
  anyProperties,
  discriminatedAlternative,
  diceOfFaker,
  documentedResponse,
  isRecord,
  mergeAllOf,
  mergeTwo,
  namedAlternativeView,
  namesEveryValue,
  sampleValue,
  objectQueryMembers,
  pairsOf,
  parseQuery,
  responseFor,
  subresourceBase,
  type Contract,
  type Operation,
  type SchemaValidator,
  valueSchema,
  writableInRequest,
} from '../../contract/index.js';
import { cannedReply } from '../core/canned.js';
import { HttpError } from '../errors.js';
import { createFaker } from '../faker.js';
import { fitsWith, schemaAccepts } from '../media.js';
import type { HandlerInput, Handlers, Reply } from '../routes/types.js';
import {
  LIMIT_NAMES as LIMIT,
  OFFSET_NAMES as OFFSET,
  CURSOR_NAMES as CURSOR,
  PAGE_NAMES as PAGE,
  TOTAL_NAMES as TOTAL,
  normalName as normal,
  pageBase as firstPage,
  offsetBase,
  recordProperties,
  successSchema,
  type Binding,
  type Collection,
  type GenericModel,
  type ListShape,
} from '../../contract/index.js';
import { itemSegment, pageIn, sentUnderParam } from '../../contract/resources/index.js';
import { danglingReference } from './dangling.js';
import { ownerHolds, scopeOwners } from './owners.js';
import type { GenericStore, RecordValue } from './store.js';
import { forgetDeleteAt, rememberUnlistedDelete } from './tombstones.js';
import { takenBy, uniqueFields } from './unique.js';
import { unnamedParent } from './unnamed-parents.js';

type Schema = OpenAPIV3.SchemaObject;

export interface GenericDeps {
  readonly contract: Contract;
  readonly model: GenericModel;
  readonly store: GenericStore;
  readonly validator: SchemaValidator;
  /** The app's seeded faker (per-request values: generated ids, wrapper fields). */
  readonly faker: () => Faker;
  readonly codeForStatus: (status: number) => string;
  /**
   * The operation's documented answer, generated as a canned one is (the engine's: a contract
   * example that breaks its schema replaced), for a request the state cannot answer.
   */
  readonly documented?: (
    operation: Operation,
    params: Readonly<Record<string, string>>,
    query: URLSearchParams,
  ) => Reply;
  /** Whether a stateless answer of this mock named the value (served.ts): an identifier the mock issued. */
  readonly named?: (value: string) => boolean;
}

const asSchema = (s: Schema | OpenAPIV3.ReferenceObject | undefined): Schema | undefined =>
  s && !('$ref' in s) ? s : undefined;

/** A record generated from the schema that the schema accepts (a few tries: generation is random), else the last try. */
export function generateRecord(schema: Schema, faker: Faker, validator: SchemaValidator): RecordValue {
  let value: unknown = {};
  for (let i = 0; i < 5; i++) {
    value = sampleValue(schema, { dice: diceOfFaker(faker), everyProperty: true, fits: fitsWith(validator) });
    if (isRecord(value) && schemaAccepts(validator, schema, value)) return value;
  }
  return isRecord(value) ? value : {};
}

/** A request value (a form field is a string) as the property's type wants it. */
function coerce(value: unknown, schema: Schema): unknown {
  if (typeof value !== 'string') return value;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}

const NONE: ReadonlySet<string> = new Set();

/** The request's writable fields (the kernel's rule, OAS 3.0.3 §4.7.24). */
const writableIn = (operation: Operation): ReadonlySet<string> => writableInRequest(operation.requestBody?.content);

/**
 * The writable fields of this body: where the request schema is a union whose discriminator value
 * the body names (OAS 3.0.3 §4.7.25), those of the named alternative (an `exchange_lan` replace
 * cannot carry what only `p2mp_vc` declares, so the record keeps it); else writableIn.
 */
function writableFor(operation: Operation, body: unknown): ReadonlySet<string> {
  const schema = requestSchema(operation);
  const named = schema && namedAlternativeView(schema, body);
  return named && named !== schema
    ? writableInRequest({ 'application/json': { schema: named } })
    : writableIn(operation);
}

/**
 * The fields a create's own answer marks readOnly and its request does not declare writable: the
 * server's, whatever the record's read schema says (OAS 3.0.3 §4.7.24; Adyen's `AccountHolderInfo`
 * has no `id`, its answer `AccountHolder` a readOnly one, and the read answers a plain `id`). A
 * client that sends one anyway is ignored, as a service that assigns its own does.
 */
function serverOwned(operation: Operation, writable: ReadonlySet<string>): ReadonlySet<string> {
  const answer = successSchema(operation);
  const out = new Set<string>();
  for (const [name, sub] of anyProperties(answer)) if (sub.readOnly === true && !writable.has(name)) out.add(name);
  return out;
}

/** A body without the fields in `owned` (a non-object body as it is). */
function without(body: unknown, owned: ReadonlySet<string>): unknown {
  if (!isRecord(body) || owned.size === 0 || !Object.keys(body).some((key) => owned.has(key))) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !owned.has(key)));
}

/**
 * The request's fields laid onto a record: each field that names a property of the record
 * (exactly, or ignoring case and separators, so a form's `FriendlyName` is `friendly_name`)
 * and whose value the property's schema accepts. Read-only properties stay the server's.
 */
function overlay(
  record: RecordValue,
  body: unknown,
  schema: Schema,
  validator: SchemaValidator,
  keep: string | undefined,
  serverOwned = false,
  writable: ReadonlySet<string> = NONE,
): RecordValue {
  if (!isRecord(body)) return record;
  const properties = recordProperties(schema);
  const byNormal = new Map(Object.keys(properties).map((name) => [normal(name), name]));
  const out = { ...record };
  for (const [key, raw] of Object.entries(body)) {
    const name = key in properties ? key : byNormal.get(normal(key));
    const sub = name === undefined ? undefined : asSchema(properties[name]);
    if (name === undefined || !sub || name === keep || (sub.readOnly === true && !serverOwned && !writable.has(key)))
      continue;
    // An explicit null is a value where the property's schema admits it (OAS 3.0 `nullable`, 3.1
    // `type: [..., "null"]` or `anyOf` with null: JSON Schema 2020-12 §6.1.1), and is stored;
    // elsewhere it removes the member (RFC 7396 §2).
    if (raw === null && !schemaAccepts(validator, sub, null)) {
      delete out[name];
      continue;
    }
    const value = coerce(raw, sub);
    if (schemaAccepts(validator, sub, value)) out[name] = value;
  }
  return out;
}

/** RFC 6901 §4: a JSON pointer's reference tokens. */
function pointer(path: string): string[] | undefined {
  if (path === '') return [];
  if (!path.startsWith('/')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * RFC 6902 applied to a copy of a record: add, remove, replace, move, copy and test at any depth.
 * An operation whose target is missing is skipped rather than failing the patch (RFC 6902 §5
 * would fail it: the mock is lenient so that a client's patch of a field a generated record lacks
 * still lands); a failed `test` fails the whole patch (undefined), and nothing changes.
 */
function applyJsonPatch(record: RecordValue, patch: readonly unknown[]): RecordValue | undefined {
  const doc: unknown = structuredClone(record);
  const parentOf = (tokens: string[]): { parent: unknown; key: string } | undefined => {
    let parent: unknown = doc;
    for (const token of tokens.slice(0, -1)) {
      if (Array.isArray(parent)) parent = parent[Number(token)];
      else if (isRecord(parent)) parent = parent[token];
      else return undefined;
    }
    return isRecord(parent) || Array.isArray(parent) ? { parent, key: tokens.at(-1)! } : undefined;
  };
  const read = (tokens: string[]): unknown => {
    let at: unknown = doc;
    for (const token of tokens) at = Array.isArray(at) ? at[Number(token)] : isRecord(at) ? at[token] : undefined;
    return at;
  };
  const remove = (tokens: string[]): boolean => {
    const target = parentOf(tokens);
    if (!target) return false;
    if (Array.isArray(target.parent)) return target.parent.splice(Number(target.key), 1).length === 1;
    if (!isRecord(target.parent) || !(target.key in target.parent)) return false;
    delete target.parent[target.key];
    return true;
  };
  const add = (tokens: string[], value: unknown, replace: boolean): boolean => {
    const target = parentOf(tokens);
    if (!target) return false;
    if (Array.isArray(target.parent)) {
      const index = target.key === '-' ? target.parent.length : Number(target.key);
      if (!Number.isInteger(index) || index < 0 || index > target.parent.length) return false;
      target.parent.splice(index, replace ? 1 : 0, structuredClone(value));
      return true;
    }
    if (!isRecord(target.parent) || (replace && !(target.key in target.parent))) return false;
    target.parent[target.key] = structuredClone(value);
    return true;
  };
  for (const op of patch) {
    if (!isRecord(op) || typeof op['path'] !== 'string') return undefined;
    const tokens = pointer(op['path']);
    if (!tokens || tokens.length === 0) return undefined;
    const from = typeof op['from'] === 'string' ? pointer(op['from']) : undefined;
    let ok: boolean;
    switch (op['op']) {
      case 'add':
        ok = add(tokens, op['value'], false);
        break;
      case 'replace':
        ok = add(tokens, op['value'], true);
        break;
      case 'remove':
        ok = remove(tokens);
        break;
      case 'move':
      case 'copy': {
        const value = from ? read(from) : undefined;
        ok = value !== undefined && (op['op'] === 'copy' || remove(from!)) && add(tokens, value, false);
        break;
      }
      case 'test':
        if (JSON.stringify(read(tokens)) !== JSON.stringify(op['value'])) return undefined;
        ok = true;
        break;
      default:
        ok = false;
    }
    if (!ok) continue;
  }
  return isRecord(doc) ? doc : undefined;
}

/**
 * RFC 7396 merge patch over a record: members of the patch replace the record's, objects merge
 * member by member, null removes; the identifier and read-only fields stay the server's.
 */
function mergePatch(
  record: RecordValue,
  body: unknown,
  schema: Schema,
  validator: SchemaValidator,
  keep: string | undefined,
  writable: ReadonlySet<string> = NONE,
): RecordValue {
  if (!isRecord(body)) return record;
  const merged: RecordValue = {};
  for (const [key, value] of Object.entries(body)) {
    const current = record[key];
    merged[key] = isRecord(value) && isRecord(current) ? mergeObjects(current, value) : value;
  }
  return overlay(record, merged, schema, validator, keep, false, writable);
}

function mergeObjects(target: RecordValue, patch: RecordValue): RecordValue {
  const out = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = isRecord(value) && isRecord(out[key]) ? mergeObjects(out[key] as RecordValue, value) : value;
  }
  return out;
}

/**
 * The fields a schema requires that a value lacks, generated; nothing else is added (a record
 * holds what the client sent: README "Any contract: the generic engine").
 */
function withRequired(value: RecordValue, schema: Schema, validator: SchemaValidator, faker: Faker): RecordValue {
  const view = mergeAllOf(schema);
  const missing = (view.required ?? []).filter((name) => value[name] === undefined);
  if (missing.length === 0) return withAlternativeRequired(value, schema, validator, faker);
  const out = { ...value };
  // What the schema itself says a missing value is, before anything is made up: its `default`
  // (OAS 3.1 §4.8.24 Schema Object, JSON Schema 2020-12 Validation §9.2), else null where it admits null.
  const properties = view.properties ?? {};
  const unsettled = missing.filter((name) => {
    const sub = asSchema(properties[name]);
    if (sub?.default !== undefined && schemaAccepts(validator, sub, sub.default))
      out[name] = structuredClone(sub.default);
    else if (sub && schemaAccepts(validator, sub, null)) out[name] = null;
    else return true;
    return false;
  });
  if (unsettled.length === 0) return out;
  const generated = generateRecord(schema, faker, validator);
  for (const name of unsettled) if (generated[name] !== undefined) out[name] = generated[name];
  return out;
}

/**
 * A record schema that is a union (JSON Schema 2020-12 §10.2.1.1-2, `anyOf`/`oneOf`), where the value
 * fits no alternative: the fields required by the alternative its discriminator value names (OAS
 * 3.0.3 §4.7.25), else by the first alternative that declares every field the value has, filled as
 * withRequired fills them. GitHub's interaction limits read as `anyOf:
 * [interaction-limit-response, {}]` (the limits, or none set) and are written `{limit, expiry}`: a
 * PUT storing `{limit}` fitted neither alternative, was refused, and `{}` was kept instead.
 */
function withAlternativeRequired(
  value: RecordValue,
  schema: Schema,
  validator: SchemaValidator,
  faker: Faker,
): RecordValue {
  const flat = mergeAllOf(schema);
  // The alternative the value's discriminator names, where it names one (OAS 3.0.3 §4.7.25).
  const named = discriminatedAlternative(flat, value);
  const alternatives = named ? [named] : alternativesOf(flat);
  const names = Object.keys(value);
  if (alternatives.length === 0 || names.length === 0 || schemaAccepts(validator, schema, value)) return value;
  for (const alternative of alternatives) {
    const declared = recordProperties(alternative);
    if (!named && !names.every((name) => name in declared)) continue;
    const filled = withRequired(value, alternative, validator, faker);
    if (filled !== value && schemaAccepts(validator, schema, filled)) return filled;
  }
  return value;
}

/** Whether a schema (allOf merged) is written `type: array`. */
function isArraySchema(written: Schema | OpenAPIV3.ReferenceObject | undefined): boolean {
  const schema = asSchema(written);
  return schema !== undefined && mergeAllOf(schema).type === 'array';
}

/** The JSON schema of an operation's request body (its first media type with one). */
function requestSchema(operation: Operation): Schema | undefined {
  for (const media of Object.values(operation.requestBody?.content ?? {})) {
    const schema = asSchema(media.schema);
    if (schema) return schema;
  }
  return undefined;
}

/**
 * A body without the members its request schema does not take (declaredMembers, every media type's
 * schema): a service drops them before its handler runs, so a record field only the read schema
 * names (`id`, `created_at`) stays the server's whatever a client sends. The body as it is where a
 * schema admits other members, and for a wrapped body (recordBody), whose schema declares the wrapper.
 */
function membersTaken(operation: Operation, body: unknown): unknown {
  if (!isRecord(body)) return body;
  const declared = new Set<string>();
  for (const media of Object.values(operation.requestBody?.content ?? {})) {
    const names = declaredMembers(asSchema(media.schema));
    if (!names) return body;
    for (const name of names) declared.add(name);
  }
  if (declared.size === 0 || Object.keys(body).every((key) => declared.has(key))) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => declared.has(key)));
}

/**
 * A body with the defaults of the fields it leaves out, as the service assumes them: OAS 3.1
 * §4.8.24 (Schema Object) / JSON Schema 2020-12 Validation §9.2, the default is the value a
 * receiver assumes when none is given (Pydantic, class-validator and zod apply it before the
 * handler runs), so a create or a replace without `done` stores `done: false`, one without a
 * nullable `description` whose default is null stores null. Read-only fields are the server's.
 */
function withDefaults(body: unknown, schema: Schema | undefined, validator: SchemaValidator): unknown {
  if (!isRecord(body) || !schema) return body;
  const out: RecordValue = { ...body };
  // A discriminated union's defaults are the named alternative's (OAS 3.0.3 §4.7.25): another
  // alternative's default (`p2mp_vc`'s `role: leaf`) made an `exchange_lan` body fit no alternative.
  for (const [name, written] of Object.entries(recordProperties(namedAlternativeView(schema, body)))) {
    const sub = asSchema(written);
    if (!sub || sub.readOnly === true || out[name] !== undefined || sub.default === undefined) continue;
    if (schemaAccepts(validator, sub, sub.default)) out[name] = structuredClone(sub.default);
  }
  return out;
}

/** A name a field of the time of the last change goes by (`updated_at`, `modifiedAt`, `lastModified`, `changed`). */
const UPDATED = /^(?:date)?(?:last)?(?:updated|modified|changed|edited)(?:at|on|time|date|timestamp)?$/;

/**
 * The times the server sets (fields of `format: date-time` the request cannot carry: `created_at`,
 * `updated_at`): on a create, each such field the record lacks is one instant; on any change, the
 * fields named like the time of the last change move past every time the record holds. A creation
 * time, once set, stays (kept by the replace).
 */
function stamp(
  record: RecordValue,
  schema: Schema,
  sendable: ReadonlySet<string>,
  faker: Faker,
  change: boolean,
  validator: SchemaValidator,
): RecordValue {
  const fields = Object.entries(recordProperties(schema)).flatMap(([name, written]) => {
    const sub = asSchema(written);
    if (!sub || sendable.has(name)) return [];
    const view = mergeAllOf(sub);
    return view.format === 'date-time' || alternativesOf(view).some((a) => a.format === 'date-time')
      ? [{ name, sub }]
      : [];
  });
  if (fields.length === 0) return record;
  // One instant for the whole change, drawn from the seeded faker (the same seed gives the same
  // answers: README "determinism"): on a change, one second after the latest time the record holds,
  // so the time of the last change never goes back and never precedes the creation.
  const held = fields
    .map(({ name }) => (typeof record[name] === 'string' ? Date.parse(record[name]) : Number.NaN))
    .filter((t) => Number.isFinite(t));
  const drawn = sampleValue({ type: 'string', format: 'date-time' }, { dice: diceOfFaker(faker) });
  const instant =
    change && held.length > 0
      ? new Date(Math.max(...held) + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
      : typeof drawn === 'string'
        ? drawn
        : new Date(0).toISOString();
  const out = { ...record };
  for (const { name, sub } of fields) {
    if (out[name] !== undefined && !(change && UPDATED.test(normal(name)))) continue;
    if (schemaAccepts(validator, sub, instant)) out[name] = instant;
  }
  return out;
}

/**
 * An alternative of a schema's oneOf / anyOf with the schema's own keywords, the same object each
 * time: a pure cache (a view is a function of the objects alone), so the validator's compiled
 * functions, cached by schema object, serve it again (made afresh, each answer that needed it
 * compiled it and what it reaches anew: 7 % of Stripe's self-consistency CPU).
 */
const alternativeViews = new WeakMap<Schema, WeakMap<Schema, Schema>>();

function alternativeView(schema: Schema, view: Schema, alternative: Schema): Schema {
  let views = alternativeViews.get(schema);
  if (!views) alternativeViews.set(schema, (views = new WeakMap()));
  let made = views.get(alternative);
  if (!made) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...base } = view;
    views.set(alternative, (made = mergeTwo(base, alternative)));
  }
  return made;
}

/**
 * The value as the response schema wants it: itself when accepted; else with the fields the
 * schema requires generated; only as a last resort generated whole with its matching fields laid on.
 */
function fit(value: RecordValue, schema: Schema | undefined, validator: SchemaValidator, faker: Faker): unknown {
  if (!schema || schemaAccepts(validator, schema, value)) return value;
  const completed = withRequired(value, schema, validator, faker);
  if (schemaAccepts(validator, schema, completed)) return completed;
  // A record of one of several shapes (oneOf/anyOf): completed as each alternative requires (a
  // whole generated record of the union is the sampler's hardest case).
  const view = mergeAllOf(schema);
  for (const alternative of alternativesOf(view)) {
    const shaped = withRequired(value, alternativeView(schema, view, alternative), validator, faker);
    if (schemaAccepts(validator, schema, shaped)) return shaped;
  }
  const base = generateRecord(schema, faker, validator);
  // The record's own values, read-only ones included (its identifier is the server's, and the one
  // the store holds it by: a generated one would send the client to another record).
  const merged = overlay(base, value, schema, validator, undefined, true);
  if (schemaAccepts(validator, schema, merged)) return retypedKept(merged, value, schema, validator);
  // Some of its values break the whole (a field the answer's oneOf gives another shape): each of
  // the others is still kept, one at a time, so what the client sent reads back wherever the
  // answer's schema lets it (what was sent is stored, issue 18; OAS 3.0.3 §4.7.24).
  let kept = base;
  for (const [key, field] of Object.entries(value)) {
    const next = overlay(kept, { [key]: field }, schema, validator, undefined, true);
    if (next !== kept && schemaAccepts(validator, schema, next)) kept = next;
  }
  return retypedKept(kept, value, schema, validator);
}

/**
 * A number the answer types as text, or digits it types as a number, keeps its value in the other
 * type where a generated one replaced it (digitallocker.gov.in: a file's `id` is an integer where
 * it is read, a string where it is listed): a generated identifier would name another record,
 * which reads back 404.
 */
function retypedKept(out: RecordValue, value: RecordValue, schema: Schema, validator: SchemaValidator): RecordValue {
  let kept = out;
  for (const [key, field] of Object.entries(value)) {
    if (isDeepStrictEqual(kept[key], field)) continue;
    for (const candidate of retyped(field)) {
      const next = { ...kept, [key]: candidate };
      if (schemaAccepts(validator, schema, next)) {
        kept = next;
        break;
      }
    }
  }
  return kept;
}

/** The same scalar in the other JSON type a path segment can carry: `676` as `"676"`, `"676"` as `676`. */
function retyped(value: unknown): unknown[] {
  if (typeof value === 'number' && Number.isFinite(value)) return [String(value)];
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value)))
    return [Number(value)];
  return [];
}

/**
 * The answer of an operation documented to answer a scalar, not the record (gototraining's create:
 * 201 `{type: string}`, "contains a trainingKey"): the record's identifier where the schema takes it
 * (as text where it wants a string), else a value generated from the schema (OAS 3.0.3 §4.7.17: the
 * response's content is its schema's). Undefined where the answer is not a scalar.
 */
function scalarAnswer(
  answer: Schema | undefined,
  collection: Collection,
  record: RecordValue,
  validator: SchemaValidator,
  faker: Faker,
): unknown {
  if (!answer) return undefined;
  const flat = mergeAllOf(answer);
  const type = flat.type as string | undefined;
  if (
    !(type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') ||
    flat.properties !== undefined ||
    flat.oneOf !== undefined ||
    flat.anyOf !== undefined
  )
    return undefined;
  const id = collection.idField !== undefined ? record[collection.idField] : undefined;
  for (const candidate of [id, typeof id === 'number' ? String(id) : undefined])
    if ((typeof candidate === 'string' || typeof candidate === 'number') && schemaAccepts(validator, answer, candidate))
      return candidate;
  return sampleValue(answer, { dice: diceOfFaker(faker), fits: fitsWith(validator) });
}

/**
 * The answer of an item's operation documented as an array of records (netlify's `getAccount`: 200
 * `{type: array, items: accountMembership}`; anchore's `get_policy` answering a `PolicyBundleList`):
 * the one record, as the array's one item. The record alone broke the documented schema, a 500 "The
 * response breaks the contract: /response must be array" on every read. Undefined for any other answer.
 */
function listOfOne(
  answer: Schema | undefined,
  record: RecordValue,
  validator: SchemaValidator,
  faker: Faker,
): unknown[] | undefined {
  if (!answer) return undefined;
  const flat = mergeAllOf(answer);
  if (flat.type !== 'array' || flat.oneOf !== undefined || flat.anyOf !== undefined) return undefined;
  const items = 'items' in flat ? asSchema(flat.items) : undefined;
  const one = [fit(record, items, validator, faker)];
  return schemaAccepts(validator, answer, one) ? one : undefined;
}

/**
 * A create's answer that refers to the new record rather than showing it (ijenko's `{code, message,
 * resource: {entity, href, id}}`) names the record stored, by its identifier (and its `href`, the
 * item's path), not a generated one: the client follows the reference to read what it created
 * (RFC 9110 §15.3.2, 201 "the primary resource created"); a generated id read back 404.
 */
function referenceTo(
  body: unknown,
  answer: Schema | undefined,
  collection: Collection,
  id: unknown,
  location: string,
  validator: SchemaValidator,
): unknown {
  if (!isRecord(body) || !answer) return body;
  const properties = recordProperties(answer);
  // The record's identifier field, else (a record schema without one: ijenko's `User`) the answer's
  // member named like the item parameter (here.com's `{reportId}` for `/reports/v4/{reportId}`), else `id`.
  const field = collection.idField ?? answerIdField(properties, collection);
  // An answer of its own shape with the id beside it (VTEX's transaction create answers `{id, _self}`
  // for a record whose read, `{date, description, value}`, has none): that id is the stored one.
  if (collection.idField === undefined && field in properties) {
    const named = { ...body, [field]: id };
    return schemaAccepts(validator, answer, named) ? named : body;
  }
  // The record's own field, typed otherwise in the answer (numberedIdSchema: jira's int64 `id` for a
  // string `Project.id`): the answer names the issued number, not one drawn afresh for the type.
  if (field in properties && collection.idField !== undefined && body[field] !== id) {
    const named = { ...body, [field]: id };
    if (schemaAccepts(validator, answer, named)) return named;
  }
  if (field in properties || (collection.envelope !== undefined && collection.envelope in properties)) return body;
  // An answer that names the record by the item parameter's own name, where the record calls its
  // identifier otherwise (mercedes-benz.com's `POST …/onlinecode` answers `{onlineCode}`, "a unique
  // identifier for a stored vehicle configuration", for a record kept by its `configurationId`):
  // that member is the stored identifier, which `GET …/onlinecode/{onlineCode}` reads.
  const byParameter = Object.keys(properties).find((name) => normal(name) === normal(collection.idParam));
  if (byParameter !== undefined) {
    const named = { ...body, [byParameter]: id };
    if (schemaAccepts(validator, answer, named)) return named;
  }
  for (const [name, written] of Object.entries(properties)) {
    const sub = asSchema(written);
    const held = body[name];
    if (!sub || !isRecord(held)) continue;
    const members = recordProperties(sub);
    if (!(field in members)) continue;
    const named = { ...body, [name]: { ...held, [field]: id } };
    const linked = 'href' in members ? { ...body, [name]: { ...held, [field]: id, href: location } } : named;
    for (const candidate of [linked, named]) if (schemaAccepts(validator, answer, candidate)) return candidate;
  }
  return body;
}

/**
 * The identifier an envelope names beside the record (model.ts `idBeside`: Flask-AppBuilder's
 * `{id, result}`), answered at the top as the stored record holds it; nothing for other envelopes.
 */
function besideEnvelope(collection: Collection, record: RecordValue): RecordValue {
  const field = collection.idField;
  return collection.idBeside === true && field !== undefined && field in record ? { [field]: record[field] } : {};
}

/** The answer's member named like the item parameter (`reportId` for `{reportId}`), else `id`. */
function answerIdField(properties: Readonly<Record<string, unknown>>, collection: Collection): string {
  return Object.keys(properties).find((name) => normal(name) === normal(collection.idParam)) ?? 'id';
}

/**
 * The create answer's schema of the record's own identifier field, where it is a number and the
 * record's is text (atlassian jira: `ProjectIdentifiers.id` int64 answered by `POST /project`,
 * `Project.id` a string read by `GET /project/{projectIdOrKey}`; Jira answers `10010` and `"10010"`):
 * one identifier both take is a whole number, kept as the record's text and answered as the number.
 */
function numberedIdSchema(answer: Schema, collection: Collection): Schema | undefined {
  const field = collection.idField;
  const own = field === undefined ? undefined : asSchema(recordProperties(answer)[field]);
  const numbered = own?.type === 'integer' || own?.type === 'number';
  return numbered && collection.idSchema?.type === 'string' ? own : undefined;
}

/** The schema of the identifier a create's answer refers to the new record by (referenceTo), where the record has no identifier field. */
function referenceIdSchema(answer: Schema | undefined, collection: Collection): Schema | undefined {
  if (!answer) return undefined;
  if (collection.idField !== undefined) return numberedIdSchema(answer, collection);
  const properties = recordProperties(answer);
  const own = asSchema(properties[answerIdField(properties, collection)]);
  // A `number` id (sendgrid's segments: `contactdb_segments_with_id` `{id: number}`) is counted as an
  // integer is (newId): a whole number is a number (JSON Schema 2020-12 §6.1.1).
  if (own) return own.type === 'string' || own.type === 'integer' || own.type === 'number' ? own : undefined;
  if (collection.envelope !== undefined && collection.envelope in properties) return undefined;
  for (const written of Object.values(properties)) {
    const sub = asSchema(written);
    const id = sub ? asSchema(recordProperties(sub)['id']) : undefined;
    if (id && (id.type === 'string' || id.type === 'integer')) return id;
  }
  return undefined;
}

function successStatus(operation: Operation, preferred: number): number {
  const statuses = Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .map(Number)
    .sort((a, b) => a - b);
  return statuses.includes(preferred) ? preferred : (statuses[0] ?? preferred);
}

function hasBody(operation: Operation, status: number): boolean {
  const response = responseFor(operation.responses, status);
  return Object.keys(response?.content ?? {}).length > 0;
}

const scopeOf = (collection: Collection, params: Readonly<Record<string, string>>): string =>
  collection.scopeParams.map((p) => params[p] ?? '').join('/');

/** The path of an item under the base path, parameters filled in (for `Location`, RFC 9110 §10.2.2). */
function itemLocation(
  contract: Contract,
  collection: Collection,
  params: Readonly<Record<string, string>>,
  id: string,
): string {
  return (
    contract.basePath +
    writtenItemPath(contract, collection.itemPath).replace(/\{([^}]+)\}/g, (_m, name: string) =>
      encodeURIComponent(name === collection.idParam ? id : (params[name] ?? '')),
    )
  );
}

/** Read-only members that hold a record's own address (Django REST framework's HyperlinkedIdentityField `url`). */
const SELF_LINK = new Set(['url', 'self', 'selflink', 'selfurl', 'href']);

/**
 * A record whose schema gives it a read-only member for its own address (drf-spectacular's `url`,
 * `readOnly: true, format: uri`) holds the address the mock serves it at, as the server writes it:
 * a client follows it to read, replace or delete the record (RFC 3986 §4.3: absolute where the
 * request named its Host). Before, a generated URI on some other host. Writable members named so
 * (a webhook's `url`) are the client's and are left alone.
 */
function selfLinked(
  record: RecordValue,
  schema: Schema,
  address: string,
  validator: SchemaValidator,
  sent: unknown,
): RecordValue {
  let out = record;
  for (const [name, written] of Object.entries(recordProperties(schema))) {
    const member = asSchema(written);
    // A member the client sent is the client's, whatever the read schema marks (bunq's callback `url`:
    // writable in the create's body, readOnly in the read's): what was written reads back.
    if (!member || !SELF_LINK.has(normal(name)) || (isRecord(sent) && sent[name] !== undefined)) continue;
    const merged = mergeAllOf(member);
    if (merged.readOnly !== true || (merged.type !== 'string' && merged.type !== undefined)) continue;
    const linked = { ...out, [name]: address };
    if (schemaAccepts(validator, schema, linked)) out = linked;
  }
  return out;
}

/** The document's path templates, per contract (asked on every create). */
const pathsKept = new WeakMap<Contract, ReadonlySet<string>>();

/**
 * The item path as the document writes it: the model reads `/api/tickets/{id}/` (Django REST
 * framework's routers end every path in a slash) as `/api/tickets/{id}`, and a `Location` or self link
 * without the slash names a path the document does not (Django answers it with a redirect at best).
 */
function writtenItemPath(contract: Contract, itemPath: string): string {
  let paths = pathsKept.get(contract);
  if (!paths) pathsKept.set(contract, (paths = new Set(contract.operations.map((op) => op.path))));
  return !paths.has(itemPath) && paths.has(`${itemPath}/`) ? `${itemPath}/` : itemPath;
}

/** A fresh identifier the id schema accepts and no record uses. */
function newId(
  collection: Collection,
  store: GenericStore,
  faker: Faker,
  validator: SchemaValidator,
  answered?: Schema,
): unknown {
  const taken = new Set(store.ids(collection.path));
  // The identifier's schema where the create's answer states one the record does not (referenceTo).
  const schema = answered ?? collection.idSchema;
  if (!schema || schema.type === 'integer' || schema.type === 'number') {
    let max = 0;
    for (const id of taken) if (/^\d+$/.test(id)) max = Math.max(max, Number(id));
    const next = Math.max(max + 1, typeof schema?.minimum === 'number' ? schema.minimum : 1);
    return schema?.type === 'string' ? String(next) : next;
  }
  // Drawn from the field's schema; once a draw fits it but not the path parameter (PayPal: an
  // order `id` of any string, `{id}` matching ^[A-Z0-9]+$), from the parameter's schema.
  let source = schema;
  for (let i = 0; i < 20; i++) {
    // After a few draws, without the schema's example: a schema whose example is the draw it keeps
    // giving (Lob's `crv_id`, the seeded record's own id) still has the pattern to draw from. The
    // example is left out of the allOf view (OAS 3.0.3 §4.7.24), since a field written as `allOf` of
    // a shared id schema beside a description (ShipEngine's `webhook_id: {allOf: [{$ref: se_id}]}`)
    // has it in the part, not in its own keywords.
    const { example: _example, ...unexampled } = mergeAllOf(source);
    // A pattern unanchored by `.*` on both sides (AWS Clean Rooms' `.*[0-9a-f]{8}-…-[0-9a-f]{12}.*`,
    // with `minLength` and `maxLength` 36) matches its core alone: every other such draw is the
    // core's, since the free `.*` draws keep breaking the length bounds.
    const core =
      typeof unexampled.pattern === 'string' ? /^\^?\.\*(.+?)\.\*\$?$/.exec(unexampled.pattern)?.[1] : undefined;
    const drawn = i < 3 ? source : core !== undefined && i % 2 === 1 ? { ...unexampled, pattern: core } : unexampled;
    const candidate = sampleValue(drawn, {
      dice: diceOfFaker(faker),
      name: collection.idField ?? 'id',
    });
    if (
      (typeof candidate !== 'string' && typeof candidate !== 'number') ||
      taken.has(String(candidate)) ||
      !schemaAccepts(validator, schema, candidate)
    )
      continue;
    const itsOwn =
      answered === undefined || !collection.idSchema || schemaAccepts(validator, collection.idSchema, candidate);
    if (itsOwn && addressable(collection, candidate, validator)) return candidate;
    if (collection.paramSchema?.type === 'string') source = collection.paramSchema;
  }
  // Draws that keep colliding (a schema whose example is its only draw: Pinterest's board id,
  // `pattern: ^\d+$`, example 549755885175, already a seeded record's): the next decimal after the
  // largest numeric id, else a named one, whichever the schema and the path parameter take.
  let max = 0n;
  for (const id of taken) if (/^\d{1,30}$/.test(id) && BigInt(id) > max) max = BigInt(id);
  for (let k = 1; k <= 20; k++) {
    for (const candidate of [String(max + BigInt(k)), `${collection.noun}-${taken.size + k}`]) {
      if (
        !taken.has(candidate) &&
        schemaAccepts(validator, schema, candidate) &&
        addressable(collection, candidate, validator)
      )
        return candidate;
    }
  }
  return `${collection.noun}-${taken.size + 1}`;
}

/**
 * Whether an identifier, written into the item path, is a value its path parameter takes. Never the
 * empty string (AWS's `String64`, `minLength: 0`): `/endpoints/` is another path (RFC 3986 §3.3),
 * so a record issued that id could never be read back.
 */
function addressable(collection: Collection, id: unknown, validator: SchemaValidator): boolean {
  if (String(id) === '') return false;
  const schema = collection.paramSchema;
  if (!schema) return true;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return schemaAccepts(validator, schema, numeric ? Number(id) : String(id));
}

/** The property a list's query parameter filters on: one named like it (or its plural, `tags` → `tag`). */
function filterField(byNormal: ReadonlyMap<string, string>, key: string): string | undefined {
  return byNormal.get(key) ?? byNormal.get(key.replace(/s$/, ''));
}

/**
 * The filter values that select records: those but a value the parameter offers that names every
 * value (`status=all`, the kernel's namesEveryValue) where the record's property cannot hold it; a
 * list asked with only such a value is the unfiltered list.
 */
function selecting(values: readonly string[], parameter: Schema | undefined, property: Schema | undefined): string[] {
  const offered = [...(parameter?.enum ?? []), ...(parameter?.default === undefined ? [] : [parameter.default])];
  return values.filter((v) => !(offered.includes(v) && namesEveryValue(v, property?.enum)));
}

/** The truth a query word or a stored value says: `true`/`1` and `false`/`0` (a boolean, or an integer 0..1 flag). */
function truthOf(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === 'true' || value === '1') return true;
  if (value === false || value === 0 || value === 'false' || value === '0') return false;
  return undefined;
}

/**
 * Whether a listed record matches a filter's values (a list field matches when any member does).
 * A truth word against a boolean or 0/1 field means that truth (groundhog-day's `isGroundhog`,
 * `enum: ["1", "0", "true", "false"]` over an integer 0..1: `true` matches 1).
 */
function matchesFilter(record: RecordValue, name: string, values: readonly string[]): boolean {
  const field = record[name];
  const fieldValues = Array.isArray(field) ? field : [field];
  return fieldValues.some((f) =>
    values.some((v) => {
      if (isRecord(f)) return String(f['name'] ?? f['id']) === v;
      if (String(f) === v) return true;
      const truth = typeof f === 'boolean' || typeof f === 'number' ? truthOf(f) : undefined;
      return truth !== undefined && truth === truthOf(v);
    }),
  );
}

/**
 * Whether an item read answered as a list (listOfOne: illumidesk's `GET …/notifications/entity/{entity}`,
 * "List of notifications", `?read=false`) leaves its one record out: a query parameter named like a
 * property of the record (not a paging one) asks for values the record does not show. The answer is a
 * list, and a list filtered on `read=false` holds no record whose `read` is true (OAS 3.0.3 §4.7.12:
 * the query names what is asked for); before, the stored record was listed whatever the filter.
 */
function filteredOut(input: HandlerInput, record: RecordValue, schema: Schema): boolean {
  const byNormal = new Map(Object.keys(recordProperties(schema)).map((name) => [normal(name), name]));
  return input.operation.parameters.some((parameter) => {
    const key = normal(parameter.name);
    if (parameter.in !== 'query' || LIMIT.has(key) || OFFSET.has(key) || CURSOR.has(key) || PAGE.has(key)) return false;
    const raw = parseQuery(parameter, pairsOf(input.query));
    const values =
      raw === undefined ? [] : typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : Object.values(raw);
    const name = filterField(byNormal, key);
    const asked =
      name === undefined ? [] : selecting(values, asSchema(parameter.schema), asSchema(schema.properties?.[name]));
    return asked.length > 0 && name !== undefined && record[name] !== undefined && !matchesFilter(record, name, asked);
  });
}

/** Reads paging and filters from a list operation's own parameters. */
function listPage(
  binding: Extract<Binding, { kind: 'list' }>,
  input: HandlerInput,
  records: RecordValue[],
  itemSchema?: Schema,
): { items: RecordValue[]; filters: Filter[] } & PageNumbers {
  // The record's fields, and those the list's items show beside them (kept with the record: withAnswered).
  const properties = {
    ...(itemSchema ? recordProperties(itemSchema) : {}),
    ...recordProperties(binding.collection.schema),
  };
  const byNormal = new Map(Object.keys(properties).map((name) => [normal(name), name]));
  let items = records;
  let size: number | undefined;
  let offset = 0;
  let page: number | undefined;
  let pageBase = 1;
  let pageDefault: number | undefined;
  let base = 0;
  let offsetSent = false;
  // The parameters that move through the pages, by their names in this operation (for the envelope's links).
  const names: { page?: string; offset?: string; cursor?: string } = {};
  const filters: Filter[] = [];
  /**
   * One paging value, a query parameter's or an object member's (pageBy): a page size, an offset (an
   * offset counted from 1, offsetBase: nordigen's `minimum: 1, default: 1`, names the first item at 1),
   * a continuation token or a page number. `name`: the request's own parameter the page links move,
   * recorded for them. False where `key` names no paging parameter.
   */
  const paged = (
    key: string,
    number: number | undefined,
    schema: Schema | undefined,
    fallback: number | undefined,
    name?: string,
  ): boolean => {
    // A page-size name the request leaves out (or a non-numeric one: Lob's postcard `size`, 4x6) keeps the size another gave.
    if (LIMIT.has(key)) size = number ?? fallback ?? size;
    else if (OFFSET.has(key)) {
      if (name !== undefined) names.offset = name;
      base = offsetBase(schema);
      offset = Math.max(0, (number ?? fallback ?? base) - base);
      offsetSent ||= number !== undefined;
    }
    // A continuation token the mock gave (tellPage: the next page's offset, as text) resumes there;
    // any other token, which the mock never gave, starts from the first record.
    else if (CURSOR.has(key)) {
      // A token that pages backwards (`ending_before`) is not the one a next link moves.
      if (name !== undefined && !/before$/.test(key)) names.cursor = name;
      offset = number ?? offset;
      offsetSent ||= number !== undefined;
    } else if (PAGE.has(key)) {
      if (name !== undefined) names.page = name;
      pageBase = firstPage(schema);
      page = number;
      pageDefault = fallback ?? pageBase;
    } else return false;
    return true;
  };
  /**
   * Paging members of an object-valued query parameter (the kernel's objectQueryMembers: LoopBack's
   * `filter={"limit":1,"skip":1}`, Strapi's `pagination[page]=2`): a member named like a paging
   * parameter and holding a number pages as that parameter would (OAS 3.0.3 §4.7.12: the parameter's
   * value is the object, its members what the request asks for); a member naming a continuation
   * token does not. Before, the whole list came back whatever they asked. Its page links are not
   * written: the link moves a parameter of its own (pageLinks).
   */
  const pageBy = (parameter: HandlerInput['operation']['parameters'][number]): void => {
    const members = objectQueryMembers(parameter, pairsOf(input.query));
    if (members === undefined) return;
    const view = asSchema(valueSchema(parameter));
    for (const [member, value] of Object.entries(members)) {
      const key = normal(member);
      const text = typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
      const number = text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
      if (number !== undefined && !CURSOR.has(key)) paged(key, number, asSchema(view?.properties?.[member]), undefined);
    }
  };
  for (const parameter of input.operation.parameters) {
    if (parameter.in !== 'query') continue;
    const schema = asSchema(parameter.schema);
    // Read in the parameter's own style (OAS 3.0.3 §4.7.12.4), by the kernel's parameter modules.
    const raw = parseQuery(parameter, pairsOf(input.query));
    const values =
      raw === undefined ? [] : typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : Object.values(raw);
    const key = normal(parameter.name);
    const number = values[0] !== undefined && /^\d+$/.test(values[0]) ? Number(values[0]) : undefined;
    const fallback = typeof schema?.default === 'number' ? schema.default : undefined;
    if (paged(key, number, schema, fallback, parameter.name)) continue;
    if (values.length > 0) {
      const name = filterField(byNormal, key);
      const asked = name === undefined ? [] : selecting(values, schema, asSchema(properties[name]));
      if (name !== undefined && asked.length > 0) {
        items = items.filter((record) => matchesFilter(record, name, asked));
        filters.push({ name, values: asked, schema: asSchema(properties[name]) });
      } else if (name === undefined) pageBy(parameter);
    }
  }
  // A page number the request leaves out is the first (or its default) only where no offset was
  // sent: a list offering both (figshare's `page`/`page_size` beside `limit`/`offset`) is paged by
  // the one the request uses, and `?limit=1&offset=1` starts at the second item.
  if (page === undefined && !offsetSent) page = pageDefault;
  const total = items.length;
  let next: number | undefined;
  let start = offset;
  if (size !== undefined) {
    start = page !== undefined ? Math.max(0, page - pageBase) * size : offset;
    items = items.slice(start, start + size);
    if (start + size < total) next = start + size;
  } else if (page !== undefined && page > pageBase && !offsetSent) {
    // A page number without a page size the request can name (Django REST framework's
    // PageNumberPagination: PAGE_SIZE is the server's setting) has every record on its first page,
    // so a later page holds none; before, each page repeated the whole list, and a client walking
    // `?page=` until an empty page never stopped.
    items = [];
  } else if (offset > 0) items = items.slice(offset);
  const links = pageLinks(input, names, { page, pageBase, start, size, base, next });
  // The offset told back in the request's own count (from 1 where it counts from 1).
  return { items, total, page, size, offset: offset + base, next, filters, ...links };
}

/**
 * The addresses of the neighbouring pages, on the mock itself: the request's own URL with its paging
 * parameter moved (a page number by one, an offset or the mock's continuation token by the page size),
 * absolute where the request named its Host (drf-spectacular's `next`/`previous` are `format: uri`,
 * RFC 3986 §4.3). No next link on the last page, no previous link on the first.
 */
function pageLinks(
  input: HandlerInput,
  names: { readonly page?: string; readonly offset?: string; readonly cursor?: string },
  at: {
    readonly page: number | undefined;
    readonly pageBase: number;
    readonly start: number;
    readonly size: number | undefined;
    readonly base: number;
    readonly next: number | undefined;
  },
): { nextLink?: string; previousLink?: string } {
  const url = (name: string, value: number | undefined): string => {
    const query = new URLSearchParams(input.query);
    if (value === undefined) query.delete(name);
    else query.set(name, String(value));
    const search = query.toString();
    return `${input.origin ?? ''}${input.path}${search === '' ? '' : `?${search}`}`;
  };
  const out: { nextLink?: string; previousLink?: string } = {};
  if (names.page !== undefined && at.page !== undefined) {
    if (at.next !== undefined) out.nextLink = url(names.page, at.page + 1);
    if (at.page > at.pageBase) out.previousLink = url(names.page, at.page - 1);
    return out;
  }
  const moved = names.offset ?? names.cursor;
  if (moved === undefined) return out;
  const base = moved === names.offset ? at.base : 0;
  if (at.next !== undefined) out.nextLink = url(moved, at.next + base);
  if (at.start > 0) out.previousLink = url(moved, Math.max(0, at.start - (at.size ?? at.start)) + base);
  return out;
}

/** The numbers of a page as served: the whole list's count, the page number, size and offset, and where the next page starts (none: the last). */
interface PageNumbers {
  readonly total: number;
  readonly page: number | undefined;
  readonly size: number | undefined;
  readonly offset: number;
  readonly next: number | undefined;
  /** The next page's address on the mock (pageLinks), where there is one. */
  readonly nextLink?: string;
  /** The previous page's address on the mock, where there is one (not on the first page). */
  readonly previousLink?: string;
}

/** A query filter a list applies: the record property it names, the values asked, the property's schema. */
interface Filter {
  readonly name: string;
  readonly values: readonly string[];
  readonly schema: Schema | undefined;
}

/**
 * The fewest items a list answer may carry (the array's `minItems`, JSON Schema validation §6.4.2):
 * a wrapper's member counts only where the wrapper requires it (pageObject leaves it out otherwise).
 * Undefined where any number, none included, is an answer the contract allows.
 */
function listMinimum(shape: ListShape, answer: Schema | undefined, collection: Collection): number | undefined {
  let array: Schema | undefined = answer;
  if (shape.kind === 'wrapped') {
    const wrapper = mergeAllOf(shape.wrapper);
    array = (wrapper.required ?? []).includes(shape.property)
      ? asSchema(wrapper.properties?.[shape.property])
      : undefined;
  }
  const minimum = array ? mergeAllOf(array).minItems : undefined;
  return minimum === undefined || minimum < 1 || collection.singleton === true ? undefined : minimum;
}

/**
 * A list the contract promises is never shorter than `minItems` (Zalando's article units, an array
 * with `minItems: 1`), over a scope that holds fewer records (a parent's scope starts empty:
 * seedGeneric), gets generated records stored up to that minimum, so the answer keeps its schema
 * and each listed record reads back: the empty list broke it (500 "must NOT have fewer than 1
 * items").
 */
function fillToMinimum(minimum: number, collection: Collection, scope: string, deps: GenericDeps): void {
  // Bounded: a minimum beyond a page's worth is the contract's figure, not a count to materialise.
  for (let n = deps.store.count(collection.path, scope), tries = 0; n < Math.min(minimum, 100) && tries < 200; tries++)
    if (storeGenerated(collection, scope, [], deps)) n += 1;
}

/**
 * Stores one generated record of the collection, carrying the first value of each filter the list
 * was asked with (typed as its property is), so the list's filters select it. False where the
 * record's schema refuses what was made (a filter value its property does not take).
 */
function storeGenerated(collection: Collection, scope: string, filters: readonly Filter[], deps: GenericDeps): boolean {
  const { store, validator } = deps;
  const record = generateRecord(collection.schema, deps.faker(), validator);
  for (const filter of filters) record[filter.name] = filterValue(filter);
  const id = newId(collection, store, deps.faker(), validator);
  if (collection.idField !== undefined) record[collection.idField] = id;
  if (!schemaAccepts(validator, collection.schema, record)) return false;
  store.put(collection.path, scope, String(id), record);
  return true;
}

/** A filter's first value as its property holds it: a number, a truth, or a list of that value. */
function filterValue(filter: Filter): unknown {
  const raw = filter.values[0] ?? '';
  const schema = filter.schema ? mergeAllOf(filter.schema) : undefined;
  const one = (type: unknown): unknown =>
    (type === 'integer' || type === 'number') && Number.isFinite(Number(raw))
      ? Number(raw)
      : type === 'boolean'
        ? (truthOf(raw) ?? raw)
        : raw;
  if (schema?.type !== 'array') return one(schema?.type);
  const items = asSchema(schema.items);
  return [one(items ? mergeAllOf(items).type : undefined)];
}

/**
 * The stored records as the list shows them: where its items carry the identifier in a field of
 * their own (AWS: `ApplicationSummary.id` for `Application.applicationId`, model.ts ListShape
 * `itemId`), that field holds the record's identifier, so an id read from the list reads the record.
 */
function asListed(shape: ListShape, collection: Collection, records: RecordValue[]): unknown[] {
  const itemId = shape.itemId;
  const idField = collection.idField;
  // A list of the identifiers alone (`{ticketIds: [...]}`, pinecone's `[CollectionName]`) lists each record by its identifier.
  if (shape.identifiers === true && idField !== undefined)
    return records.map((record) => record[idField]).filter((id) => id !== undefined);
  const shown =
    itemId === undefined || idField === undefined
      ? records
      : records.map((record) => (record[idField] === undefined ? record : { ...record, [itemId]: record[idField] }));
  // Items that wrap the record under one member (model.ts ListShape `itemMember`) carry each stored record there.
  const member = shape.itemMember;
  return member === undefined ? shown : shown.map((record) => ({ [member]: record }));
}

/**
 * A list of the identifiers alone over records that name no identifier field of their own (the
 * Berlin Group's NextGenPSD2: `{authorisationIds: [...]}` over the read's `{scaStatus}`, the create
 * answering `authorisationId`): each record is listed by the key it is stored under, the identifier
 * its create answered and its read takes, never as the record (an object where the schema asks for
 * a string: 500). Undefined for any other list (asListed).
 */
function keyedIdentifiers(
  shape: ListShape,
  collection: Collection,
  records: readonly RecordValue[],
  keys: readonly string[],
): Map<RecordValue, string> | undefined {
  if (shape.identifiers !== true || collection.idField !== undefined) return undefined;
  return new Map(records.map((record, i) => [record, keys[i]!]));
}

/** The keys of a page's records, as numbers where the list's items are numbers (a key is text in the store). */
function identifiersOf(
  page: readonly RecordValue[],
  byKey: ReadonlyMap<RecordValue, string>,
  itemSchema: Schema | undefined,
): unknown[] {
  const numeric = itemSchema?.type === 'integer' || itemSchema?.type === 'number';
  return page
    .map((record) => byKey.get(record))
    .filter((key): key is string => key !== undefined)
    .map((key) => (numeric && /^-?\d+(\.\d+)?$/.test(key) ? Number(key) : key));
}

/** The schema of a list answer's items: the array's own, or the wrapper member's. */
function listItemSchema(shape: ListShape, answer: Schema | undefined): Schema | undefined {
  const written = shape.kind === 'array' ? answer : asSchema(mergeAllOf(shape.wrapper).properties?.[shape.property]);
  // An array written as `allOf` of its `$ref` and annotations (AWS's `Items: {allOf: [{$ref:
  // __listOfApi}, {xml, description}]}`) has its items in the merged view.
  const array = written ? mergeAllOf(written) : undefined;
  return array && 'items' in array ? asSchema(array.items) : undefined;
}

/**
 * A list's item schema without the member its items carry the record's identifier in, where they
 * name it otherwise than the record (model.ts ListShape `itemId`: iotsitewise's summary `id` for the
 * asset's `assetId`): asListed writes the record's identifier there, so completing the stored record
 * with a generated one would give the record a second identifier, answered by its create and reads
 * beside the real one, naming nothing.
 */
function withoutItemId(schema: Schema | undefined, itemId: string | undefined): Schema | undefined {
  if (schema === undefined || itemId === undefined) return schema;
  const view = mergeAllOf(schema);
  const { [itemId]: _identifier, ...properties } = view.properties ?? {};
  const required = view.required?.filter((name) => name !== itemId);
  return { ...view, properties, ...(required === undefined ? {} : { required }) };
}

/**
 * A record completed with what the schemas it is answered in require and nobody sent (AWS's listed
 * `Api` requires `RouteSelectionExpression`, which the create's body leaves optional: a server
 * default), generated once and stored, so each answer shows the same value instead of a fresh one
 * per answer (what is read back does not change between reads), and no answer breaks its schema.
 * A member is kept only where the record's own schema still accepts the record.
 */
function withAnswered(
  record: RecordValue,
  schemas: readonly Schema[],
  own: Schema,
  validator: SchemaValidator,
  faker: Faker,
): RecordValue {
  let out = record;
  for (const schema of schemas) {
    const done = withRequired(out, schema, validator, faker);
    for (const [name, value] of Object.entries(done)) {
      if (out[name] !== undefined) continue;
      const next = { ...out, [name]: value };
      if (schemaAccepts(validator, own, next)) out = next;
    }
  }
  return out;
}

/** A stored key as the field showing it is typed: digits are a number where the field is numeric. */
function keyAs(typed: Schema | undefined, key: string): string | number {
  const numeric = typed?.type === 'integer' || typed?.type === 'number';
  return numeric && /^-?\d+(\.\d+)?$/.test(key) ? Number(key) : key;
}

/**
 * A record that names no identifier of its own but keeps the field its lists show the key under
 * (figshare's collaborator: the create answers `{message}`, the list `[{user_id, name, …}]` under
 * `/collaborators/{user_id}`; withAnswered made `user_id` up for the list's `required`) holds its key
 * there: the create's answer then names the id the list shows and the item path takes, not another.
 */
function keyedField(
  record: RecordValue,
  keyed: { field: string; schema: Schema | undefined } | undefined,
  key: string,
): RecordValue {
  if (keyed === undefined || record[keyed.field] === undefined) return record;
  const value = keyAs(keyed.schema, key);
  return typeof value === typeof record[keyed.field] ? { ...record, [keyed.field]: value } : record;
}

/** The list answer: the array, or the wrapper object generated from its schema with the page laid in. */
function listBody(
  shape: ListShape,
  stored: readonly unknown[],
  numbers: PageNumbers,
  deps: GenericDeps,
  answer: Schema | undefined,
): unknown {
  // Each record as the list's item schema wants it (a list may require what a create did not send).
  const itemSchema = listItemSchema(shape, answer);
  const items = itemSchema
    ? stored.map((record) => (isRecord(record) ? fit(record, itemSchema, deps.validator, deps.faker()) : record))
    : stored;
  if (shape.kind === 'array') return items;
  const body = pageObject(shape, items, numbers, deps);
  if (!shape.within) return body;
  // The page inside the answer's own envelope (`{status, data: page}`, HAL's `{total_items, _embedded:
  // {applications}}`): the rest generated from its schema, the page's numbers at that level told too.
  const out: RecordValue = {
    ...generateRecord(shape.within.answer, deps.faker(), deps.validator),
    [shape.within.member]: body,
  };
  tellPage(out, mergeAllOf(shape.within.answer), shape.within.member, numbers, deps);
  return out;
}

/** The object that holds a page: generated from its schema, the items laid in, its numbers told truly. */
function pageObject(
  shape: Extract<ListShape, { kind: 'wrapped' }>,
  items: readonly unknown[],
  numbers: PageNumbers,
  deps: GenericDeps,
): RecordValue {
  const wrapper = mergeAllOf(shape.wrapper);
  const base = generateRecord(shape.wrapper, deps.faker(), deps.validator);
  const out: RecordValue = { ...base, [shape.property]: items };
  // A page with fewer records than the array's minItems (an empty page of PayPal's `products`,
  // `minItems: 1`) leaves the member out where the wrapper does not require it: what the contract
  // allows, rather than an answer that breaks it.
  const array = asSchema(wrapper.properties?.[shape.property]);
  if (
    array?.minItems !== undefined &&
    items.length < array.minItems &&
    !(wrapper.required ?? []).includes(shape.property)
  )
    delete out[shape.property];
  tellPage(out, wrapper, shape.property, numbers, deps);
  return out;
}

/** Members that say whether more pages follow (`has_more`, `hasMore`, `more`). */
const MORE = new Set(['hasmore', 'more', 'hasnext', 'hasnextpage', 'moreresults']);
/** Members that carry the next page's link (`next`, `nextLink`, `@odata.nextLink`, `next_page_url`). */
const NEXT_LINK = new Set(['next', 'nextlink', 'odatanextlink', 'nextpage', 'nextpageurl', 'nexturl', 'nexthref']);
/** Members that carry the previous page's link (Django REST framework's `previous`, Laravel's `prev_page_url`). */
const PREVIOUS_LINK = new Set([
  'previous',
  'prev',
  'previouslink',
  'prevlink',
  'previouspage',
  'prevpage',
  'previouspageurl',
  'prevpageurl',
  'previousurl',
  'prevurl',
  'previoushref',
  'prevhref',
]);
/** Members that carry the next page's continuation token (the request's cursor names, `nextCursor`, `nextMarker`). */
const NEXT_TOKEN = new Set(
  [...CURSOR, 'nextcursor', 'nextmarker', 'nextpagecursor', 'cursornext'].filter((k) => !/before$/.test(k)),
);

/**
 * The envelope tells the truth about the page it carries, as served: its numbers (total, page,
 * size, offset), whether more follow, and the continuation token (the next page's offset as text,
 * which listPage reads back) or none on the last page, where a generated one would send a client
 * round again. A link to the next page is left out on the last page. One object member that holds
 * such numbers itself (Sakari's `pagination: {limit, offset, totalCount}`) is told the same way.
 */
function tellPage(out: RecordValue, wrapper: Schema, holder: string, numbers: PageNumbers, deps: GenericDeps): void {
  const required = new Set(wrapper.required ?? []);
  const set = (name: string, schema: Schema, value: unknown): void => {
    if (schemaAccepts(deps.validator, schema, value)) out[name] = value;
  };
  /**
   * No such value on this page: null where the member may be null (the frameworks that mark it
   * nullable write it so: Django REST framework's `"next": null`, which a client reads as
   * `page["next"]`), else left out where it may be.
   */
  const none = (name: string, schema: Schema): void => {
    if (schemaAccepts(deps.validator, schema, null)) out[name] = null;
    else if (!required.has(name)) delete out[name];
  };
  /** A link to a neighbouring page: the mock's own address of it, or none where there is no such page. */
  const link = (name: string, schema: Schema, target: string | undefined, exists: boolean): void => {
    if (!exists) none(name, schema);
    else if (target !== undefined) set(name, schema, target);
  };
  for (const [name, sub] of Object.entries(wrapper.properties ?? {})) {
    const written = asSchema(sub);
    if (!written || name === holder) continue;
    const schema = mergeAllOf(written);
    const key = normal(name);
    if (schema.type === 'integer' || schema.type === 'number') {
      const value = TOTAL.has(key)
        ? numbers.total
        : PAGE.has(key)
          ? numbers.page
          : LIMIT.has(key)
            ? numbers.size
            : OFFSET.has(key)
              ? numbers.offset
              : undefined;
      if (value !== undefined) set(name, written, value);
    } else if (schema.type === 'boolean' && MORE.has(key)) set(name, written, numbers.next !== undefined);
    else if (NEXT_TOKEN.has(key) && (schema.type === 'string' || schema.type === undefined)) {
      if (numbers.next === undefined) none(name, written);
      else set(name, written, String(numbers.next));
    } else if (NEXT_LINK.has(key) && (schema.type === 'string' || schema.type === undefined))
      link(name, written, numbers.nextLink, numbers.next !== undefined);
    else if (NEXT_LINK.has(key) && numbers.next === undefined) none(name, written);
    else if (PREVIOUS_LINK.has(key) && (schema.type === 'string' || schema.type === undefined))
      link(name, written, numbers.previousLink, numbers.previousLink !== undefined);
    else if (isRecord(out[name]) && (schema.type === 'object' || schema.properties !== undefined)) {
      const inner = Object.keys(schema.properties ?? {}).map(normal);
      if (inner.some((k) => TOTAL.has(k) || PAGE.has(k) || LIMIT.has(k) || OFFSET.has(k) || NEXT_TOKEN.has(k)))
        tellPage(out[name] as RecordValue, schema, holder, numbers, deps);
    }
  }
}

/** Whether an operation documents a 404: exactly, by its range (`4XX`) or by `default` (OAS 3.0.3 §4.7.16). */
const documents404 = (operation: Operation): boolean => responseFor(operation.responses, 404) !== undefined;

/**
 * The collections whose items a path lies under (`/invoices/{invoice_id}/send` under the
 * `/invoices/{invoice_id}` item; `/boards/{board_id}/sections` under `/boards/{board_id}`), the
 * nearest last. A collection's own item path counts only for operations it does not bind.
 */
function parentsOf(path: string, model: GenericModel, bound: Collection | undefined): readonly Collection[] {
  // Asked on every request that may answer 404; a pure function of the model (fixed once built),
  // the path and the bound collection, so each answer is kept with the model. Without, every
  // request scanned every collection's item path (Stripe: 1.9 % of its self-consistency file).
  let byPath = parentsKept.get(model);
  if (!byPath) parentsKept.set(model, (byPath = new Map()));
  let byBound = byPath.get(path);
  if (!byBound) byPath.set(path, (byBound = new Map()));
  const kept = byBound.get(bound);
  if (kept) return kept;
  // A representation of an item another collection keeps (callfire's `/campaigns/sounds/{id}.mp3` and
  // `.wav` beside `/campaigns/sounds/{id}`, lookups.ts made them collections of their own that hold
  // nothing): the same resource in another format (RFC 9110 §3.2), whose parent is that item.
  const { bases, representations } = collectionFacts(model);
  const base = subresourceBase(path);
  const found = model.collections.filter(
    (c) =>
      c !== bound &&
      !representations.has(c) &&
      c.scopeParams.every((p) => path.includes(`{${p}}`)) &&
      (path.startsWith(`${bases.get(c)}/`) || (bound === undefined && (path === c.itemPath || base === c.itemPath))),
  );
  found.sort((a, b) => a.itemPath.length - b.itemPath.length);
  byBound.set(bound, found);
  return found;
}

/** parentsOf's answers, per model, path template and bound collection (keys from the contract only). */
const parentsKept = new WeakMap<GenericModel, Map<string, Map<Collection | undefined, readonly Collection[]>>>();

/** What parentsOf and unknownParent read of each collection, a pure function of the model: built once per model. */
interface CollectionFacts {
  /** Each collection's subresourceBase. */
  readonly bases: ReadonlyMap<Collection, string>;
  /** Representations of an item another collection keeps (parentsOf). */
  readonly representations: ReadonlySet<Collection>;
  /** The collections a create is bound to. */
  readonly creatable: ReadonlySet<Collection>;
  /** The collections whose scope names each parameter. */
  readonly scopedBy: ReadonlyMap<string, readonly Collection[]>;
}

/**
 * Built on the first request that asks: each path's first parentsOf walked every collection's item
 * path three times, and each parent check every binding and collection (Microsoft Graph: 3,000
 * collections, 11,422 bindings, per request).
 */
function collectionFacts(model: GenericModel): CollectionFacts {
  const known = factsKept.get(model);
  if (known) return known;
  const items = new Set(model.collections.map((c) => c.itemPath));
  const bases = new Map(model.collections.map((c) => [c, subresourceBase(c.itemPath)]));
  const scopedBy = new Map<string, Collection[]>();
  for (const c of model.collections)
    for (const p of new Set(c.scopeParams)) {
      const scoped = scopedBy.get(p);
      if (scoped) scoped.push(c);
      else scopedBy.set(p, [c]);
    }
  const facts: CollectionFacts = {
    bases,
    representations: new Set(
      model.collections.filter((c) => bases.get(c) !== c.itemPath && items.has(bases.get(c) ?? '')),
    ),
    creatable: new Set([...model.bindings.values()].filter((b) => b.kind === 'create').map((b) => b.collection)),
    scopedBy,
  };
  factsKept.set(model, facts);
  return facts;
}
const factsKept = new WeakMap<GenericModel, CollectionFacts>();

/**
 * Whether an identifier the store lacks names a record of a collection no list of the mock shows,
 * because one of the mock's own stateless answers named it (served.ts): HERE Tracking's `GET
 * /aliases/v2` (no list bound: its items are not the record `GET /aliases/v2/{trackingId}` reads)
 * answers `trackingId`s, Yodlee's `GET /accounts` account `id`s, GraphHopper's `POST /vrp` the
 * `job_id` `GET /vrp/solution/{jobId}` reads. The mock issued that identifier, so it names
 * something (RFC 9110 §15.5.5: a 404 says the server found nothing at the target), as it does for
 * the service that answered it. A collection a list shows keeps only what the list shows.
 */
function issuedByAnswer(
  deps: Pick<GenericDeps, 'model' | 'store' | 'named'>,
  collection: Collection,
  scope: string,
  id: string,
): boolean {
  if (deps.named === undefined || id === '' || !deps.named(id)) return false;
  if (deps.store.wasDeleted(collection.path, scope, id)) return false;
  return ![...deps.model.bindings.values()].some((b) => b.kind === 'list' && b.collection === collection);
}

/**
 * The parent scopes of the generic engine (issue 18 item 1, "one resource model ... parent
 * scopes"): a path that names an item of an inferred collection (`/invoices/{invoice_id}/send`,
 * `/admin/identities/{id}/sessions`) speaks of that item, so when the store holds no such item the
 * answer is the operation's documented 404 (exact, `4XX` or `default`), as for a read of the item
 * itself. An operation that documents no 404 keeps its answer: the mock never answers a status
 * the contract does not list for it. Returns undefined when the path names no parent.
 */
export function unknownParent(
  deps: Pick<GenericDeps, 'contract' | 'model' | 'store' | 'codeForStatus' | 'named'>,
  operation: Operation,
  params: Readonly<Record<string, string>>,
  bound?: Collection,
): HttpError | undefined {
  if (!documents404(operation)) return undefined;
  for (const parent of parentsOf(operation.path, deps.model, bound)) {
    const id = params[parent.idParam];
    if (id === undefined) continue;
    // A parent exists once records live under it: their create made it (Hydra: POST
    // /admin/keys/{set} makes the set `GET /admin/keys/{set}` reads), or, where clients can create
    // it on its own, their create took it as given (OSIsoft: `POST /analysistemplates/{webId}/
    // securityentries` documents 201 alone, so it keeps the entry; its read must find it, RFC 9110
    // §9.3.3). A parent with a create of its own that was deleted since stays gone with what lived
    // under it (a deleted board takes its sections).
    const { creatable, scopedBy } = collectionFacts(deps.model);
    const implied =
      !(creatable.has(parent) && deps.store.wasDeleted(parent.path, scopeOf(parent, params), id)) &&
      (scopedBy.get(parent.idParam) ?? []).some(
        (c) => c.scopeParams.every((p) => params[p] !== undefined) && deps.store.count(c.path, scopeOf(c, params)) > 0,
      );
    if (
      !implied &&
      !deps.store.get(parent.path, scopeOf(parent, params), id) &&
      // A parent whose identifier names another collection's record (`/messages/{logId}/…`): that record.
      !ownerHolds(deps.contract, deps.model, deps.store, parent, id) &&
      !issuedByAnswer(deps, parent, scopeOf(parent, params), id)
    ) {
      return new HttpError(
        404,
        deps.codeForStatus(404),
        `No ${parent.noun} with ${parent.idParam} ${id.slice(0, 100)}.`,
      );
    }
  }
  // A scope naming another collection's record (owners.ts scopeOwners: `{logId}` of the logs).
  for (const [param, owner] of bound === undefined ? [] : scopeOwners(deps.contract, deps.model, bound)) {
    const id = params[param];
    if (id !== undefined && !deps.store.get(owner.path, '', id))
      return new HttpError(404, deps.codeForStatus(404), `No ${owner.noun} with ${param} ${id.slice(0, 100)}.`);
  }
  return undefined;
}

/** The response header naming why an answer neither read nor changed the state (engine.ts STATELESS_HEADER). */
const STATELESS = 'X-Mock-Stateless';

/** Thrown by a handler's lookup of an id the store lacks on an operation that documents no 404: the answer it gets instead. */
class UndocumentedMiss extends Error {
  constructor(readonly reply: Reply) {
    super('an id the store does not hold, on an operation that documents no 404');
  }
}

/** The JSON schema an operation documents for one success status (exact, else its range). */
function successSchemaOf(operation: Operation, status: number): Schema | undefined {
  const response = responseFor(operation.responses, status);
  for (const media of Object.values(response?.content ?? {})) {
    const schema = asSchema(media.schema);
    if (schema) return schema;
  }
  return undefined;
}

/**
 * Whether an answer's schema describes the collection's record (the record's own schema, one that
 * accepts it, or one that has its identifier field or wraps it), rather than a shape of its own.
 */
function describesRecord(
  answer: Schema,
  collection: Collection,
  validator: SchemaValidator,
  record: RecordValue,
): boolean {
  if (answer === collection.schema) return true;
  const names = Object.keys(recordProperties(answer));
  if (collection.idField !== undefined && names.includes(collection.idField)) return true;
  if (collection.envelope !== undefined && names.includes(collection.envelope)) return true;
  return (
    names.length > 0 &&
    names.every((name) => name in recordProperties(collection.schema)) &&
    schemaAccepts(validator, answer, record)
  );
}

/** An answer made from its own schema, its message fields saying what happened (nothing else of the record in it). */
function documentedAnswer(schema: Schema, said: string, validator: SchemaValidator, faker: Faker): unknown {
  // An answer that is not an object (VTEX's delete answers `true`, "If the review was deleted"): its
  // documented example, else a value of its schema; never an object its schema refuses.
  const view = mergeAllOf(schema);
  if (view.type !== undefined && view.type !== 'object') {
    if (view.example !== undefined && schemaAccepts(validator, schema, view.example)) return view.example;
    let value: unknown;
    for (let i = 0; i < 5; i++) {
      value = sampleValue(schema, { dice: diceOfFaker(faker), everyProperty: true, fits: fitsWith(validator) });
      if (schemaAccepts(validator, schema, value)) return value;
    }
    return value;
  }
  const made = generateRecord(schema, faker, validator);
  const out: RecordValue = { ...made };
  for (const [name, written] of Object.entries(recordProperties(schema))) {
    const sub = asSchema(written);
    if (
      sub &&
      /^(message|msg|detail|description|result|status)$/.test(normal(name)) &&
      schemaAccepts(validator, sub, said) &&
      out[name] !== undefined
    )
      out[name] = said;
  }
  return schemaAccepts(validator, schema, out) ? out : made;
}

/**
 * The stateful operations of a contract without business rules of its own: create, read,
 * replace, patch, delete and list over the generic store, as `inferModel` bound them.
 */
export function genericHandlers(deps: GenericDeps): Handlers {
  const { contract, model, store, validator } = deps;
  const handlers: Record<string, (input: HandlerInput) => Reply> = {};
  // Collections a stateful list shows: a delete of another's record is remembered by its path too
  // (rememberUnlistedDelete), for the made-up list above it.
  const listedCollections = new Set(
    [...model.bindings.values()].filter((b) => b.kind === 'list').map((b) => b.collection),
  );
  const unlisted = (collection: Collection): boolean =>
    collection.singleton !== true && !listedCollections.has(collection);
  const notFound = (collection: Collection, id: string): HttpError =>
    new HttpError(
      404,
      deps.codeForStatus(404),
      collection.singleton === true
        ? `No ${collection.noun} here: it was deleted.`
        : `No ${collection.noun} with ${collection.idParam} ${id.slice(0, 100)}.`,
    );
  /**
   * An id the store does not hold: the operation's documented 404 (exact, `4XX` or `default`, OAS
   * 3.0.3 §4.7.16); an operation that documents none (Keycloak's reads document only 200) gets
   * the answer it documents, generated, with the stateless header saying why: the mock never
   * answers a status the contract does not list for a valid request.
   */
  const missing = (collection: Collection, id: string, input: HandlerInput): HttpError | UndocumentedMiss => {
    // A record known to have existed is gone: 404 whatever the operation documents (RFC 9110
    // §9.3.5: after a DELETE the resource is gone; §15.5.5), as a service answers a read after its delete.
    const scope = scopeOf(collection, input.params);
    if (documents404(input.operation) || store.wasDeleted(collection.path, scope, id)) return notFound(collection, id);
    // A delete answered as its success is documented leaves the resource gone for what follows
    // (RFC 9110 §9.3.5): a later read is 404, as after any delete the client saw succeed.
    if (input.operation.method === 'delete') {
      store.markDeleted(collection.path, scope, id);
      if (unlisted(collection)) rememberUnlistedDelete(store, input.path);
    }
    const reply =
      deps.documented?.(input.operation, input.params, input.query) ??
      cannedReply(input.operation, {}, deps.faker(), deps.codeForStatus, input.params);
    const why = `no ${collection.noun} with ${collection.idParam} ${id.slice(0, 100)} is stored, and ${input.operation.id} documents no 404: its documented answer, generated`;
    return new UndocumentedMiss({ ...reply, headers: { ...reply.headers, [STATELESS]: why } });
  };
  /** A single resource's record in a scope (singletons.ts): the one stored, else, unless it was deleted, one generated and kept. */
  const single = (collection: Collection, scope: string): RecordValue | undefined => {
    const stored = store.get(collection.path, scope, '');
    if (stored || store.isGone(collection.path, scope)) return stored;
    const made = generateRecord(collection.schema, deps.faker(), validator);
    store.put(collection.path, scope, '', made);
    return made;
  };

  /** The fields the operation's documented 409 says are unique (unique.ts), once per operation. */
  const uniques = new Map<string, string[]>();
  const unique = (op: Operation): string[] => {
    let found = uniques.get(op.id);
    if (!found) uniques.set(op.id, (found = uniqueFields(op, [...writableIn(op)])));
    return found;
  };
  /** RFC 9110 §15.5.10: the request conflicts with the state of the target, a value another record holds. */
  const taken = (collection: Collection, field: string, value: unknown): HttpError =>
    new HttpError(
      409,
      deps.codeForStatus(409),
      `A ${collection.noun} with ${field} ${JSON.stringify(value).slice(0, 100)} already exists.`,
    );

  /** The schemas each collection's records are answered in by its lists and reads (withAnswered). */
  const answeredIn = new Map<Collection, Schema[]>();
  /**
   * The field a collection's lists show its records' keys under where the record names no identifier
   * of its own (model.ts listedAsCreated, listedByParam), with the list item's schema for that field.
   */
  const keyedIn = new Map<Collection, { field: string; schema: Schema | undefined }>();
  for (const [operationId, binding] of model.bindings) {
    const operation = contract.operationsById.get(operationId);
    const answer = operation ? successSchema(operation) : undefined;
    const item = binding.kind === 'list' ? listItemSchema(binding.shape, answer) : undefined;
    const field = binding.kind === 'list' ? binding.shape.itemId : undefined;
    if (field !== undefined && binding.collection.idField === undefined && !keyedIn.has(binding.collection))
      keyedIn.set(binding.collection, { field, schema: asSchema(recordProperties(item ?? {})[field]) });
    const schema =
      binding.kind === 'list'
        ? withoutItemId(item, field)
        : binding.kind === 'read' && binding.collection.envelope === undefined
          ? answer
          : undefined;
    if (schema === undefined || schema === binding.collection.schema) continue;
    answeredIn.set(binding.collection, [...(answeredIn.get(binding.collection) ?? []), schema]);
  }
  const completed = (collection: Collection, record: RecordValue): RecordValue =>
    withAnswered(record, answeredIn.get(collection) ?? [], collection.schema, validator, deps.faker());

  // The collections something creates in: their records are the stored ones alone.
  const creates = new Set([...model.bindings.values()].filter((b) => b.kind === 'create').map((b) => b.collection));
  for (const [operationId, binding] of model.bindings) {
    const { collection } = binding;
    const operation = contract.operationsById.get(operationId);
    if (!operation) continue;
    const answer = successSchema(operation);
    const reply = (status: number, record: RecordValue | undefined, headers?: Record<string, string>): Reply => {
      const chosen = successStatus(operation, status);
      if (!hasBody(operation, chosen) || record === undefined)
        return headers ? { status: chosen, headers } : { status: chosen };
      // A record the answers wrap (`{response: record, client: …}`) goes back in its member.
      const wrap =
        collection.envelope !== undefined &&
        answer !== undefined &&
        collection.envelope in (mergeAllOf(answer).properties ?? {});
      // Two members deep (`{data: {ipn: record}}`) where the model read the record there.
      const inner = collection.envelopeInner;
      const held = inner === undefined ? record : { [inner]: record };
      // A member that lists the records (`{data: [Group]}`, model.ts listOfOneEnvelope) holds this one alone.
      const listing = wrap && isArraySchema(mergeAllOf(answer).properties?.[collection.envelope!]);
      const shown = wrap
        ? { ...besideEnvelope(collection, record), [collection.envelope!]: listing ? [held] : held }
        : record;
      const body =
        scalarAnswer(answer, collection, record, validator, deps.faker()) ??
        listOfOne(answer, shown, validator, deps.faker()) ??
        fit(shown, answer, validator, deps.faker());
      return headers ? { status: chosen, body, headers } : { status: chosen, body };
    };
    /**
     * The item of a collection nothing creates in, named by the identifier of a record another
     * collection holds (owners.ts: the payrolls of an employee): made once, with that identifier, and kept.
     */
    const ofOwnersRecord = (id: string, scope: string): RecordValue | undefined => {
      if (store.wasDeleted(collection.path, scope, id) || !ownerHolds(contract, model, store, collection, id))
        return undefined;
      const made = { ...generateRecord(collection.schema, deps.faker(), validator), ...pathRecord(id) };
      store.put(collection.path, scope, id, made);
      return made;
    };
    /** The item an identifier names that one of the mock's stateless answers issued (issuedByAnswer): made once, with it, and kept. */
    const ofIssued = (id: string, scope: string): RecordValue | undefined => {
      if (!issuedByAnswer(deps, collection, scope, id)) return undefined;
      const made = { ...generateRecord(collection.schema, deps.faker(), validator), ...pathRecord(id) };
      store.put(collection.path, scope, id, made);
      return made;
    };
    /**
     * The item its parent's stored record holds in an array member, where nothing creates the items
     * on their own (tcgdex: `GET /sets/{set}` answers `cards: [{id, localId, name}]`, and
     * `GET /sets/{set}/{cardLocalId}` reads one of them): made once from that entry, and kept.
     */
    const ofParentsRecord = (input: HandlerInput, id: string, scope: string): RecordValue | undefined => {
      const field = collection.idField;
      if (field === undefined || creates.has(collection) || store.wasDeleted(collection.path, scope, id))
        return undefined;
      const parent = model.collections.find((c) => c !== collection && c.itemPath === collection.path);
      const held =
        parent === undefined
          ? undefined
          : store.get(parent.path, scopeOf(parent, input.params), input.params[parent.idParam] ?? '');
      for (const member of Object.values(held ?? {})) {
        if (!Array.isArray(member)) continue;
        const entry = member.find(
          (x): x is RecordValue => isRecord(x) && x[field] !== undefined && String(x[field]) === id,
        );
        if (entry === undefined) continue;
        const properties = recordProperties(collection.schema);
        const shared = Object.fromEntries(Object.entries(entry).filter(([name]) => name in properties));
        const made = { ...generateRecord(collection.schema, deps.faker(), validator), ...shared };
        if (!schemaAccepts(validator, collection.schema, made)) continue;
        store.put(collection.path, scope, id, made);
        return made;
      }
      return undefined;
    };
    const existing = (input: HandlerInput): { id: string; scope: string; record: RecordValue } => {
      const id = input.params[collection.idParam] ?? '';
      const scope = scopeOf(collection, input.params);
      const record =
        collection.singleton === true
          ? single(collection, scope)
          : (store.get(collection.path, scope, id) ??
            ofOwnersRecord(id, scope) ??
            ofIssued(id, scope) ??
            ofParentsRecord(input, id, scope));
      if (!record) throw missing(collection, id, input);
      return { id, scope, record };
    };
    // An item path under another path that lists the collection names the record under a parameter
    // of its own (GitHub's `DELETE /admin/tokens/{token_id}` beside `/authorizations/{authorization_id}`,
    // `GET /admin/tokens` listing the same authorizations): read as the collection's identifier.
    const alias =
      collection.scopeParams.length === 0 && (operation.path.match(/\{[^}]+\}/g) ?? []).length === 1
        ? itemSegment(operation.path)?.param
        : undefined;
    const withParents =
      (handler: (input: HandlerInput) => Reply): ((input: HandlerInput) => Reply) =>
      (given) => {
        const aliased =
          alias !== undefined &&
          alias !== collection.idParam &&
          given.params[collection.idParam] === undefined &&
          given.params[alias] !== undefined;
        const input = aliased
          ? { ...given, params: { ...given.params, [collection.idParam]: given.params[alias]! } }
          : given;
        const refused =
          unknownParent(deps, operation, input.params, collection) ??
          unnamedParent(deps, operation, input.params, collection, (param) =>
            // Records live under it: their create took it as given, so it exists (as unknownParent reads it).
            model.collections.some(
              (c) =>
                c.scopeParams.includes(param) &&
                c.scopeParams.every((p) => input.params[p] !== undefined) &&
                store.count(c.path, scopeOf(c, input.params)) > 0,
            ),
          );
        if (refused) throw refused;
        try {
          return handler(input);
        } catch (error) {
          if (error instanceof UndocumentedMiss) return error.reply;
          throw error;
        }
      };
    /**
     * A PUT on an item nothing stores creates it (RFC 9110 §9.3.4: "the state of the target resource
     * be created or replaced"; Azure's `…/disks/{diskName}` CreateOrUpdate is the only create there
     * is) where the operation documents no 404 of its own, nor the 4XX range holding it (OAS 3.0.3
     * §4.7.16.1): one that does says an unknown item is refused, and the runner holds it to that; a
     * `default` answer is any error, not that promise.
     */
    const putCreates = (input: HandlerInput): boolean =>
      documentedResponse(input.operation.responses, 404, { withDefault: false }) === undefined &&
      store.get(collection.path, scopeOf(collection, input.params), input.params[collection.idParam] ?? '') ===
        undefined;
    /** A record a PUT creates starts with the identifier its path names, typed as the field is. */
    const pathRecord = (id: string): RecordValue => {
      if (collection.idField === undefined) return {};
      const type = collection.idSchema?.type;
      const typed = (type === 'integer' || type === 'number') && Number.isFinite(Number(id)) ? Number(id) : id;
      return { [collection.idField]: typed };
    };
    /** The record a body names by its identifier field (`PUT /pet {"id": 7, …}`): 404 when there is none. */
    const byBody = (input: HandlerInput): { id: string; scope: string; record: RecordValue } => {
      const field = collection.idField;
      let given = field !== undefined && isRecord(input.body) ? input.body[field] : undefined;
      // Or a query parameter of the operation that bears the field's name (Google's `PUT
      // …/users?name=…` with a User body: "Name of the user in the instance").
      const named = input.operation.parameters.find(
        (p) => p.in === 'query' && field !== undefined && normal(p.name) === normal(field),
      );
      if (typeof given !== 'string' && typeof given !== 'number' && named)
        given = input.query.get(named.name) ?? undefined;
      if (typeof given !== 'string' && typeof given !== 'number') {
        // The body's schema does not require the field (the validator would have refused it): the
        // request is valid as the contract writes it, so refusing it would invent a requirement
        // (avaza's "The body must name the Company by CompanyID", e-conomic's `PUT /mileages`
        // without `number`), whether or not the operation documents a 400. With no record named,
        // the answer is the operation's documented one, generated, and the header says why.
        const reply =
          deps.documented?.(input.operation, input.params, input.query) ??
          cannedReply(input.operation, {}, deps.faker(), deps.codeForStatus, input.params);
        const why = `the request names no ${collection.noun} by ${field ?? 'its identifier'}, which the contract does not require: ${input.operation.id}'s documented answer, generated`;
        throw new UndocumentedMiss({ ...reply, headers: { ...reply.headers, [STATELESS]: why } });
      }
      const scope = scopeOf(collection, input.params);
      const id = String(given);
      const record = store.get(collection.path, scope, id);
      if (!record) throw missing(collection, id, input);
      return { id, scope, record };
    };
    /**
     * The body as the record: a body that wraps it in the answers' member (JSON:API 1.1 §7.1,
     * `{data: {...}}`) unwrapped, also beside members of the request that are no field of the record
     * (Square's `{idempotency_key, device_code: {...}}`, Open Banking's `{Data: {...}, Risk}`).
     */
    const recordBody = (body: unknown): unknown => {
      const member = collection.envelope;
      if (member === undefined || !isRecord(body)) return body;
      const fields = recordProperties(collection.schema);
      if (member in fields || Object.keys(body).some((key) => key !== member && key in fields)) return body;
      return isRecord(body[member]) ? body[member] : body;
    };
    /** Query parameters the operation declares that name a record property (not paging, not the identifier). */
    const queryFields = (input: HandlerInput): RecordValue => {
      const out: RecordValue = {};
      for (const parameter of input.operation.parameters) {
        if (parameter.in !== 'query') continue;
        const value = input.query.get(parameter.name);
        if (value !== null) out[parameter.name] = value;
      }
      return out;
    };
    switch (binding.kind) {
      case 'list': {
        handlers[operationId] = (input) => {
          const scope = scopeOf(collection, input.params);
          const minimum = listMinimum(binding.shape, answer, collection);
          if (minimum !== undefined) fillToMinimum(minimum, collection, scope, deps);
          const { page, byKey } = servedPage(input, scope);
          const listed = byKey
            ? identifiersOf(page.items, byKey, listItemSchema(binding.shape, answer))
            : asListed(
                binding.shape,
                collection,
                page.items.map((record) => structuredClone(record)),
              );
          const body = listBody(binding.shape, listed, page, deps, answer);
          return { status: successStatus(operation, 200), body, headers: { 'X-Total-Count': String(page.total) } };
        };
        /**
         * The page the request asks for, over the scope's records. A page shorter than the list's
         * minItems (an offset past the last record, a filter no record matches: metadapi's MSA groups,
         * `data` required with `minItems: 1`) has the records it lacks generated and stored, carrying
         * the filters' values, as if the collection had always held them: every answer keeps its schema
         * (the empty page was a 500) and tells the truth about what is stored, each listed record
         * reading back. Bounded: a page further off than that stays as it is.
         */
        const servedPage = (input: HandlerInput, scope: string) => {
          const minimum = listMinimum(binding.shape, answer, collection);
          let served = pageOver(input, scope);
          for (let added = 0; minimum !== undefined && served.page.items.length < minimum && added < 100; added++) {
            if (!storeGenerated(collection, scope, served.page.filters, deps)) break;
            served = pageOver(input, scope);
          }
          return served;
        };
        const pageOver = (input: HandlerInput, scope: string) => {
          // A field the list's items require and a stored record lacks (a seeded record: AWS's
          // `PolicyGeneration.principalArn` beside the read's `JobDetails`) is made once and kept, as
          // a create keeps it (withAnswered): the list shows the same value each time, and a filter by
          // it selects by what is shown rather than a value made afresh for each answer.
          // The stored records themselves (view: no copies), only read until the page is cut; the
          // page's records alone are copied for the answer, not every record of the collection.
          let records = store.view(collection.path, scope).map((stored) => {
            const record = stored as RecordValue;
            const done = completed(collection, record);
            const id = collection.idField === undefined ? undefined : record[collection.idField];
            if (done !== record && (typeof id === 'string' || typeof id === 'number'))
              store.put(collection.path, scope, String(id), done);
            return done;
          });
          // A record that names no identifier of its own is listed as its create answered it (model.ts
          // listedAsCreated): the item's identifier field holds the key the record is stored under.
          const keyed = binding.shape.itemId !== undefined && collection.idField === undefined;
          if (keyed) {
            const keys = store.keys(collection.path, scope);
            const field = binding.shape.itemId!;
            const typed = asSchema(recordProperties(listItemSchema(binding.shape, answer) ?? {})[field]);
            records = records.map((record, i) => ({ ...record, [field]: keyAs(typed, keys[i]!) }));
          }
          const byKey = keyedIdentifiers(binding.shape, collection, records, store.keys(collection.path, scope));
          const page = listPage(binding, input, records, listItemSchema(binding.shape, answer));
          return { page, byKey };
        };
        break;
      }
      case 'create': {
        const referencedId = referenceIdSchema(answer, collection);
        handlers[operationId] = (input) => {
          const scope = scopeOf(collection, input.params);
          // Exactly what the client sent (the fields the record declares and accepts), then the
          // identifier, then what the record schema requires and the client could not send (readOnly).
          const asSent = recordBody(input.body);
          const wrapped = asSent !== input.body;
          const unwrapped = wrapped ? asSent : membersTaken(input.operation, asSent);
          const sendable = writableFor(input.operation, unwrapped);
          const sent = without(unwrapped, serverOwned(input.operation, sendable));
          // The request's defaults (a wrapped body's are its wrapper's, not the record's).
          const given = wrapped ? sent : withDefaults(sent, requestSchema(input.operation), validator);
          let record = overlay(
            {},
            withDefaults(given, collection.schema, validator),
            collection.schema,
            validator,
            undefined,
            false,
            sendable,
          );
          record = stamp(record, collection.schema, sendable, deps.faker(), false, validator);
          // An identifier the client chose (a username, a pet id in the body) is kept; else the server assigns one.
          let chosen = collection.idField !== undefined ? record[collection.idField] : undefined;
          // Or sent under the item parameter's name, where the record names it otherwise (AWS
          // CodeGuru: `{profilingGroupName}` sent, answered `{profilingGroup: {name, arn, …}}`).
          const underParam = sentUnderParam(sent, collection.idParam);
          if (
            chosen === undefined &&
            collection.idField !== undefined &&
            (typeof underParam === 'string' || typeof underParam === 'number') &&
            addressable(collection, underParam, validator) &&
            schemaAccepts(validator, collection.schema, { ...record, [collection.idField]: underParam })
          )
            chosen = underParam;
          // Or in a member of the record sent whole (Kubernetes' `metadata.name`): its name is its key.
          const within = collection.idWithin;
          const inner = within && isRecord(sent) ? sent[within.member] : undefined;
          const named = within && isRecord(inner) ? inner[within.field] : undefined;
          if (
            chosen === undefined &&
            (typeof named === 'string' || typeof named === 'number') &&
            addressable(collection, named, validator)
          )
            chosen = named;
          // Or in the field the lists key records by, where the record names no identifier of its own
          // (figshare's collaborator invited by `user_id`, listed under `/collaborators/{user_id}`): the
          // client named the record, and what was written reads back (issue 18), so that value is its
          // key rather than written over with one the server made up (keyedField).
          const keyed = keyedIn.get(collection);
          const sentKey = keyed && isRecord(sent) ? sent[keyed.field] : undefined;
          if (
            chosen === undefined &&
            collection.idField === undefined &&
            !within &&
            (typeof sentKey === 'string' || typeof sentKey === 'number') &&
            addressable(collection, sentKey, validator)
          )
            chosen = sentKey;
          // Or, where the record names no identifier at all, under the item parameter's own name
          // (Twitter's `POST /2/users/{id}/bookmarks {tweet_id}`, removed at `…/bookmarks/{tweet_id}`):
          // the client named the record by the value its item path takes (sentUnderParam, as the runner reads it).
          if (
            chosen === undefined &&
            collection.idField === undefined &&
            !within &&
            underParam !== undefined &&
            addressable(collection, underParam, validator)
          )
            chosen = underParam;
          if (
            chosen !== undefined &&
            input.operation.responses['409'] &&
            store.get(collection.path, scope, String(chosen))
          )
            throw taken(
              collection,
              collection.idField ??
                (within ? `${within.member}.${within.field}` : (keyed?.field ?? collection.idParam)),
              chosen,
            );
          const clash = takenBy(record, store.view(collection.path, scope), unique(input.operation));
          if (clash) throw taken(collection, clash.field, clash.value);
          const dangling = isRecord(sent) ? danglingReference(deps, input.operation, collection, sent) : undefined;
          if (dangling) throw dangling;
          const id = chosen !== undefined ? chosen : newId(collection, store, deps.faker(), validator, referencedId);
          // A whole number issued for an identifier the record holds as text (numberedIdSchema) is that text.
          const kept = typeof id === 'number' && collection.idSchema?.type === 'string' ? String(id) : id;
          if (collection.idField !== undefined) record = { ...record, [collection.idField]: kept };
          else if (within && chosen === undefined) {
            // A name the server gave is the record's own name too, as the client reads it back.
            const held = record[within.member];
            const member = { ...(isRecord(held) ? held : {}), [within.field]: id };
            if (schemaAccepts(validator, collection.schema, { ...record, [within.member]: member }))
              record = { ...record, [within.member]: member };
          }
          record = completed(collection, withRequired(record, collection.schema, validator, deps.faker()));
          record = keyedField(record, keyedIn.get(collection), String(id));
          // A record of one of several shapes (oneOf/anyOf) is completed as the alternative it fits
          // requires, and stored so: every later answer (read, list, filter) shows the same values,
          // not one generated afresh per answer (issue 18: what was written reads back).
          const shaped = fit(record, collection.schema, validator, deps.faker());
          if (isRecord(shaped) && Object.entries(record).every(([key, value]) => isDeepStrictEqual(shaped[key], value)))
            record = shaped;
          const location = itemLocation(contract, collection, input.params, String(id));
          record = selfLinked(record, collection.schema, `${input.origin ?? ''}${location}`, validator, sent);
          store.put(collection.path, scope, String(id), record);
          forgetDeleteAt(store, location);
          const answered = reply(201, record, { Location: location });
          return 'body' in answered
            ? { ...answered, body: referenceTo(answered.body, answer, collection, id, location, validator) }
            : answered;
        };
        break;
      }
      case 'read':
        handlers[operationId] = (input) => {
          const { record } = existing(input);
          // A read answered as a list (listOfOne) lists its record only where the query's filters match it.
          const none = isArraySchema(answer) && filteredOut(input, record, collection.schema) ? [] : undefined;
          const empty = none && answer !== undefined && schemaAccepts(validator, answer, none);
          return empty ? { status: successStatus(operation, 200), body: [] } : reply(200, record);
        };
        break;
      case 'replace':
      case 'patch':
        handlers[operationId] = (input) => {
          // A single resource is replaced whether or not one is stored (RFC 9110 §9.3.4: PUT creates or replaces).
          const created =
            binding.kind === 'replace' &&
            binding.idInBody !== true &&
            collection.singleton !== true &&
            putCreates(input);
          const { id, scope, record } =
            binding.idInBody === true
              ? byBody(input)
              : collection.singleton === true && binding.kind === 'replace'
                ? {
                    id: '',
                    scope: scopeOf(collection, input.params),
                    record: store.get(collection.path, scopeOf(collection, input.params), '') ?? {},
                  }
                : created
                  ? {
                      id: input.params[collection.idParam] ?? '',
                      scope: scopeOf(collection, input.params),
                      record: pathRecord(input.params[collection.idParam] ?? ''),
                    }
                  : existing(input);
          const properties = recordProperties(collection.schema);
          // A form-style update sends its fields as query parameters (Swagger Petstore v3:
          // `POST /pet/{petId}?name=…&status=…`); they count as body fields the operation declares.
          const fields = queryFields(input);
          const asSent = recordBody(input.body);
          const sent = asSent === input.body ? membersTaken(input.operation, asSent) : asSent;
          const body = isRecord(sent) || sent === undefined ? { ...fields, ...(isRecord(sent) ? sent : {}) } : sent;
          let next: RecordValue | undefined;
          if (Array.isArray(body)) next = applyJsonPatch(record, body);
          else if (binding.kind === 'replace') {
            // A replacement is what the body says (with the defaults of what it leaves out, as on a
            // create), beside what the server owns: the identifier, read-only fields, and fields the
            // replace's body cannot carry (a `created_at` the request schema does not declare).
            const sendable = writableFor(input.operation, body);
            const owned = Object.fromEntries(
              Object.entries(record).filter(
                ([name]) =>
                  name === collection.idField ||
                  asSchema(properties[name])?.readOnly === true ||
                  (sendable.size > 0 && !sendable.has(name)),
              ),
            );
            const replaced = withDefaults(
              withDefaults(body, requestSchema(input.operation), validator),
              collection.schema,
              validator,
            );
            next = withRequired(
              overlay(owned, replaced, collection.schema, validator, collection.idField, false, sendable),
              collection.schema,
              validator,
              deps.faker(),
            );
          } else
            next = mergePatch(
              record,
              body,
              collection.schema,
              validator,
              collection.idField,
              writableFor(input.operation, body),
            );
          if (next !== undefined)
            next = stamp(next, collection.schema, writableFor(input.operation, body), deps.faker(), true, validator);
          if (next === undefined)
            throw new HttpError(
              409,
              deps.codeForStatus(409),
              'A test operation of the patch failed (RFC 6902 §4.6); nothing changed.',
            );
          if (!schemaAccepts(validator, collection.schema, next))
            next = withRequired(next, collection.schema, validator, deps.faker());
          if (next !== undefined) next = completed(collection, next);
          // A change the record schema refuses (a patch that removes a required field) is not stored.
          if (!schemaAccepts(validator, collection.schema, next)) next = record;
          const clash = takenBy(
            next,
            // The others: the stored copy of this record left out (by its identifier, else by its value).
            store
              .view(collection.path, scope)
              .filter((other) =>
                collection.idField !== undefined
                  ? String(other[collection.idField]) !== id
                  : !isDeepStrictEqual(other, record),
              ),
            unique(input.operation),
          );
          if (clash) throw taken(collection, clash.field, clash.value);
          store.put(collection.path, scope, id, next);
          // A PUT that created the resource answers 201 where documented (RFC 9110 §9.3.4).
          return reply(created ? 201 : 200, next);
        };
        break;
      case 'delete':
        handlers[operationId] = (input) => {
          const { id, scope, record } = existing(input);
          if (collection.singleton === true) store.deleteSingle(collection.path, scope);
          else store.delete(collection.path, scope, id);
          if (unlisted(collection)) rememberUnlistedDelete(store, input.path);
          // A delete answers the record only where its documented answer describes the record;
          // one documenting its own schema (FastAPI's `Message`) answers that, made from it.
          const status = successStatus(operation, 204);
          const own = successSchemaOf(operation, status);
          if (hasBody(operation, status) && own !== undefined && !describesRecord(own, collection, validator, record)) {
            return {
              status,
              body: documentedAnswer(
                own,
                `The ${collection.noun} ${id.slice(0, 100)} was deleted.`,
                validator,
                deps.faker(),
              ),
            };
          }
          return reply(204, record);
        };
        break;
    }
    const handler = handlers[operationId];
    if (handler) handlers[operationId] = withParents(handler);
  }
  return handlers;
}

/** A 32-bit hash of a text, to give each collection its own faker stream from the one seed. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Records the contract documents for a collection: examples of reading one, listing them and creating one. */
function documentedRecords(contract: Contract, model: GenericModel, collection: Collection): unknown[] {
  const found: unknown[] = [];
  for (const [operationId, binding] of model.bindings) {
    if (binding.collection !== collection) continue;
    const op = contract.operationsById.get(operationId);
    for (const [status, response] of Object.entries(op?.responses ?? {})) {
      if (!/^2/.test(status)) continue;
      for (const media of Object.values(response.content ?? {})) {
        const values = [
          media.example,
          ...Object.values(media.examples ?? {}).map((e) => ('$ref' in e ? undefined : e.value)),
        ].filter((v) => v !== undefined);
        for (const value of values) {
          if (binding.kind === 'list') {
            const list = pageIn(binding.shape, value);
            const member = binding.shape.itemMember;
            // Items that wrap the record (ListShape `itemMember`) document it inside that member.
            if (Array.isArray(list))
              found.push(...(member === undefined ? list : list.map((x) => (isRecord(x) ? x[member] : undefined))));
          } else if (binding.kind === 'read' || binding.kind === 'create') {
            const member = collection.envelope !== undefined && isRecord(value) ? value[collection.envelope] : value;
            const inner = collection.envelopeInner;
            // A member listing the records (`{data: [Group]}`) documents each of them.
            for (const outer of Array.isArray(member) ? member : [member])
              found.push(inner !== undefined && isRecord(outer) ? outer[inner] : outer);
          }
        }
      }
    }
  }
  const schemaExample = collection.schema.example;
  if (schemaExample !== undefined) found.push(schemaExample);
  return found;
}

/**
 * Seeds every collection not seeded yet: the records the contract's examples show (those its
 * schema accepts, one per identifier), else three generated from the schema with a faker seeded
 * from the seed and the collection's path, so the same seed gives byte-identical records.
 * Collections scoped by a parent's parameters start empty (no parent value is known). With `count`
 * (the `records` option), each collection starts with that many: its examples first, then generated.
 */
export function seedGeneric(
  deps: Pick<GenericDeps, 'contract' | 'model' | 'store' | 'validator'>,
  seed: number,
  count?: number,
): void {
  const { contract, model, store, validator } = deps;
  const creates = new Map<Collection, Schema | undefined>();
  for (const [operationId, binding] of model.bindings)
    if (binding.kind === 'create' && !creates.has(binding.collection))
      creates.set(
        binding.collection,
        referenceIdSchema(successSchema(contract.operationsById.get(operationId)), binding.collection),
      );
  for (const collection of model.collections) {
    if (store.has(collection.path)) continue;
    store.touch(collection.path);
    if (collection.scopeParams.length > 0) continue;
    const faker = createFaker((seed ^ hash(collection.path)) >>> 0);
    const examples = documentedRecords(contract, model, collection).filter(
      (r): r is RecordValue => isRecord(r) && schemaAccepts(validator, collection.schema, r),
    );
    const generated = (n: number): RecordValue[] =>
      Array.from({ length: n }, () => generateRecord(collection.schema, faker, validator)).filter((r) =>
        schemaAccepts(validator, collection.schema, r),
      );
    const records =
      count === undefined
        ? examples.length > 0
          ? examples
          : generated(3)
        : [...examples.slice(0, count), ...generated(Math.max(0, count - examples.length))];
    // A single resource (singletons.ts) holds one record, under no identifier.
    // It exists whatever `count` says: a single resource is never an empty collection.
    if (collection.singleton === true) {
      const one = records[0] ?? examples[0] ?? generated(1)[0];
      if (one) store.put(collection.path, '', '', one);
      continue;
    }
    // A seeded key is drawn as a create issues one: from the identifier its answer names where the
    // record names none (ijenko's `resource.id`, 22 characters by its pattern), so the lists that show
    // each record under its key (listedAsCreated) show one their item schema accepts.
    const issued = creates.get(collection);
    for (const record of records) {
      let id = collection.idField !== undefined ? record[collection.idField] : undefined;
      if (
        (typeof id !== 'string' && typeof id !== 'number') ||
        store.get(collection.path, '', String(id)) ||
        !addressable(collection, id, validator)
      ) {
        id = newId(collection, store, faker, validator, issued);
        if (collection.idField !== undefined) record[collection.idField] = id;
        if (!schemaAccepts(validator, collection.schema, record)) continue;
      }
      store.put(collection.path, '', String(id), record);
    }
  }
}
