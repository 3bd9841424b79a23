import type { OpenAPIV3 } from 'openapi-types';
import {
  documentedResponse,
  isJsonMediaType,
  listsChildren,
  lowered,
  modelOf,
  type Contract,
  type Operation,
  type SchemaValidator,
} from '../../src/contract/index.js';
import { pathParameters, queryParameters, requestBodyOf } from '../cases/inputs.js';
import { pathClash } from '../cases/path-clash.js';
import {
  collectionNameOf,
  envelopedRecord,
  identifierField,
  identifierOf,
  keyedField,
  listsIdentifiers,
  documentedAnswerSchema,
  itemRead,
  itemSegment,
  linkSource,
  listItems,
  normalName,
  offsetBase,
  CURSOR_NAMES,
  LIMIT_NAMES,
  OFFSET_NAMES,
  PAGE_NAMES,
  onCollection,
  resourcePath,
  successSchema,
} from '../../src/contract/index.js';
import { asSchema, effective, flatten, isRecord, properties, requiredNames, type Schema } from '../cases/schema.js';
import { responseJsonSchema, sameId } from '../checks/util.js';
import { fieldlessItems, itemSchemaOf } from '../probes/lists.js';
import type { Session } from '../session.js';
import type { Exchange, GeneratedInput } from '../types.js';

/**
 * The runner's follow-ups of a successful write (RFC 9110 §9.3): read a created or replaced
 * resource back, list its collection, read a deleted one again. Each returns the reason when the
 * contract gives no way to.
 */

const sameText = (a: unknown, b: unknown): boolean => a !== undefined && b !== undefined && String(a) === String(b);

/**
 * Fields sent that the read response also has (and may show): what a read must give back unchanged.
 * A field whose sent value the read's own schema for it refuses is left out: the contract gives the
 * read another representation of it (an id sent, the expanded object read; a string sent, content
 * parts read; a country code sent, its name read), and a read that gave the sent value back would
 * break its response schema (OAS 3.0.3 §4.7.24, §4.7.17). A schema that cannot be checked keeps the field.
 */
function expectedFields(
  sent: unknown,
  readSchema: Schema | undefined,
  validator: SchemaValidator,
  sentSchema?: Schema,
): Record<string, unknown> {
  if (!isRecord(sent)) return {};
  const props = readSchema ? properties(readSchema) : undefined;
  const sentProps = sentSchema ? properties(sentSchema) : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) {
    const prop = props?.get(k);
    if (props && (!prop || prop.writeOnly === true)) continue;
    if (prop && validator.validate(prop, v, 'response').state === 'invalid') continue;
    // The same for an array whose items the two schemas describe as different things (GitHub's
    // runner group: `runners: [integer]` sent, `runners: [Runner]` read; dracoon's room groups:
    // `items: [{id, permissions}]` sent, `items: [RoomGroup]` read, requiring `name` and `isGranted`):
    // no item sent is an item read, so even the empty array, which both schemas admit, is no
    // read-back of the other (OAS 3.0.3 §4.7.17: the read's representation is its own).
    const sentProp = sentProps?.get(k);
    if (prop && sentProp && Array.isArray(v) && otherItems(sentProp, prop)) continue;
    // A nested object is held to the same rule, field by field: the read's schema for it may give
    // the sent fields another representation (Miro: `data: {url}` written, `data: {documentUrl,
    // title}` read, OAS 3.0.3 §4.7.17), and a field it does not declare has nothing to be read back as.
    if (prop && isRecord(v) && properties(prop).size > 0) {
      const nested = expectedFields(v, prop, validator, sentProp);
      if (Object.keys(nested).length > 0) out[k] = nested;
      continue;
    }
    out[k] = v;
  }
  return out;
}

/**
 * The one object member of a read's answer, where the answer wraps a record beside members of its
 * own that are no list (Apideck's `{status_code, status, data: Webhook}`): its name and schema. An
 * answer with an identifier of its own is the record itself, its object member a part of it
 * (Pinterest's conversion tag `{id, name, configs: {aem_enabled, …}}`, created from flat `aem_enabled`:
 * the contract does not say the flat field is stored in `configs`); so is one holding a member named
 * as the read's item parameter (AWS's `GetConnection` `{ConnectionId, ConnectionDetails}`).
 */
