import type { OpenAPIV3 } from 'openapi-types';
import {
  asSchema,
  effective,
  inferModel,
  invalidValues,
  jsonContent,
  documentedResponse,
  mediaEssence,
  mediaMatches,
  propertiesFor,
  Random,
  requiredFor,
  sampleValue,
  SchemaValidator,
  type Collection,
  type Contract,
  type Operation,
} from '../../src/contract/index.js';

type Schema = OpenAPIV3.SchemaObject;

/** A path parameter's value: the identifier a side's own create returned, or one fixed value sent to both. */
export type PathValue =
  | { readonly kind: 'created'; readonly collection: string }
  | { readonly kind: 'fixed'; readonly value: string };

export type BodyPlan =
  | { readonly kind: 'json'; readonly value: unknown }
  /** Bytes sent as they are (malformed JSON, a wrong media type). */
  | { readonly kind: 'raw'; readonly contentType: string; readonly text: string }
  | { readonly kind: 'multipart'; readonly fields: Readonly<Record<string, string | { readonly file: string }>> };

export type StepRole = 'create' | 'read' | 'list' | 'replace' | 'patch' | 'delete' | 'other' | 'invalid';

/** One request of a session, sent the same to both sides (only created identifiers differ). */
export interface Step {
  /** Stable and unique within the session: `create /products`, `invalid: missing required name (POST /products)`. */
  readonly name: string;
  readonly role: StepRole;
  readonly operation: Operation;
  readonly path: Readonly<Record<string, PathValue>>;
  readonly body: BodyPlan | undefined;
  /** False for the "no credentials" request: nothing of the operation's security is sent. */
  readonly credentials: boolean;
  /** The collection (path) whose created identifier this step's answer carries. */
  readonly remember?: Collection;
  /** What a read must give back: the fields last written, as sent, and the documented defaults of those a create or replace left out. */
  readonly readBack?: Readonly<Record<string, unknown>>;
  /** The answer's member that holds the record, where the model reads the answers as wrapping it (`{status, data: {...}}`). */
  readonly envelope?: string;
  /** Query parameters sent as they are (a list's paging and filters), beside the credentials. */
  readonly query?: Readonly<Record<string, string>>;
  /**
   * For a request the document itself calls invalid (a body its schema refuses, malformed JSON, a
   * media type the operation does not take, a malformed id, no credentials): what it breaks. A
   * service that accepts it (2xx) departs from its document; an unknown but well-formed id is not such a request.
   */
  readonly breaks?: string;
  /**
   * For a request that breaks a schema the document declares (a body, its JSON, a path parameter's
   * format): the validation answers (400, 422) its operation documents. A service that refuses it
   * with another status, such as 404 for a malformed id, does not check what its document declares.
   */
  readonly refusedWith?: readonly number[];
}

export interface Session {
  readonly steps: readonly Step[];
}

/**
 * A replace or patch body as a client sends it for the record its URL names: without the record's
 * identifier field where the body's schema lets it out. A generated value there names another
 * record than the URL, a representation inconsistent with the target, which a server may refuse
 * (RFC 9110 §9.3.4: "respond with an appropriate error message"), as LoopBack and ASP.NET
 * scaffolds do with 400: the session would then measure that refusal, not the write.
 */
function sameRecord(body: unknown, collection: Collection, writer: Operation): unknown {
  const field = collection.idField;
  const schema = requestJson(writer);
  if (field === undefined || !isObject(body) || !(field in body) || schema === undefined) return body;
  if (requiredFor(schema, 'request').includes(field)) return body;
  const { [field]: _other, ...rest } = body;
  return rest;
}

/** The session's seed: the same document always gives the same requests. */
const SEED = 29;

/**
 * The session a document implies (issue 29 item 2), from the kernel's resource model only: per
 * inferred collection its CRUD flow (create → read → list → replace → read → patch → read → delete →
 * read), the invalid requests a client makes (missing required field, wrong type, unknown enum,
 * malformed JSON, wrong media type, unknown and malformed identifier, no credentials), then every
 * operation the model binds to no collection, once. Nothing is written per service: a document the
 * model reads better gives a longer session.
 */
