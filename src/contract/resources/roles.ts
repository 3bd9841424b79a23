import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from '../guards.js';
import { jsonContent } from '../media.js';
import { documentedResponse } from '../responses.js';
import { anyProperties, asSchema } from '../schema-views.js';
import type { Contract, Operation } from '../types.js';
import { pageMember, valueMembers } from './envelopes.js';
import { isItemPath, itemRead, itemSegment, onCollection } from './items.js';
import { resourcePath } from '../path-template.js';
import { addressedField, arnFieldOf, normalName } from './vocabulary.js';

/** The status is a success the contract documents: any 2xx, or a 3xx the operation lists (RFC 9110 §15.4). */
export function isSuccess(operation: Operation, status: number): boolean {
  if (status >= 200 && status < 300) return true;
  if (status >= 300 && status < 400)
    return documentedResponse(operation.responses, status, { withDefault: false }) !== undefined;
  return false;
}

/**
 * The answers documented for success: the 2xx, or `default` where the operation lists no 1xx–3xx
 * (OAS 3.0.3 §4.7.16: `default` covers the codes not listed; a generator writing every answer as
 * `default: Success` documents its success there). model.ts successSchema reads the same rule: a
 * create whose record the model keeps is a create here too.
 */
function successResponses(operation: Operation): OpenAPIV3.ResponseObject[] {
  const entries = Object.entries(operation.responses);
  const listsSuccess = entries.some(([status]) => /^[123]/.test(status));
  return entries.filter(([status]) => /^2/.test(status) || (!listsSuccess && status === 'default')).map(([, r]) => r);
}

/**
 * A create, by what the contract says rather than by method alone: a POST on a collection (not on
 * an item path, items.ts) that answers 201 (RFC 9110 §15.3.2), declares a Location header, links
 * its answer to another operation, or answers 200 with the identifier its collection's item path
 * takes. A POST that only acts (`/search`, `/login`) is not one and is never read back.
 */
export function isCreate(operation: Operation, contract: Contract): boolean {
  if (operation.method !== 'post' || operation.requestBody === undefined) return false;
  if (isItemPath(operation.path)) return false;
  if (answersItsParent(operation, contract)) return false;
  if (operation.responses['201']) return true;
  if (
    successResponses(operation).some(
      (r) =>
        Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === 'location') ||
        Object.keys(r.links ?? {}).length > 0,
    )
  )
    return true;
  return answersWithItemIdentifier(operation, contract);
}

/** The JSON schemas of an operation's 2xx answers. */
function successSchemas(operation: Operation): unknown[] {
  return successResponses(operation)
    .map((r) => jsonContent(r.content)?.schema)
    .filter((s) => s !== undefined);
}

/**
 * A POST under an item that answers with that item: GitHub's `POST /issues/{issue_number}/assignees`
 * answers 201 with the `issue` that `GET /issues/{issue_number}` answers, while
 * `GET …/assignees/{assignee}` answers 204. It adds to the parent and shows the parent, so what
 * it answers names nothing of its own to read back (RFC 9110 §9.3.3: what a POST's answer
 * represents is the server's to say; here the contract says it is the parent). The same schema
 * object, not a look-alike: the loader keeps one object per `$ref`. A child read answering that
 * schema too (folders in folders) keeps it a create.
 */
function answersItsParent(operation: Operation, contract: Contract): boolean {
  const collection = resourcePath(operation.path);
  const parent = collection.slice(0, collection.lastIndexOf('/'));
  if (!isItemPath(parent)) return false;
  const parentRead = onCollection(contract, parent, 'get');
  const shown = parentRead ? successSchemas(parentRead) : [];
  const answered = successSchemas(operation);
  if (!answered.some((s) => shown.includes(s))) return false;
  const childRead = itemRead(contract, operation.path)?.op;
  return !(childRead && successSchemas(childRead).some((s) => answered.includes(s)));
}

/**
 * What a write does to the resource its URL names, the one notion the runner's follow-ups and the
 * mock's bindings share: `create` (isCreate), `replace` (PUT, RFC 9110 §9.3.4), `patch` (PATCH,
 * RFC 5789, or a POST on an item path: a form-style update), `delete` (DELETE of an item path, RFC
 * 9110 §9.3.5: the URL stops naming anything), `remove-members` (a DELETE elsewhere: members of a
 * collection or sub-resource go, the collection stays). Undefined for reads and actions.
 */