function recordMemberOf(schema: Schema, itemParam?: string): [string, Schema] | undefined {
  const members = [...properties(schema)].flatMap(([name, sub]) => {
    const view = asSchema(sub);
    return view ? [[name, view] as [string, Schema]] : [];
  });
  if (members.some(([, sub]) => flatten(sub).type === 'array')) return undefined;
  // The read's own path parameter names the identifier (AWS's `{ConnectionId, ConnectionDetails}` under
  // `/connections/{ConnectionId}`), as the kernel's identifierField reads a record by it.
  if (identifierField(Object.fromEntries(members.map(([name]) => [name, name])), itemParam) !== undefined)
    return undefined;
  const objects = members.filter(([, sub]) => properties(sub).size > 0);
  return objects.length === 1 ? objects[0] : undefined;
}

/**
 * What a read must give back of the fields sent, and where in its answer: the answer itself, or the
 * one object member it wraps the record in (the kernel's envelope, as model.ts reads a collection's
 * answers and roles.ts envelopedRecord a value) where that member takes more of the fields sent than
 * the answer does. Apideck answers `{status_code, status, data: Webhook}`: a create's `status:
 * "enabled"` reads back as `data.status`, and the answer's own `status` is the HTTP status text.
 */
function readExpectation(
  sent: unknown,
  readSchema: Schema | undefined,
  validator: SchemaValidator,
  sentSchema?: Schema,
  readPath?: string,
): { fields: Record<string, unknown>; member?: string } {
  const whole = expectedFields(sent, readSchema, validator, sentSchema);
  const member = readSchema
    ? recordMemberOf(readSchema, readPath === undefined ? undefined : itemSegment(readPath)?.param)
    : undefined;
  if (!member) return { fields: whole };
  const inner = expectedFields(sent, member[1], validator, sentSchema);
  return Object.keys(inner).length > Object.keys(whole).length
    ? { fields: inner, member: member[0] }
    : { fields: whole };
}

/**
 * The schema of a read's 200: its JSON entry's own, else the shape of its documented example where
 * no entry has a schema (the kernel's exampleAnswerSchema: an answer documented by example alone,
 * `{http_code, response_msg, data: {…}}`), so the fields sent are looked for where the record sits.
 */
function readAnswerSchema(reader: Operation): Schema | undefined {
  // A read documenting no 1xx–3xx answers its success under `default` (OAS 3.0.3 §4.7.16), as the
  // kernel's successSchema reads it: xtrf's `GET /projects/{projectId}` lists `default: Success` alone.
  const listsSuccess = Object.keys(reader.responses).some((status) => /^[123]/.test(status));
  const success = reader.responses['200'] ?? (listsSuccess ? undefined : reader.responses.default);
  return documentedAnswerSchema(success?.content, { fallback: true });
}

/** The expected fields where the answer holds them: in the envelope's member, if it has one. */
const placed = (e: { fields: Record<string, unknown>; member?: string }): Record<string, unknown> =>
  e.member === undefined ? e.fields : Object.keys(e.fields).length === 0 ? {} : { [e.member]: e.fields };

/**
 * Why a follow-up read cannot be sent with the write's path values: the read's own parameter refuses
 * one of them (cambase.io: `PUT /models/{id}.json` takes any string, `GET /models/{id}.json` an
 * integer). The read would be an invalid request, whose refusal (400) says nothing of what was written.
 */
function pathValueRefused(
  validator: SchemaValidator,
  write: Operation,
  reader: Operation,
  values: Readonly<Record<string, unknown>>,
): string | undefined {
  for (const p of pathParameters(reader)) {
    const value = values[p.name];
    const schema = asSchema(p.schema);
    if (value === undefined || !schema || pathValueFits(validator, schema, value)) continue;
    return `${write.id} was sent ${p.name} ${JSON.stringify(value)}, which ${reader.id}'s ${p.name} does not admit: it cannot be read under it`;
  }
  return undefined;
}

/** The items schema of an array schema (allOf merged), if it is one. */
function itemsOf(schema: Schema): Schema | undefined {
  const view = flatten(schema);
  return view.type === 'array' && 'items' in view ? asSchema(view.items) : undefined;
}