export function deriveSession(contract: Contract, tokenPath?: string): Session {
  const model = inferModel(contract);
  const dice = new Random(SEED);
  const validator = new SchemaValidator(contract.version.schemaDialect);
  const fits = (schema: Schema, value: unknown): boolean => validator.check(schema, value, 'request').valid;
  const answerable = (schema: Schema, value: unknown): boolean => validator.check(schema, value, 'response').valid;
  const steps: Step[] = [];
  const names = new Set<string>();
  const add = (step: Step): void => {
    let name = step.name;
    for (let i = 2; names.has(name); i++) name = `${step.name} #${i}`;
    names.add(name);
    steps.push({ ...step, name });
  };
  const bound = (collection: Collection, kind: string): Operation | undefined => {
    for (const [id, binding] of model.bindings) {
      if (
        binding.collection.path === collection.path &&
        binding.collection.itemPath === collection.itemPath &&
        binding.kind === kind &&
        !('idInBody' in binding && binding.idInBody)
      )
        return contract.operationsById.get(id);
    }
    return undefined;
  };
  const jsonBody = (op: Operation, mode: 'min' | 'max'): unknown => {
    const schema = requestJson(op);
    return schema ? sampleValue(schema, { dice, mode, direction: 'request', fits }) : undefined;
  };
  const label = (op: Operation): string => `${op.method.toUpperCase()} ${op.path}`;
  const used = new Set<string>();

  for (const collection of model.collections) {
    const read = bound(collection, 'read');
    if (!read || collection.singleton) continue;
    const create = bound(collection, 'create');
    // The list the model binds, else the GET on the collection's own path it leaves stateless: the
    // session measures the mock's list there too, rather than share the model's blind spot.
    const list =
      bound(collection, 'list') ??
      contract.operations.find(
        (op) =>
          op.method === 'get' && samePath(op.path, collection.path) && !model.bindings.has(op.id) && !used.has(op.id),
      );
    const replace = bound(collection, 'replace');
    const patch = bound(collection, 'patch');
    const remove = bound(collection, 'delete');
    for (const op of [read, create, list, replace, patch, remove]) if (op) used.add(op.id);
    const item = { [collection.idParam]: { kind: 'created', collection: collection.path } as PathValue };
    const envelope = collection.envelope === undefined ? {} : { envelope: collection.envelope };
    const scope = fixedValues(collection.scopeParams, read, dice);
    const at = { ...scope, ...item };
    // What a read must give back: every field written so far, as last written. A create or replace
    // starts the record over, with the documented default of each field it left out (JSON Schema
    // Validation §9.2 `default`; the service fills it in); a patch changes only what it sends
    // (RFC 5789 §2: a partial modification), so the fields it leaves out must read back unchanged.
    let written: Readonly<Record<string, unknown>> | undefined;
    // A read promises only what its documented answer can carry: a value written that the read's
    // record schema refuses (a null the update admits and the record does not) cannot come back as
    // sent from a service that keeps its document, so it is not expected back (nor, after it, the
    // field's earlier value). The write is still sent: what each side answers is compared.
    const carried = readFields(read, collection.envelope);
    const readable = (fields: Record<string, unknown>): Record<string, unknown> =>
      Object.fromEntries(
        Object.entries(fields).filter(([name, value]) => {
          const schema = carried[name];
          return schema === undefined || answerable(schema, value);
        }),
      );
    const readAfter = (what: string, sent: unknown, writer?: Operation): void => {
      if (!isObject(sent)) written = undefined;
      else if (writer) {
        const defaults = Object.fromEntries(
          propertiesOf(requestJson(writer))
            .filter(([name, schema]) => !(name in sent) && schema.default !== undefined)
            .map(([name, schema]) => [name, schema.default as unknown]),
        );
        written = readable({ ...defaults, ...sent });
      } else written = readable({ ...written, ...sent });
      // The URL names the record a write changes (RFC 9110 §9.3.4): an identifier field the body had
      // to carry with another value does not rename it, so the read at that URL is not held to it.
      if (written !== undefined && what !== 'create' && collection.idField !== undefined) {
        const { [collection.idField]: _renamed, ...kept } = written;
        written = kept;
      }
      // A body that is not an object promises nothing to read back: the read is sent, not compared.
      add({
        name: `read after ${what} ${collection.itemPath}`,
        role: 'read',
        operation: read,
        path: at,
        body: undefined,
        credentials: true,
        ...(written === undefined ? {} : { readBack: written }),
        ...envelope,
      });
    };
    let created: Readonly<Record<string, unknown>> | undefined;
    if (create) {
      const body = jsonBody(create, 'min');
      if (isObject(body)) created = body;
      add({
        name: `create ${collection.path}`,
        role: 'create',
        operation: create,
        path: scope,
        body: body === undefined ? undefined : { kind: 'json', value: body },
        credentials: true,
        remember: collection,
        ...envelope,
      });
      readAfter('create', body, create);
      // A create that documents 409 refuses the same record twice (RFC 9110 §15.5.10): send it again.
      if (create.responses['409'] && body !== undefined) {
        add({
          name: `invalid: the same create again (${label(create)}, 409 documented)`,
          role: 'invalid',
          operation: create,
          path: scope,
          body: { kind: 'json', value: body },
          credentials: true,
        });
      }
    }
    if (list) {
      const listPath = fixedValues(pathParams(list), list, dice);
      add({
        name: `list ${list.path}`,
        role: 'list',
        operation: list,
        path: listPath,
        body: undefined,
        credentials: true,
      });
      for (const { what, query } of pagingQueries(list, created))
        add({
          name: `list ${what} ${list.path}`,
          role: 'list',
          operation: list,
          path: listPath,
          body: undefined,
          credentials: true,
          query,
        });
    }
    if (replace) {
      const body = sameRecord(jsonBody(replace, 'max'), collection, replace);
      add({
        name: `replace ${collection.itemPath}`,
        role: 'replace',
        operation: replace,
        path: at,
        body: body === undefined ? undefined : { kind: 'json', value: body },
        credentials: true,
      });
      readAfter('replace', body, replace);
    }
    if (patch && requestJson(patch)) {
      const body = sameRecord(jsonBody(patch, 'max'), collection, patch);
      // One field alone first: the fields it leaves out must keep what the create or replace wrote.
      const alone = isObject(body) ? Object.entries(body).find(([, value]) => value !== null) : undefined;
      if (alone && Object.keys(body as object).length > 1) {
        add({
          name: `patch ${alone[0]} alone ${collection.itemPath}`,
          role: 'patch',
          operation: patch,
          path: at,
          body: { kind: 'json', value: { [alone[0]]: alone[1] } },
          credentials: true,
        });
        readAfter(`patch ${alone[0]} alone`, { [alone[0]]: alone[1] });
      }
      add({
        name: `patch ${collection.itemPath}`,
        role: 'patch',
        operation: patch,
        path: at,
        body: { kind: 'json', value: body },
        credentials: true,
      });
      readAfter('patch', body);
      // An explicit null where the schema allows it is a value to store, not a removal (JSON Schema: null is a type).
      // The nulls the read's record also admits come first: a null it refuses may leave a service
      // unable to answer for the record at all, and the steps after it would measure only that.
      const nullable = Object.entries(effective(requestJson(patch)!).properties ?? {}).flatMap(([name, written]) => {
        const schema = asSchema(written);
        return schema && schema.readOnly !== true && fits(schema, null) ? [name] : [];
      });
      const carriesNull = (name: string): boolean => carried[name] === undefined || answerable(carried[name], null);
      for (const name of [...nullable.filter(carriesNull), ...nullable.filter((n) => !carriesNull(n))]) {
        add({
          name: `patch ${name} to null ${collection.itemPath}`,
          role: 'patch',
          operation: patch,
          path: at,
          body: { kind: 'json', value: { [name]: null } },
          credentials: true,
        });
        readAfter(`patch ${name} to null`, { [name]: null });
      }
    }
    // Other operations on or under the item (`HEAD /orders/{id}`, `POST /tasks/{task_id}/attachment`), on the created record.
    for (const op of contract.operations) {
      if (
        used.has(op.id) ||
        !(op.path === collection.itemPath || op.path.startsWith(`${collection.itemPath}/`)) ||
        model.bindings.has(op.id)
      )
        continue;
      used.add(op.id);
      add(otherStep(op, { ...fixedValues(pathParams(op), op, dice), ...at }, dice, fits));
    }
    // Invalid requests, on the operation that takes the record's body (the create, else a replace or patch).
    const writer = create ?? replace ?? patch;
    const writerPath = writer === create ? scope : at;
    const schema = writer ? requestJson(writer) : undefined;
    if (writer && schema) {
      const valid = jsonBody(writer, 'max');
      const invalid = (what: string, body: BodyPlan, breaks: 'schema' | 'media' | false = 'schema'): void =>
        add({
          name: `invalid: ${what} (${label(writer)})`,
          role: 'invalid',
          operation: writer,
          path: writerPath,
          body,
          credentials: true,
          ...(breaks ? { breaks: what } : {}),
          ...(breaks === 'schema' ? validationAnswers(writer) : {}),
        });
      const required = requiredFor(schema, 'request');
      if (isObject(valid) && required[0] !== undefined) {
        const { [required[0]]: _left, ...rest } = valid;
        invalid(`missing required ${required[0]}`, { kind: 'json', value: rest });
      }
      const properties = propertiesOf(schema);
      const typed =
        properties.find(([name, s]) => required.includes(name) && wrongType(s) !== undefined) ??
        properties.find(([, s]) => wrongType(s) !== undefined);
      if (isObject(valid) && typed)
        invalid(`wrong type for ${typed[0]}`, { kind: 'json', value: { ...valid, [typed[0]]: wrongType(typed[1]) } });
      const enumerated = properties.find(([, s]) => (s.enum ?? []).some((v) => typeof v === 'string'));
      if (isObject(valid) && enumerated)
        invalid(`unknown enum value for ${enumerated[0]}`, {
          kind: 'json',
          value: { ...valid, [enumerated[0]]: 'not-a-member-zz' },
        });
      invalid('malformed JSON', { kind: 'raw', contentType: 'application/json', text: '{"unclosed": ' });
      // Invalid only where the operation takes no text/plain (nor a range that covers it).
      invalid(
        'wrong media type',
        { kind: 'raw', contentType: 'text/plain', text: JSON.stringify(valid ?? {}) },
        takesMedia(writer, 'text/plain') ? false : 'media',
      );
    }
    add({
      name: `invalid: unknown id (${label(read)})`,
      role: 'invalid',
      operation: read,
      path: { ...at, [collection.idParam]: { kind: 'fixed', value: unknownId(collection, fits) } },
      body: undefined,
      credentials: true,
    });
    const malformed = collection.paramSchema
      ? invalidValues(effective(collection.paramSchema)).find((v) => typeof v.value === 'string')
      : undefined;
    if (malformed)
      add({
        name: `invalid: malformed id (${label(read)})`,
        role: 'invalid',
        operation: read,
        path: { ...at, [collection.idParam]: { kind: 'fixed', value: String(malformed.value) } },
        body: undefined,
        credentials: true,
        breaks: `malformed ${collection.idParam}: ${malformed.what}`,
        ...validationAnswers(read),
      });
    const guarded = [list, read].find((op) => op?.requiresAuth);
    if (guarded)
      add({
        name: `invalid: no credentials (${label(guarded)})`,
        role: 'invalid',
        operation: guarded,
        path: guarded === read ? at : fixedValues(pathParams(guarded), guarded, dice),
        body: undefined,
        credentials: false,
        breaks: 'no credentials where the operation requires them',
      });
    if (remove) {
      add({
        name: `delete ${collection.itemPath}`,
        role: 'delete',
        operation: remove,
        path: at,
        body: undefined,
        credentials: true,
      });
      add({
        name: `read after delete ${collection.itemPath}`,
        role: 'read',
        operation: read,
        path: at,
        body: undefined,
        credentials: true,
      });
    }
  }
  // What the model binds to no collection, once each (the token endpoint is the login, driven apart).
  for (const op of contract.operations) {
    if (
      used.has(op.id) ||
      (tokenPath !== undefined && op.method === 'post' && contract.basePath + op.path === tokenPath)
    )
      continue;
    add(otherStep(op, fixedValues(pathParams(op), op, dice), dice, fits));
  }
  return { steps };
}