export type WriteRole = 'create' | 'replace' | 'patch' | 'delete' | 'remove-members';

export function writeRole(operation: Operation, contract: Contract): WriteRole | undefined {
  switch (operation.method) {
    case 'post':
      return isCreate(operation, contract) ? 'create' : isItemPath(operation.path) ? 'patch' : undefined;
    case 'put':
      return 'replace';
    case 'patch':
      return 'patch';
    case 'delete':
      return isItemPath(operation.path) ? 'delete' : 'remove-members';
    default:
      return undefined;
  }
}

/**
 * A POST on a collection answered 200 with the record (not 201: many APIs do) is a create when
 * its documented answer carries the identifier the collection's item path takes: a GET
 * `<collection>/{param}` and a field named like the parameter, or `id` (what identifierOf reads).
 * Without that item path nothing could read the record back, and the POST may well be an action.
 */
function answersWithItemIdentifier(operation: Operation, contract: Contract): boolean {
  const param = itemRead(contract, operation.path)?.param ?? listedAndDeleted(contract, operation.path);
  if (param === undefined) return false;
  return successResponses(operation).some((r) => {
    const schema = asSchema(jsonContent(r.content)?.schema);
    if (!schema) return false;
    const props = anyProperties(schema);
    // The record itself, or the one object member an envelope wraps it in (express-zod-api's `{status, data: {...}}`).
    const objects = [...props.values()].filter((s) => s.type === 'object' || s.properties !== undefined);
    const names = [...props.keys(), ...(objects.length === 1 ? [...anyProperties(objects[0]).keys()] : [])];
    return names.some((n) => n === param || n === 'id' || n.toLowerCase() === param.toLowerCase());
  });
}

/**
 * The item parameter of a collection that is listed and whose items are deleted, never read one by
 * one (sendgrid's `GET`/`POST /marketing/field_definitions` with `PATCH`/`DELETE …/{custom_field_id}`;
 * shutterstock's catalog collections): the list shows what was created, as the model's collection
 * rule reads it (model.ts `listedAndDeleted`), so the POST's answered id is the one its items take.
 */
function listedAndDeleted(contract: Contract, path: string): string | undefined {
  const { listed, deletedItems } = collectionsOf(contract.operations);
  const collection = resourcePath(path);
  return listed.has(collection) ? deletedItems.get(collection) : undefined;
}

/** The collections a contract lists (GET) and the item parameter of the first DELETE on each one's items. */
interface CollectionIndex {
  readonly listed: ReadonlySet<string>;
  readonly deletedItems: ReadonlyMap<string, string>;
}

// Keyed by the list of operations, as items.ts keys itemRead's index (nobody modifies it), gone with it: isCreate asks this of every POST, many times over
// (the runner's plan, the identifier references), and a scan of every operation each time made the
// runner quadratic in the operations (autotask.net, 2,958 operations: over 300 s, a third of the CPU here).
const collectionIndexes = new WeakMap<readonly Operation[], CollectionIndex>();

function collectionsOf(operations: readonly Operation[]): CollectionIndex {
  const known = collectionIndexes.get(operations);
  if (known) return known;
  const listed = new Set<string>();
  const deletedItems = new Map<string, string>();
  for (const op of operations) {
    if (op.method === 'get') listed.add(resourcePath(op.path));
    if (op.method !== 'delete') continue;
    const item = itemSegment(op.path);
    if (item === undefined) continue;
    const collection = resourcePath(item.collection);
    if (!deletedItems.has(collection)) deletedItems.set(collection, item.param);
  }
  const index = { listed, deletedItems };
  collectionIndexes.set(operations, index);
  return index;
}

/**
 * The record an envelope wraps: the one object member of an answer with no identifier-like field of
 * its own (`{status: "success", data: {id, ...}}`, `{data: {...}, meta}` has two, so it is read as it is).
 */