/**
 * Whether an array sent and an array read hold different things: items of a plain type on one side
 * and objects on the other (ids sent, records read), or read items that require a member the sent
 * items do not declare, so that no item sent could be read back as one.
 */
function otherItems(sentArray: Schema, readArray: Schema): boolean {
  const sent = itemsOf(sentArray);
  const read = itemsOf(readArray);
  if (!sent || !read) return false;
  const object = (s: Schema): boolean => {
    const view = effective(s);
    return view.type === 'object' || (view.type === undefined && properties(s).size > 0);
  };
  const plain = (s: Schema): boolean => ['string', 'number', 'integer', 'boolean'].includes(String(effective(s).type));
  if ((plain(sent) && object(read)) || (object(sent) && plain(read))) return true;
  if (!object(sent) || !object(read)) return false;
  const declared = properties(sent);
  return requiredNames(read).some((name) => !declared.has(name));
}

/** The GET on the same path as a write, or on the item path of a create (`/pets` → `/pets/{petId}`). */
function readOpFor(contract: Contract, path: string): Operation | undefined {
  return contract.operations.find((o) => o.method === 'get' && o.path === path);
}

/** Whether a path parameter's schema admits a value (a path segment is text: digits read as a number where one is wanted). */
function pathValueFits(validator: SchemaValidator, schema: Schema, value: unknown): boolean {
  if (validator.check(schema, value, 'request').valid) return true;
  const text = String(value);
  const type = lowered(schema).type;
  if (typeof value === 'number') return validator.check(schema, text, 'request').valid;
  return (
    (type === 'integer' || type === 'number') &&
    /^-?\d+(\.\d+)?$/.test(text) &&
    validator.check(schema, Number(text), 'request').valid
  );
}

function okJson(exchange: Exchange): unknown {
  const r = exchange.response;
  if (!r || r.status < 200 || r.status > 299) return undefined;
  try {
    return JSON.parse(r.body) as unknown;
  } catch {
    return undefined;
  }
}

/** Path segments of a key's resource path (the kernel's: `/tasks/` and `/tasks` are one segment). */
const segmentCount = (path: string): number => resourcePath(path).split('/').length;

/**
 * Why a read cannot judge what was written: the read's request is also another GET's (xero's
 * `/Attachments/{FileName}` beside `/Attachments/{AttachmentID}`), templated paths OAS 3.0.3 §4.7.8
 * calls identical, so the contract does not say which of the two answers it. Undefined otherwise.
 */
function ambiguousRead(contract: Contract, reader: Operation): string | undefined {
  const clash = pathClash(contract, reader);
  return clash === undefined ? undefined : `not read back: ${reader.id}'s ${clash.replace(/^not exercised: /, '')}`;
}

/**
 * Why a read cannot show a record written before it: it documents no 2xx, only redirects (just-eat's
 * `GET /restaurants/{tenant}/{restaurantId}/menu`: 301 to a signed URL). A 3xx says the representation
 * is elsewhere (RFC 9110 §15.4), at a Location the contract does not describe, so nothing written can
 * be compared there; the 3xx itself is response_schema's and status_code_documented's to judge.
 */
function redirectOnlyRead(reader: Operation): string | undefined {
  const statuses = Object.keys(reader.responses);
  const redirects = statuses.filter((s) => /^3(\d\d|XX)$/i.test(s));
  if (redirects.length === 0 || statuses.some((s) => /^2(\d\d|XX)$/i.test(s))) return undefined;
  return `not read back: ${reader.id} documents no 2xx, only a redirect (${redirects.join(', ')}) to a representation elsewhere (RFC 9110 §15.4)`;
}