const normal = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Paging parameters by their usual names (offset/limit, skip/top, page/per_page, …); the session's own vocabulary, not the mock's. */
const LIMIT = new Set([
  'limit',
  'take',
  'perpage',
  'pagesize',
  'size',
  'maxresults',
  'top',
  'pagelimit',
  'maxitems',
  'count',
]);
const OFFSET = new Set(['offset', 'skip', 'start', 'startindex', 'from']);
const PAGE = new Set(['page', 'pagenumber', 'pageindex', 'pageno']);

/** `/books/` and `/books` are the same collection path for the session. */
function samePath(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/**
 * The list requests that measure paging and filters, from the list operation's own query
 * parameters: the first page of one record, the page after it, and a filter equal to the value
 * the session's create sent (a query parameter named like a field of the record).
 */
function pagingQueries(
  list: Operation,
  created: Readonly<Record<string, unknown>> | undefined,
): Array<{ what: string; query: Record<string, string> }> {
  const query = list.parameters.filter((p) => p.in === 'query');
  const schemaOf = (name: string): Schema | undefined => {
    const parameter = query.find((p) => p.name === name);
    return parameter?.schema ? asSchema(parameter.schema) : undefined;
  };
  const floor = (name: string, fallback: number): number => {
    const s = schemaOf(name);
    return typeof s?.minimum === 'number' ? Math.max(s.minimum, fallback) : fallback;
  };
  // A paging parameter is a number (OData's boolean `$count` is not a page size).
  const numeric = (name: string): boolean => {
    const s = schemaOf(name);
    const type = s ? effective(s).type : undefined;
    return (
      type === undefined ||
      type === 'integer' ||
      type === 'number' ||
      (Array.isArray(type) && (type.includes('integer') || type.includes('number')))
    );
  };
  const named = (names: ReadonlySet<string>): string | undefined =>
    query.find((p) => names.has(normal(p.name)) && numeric(p.name))?.name;
  const limit = named(LIMIT);
  const offset = named(OFFSET);
  const page = named(PAGE);
  const out: Array<{ what: string; query: Record<string, string> }> = [];
  if (limit !== undefined && (offset !== undefined || page !== undefined)) {
    const size = String(floor(limit, 1));
    if (offset !== undefined) {
      const first = floor(offset, 0);
      out.push({ what: `${offset}=${first}&${limit}=${size}`, query: { [offset]: String(first), [limit]: size } });
      out.push({
        what: `${offset}=${first + 1}&${limit}=${size}`,
        query: { [offset]: String(first + 1), [limit]: size },
      });
    } else if (page !== undefined) {
      // The first page is the parameter's default or minimum (0- or 1-based), else 1.
      const s = schemaOf(page);
      const first = typeof s?.default === 'number' ? s.default : typeof s?.minimum === 'number' ? s.minimum : 1;
      out.push({ what: `${page}=${first}&${limit}=${size}`, query: { [page]: String(first), [limit]: size } });
      out.push({ what: `${page}=${first + 1}&${limit}=${size}`, query: { [page]: String(first + 1), [limit]: size } });
    }
  }
  if (limit === undefined) out.push(...memberPagingQueries(query));
  if (created) {
    const paging = new Set([limit, offset, page]);
    const filter = query.find(
      (p) => !paging.has(p.name) && ['string', 'number', 'boolean'].includes(typeof created[p.name]),
    );
    if (filter) out.push({ what: `${filter.name}=<created>`, query: { [filter.name]: String(created[filter.name]) } });
  }
  return out;
}

/**
 * The same two pages where the list takes its paging as members of one object-valued query
 * parameter (OAS 3.0.3 §4.7.12 `content` in JSON: LoopBack's `filter={"skip":0,"limit":1}`; a
 * `deepObject`: `pagination[page]=1&pagination[pageSize]=1`), written as that parameter writes them.
 */
function memberPagingQueries(
  query: readonly Operation['parameters'][number][],
): Array<{ what: string; query: Record<string, string> }> {
  for (const parameter of query) {
    const content = parameter.content === undefined ? undefined : Object.entries(parameter.content)[0];
    const json = content !== undefined && mediaEssence(content[0]).endsWith('json');
    if (!json && parameter.style !== 'deepObject') continue;
    const schema = asSchema(json ? content?.[1].schema : parameter.schema);
    const members = Object.keys(schema ? (effective(schema).properties ?? {}) : {});
    const limit = members.find((m) => LIMIT.has(normal(m)));
    const offset = members.find((m) => OFFSET.has(normal(m)));
    const page = members.find((m) => PAGE.has(normal(m)));
    const mover = offset ?? page;
    if (limit === undefined || mover === undefined) continue;
    const first = offset !== undefined ? 0 : 1;
    return [first, first + 1].map((at) => {
      const value = { [mover]: at, [limit]: 1 };
      const written: Record<string, string> = json
        ? { [parameter.name]: JSON.stringify(value) }
        : Object.fromEntries(Object.entries(value).map(([k, v]) => [`${parameter.name}[${k}]`, String(v)]));
      return {
        what: Object.entries(written)
          .map(([k, v]) => `${k}=${v}`)
          .join('&'),
        query: written,
      };
    });
  }
  return [];
}

function otherStep(
  op: Operation,
  path: Readonly<Record<string, PathValue>>,
  dice: Random,
  fits: (schema: Schema, value: unknown) => boolean,
): Step {
  const json = requestJson(op);
  let body: BodyPlan | undefined;
  if (json) body = { kind: 'json', value: sampleValue(json, { dice, mode: 'max', direction: 'request', fits }) };
  else {
    const multipart = Object.entries(op.requestBody?.content ?? {}).find(
      ([type]) => mediaEssence(type) === 'multipart/form-data',
    )?.[1]?.schema;
    const schema = multipart ? asSchema(multipart) : undefined;
    if (schema) {
      const fields: Record<string, string | { file: string }> = {};
      for (const [name, sub] of propertiesFor(schema, 'request')) {
        // OAS 3.1 §4.8.14.3: a file is a string with contentMediaType (or 3.0's format: binary).
        const file = sub.format === 'binary' || (sub as { contentMediaType?: string }).contentMediaType !== undefined;
        fields[name] = file
          ? { file: 'zoo fidelity attachment\n' }
          : String(sampleValue(sub, { dice, mode: 'min', direction: 'request', name, fits }));
      }
      body = { kind: 'multipart', fields };
    }
  }
  return { name: `${op.method.toUpperCase()} ${op.path}`, role: 'other', operation: op, path, body, credentials: true };
}

/**
 * The properties of the record a read's success answer documents, as written (a nullable `anyOf`
 * kept whole), inside the envelope member where the model reads one.
 */
function readFields(read: Operation, envelope: string | undefined): Record<string, Schema> {
  const answer = documentedResponse(read.responses, 200, { withDefault: false });
  let schema = asSchema(jsonContent(answer?.response.content)?.schema);
  if (schema && envelope !== undefined) schema = asSchema(effective(schema).properties?.[envelope]);
  const out: Record<string, Schema> = {};
  for (const [name, sub] of Object.entries(schema ? (effective(schema).properties ?? {}) : {})) {
    const property = asSchema(sub);
    if (property) out[name] = property;
  }
  return out;
}

/** The JSON schema of an operation's request body, if it takes JSON. */
export function requestJson(op: Operation): Schema | undefined {
  return asSchema(jsonContent(op.requestBody?.content)?.schema);
}

function propertiesOf(schema: Schema | undefined): Array<[string, Schema]> {
  return schema ? propertiesFor(schema, 'request') : [];
}

function wrongType(schema: Schema): unknown {
  return invalidValues(schema).find((v) => v.what.startsWith('wrong type'))?.value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathParams(op: Operation): string[] {
  return op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
}

/** Sampled values for path parameters no create gives (a parent scope, an operation of its own). */
function fixedValues(names: readonly string[], op: Operation, dice: Random): Record<string, PathValue> {
  const out: Record<string, PathValue> = {};
  for (const name of names) {
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const schema = parameter?.schema ? asSchema(parameter.schema) : undefined;
    out[name] = {
      kind: 'fixed',
      value: String(schema ? sampleValue(schema, { dice, mode: 'min', direction: 'request', name }) : 'zoo'),
    };
  }
  return out;
}

/**
 * An identifier no create made, well-formed (an unknown id is one the service could have issued, not
 * a malformed one): shaped as the record's identifier field documents it (`id: {format: uuid}`), where
 * the path parameter admits that, else as the path parameter: a fixed UUID, a large integer, a name.
 */
function unknownId(collection: Collection, fits: (schema: Schema, value: unknown) => boolean): string {
  const param = collection.paramSchema;
  for (const schema of [collection.idSchema, param]) {
    const s = schema ? effective(schema) : undefined;
    let value = 'zoo-unknown-id';
    if (s?.format === 'uuid') value = '00000000-0000-4000-8000-00000000dead';
    else if (s?.type === 'integer' || s?.type === 'number')
      value = String(Math.min(987_654_321, s.maximum ?? 987_654_321));
    if (schema === param || !param || fits(param, value)) return value;
  }
  return 'zoo-unknown-id';
}

/** Whether the operation's request body takes this media type, exactly or through a range (RFC 9110 §12.5.1). */
/** The validation answers an operation documents (Step.refusedWith), where it documents any. */
function validationAnswers(op: Operation): { refusedWith?: readonly number[] } {
  const statuses = [400, 422].filter((status) => op.responses[String(status)] !== undefined);
  return statuses.length > 0 ? { refusedWith: statuses } : {};
}

function takesMedia(op: Operation, type: string): boolean {
  return Object.keys(op.requestBody?.content ?? {}).some((key) => mediaMatches(type, key));
}