export function envelopedRecord(value: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const objects = Object.values(value).filter((v): v is Record<string, unknown> => isRecord(v));
  return objects.length === 1 && Object.values(value).every((v) => !Array.isArray(v)) ? objects[0] : undefined;
}

/**
 * The last segment of a Location (RFC 9110 §10.2.2), resolved against the request URL: the new
 * resource's identifier there. Where the item's path template is known and its last segment writes
 * the parameter between literals (Rails' `/categories/{id}.json`), the identifier is what the
 * segment holds between them: `957` of `957.json`.
 */
export function idFromLocation(location: string | undefined, base: string, itemTemplate?: string): string | undefined {
  if (!location) return undefined;
  try {
    const path = new URL(location, base).pathname.replace(/\/+$/, '');
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (!last) return undefined;
    const segment = decodeURIComponent(last);
    return (itemTemplate === undefined ? undefined : withinTemplateSegment(segment, itemTemplate)) ?? segment;
  } catch {
    return undefined;
  }
}

/** The value a segment holds for the template's last segment `prefix{param}suffix`, else undefined. */
function withinTemplateSegment(segment: string, template: string): string | undefined {
  const last = template.replace(/\/+$/, '').split('/').pop() ?? '';
  const match = /^([^{}]*)\{[^{}]+\}([^{}]*)$/.exec(last);
  if (!match) return undefined;
  const [, prefix = '', suffix = ''] = match;
  if (prefix === '' && suffix === '') return undefined;
  const inner =
    segment.length > prefix.length + suffix.length && segment.startsWith(prefix) && segment.endsWith(suffix);
  return inner ? segment.slice(prefix.length, segment.length - suffix.length) : undefined;
}

/**
 * The field of a resource that carries its identifier for a path parameter: the field the
 * contract's link names, else a field named like the parameter (`petId`, or `id` under `{id}`),
 * else `id`, else one whose name says it is an identifier and shares the parameter's stem.
 */
export function identifierField(
  record: Readonly<Record<string, unknown>>,
  param: string | undefined,
  linkField?: string,
): string | undefined {
  if (linkField !== undefined && record[linkField] !== undefined) return linkField;
  // An object is no identifier, whatever its member's name: a path segment carries a value (RFC 6570
  // §3.2.2), and a member named like the parameter that holds one is the record itself (digitalocean's
  // `{floating_ip: {ip, …}}` under `/floating_ips/{floating_ip}`) or another (GitHub's issue `assignee`).
  const held = (k: string): boolean => record[k] !== undefined && !isRecord(record[k]);
  if (param !== undefined && held(param)) return param;
  // A parameter of several words whose last is a field (`{org_name}` over `name` beside a UUID `id`),
  // as the kernel's identifierProperty reads it (vocabulary.ts addressedField).
  const named = param === undefined ? undefined : addressedField(param, Object.keys(record).filter(held));
  if (named !== undefined) return named;
  if (held('id')) return 'id';
  // The parameter's own name in another case (`Sid` → `sid`), before any guess from its stem.
  const exact =
    param === undefined ? undefined : Object.keys(record).find((k) => k.toLowerCase() === param.toLowerCase());
  if (exact !== undefined && held(exact)) return exact;
  const base = param?.replace(/(Id|_id|ID|Sid|_sid)$/, '');
  const keys = Object.keys(record).filter((k) => /(^|_)(id|sid|uuid|key|name)$/i.test(k));
  // An empty stem (`Sid` itself) is in every key: it names nothing (Twilio: `friendly_name` was taken for the Sid).
  // Nor does the stem `id` of a bare `{id}`: it is in every identifier's name, another record's
  // included (dataatwork's job `parent_uuid` beside its own `uuid`; drchrono's insurance `payer_id`).
  const stem = base !== undefined && base !== '' && normalName(base) !== 'id' ? base.toLowerCase() : undefined;
  return (
    keys.find((k) => stem !== undefined && k.toLowerCase().includes(stem)) ??
    // The parameter is a field's name and `id` (`{namespace_id}` over `namespace: "fn-…"` beside
    // `uuid` and `key`), as the kernel's identifierProperty reads it.
    Object.keys(record).find(
      (k) => base !== param && base !== '' && normalName(k) === normalName(base ?? '') && held(k),
    ) ??
    // The parameter is the noun, then the field (`{mailboxName}` over `name`), as the kernel's identifierProperty.
    keys.find((k) => param !== undefined && param.length > k.length + 2 && normalName(param).endsWith(normalName(k))) ??
    // A field named for what it is (Akeneo's product `identifier` under `{code}`), as the kernel's identifierProperty.
    Object.keys(record).find((k) => k.toLowerCase() === 'identifier' && record[k] !== undefined) ??
    keys.find((k) => /^(sid|uuid|key)$/i.test(k)) ??
    // AWS's `{appBundleIdentifier}` over `{arn}` alone, as the kernel's identifierProperty reads it.
    (param === undefined ? undefined : Object.keys(record).find((k) => arnFieldOf(param, k) && record[k] !== undefined))
  );
}