/** The read operation the 201's `links` name for the new resource, else the GET on `<collection>/{param}`. */
export function readerOfCreated(
  contract: Contract,
  create: Operation,
  created: Record<string, unknown>,
  location: string | undefined,
  url: string,
): { op: Operation; params: Record<string, unknown>; id: unknown } | undefined {
  for (const [status, response] of Object.entries(create.responses)) {
    if (!status.startsWith('2')) continue;
    for (const link of Object.values(response.links ?? {})) {
      if ('$ref' in link || !link.operationId) continue;
      const op = contract.operationsById.get(link.operationId);
      if (op?.method !== 'get' || segmentCount(op.path) !== segmentCount(create.path) + 1) continue;
      const params: Record<string, unknown> = {};
      let id: unknown;
      for (const [name, expr] of Object.entries((link.parameters ?? {}) as Record<string, unknown>)) {
        // OAS 3.0.3 §4.7.20.4 runtime expressions: a body field, or a response header (Location).
        const source = linkSource(expr);
        const value =
          source?.from === 'body'
            ? created[source.pointer[0] ?? '']
            : source?.from === 'header' && source.name.toLowerCase() === 'location'
              ? identifierOf(undefined, undefined, undefined, location, url)
              : undefined;
        if (value !== undefined) params[name.replace(/^path\./, '')] = id = value;
      }
      if (Object.keys(params).length === pathParameters(op).length) return { op, params, id };
    }
  }
  // The kernel's item read of the create's collection (`/tasks/` → `/tasks/{id}`, `/Calls.json` → `/Calls/{Sid}.json`).
  const read = itemRead(contract, create.path);
  if (!read) return undefined;
  // The field the kernel's model keys the records by, where the record holds neither the parameter
  // nor `id` (several `…_id` fields: the value cannot tell which is its own).
  const id = identifierOf(
    created,
    read.param,
    keyedField(contract, create, created, read.param),
    location,
    url,
    read.op.path,
  );
  return id === undefined ? undefined : { op: read.op, params: { [read.param]: id }, id };
}

/**
 * The id of one listed item: its id field, else that of the one record it wraps. Lists whose items
 * carry the record under a single member (Adyen's `{data: [{PaymentMethod: {id, …}}]}`) list it
 * all the same.
 */
function listedId(item: Readonly<Record<string, unknown>>, field: string): unknown {
  // The field, else the one the kernel's identifierField reads for it (a parameter `{code}` over `identifier`).
  const own = item[field] ?? item['id'] ?? item[identifierField(item, field) ?? field];
  if (own !== undefined) return own;
  // The record wrapped in one member (`{PaymentMethod: {id}}`): the kernel's envelope rule, as the mock reads it.
  const inner = envelopedRecord(item);
  return inner ? (inner[field] ?? inner['id']) : undefined;
}

/** Walks the list of a collection (largest page the contract allows) and returns every id seen. */
async function listIds(
  contract: Contract,
  session: Session,
  listOp: Operation,
  reportAs: string,
  kind: Exchange['kind'],
  context: Exchange['context'],
  field = 'id',
  pathParams: Readonly<Record<string, unknown>> = {},
): Promise<Exchange | undefined> {
  const limitParam = queryParameters(listOp).find((p) => p.name === 'limit');
  const offsetParam = queryParameters(listOp).find((p) => p.name === 'offset');
  const limit = limitParam ? (asSchema(limitParam.schema)?.maximum ?? 100) : undefined;
  const ids: unknown[] = [];
  let last: Exchange | undefined;
  let pages = 0;
  let unreadable = false;
  // Plain values are the records' identifiers only where the kernel's model reads the list so (its
  // ListShape `identifiers`), as the mock answers it: elsewhere they are what the list shows of
  // something else (a file's name), and no value of them names the created record.
  const plainIds = listsIdentifiers(contract, listOp);
  let plainOther = false;
  // An offset counted from 1 (the kernel's offsetBase: `minimum: 1`) asks for the first item at 1.
  for (let offset = offsetParam ? offsetBase(offsetParam.schema) : 0; pages < 50; pages++) {
    const query: Record<string, unknown> = {};
    if (limit !== undefined) query['limit'] = limit;
    if (offsetParam) query['offset'] = offset;
    last = await session.send({
      reportAs,
      operation: listOp,
      kind: 'prerequisite',
      method: 'get',
      path: listOp.path,
      input: { pathParams, query, body: undefined, contentType: undefined },
      auth: 'valid',
      unrecorded: true,
    });
    const answer = okJson(last);
    const items = listItems(answer, collectionNameOf(listOp.path), field);
    // A 2xx first page that holds no list (just-eat's pools: one member literally named
    // `delivery-pool-id`, where its example keys each pool by its id) lists nothing the runner can read.
    // Only where the contract itself shows no list there: a page that leaves out a list its schema
    // declares is the target's fault, and stays unlisted.
    // So does a 2xx the list documents with no JSON content at all (getpostman's `GET /apis`, `200:
    // {description: ""}`): the contract gives its answer no body to name an identifier in (OAS 3.0.3 §4.7.17).
    if (!items) {
      const status = last.response?.status;
      const documented = status === undefined ? undefined : documentedResponse(listOp.responses, status);
      const bodiless =
        documented !== undefined && !Object.keys(documented.response.content ?? {}).some(isJsonMediaType);
      unreadable = pages === 0 && (bodiless || (answer !== undefined && itemSchemaOf(listOp) === undefined));
      break;
    }
    // A list of the identifiers alone (`{ticketIds: [...]}`, the kernel's listMember) lists each by itself.
    for (const item of items)
      if (isRecord(item)) ids.push(listedId(item, field));
      else if ((typeof item === 'string' || typeof item === 'number') && plainIds) ids.push(item);
      else if (typeof item === 'string' || typeof item === 'number') plainOther = true;
    if (
      !offsetParam ||
      limit === undefined ||
      items.length < limit ||
      items.length === 0 ||
      ids.some((id) => id === context.resourceId)
    )
      break;
    offset += items.length;
  }
  if (!last) return undefined;
  const undescribed = undescribedList(listOp);
  const unnamed =
    undescribed ??
    unnamedIn(listOp, field) ??
    (plainOther
      ? `${listOp.id} answers plain values the contract does not name as the records' identifiers (no member named for them, nor values its item parameter admits): which record each names it does not say`
      : undefined);
  // Record the walk as one exchange: its last page, with every id seen.
  const exchange = await session.send({
    reportAs,
    operation: listOp,
    kind,
    method: 'get',
    path: listOp.path,
    input: last.input ?? { pathParams, query: {}, body: undefined, contentType: undefined },
    auth: 'valid',
    context: {
      ...context,
      listedIds: ids,
      pagesWalked: pages + 1,
      ...(unreadable ? { listUnreadable: true } : {}),
      ...(unnamed === undefined ? {} : { listUnnamed: unnamed }),
      ...(undescribed === undefined ? {} : { listUndescribed: undescribed }),
    },
  });
  return exchange;
}

/**
 * Why a list documented by its example alone (no schema on any entry, OAS 3.0.3 §4.7.10) cannot
 * show whether a record is missing: the kernel does not read such a list as the collection's
 * (model.ts successSchema: one page of fixed records tells neither its paging nor its filters), so
 * the mock answers it from the example and the runner's paging and filter probes leave it alone; a
 * record it does list still passes.
 */
function undescribedList(listOp: Operation): string | undefined {
  return successSchema(listOp) === undefined
    ? `${listOp.id} documents its answer by example alone (no schema): which records it lists the contract does not say`
    : undefined;
}

/**
 * Why a list's items, as the list's schema writes them, cannot show the identifier `field`: none of
 * their fields is named for it, nor `id`, nor one the kernel's identifierField reads for it (visma.net's
 * `GET /cashsale` items `CashSaleDto` have `referenceNumber` and no `documentNumber`, the read's
 * `/cashsale/{documentNumber}`). Which field carries it there the contract does not say, so a list
 * that holds the record cannot be told from one that does not; a writeOnly field shows nothing.
 * Undefined where a field can, where the items wrap one record (listedId reads inside it), or where
 * the schema shows no items.
 */