/**
 * The identifier of a created resource for a path parameter: its `identifierField`, else the
 * Location's last segment (read by the item's path template where the caller knows it), else the identifier of the one record an envelope wraps. The Location
 * names the created resource (RFC 9110 §10.2.2); the envelope is a guess from the answer's shape, and
 * a record whose one object member refers to another thing (Kubernetes' RoleBinding
 * `roleRef: {kind, name}`) has that shape too: read as an envelope, it named the referred role.
 */
export function identifierOf(
  created: unknown,
  param: string | undefined,
  linkField: string | undefined,
  location: string | undefined,
  base: string,
  itemTemplate?: string,
): unknown {
  const field = isRecord(created) ? identifierField(created, param, linkField) : undefined;
  if (isRecord(created) && field !== undefined) return created[field];
  const located = idFromLocation(location, base, itemTemplate);
  if (located !== undefined || !isRecord(created)) return located;
  const inner = envelopedRecord(created);
  const innerField = inner === undefined ? undefined : identifierField(inner, param, linkField);
  return inner !== undefined && innerField !== undefined ? inner[innerField] : undefined;
}

/**
 * The items of a list answer: an array, or an object wrapping one array (`{data: [...], meta}`).
 * `idField`, where the caller knows the collection's identifier field, lets the kernel's one
 * envelope rule (envelopes.ts listMember) tell the page from other arrays by the items it holds.
 */
export function listItems(value: unknown, collection?: string, idField?: string): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return undefined;
  // The only array; of several (PayPal's `templates` answer also carries `addresses` and `phones`;
  // AWS's `profilingGroupNames` beside `profilingGroups`), the one whose items carry the identifier,
  // else the one named like the collection's path, singular or plural alike (`/reportDefinition` →
  // `reportDefinitions`): the kernel's pageMember, as schemas are read.
  const members = valueMembers(value, idField);
  const member = pageMember(members, collection);
  if (member !== undefined) return value[member] as unknown[];
  // Else, where the walk looks for an identifier only, the first array of records.
  const records = members.find((m) => m.holds === 'records')?.name;
  if (records !== undefined) return value[records] as unknown[];
  if (members.some((m) => m.array === true)) return undefined;
  // No array at the top: the one object member an envelope wraps the page in (`{status, data: {orders: [...], total}}`).
  // A HAL page's `_links` (draft-kelly-json-hal §4.1.1) link pages beside the `_embedded` records.
  const { _links: _pages, ...page } = value;
  const inner = envelopedRecord(page);
  return inner === undefined ? undefined : listItems(inner, collection, idField);
}

/**
 * A collection as the generic rules probe it: every POST on a path without parameters (a create
 * candidate, whatever it answers), the GET on the same path that lists, and the GET on
 * `<path>/{param}` that reads one item.
 */
export interface PostCollection {
  readonly create: Operation;
  readonly list: Operation | undefined;
  /** The GET that reads one item of the create's collection (items.ts itemRead), and its parameter's name. */
  readonly item: { readonly op: Operation; readonly param: string } | undefined;
}

export function postCollections(contract: Contract): PostCollection[] {
  const ops = contract.operations;
  const out: PostCollection[] = [];
  for (const create of ops) {
    if (create.method !== 'post' || /\{/.test(create.path)) continue;
    const list = onCollection(contract, create.path, 'get');
    out.push({ create, list, item: itemRead(contract, create.path) });
  }
  return out;
}