function unnamedIn(listOp: Operation, field: string): string | undefined {
  // Items written free-form (`items: {}`) name no field at all: which carries the identifier the
  // contract does not say, as where their fields name none for it.
  if (fieldlessItems(listOp))
    return `the items of ${listOp.id} are written free-form (no fields): which carries ${field} the contract does not say`;
  const items = itemSchemaOf(listOp);
  // A writeOnly field is never in an answer (OAS 3.0.3 §4.7.24: "SHOULD NOT be sent as part of the
  // response"): apideck's shared-link `target_id` names no field a listed item shows.
  const names =
    items === undefined
      ? []
      : [...properties(items)].filter(([, sub]) => asSchema(sub)?.writeOnly !== true).map(([name]) => name);
  if (names.length === 0) return undefined;
  // Items of one object member may wrap the record there (bunq's `{PaymentBatch: {id, …}}`): its own
  // fields are the record's. One whose fields name no identifier either (bunq's payment batch listing,
  // `{payments: {Payment: [Payment]}}`, "The list of mutations that were made") shows none to look for.
  const only = names.length === 1 ? asSchema(properties(items!).get(names[0]!)) : undefined;
  if (only?.type === 'object') {
    const inner = [...properties(only).keys()];
    if (
      inner.length === 0 ||
      identifierField(Object.fromEntries(inner.map((name) => [name, true])), field) !== undefined
    )
      return undefined;
    return `the items of ${listOp.id} hold one member, ${names[0]}, whose fields name none for ${field}, nor id: which carries it the contract does not say`;
  }
  const record = Object.fromEntries(names.map((name) => [name, true]));
  if (identifierField(record, field) !== undefined) return undefined;
  return `the items of ${listOp.id} have no field named for ${field}, nor id: which of their fields carries it the contract does not say`;
}

/** Reads a created resource back (and lists it); the reason when the contract gives no way to. */
export async function readBack(
  contract: Contract,
  session: Session,
  validator: SchemaValidator,
  create: Operation,
  exchange: Exchange,
  input: GeneratedInput,
  list: boolean,
): Promise<string | undefined> {
  // A create may answer without a body (201 + Location, RFC 9110 §15.3.2): the Location alone names it.
  const answered = okJson(exchange);
  const created = isRecord(answered) ? answered : {};
  const location = exchange.response?.headers['location'];
  const reader = readerOfCreated(contract, create, created, location, exchange.request.url);
  if (!reader) {
    return isRecord(answered) || location !== undefined
      ? `no read of what ${create.id} created: no links, and no GET ${create.path}/{id} takes the identifier its answer gives`
      : `${create.id} answered neither a JSON object nor a Location: nothing names what it created`;
  }
  const ambiguous = ambiguousRead(contract, reader.op) ?? redirectOnlyRead(reader.op);
  if (ambiguous !== undefined) return ambiguous;
  const readSchema = readAnswerSchema(reader.op);
  // The field carrying the id, compared as text: a Location gives "1" for `memberId: 1` (a path segment is text, RFC 3986 §3.3).
  // The record is the answer, or the one member an envelope wraps it in (the kernel's envelopedRecord:
  // AWS's `{profilingGroup: {name, …}}`), which is how a list shows it too.
  const holds = (r: Readonly<Record<string, unknown>>): boolean => Object.values(r).some((v) => sameId(v, reader.id));
  const wrapped = holds(created) ? undefined : envelopedRecord(created);
  const record = wrapped && holds(wrapped) ? wrapped : created;
  // An answer that does not show the record (a bare key, gototraining's 201 `{type: string}`; a
  // Location alone) names no field: the list shows it under the read's parameter, else `id`.
  const idField =
    Object.entries(record).find(([, v]) => sameId(v, reader.id))?.[0] ??
    Object.keys(reader.params).find((name) => sameId(reader.params[name], reader.id)) ??
    'id';
  // The identifier the answer gave is the server's to assign (RFC 9110 §9.3.3: the origin server
  // names what a POST creates): the record is read by it, so an id the client proposed is not held against it.
  const expectation = readExpectation(input.body, readSchema, validator, requestBodyOf(create)?.schema, reader.op.path);
  const expected = expectation.fields;
  if (Object.hasOwn(record, idField) && record[idField] !== expected[idField]) delete expected[idField];
  // The parent's identifiers the create was sent under name the same parents for the read, but the
  // read may declare them narrower (Twilio: `ConferenceSid` any string on the Participants create,
  // `^CF[0-9a-fA-F]{32}$` on the Participant read): a value the read's own parameter refuses would
  // make an invalid request, whose refusal says nothing of what was created.
  for (const p of pathParameters(reader.op)) {
    const value = reader.params[p.name] === undefined ? input.pathParams[p.name] : undefined;
    const schema = asSchema(p.schema);
    if (value === undefined || !schema || pathValueFits(validator, schema, value)) continue;
    return `${create.id} was sent ${p.name} ${JSON.stringify(value)}, which ${reader.op.id}'s ${p.name} does not admit: the created resource cannot be read back under it`;
  }
  // The same for the identifier the create answered, where the answer's own schema admits it: the
  // contract then contradicts itself (truora's `ContinuousCheckID: {type: string}`, its example
  // `"CCK9cb5…"`, read by `/continuous-checks/{continuous_check_id}` typed `number`), and the read
  // would be an invalid request. An identifier its own schema refuses stays the target's fault.
  const createdSchema = responseJsonSchema(
    create.responses[String(exchange.response?.status)] ?? ({} as OpenAPIV3.ResponseObject),
  )?.schema;
  const fieldSchema = asSchema(
    createdSchema
      ? properties(record === created ? createdSchema : (recordMemberOf(createdSchema)?.[1] ?? createdSchema)).get(
          idField,
        )
      : undefined,
  );
  for (const p of pathParameters(reader.op)) {
    const value = reader.params[p.name];
    const schema = asSchema(p.schema);
    if (value === undefined || !schema || !fieldSchema || pathValueFits(validator, schema, value)) continue;
    if (validator.validate(fieldSchema, value, 'response').state === 'invalid') continue;
    return `${create.id} answered ${idField} ${JSON.stringify(value)}, which its schema admits and ${reader.op.id}'s ${p.name} does not: the contract gives the created resource no read`;
  }
  const context = { expectedFields: placed(expectation), resourceId: reader.id, after: 'create' as const };
  await session.send({
    reportAs: create.id,
    operation: reader.op,
    kind: 'read_back',
    method: 'get',
    path: reader.op.path,
    input: {
      pathParams: { ...input.pathParams, ...reader.params },
      query: {},
      body: undefined,
      contentType: undefined,
    },
    auth: 'valid',
    context,
  });
  const listOp = onCollection(contract, create.path, 'get');
  // Only a list without required query parameters can be walked as is (they may filter it); the
  // session fills required headers and cookies (a tenant id) as for any follow-up.
  if (list && listOp && !listOp.parameters.some((p) => p.required === true && p.in === 'query'))
    await listIds(contract, session, listOp, create.id, 'list_back', context, idField, input.pathParams);
  return undefined;
}

/** The identifier field the kernel's model keys a replace's collection by, where the body holds it. */
function modelIdField(contract: Contract, op: Operation, body: Record<string, unknown>): string | undefined {
  const binding = modelOf(contract).bindings.get(op.id);
  const field = binding?.kind === 'replace' ? binding.collection.idField : undefined;
  return field !== undefined && body[field] !== undefined && !isRecord(body[field]) ? field : undefined;
}

/**
 * Whether a read takes paging parameters (`offset`/`limit`, `page`, a cursor): what it answers is one
 * window of a list, in the server's order, so a list written by a PUT there (dracoon's `PUT
 * …/userAttributes {items}`, "Add or edit custom user attributes … Batch function", read as a ranged
 * `{items, range}`) is read back as the members it lists, not as a whole equal to the window.
 */
function pagedRead(reader: Operation): boolean {
  const paging = [LIMIT_NAMES, OFFSET_NAMES, PAGE_NAMES, CURSOR_NAMES];
  return reader.parameters.some((p) => p.in === 'query' && paging.some((names) => names.has(normalName(p.name))));
}

export async function readAfterReplace(
  contract: Contract,
  session: Session,
  validator: SchemaValidator,
  op: Operation,
  input: GeneratedInput,
): Promise<string | undefined> {
  const reader = readOpFor(contract, op.path);
  if (!reader) return `no GET on ${op.path} reads the replaced resource back`;
  const ambiguous = ambiguousRead(contract, reader) ?? redirectOnlyRead(reader);
  if (ambiguous !== undefined) return ambiguous;
  const refused = pathValueRefused(validator, op, reader, input.pathParams);
  if (refused !== undefined) return refused;
  const readSchema = readAnswerSchema(reader);
  // The URL names the resource a PUT replaces (RFC 9110 §9.3.4): a body field named like a path
  // parameter (`username` under `/user/{username}`, `cluster_key` under `/cluster/{clusterKey}`: the
  // same words, in another case or separator) that says otherwise does not rename it, so the read at
  // the same URL is not held to it.
  const expectation = readExpectation(input.body, readSchema, validator, requestBodyOf(op)?.schema, reader.path);
  const expected = expectation.fields;
  for (const p of pathParameters(op))
    for (const field of Object.keys(expected))
      if (normalName(field) === normalName(p.name) && !sameText(expected[field], input.pathParams[p.name]))
        delete expected[field];
  // The same for the body's identifier field under another name (`client_id` under `/clients/{id}`):
  // the field the runner reads a created resource's identifier from (roles.ts identifierField).
  // The item's own parameter, the path's last template (Azure declares `variableName` before
  // `subscriptionId`: the declared order is not the path's).
  const item = itemSegment(op.path)?.param;
  const last = pathParameters(op).find((p) => p.name === item) ?? pathParameters(op).at(-1);
  // Where the value alone names no field (a bare `{id}` over `client_id`: its stem `id` is in every
  // identifier's name), the field the kernel's model keys the replaced collection by (the noun and
  // the parameter together, model.ts identifierProperty).
  const idField =
    last && isRecord(input.body)
      ? (identifierField(input.body, last.name) ?? modelIdField(contract, op, input.body))
      : undefined;
  if (last && idField !== undefined && !sameText(expected[idField], input.pathParams[last.name]))
    delete expected[idField];
  const context = {
    expectedFields: placed(expectation),
    resourceId: Object.values(input.pathParams).pop(),
    after: 'replace' as const,
    ...(pagedRead(reader) ? { pagedRead: true } : {}),
  };
  await session.send({
    reportAs: op.id,
    operation: reader,
    kind: 'read_back',
    method: 'get',
    path: reader.path,
    input: { pathParams: input.pathParams, query: {}, body: undefined, contentType: undefined },
    auth: 'valid',
    context,
  });
  return undefined;
}

export async function readAfterDelete(
  contract: Contract,
  session: Session,
  validator: SchemaValidator,
  op: Operation,
  input: GeneratedInput,
): Promise<string | undefined> {
  const resourceId = Object.values(input.pathParams).pop();
  const reader = readOpFor(contract, op.path);
  const refused = reader ? pathValueRefused(validator, op, reader, input.pathParams) : undefined;
  if (refused !== undefined) return refused;
  // A GET there that answers a list (Discord's `/reactions/{emoji_name}`: the users who reacted) reads
  // a collection the DELETE emptied: the collection stays, and reading it with 200 is right.
  const readSchema = reader ? readAnswerSchema(reader) : undefined;
  // So does one that answers a page of the records under it (the kernel's listsChildren: elmah.io's
  // `GET /v3/messages/{logId}`, `{messages: [Message], total}`).
  if (readSchema && (lowered(readSchema).type === 'array' || listsChildren(contract, op.path)))
    return `GET ${op.path} lists members of a collection: ${op.method.toUpperCase()} removed members, not the collection`;
  const readInput = { pathParams: input.pathParams, query: {}, body: undefined, contentType: undefined };
  const ambiguous = reader ? ambiguousRead(contract, reader) : undefined;
  if (ambiguous !== undefined) return ambiguous;
  if (reader) {
    const exchange = await session.send({
      reportAs: op.id,
      operation: reader,
      kind: 'read_after_delete',
      method: 'get',
      path: reader.path,
      input: readInput,
      auth: 'valid',
      context: { resourceId },
    });
    // A read past its sunset says 410 for everything: ask the list instead.
    if (exchange.response?.status !== 410) return undefined;
  }
  const parent = itemSegment(op.path)?.collection ?? op.path.slice(0, op.path.lastIndexOf('/{'));
  const listOp = onCollection(contract, parent, 'get');
  if (!listOp)
    return reader
      ? `${reader.id} is past its sunset and no GET ${parent} lists the collection`
      : `neither a GET on ${op.path} nor a GET ${parent} can show whether the resource is gone`;
  // The list under the parent the record was deleted from (its path values, the item's own aside).
  await listIds(contract, session, listOp, op.id, 'read_after_delete', { resourceId }, 'id', input.pathParams);
  return undefined;
}
