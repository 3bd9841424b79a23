import { randomUUID } from 'node:crypto';
import type { OpenAPIV3 } from 'openapi-types';
import type { Contract, Operation, SchemaValidator } from '../src/contract/index.js';
import { documentedValues, pathParameters, requestBodyOf, validBody, validValue } from './cases/inputs.js';
import {
  identifierOf,
  keyedField,
  sentUnderParam,
  identifierSource,
  isSuccess,
  itemRead,
  listItems,
  nounedField,
  modelOf,
  pageIn,
  onCollection,
  referenceBase,
  referencedCreate,
  type IdentifierSource,
} from '../src/contract/index.js';
import { schemaNames } from './cases/discriminator.js';
import { landsOnOtherPath, leavesNoSegment } from './cases/path-clash.js';
import type { Random } from './cases/random.js';
import { asSchema, effective, isRecord, writableProperties, type Schema } from './cases/schema.js';
import type { Session } from './session.js';

export interface Created {
  readonly id: unknown;
  readonly body: Record<string, unknown>;
  readonly location: string | undefined;
  readonly url: string;
  /** The body the create sent: where the answer names no identifier, the one it named (sentUnderParam). */
  readonly sent?: Record<string, unknown>;
}

/** A body this runner can write for the operation (cases/inputs.ts requestBodyOf). */
const sendable = (op: Operation): boolean => requestBodyOf(op) !== undefined;

/**
 * Resources' answers about a contract (identifierSource, createOpFor), kept with the contract: pure of
 * it, so a run after run on one contract (Stripe's self-consistency file and its four shards) asks
 * each once, not once per run.
 */
const answersOf = new WeakMap<
  Contract,
  {
    readonly sources: Map<string, IdentifierSource | undefined>;
    readonly creates: Map<string, Operation | undefined>;
  }
>();

export type Obtained<T> =
  | { readonly ok: true; readonly value: T; readonly guessed?: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * Prerequisites, derived from the contract alone: the operation that creates a
 * collection (found by name: a `categoryId` field → POST /categories), the
 * OpenAPI `links` of create responses (which operation takes the new id), and
 * stock-like PUTs to raise before an order-like create. Nothing here knows the
 * Petstore; it reads names, links and schemas.
 */
export class Resources {
  private readonly shared = new Map<string, Promise<Obtained<Created>>>();
  private readonly listed = new Map<string, Promise<Obtained<unknown>>>();
  /** identifierSource's answers: pure of the contract, asked again for every request to an item path (it walks every link of every operation). */
  private readonly sources: Map<string, IdentifierSource | undefined>;
  /**
   * createOpFor's answers, pure of the contract like `sources`: asked for every reference-like field of
   * every body sent, and each answer asks isCreate of every operation, which walks every operation
   * again (itemRead): on Pinterest (231 operations) about 11 % of a self-consistency run's CPU went there.
   */
  private readonly creates: Map<string, Operation | undefined>;

  constructor(
    readonly contract: Contract,
    private readonly session: Session,
    private readonly validator: SchemaValidator,
    private readonly rng: Random,
  ) {
    let kept = answersOf.get(contract);
    if (!kept) answersOf.set(contract, (kept = { sources: new Map(), creates: new Map() }));
    this.sources = kept.sources;
    this.creates = kept.creates;
  }

  /**
   * The page of a list answer holding several arrays of records that all carry an identifier
   * (loket's `{messages: [{id, code, …}], _embedded: [Employer]}`): the member the kernel's model
   * reads from the list's schema, whose items are the collection's records (model.ts listShape), as
   * the value alone cannot tell them apart. So too where that page is empty beside one other array of
   * records (`{messages: [{id, …}], _embedded: []}`): the value's only records are not the page, and
   * their ids name no record of the collection (each read 404). Undefined where the value holds no
   * array of records or the model binds no page; the value's one array where it is the page.
   */
  private pageOf(listOp: Operation, value: unknown): unknown[] | undefined {
    if (!isRecord(value)) return undefined;
    const records = Object.values(value).filter((v) => Array.isArray(v) && v.length > 0 && v.every(isRecord));
    if (records.length === 0) return undefined;
    const binding = modelOf(this.contract).bindings.get(listOp.id);
    if (binding?.kind !== 'list' || binding.shape.kind !== 'wrapped') return undefined;
    const page = pageIn(binding.shape, value);
    if (!page) return undefined;
    return records.length >= 2 || page.length === 0 ? page : undefined;
  }

  /**
   * A listed record's identifier as the kernel's model keys the list's collection, where the record
   * holds neither the parameter's name nor `id` (magento's `/V1/orders/items/{id}` over `item_id`,
   * `/V1/invoices/{id}` over `entity_id`, beside `order_id`, `billing_address_id`, …): the value alone
   * cannot tell which `…_id` is its own, and the first was taken (an address's id read as an invoice's).
   */
  private modelIdOf(listOp: Operation, field: string, item: unknown): unknown {
    if (!isRecord(item) || item[field] !== undefined || item['id'] !== undefined) return undefined;
    const binding = modelOf(this.contract).bindings.get(listOp.id);
    if (binding?.kind !== 'list' || binding.collection.idParam !== field) return undefined;
    const idField = binding.collection.idField;
    return idField === undefined || isRecord(item[idField]) ? undefined : item[idField];
  }

  /** The create (no path parameters, a body this runner can send) of the collection named by `base`. */
  createOpFor(base: string): Operation | undefined {
    if (!this.creates.has(base)) this.creates.set(base, referencedCreate(this.contract, base, sendable));
    return this.creates.get(base);
  }

  /** Where `operation`'s path parameter comes from (the kernel's identifierSource). */
  private provider(operation: Operation, param: string): IdentifierSource | undefined {
    const key = `${operation.id}\n${param}`;
    if (!this.sources.has(key)) this.sources.set(key, identifierSource(this.contract, operation, param, sendable));
    return this.sources.get(key);
  }

  /** Creates a resource through `createOp` with a valid body whose references are filled first. */
  async create(
    createOp: Operation,
    depth = 0,
    known: Readonly<Record<string, unknown>> = {},
  ): Promise<Obtained<Created>> {
    if (createOp.requiresAuth && !this.session.credentials.valid(createOp))
      return { ok: false, reason: `creating a prerequisite: ${this.session.credentials.missing(createOp)}` };
    if (depth > 4) return { ok: false, reason: `prerequisites of ${createOp.id} nest too deep` };
    // A create on a nested collection (`POST /v2/Flows/{FlowSid}/Executions`) is sent under its
    // parent's identifiers: those the caller already holds, else ones made for it. Never with a raw
    // `{FlowSid}` template (RFC 6570 §3.2.1: a variable is replaced by its value).
    const pathParams = await this.ownPathParams(createOp, known, depth);
    if (!pathParams.ok) return pathParams;
    const body = validBody(createOp, this.rng, 'random', this.validator, schemaNames(this.contract));
    if (!isRecord(body)) return { ok: false, reason: `cannot generate a valid body for ${createOp.id}` };
    const filled = await this.fillReferences(createOp, body, depth + 1);
    if (!filled.ok) return filled;
    await this.raiseStock(createOp, body);
    const send = (sent: Record<string, unknown>) =>
      this.session.send({
        reportAs: createOp.id,
        operation: createOp,
        kind: 'prerequisite',
        method: createOp.method,
        path: createOp.path,
        input: { pathParams: pathParams.value, query: {}, body: sent, contentType: requestBodyOf(createOp)?.mediaType },
        auth: 'valid',
      });
    let lastSent = body;
    let exchange = await send(body);
    // 409 (RFC 9110 §15.5.10): the value is taken (a unique `sku`, an email from the document's
    // example, created earlier). The same create with fresh unique values, twice at most.
    for (let attempt = 1; attempt <= 2 && exchange.response?.status === 409; attempt++) {
      const fresh = this.freshValues(createOp, body, attempt);
      if (fresh === undefined) break;
      lastSent = fresh;
      exchange = await send(fresh);
    }
    const response = exchange.response;
    if (!response || !isSuccess(createOp, response.status)) {
      return {
        ok: false,
        reason: `creating a prerequisite through ${createOp.id} failed (${response ? `status ${response.status}` : (exchange.error?.message ?? 'no answer')})`,
      };
    }
    let created: unknown;
    try {
      created = JSON.parse(response.body) as unknown;
    } catch {
      return { ok: false, reason: `${createOp.id} answered a body that is not JSON` };
    }
    if (!isRecord(created)) return { ok: false, reason: `${createOp.id} answered no object` };
    const location = response.headers['location'];
    return {
      ok: true,
      value: {
        id: identifierOf(
          created,
          undefined,
          keyedField(this.contract, createOp, created, undefined),
          location,
          exchange.request.url,
        ),
        body: created,
        location,
        url: exchange.request.url,
        sent: lastSent,
      },
    };
  }

  /**
   * The body with every free text field (no enum, no pattern; `email` and `uuid` formats rewritten in
   * their form) made unique, when the result is still valid for the create; undefined otherwise.
   */
  private freshValues(
    createOp: Operation,
    body: Record<string, unknown>,
    attempt: number,
  ): Record<string, unknown> | undefined {
    const schema = asSchema(requestBodyOf(createOp)?.schema);
    if (!schema) return undefined;
    const props = effective(schema).properties ?? {};
    // Unique across runs against the same service too (a seeded value would collide on the next run).
    const tag = `${Date.now().toString(36)}${attempt}${Math.floor(this.rng.next() * 1e6).toString(36)}`;
    const digits = `${Date.now() % 1_000_000}${attempt}`;
    const out: Record<string, unknown> = { ...body };
    let changed = false;
    for (const [name, value] of Object.entries(body)) {
      const s = asSchema(props[name]);
      if (typeof value !== 'string' || !s) continue;
      const flat = effective(s);
      if (flat.enum !== undefined) continue;
      const max = flat.maxLength ?? 200;
      let next: string;
      // A patterned value (an example the sampler fell back on, `ABC-1`) takes more digits at its end, when the pattern admits them.
      if (flat.pattern !== undefined) next = `${value}${digits}`;
      else if (flat.format === 'email') next = `u${tag}@example.com`;
      else if (flat.format === 'uuid') next = randomUUID();
      else if (flat.format === undefined) next = `${value}-${tag}`.slice(-max);
      else continue;
      if (next.length < (flat.minLength ?? 0) || !this.validator.check(s, next, 'request').valid) continue;
      out[name] = next;
      changed = true;
    }
    return changed && this.validator.check(schema, out, 'request').valid ? out : undefined;
  }

  /** One resource per create operation (and parent), shared by every request that only refers to it. */
  sharedResource(
    createOp: Operation,
    depth = 0,
    known: Readonly<Record<string, unknown>> = {},
  ): Promise<Obtained<Created>> {
    const own = pathParameters(createOp).map((p) => p.name);
    const usable = this.carried(createOp, known);
    const key = own.length === 0 ? createOp.id : `${createOp.id} ${JSON.stringify(own.map((n) => usable[n]))}`;
    let hit = this.shared.get(key);
    if (!hit) {
      hit = this.create(createOp, depth, usable);
      this.shared.set(key, hit);
    }
    return hit;
  }

  /** The path parameters of an operation sent as a prerequisite: the known ones, the others made. */
  private async ownPathParams(
    op: Operation,
    known: Readonly<Record<string, unknown>>,
    depth: number,
  ): Promise<Obtained<Record<string, unknown>>> {
    const own = pathParameters(op).map((p) => p.name);
    const usable = this.carried(op, known);
    if (own.every((n) => usable[n] !== undefined))
      return { ok: true, value: Object.fromEntries(own.map((n) => [n, usable[n]])) };
    const made = await this.pathParamsFor(op, false, depth + 1, usable);
    return made.ok ? { ok: true, value: made.value } : { ok: false, reason: `the parent of ${op.id}: ${made.reason}` };
  }

  /**
   * The values held for another operation that `op`'s own path parameters admit. One document may
   * spell one parameter two ways (1password.local/connect: `vaultUuid` is `format: uuid` under
   * `/items/{itemUuid}/files`, `pattern: ^[\da-z]{26}$` on `/vaults/{vaultUuid}/items`): a value
   * one refuses is not carried into the other, whose request it would make invalid (a 400 judged as
   * the answer to a valid request); the operation finds or makes its own.
   */
  private carried(op: Operation, known: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const out: Record<string, unknown> = { ...known };
    for (const p of pathParameters(op))
      if (out[p.name] !== undefined && !this.admits(p, out[p.name])) delete out[p.name];
    return out;
  }

  /** Fills reference fields (`categoryId`, `petId`...) with ids of resources this run created. */
  async fillReferences(operation: Operation, body: Record<string, unknown>, depth = 0): Promise<Obtained<true>> {
    const schema = requestBodyOf(operation)?.schema;
    if (!schema) return { ok: true, value: true };
    // A PUT or PATCH on a collection path names its record by the identifier in the body (Swagger
    // Petstore v3: `PUT /pet` with the pet, id included; 404 "Pet not found" otherwise): the field
    // the item path names (AppVeyor's `PUT /roles` with `roleId` beside `/roles/{roleId}`), else `id`.
    const named =
      (operation.method === 'put' || operation.method === 'patch') && pathParameters(operation).length === 0
        ? recordField(this.contract, operation.path, writableProperties(schema))
        : undefined;
    if (named) {
      const [field, sub] = named;
      // The POST on that path makes the record, 201 or not (Swagger Petstore v3's addPet answers 200);
      // where none does (AppVeyor's collaborators), one the path's list holds.
      const createOp = this.contract.operations.find(
        (op) => op.method === 'post' && op.path === operation.path && op.requestBody !== undefined,
      );
      const listOp = this.contract.operations.find((op) => op.method === 'get' && op.path === operation.path);
      let id: unknown;
      if (createOp) {
        const created = await this.create(createOp, depth);
        if (!created.ok) return created;
        id = identifierOf(created.value.body, field, undefined, created.value.location, created.value.url);
      } else if (listOp) {
        const listed = await this.firstListed(listOp, field, {}, false, depth + 1);
        if (listed.ok) id = listed.value;
      }
      if (id !== undefined && this.validator.check(sub, id, 'request').valid) body[field] = id;
    }
    for (const [name, sub] of writableProperties(schema)) {
      // The record's own identifier is filled above, not as a reference to another collection.
      if (!(name in body) || name === named?.[0]) continue;
      const base = referenceBase(name);
      const createOp = base ? this.createOpFor(base) : undefined;
      if (!createOp || createOp.id === operation.id || (sub.type !== 'integer' && sub.type !== 'string')) continue;
      const created = await this.sharedResource(createOp, depth);
      if (!created.ok) return created;
      // An id the field's schema refuses (a generated `"string"` for a `^\d+$` id) would make the body invalid: the generated value stays.
      if (created.value.id !== undefined && this.validator.check(sub, created.value.id, 'request').valid)
        body[name] = created.value.id;
    }
    return { ok: true, value: true };
  }

  /**
   * Before a create that takes units of something it refers to (an order's
   * `quantity` of a `petId`), raise the stock: a PUT whose path parameter is that
   * reference and whose body sets a property of the same name.
   */
  async raiseStock(operation: Operation, body: Record<string, unknown>): Promise<void> {
    if (!this.session.hasKey) return;
    for (const [field, id] of Object.entries(body)) {
      if (!referenceBase(field)) continue;
      for (const put of this.contract.operations) {
        const params = pathParameters(put);
        if (put.method !== 'put' || put.id === operation.id || params.length !== 1 || params[0]?.name !== field)
          continue;
        const putSchema = requestBodyOf(put)?.schema;
        if (!putSchema) continue;
        for (const [prop, sub] of writableProperties(putSchema)) {
          if (sub.type !== 'integer' || typeof body[prop] !== 'number') continue;
          const update = validBody(put, this.rng, 'random', this.validator, schemaNames(this.contract));
          if (!isRecord(update)) continue;
          update[prop] = effective(sub).maximum ?? (body[prop] as number) * 10;
          await this.session.send({
            reportAs: put.id,
            operation: put,
            kind: 'prerequisite',
            method: put.method,
            path: put.path,
            input: { pathParams: { [field]: id }, query: {}, body: update, contentType: requestBodyOf(put)?.mediaType },
            auth: 'valid',
          });
        }
      }
    }
  }

  /** Valid path parameters for an operation: a fresh resource for writes, a shared one for reads. */
  async pathParamsFor(
    operation: Operation,
    fresh: boolean,
    depth = 0,
    known: Readonly<Record<string, unknown>> = {},
  ): Promise<Obtained<Record<string, unknown>>> {
    if (depth > 4) return { ok: false, reason: `prerequisites of ${operation.id} nest too deep` };
    const out: Record<string, unknown> = {};
    let guessed = false;
    // Parents first, in the path's order: a child made before its parent is made under a parent of
    // its own (Lucidtech's `executionId` listed before `workflowId`: the execution was created under
    // one workflow and deleted under another, 404 "No execution").
    const at = (name: string): number => {
      const i = operation.path.indexOf(`{${name}}`);
      return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    };
    const ordered = pathParameters(operation).sort((a, b) => at(a.name) - at(b.name));
    for (const p of ordered) {
      if (known[p.name] !== undefined && this.admits(p, known[p.name])) {
        out[p.name] = known[p.name];
        continue;
      }
      // A created resource, else one a list shows, else a value the parameter documents itself.
      const provider = this.provider(operation, p.name);
      let reason = `no operation in the contract provides a valid ${p.name}, and the parameter documents no example, default or enum`;
      if (provider?.via === 'create') {
        const created = fresh
          ? await this.create(provider.createOp, depth, out)
          : await this.sharedResource(provider.createOp, depth, out);
        if (created.ok) {
          const value =
            identifierOf(
              created.value.body,
              p.name,
              // A link's field, else the one the kernel's model keys the records by (keyedField).
              provider.field ?? keyedField(this.contract, provider.createOp, created.value.body, p.name),
              created.value.location,
              created.value.url,
              // The Location names the created item as its read's template writes it (`/products/957.json`).
              itemRead(this.contract, provider.createOp.path)?.op.path,
            ) ??
            // An answer naming no identifier: the value the create's body named the item by.
            (provider.field === undefined ? sentUnderParam(created.value.sent, p.name) : undefined);
          if (value !== undefined && !this.admits(p, value))
            reason = `${provider.createOp.id} answered ${p.name} ${JSON.stringify(value)}, which the parameter's schema refuses`;
          else if (value !== undefined) {
            out[p.name] = value;
            continue;
          }
          reason =
            value === undefined
              ? `${provider.createOp.id} answered no ${provider.field ?? p.name}`
              : `${provider.createOp.id} answered ${JSON.stringify(value)} for ${p.name}, which its schema does not admit`;
        } else {
          reason = created.reason;
          // No create succeeded: an item the collection already lists names one that exists.
          const listOp = onCollection(this.contract, provider.createOp.path, 'get');
          const listed = listOp
            ? // The item's field for this parameter (the kernel's identifierField: `{code}` over `identifier`), not any `…id`.
              await this.firstListed(
                listOp,
                provider.field ?? p.name,
                out,
                fresh && operation.method === 'delete',
                depth,
              )
            : undefined;
          if (listed?.ok && this.admits(p, listed.value)) {
            out[p.name] = listed.value;
            continue;
          }
          if (listOp)
            reason = `${reason}; ${listOp.id} listed ${listed?.ok ? `${JSON.stringify(listed.value)}, which the parameter's schema refuses` : 'no item to take one from'}`;
        }
      } else if (provider?.via === 'list') {
        // A DELETE takes the first record listed now: the one listed before may be gone already.
        const value = await this.firstListed(
          provider.listOp,
          provider.field,
          out,
          fresh && operation.method === 'delete',
          depth,
        );
        // A listed value the parameter's schema refuses (a `name` taken for a `^\d+$` section_id) names nothing it can carry.
        if (value.ok && !this.admits(p, value.value))
          reason = `${provider.listOp.id} listed ${JSON.stringify(value.value)} for ${p.name}, which its schema does not admit`;
        else if (value.ok) {
          out[p.name] = value.value;
          continue;
        } else reason = value.reason;
      }
      const schema = asSchema(p.schema);
      // Only a documented value the parameter's own schema admits: an example is only SHOULD-match
      // (OAS 3.0.3 §4.7.12), and Azure's `"5555-6666-7777-8888-999999999999"` for a `format: uuid`
      // id is refused by a correct server as invalid input, not as the valid request it is sent as.
      // Nor one that makes the request another path's (VTEX's example `Client` for `{dataEntityName}`
      // beside a concrete `/api/dataentities/Client/documents`, OAS 3.0.3 §4.7.8).
      const documented = documentedValues(p).find(
        (v) =>
          v !== undefined &&
          (typeof v !== 'object' || v === null) &&
          this.admits(p, v) &&
          landsOnOtherPath(this.contract, operation, p.name, v) === undefined,
      );
      let value = documented ?? (schema ? validValue(schema, this.rng, 'random', this.validator) : undefined);
      // An empty value or a dot segment names another path (admits, below): one of at least one
      // character, else (`.` drawn again) of at least three, which no dot segment is.
      for (const minLength of [1, 3])
        if (leavesNoSegment(value) && schema)
          value = validValue({ allOf: [schema, { minLength }] } as Schema, this.rng, 'random', this.validator);
      if (value === undefined || leavesNoSegment(value) || typeof value === 'object') return { ok: false, reason };
      out[p.name] = value;
      guessed = true;
    }
    return { ok: true, value: out, guessed };
  }

  /** Whether a path parameter's schema admits a value found in an answer (a path segment is text: a number is read as its digits). */
  admits(p: OpenAPIV3.ParameterObject, value: unknown): boolean {
    const schema = asSchema(p.schema);
    if (value === null || typeof value === 'object') return false;
    // An empty value leaves its path segment empty (`/projects//experiments` for
    // `/projects/{project}/experiments`, AWS names of `minLength: 0`), and a dot segment is removed
    // before sending (Azure's resource group `.`): another path (RFC 3986 §3.3, §5.2.4), which a
    // router does not match to the template, so the answer would not be the operation's.
    if (p.in === 'path' && leavesNoSegment(value)) return false;
    if (!schema) return true;
    if (this.validator.check(schema, value, 'request').valid) return true;
    // `/pets/7` carries "7": an integer parameter admits the digits of a number-like string, a string one the digits of a number.
    const flat = effective(schema);
    const text = String(value);
    const other =
      (flat.type === 'integer' || flat.type === 'number') && /^-?\d+(\.\d+)?$/.test(text)
        ? Number(text)
        : typeof value === 'number'
          ? text
          : undefined;
    return other !== undefined && this.validator.check(schema, other, 'request').valid;
  }

  private firstListed(
    listOp: Operation,
    field: string,
    known: Readonly<Record<string, unknown>>,
    uncached = false,
    depth = 0,
  ): Promise<Obtained<unknown>> {
    // As for a create (above): a list the run cannot authenticate to is not asked, since its refusal
    // would be judged as the answer to a valid request.
    if (listOp.requiresAuth && !this.session.credentials.valid(listOp))
      return Promise.resolve({
        ok: false,
        reason: `listing a prerequisite: ${this.session.credentials.missing(listOp)}`,
      });
    const own = pathParameters(listOp).map((p) => p.name);
    const usable = this.carried(listOp, known);
    const key = `${listOp.id} ${field} ${JSON.stringify(own.map((n) => usable[n]))}`;
    let hit = uncached ? undefined : this.listed.get(key);
    if (!hit) {
      hit = (async (): Promise<Obtained<unknown>> => {
        // A nested list (`/flows/{Sid}/revisions`) needs its own path parameters first.
        let pathParams: Record<string, unknown> = {};
        if (own.length > 0) {
          if (own.every((n) => usable[n] !== undefined))
            pathParams = Object.fromEntries(own.map((n) => [n, usable[n]]));
          else {
            // One level deeper: a list whose own path parameter only that list provides
            // (mastercard's) would otherwise ask itself without end (the stack overflowed).
            const parent = await this.pathParamsFor(listOp, false, depth + 1);
            if (!parent.ok) return parent;
            pathParams = parent.value;
          }
        }
        const exchange = await this.session.send({
          reportAs: listOp.id,
          operation: listOp,
          kind: 'prerequisite',
          method: 'get',
          path: listOp.path,
          input: { pathParams, query: {}, body: undefined, contentType: undefined },
          auth: 'valid',
        });
        try {
          const answer = JSON.parse(exchange.response?.body ?? '') as unknown;
          const items = this.pageOf(listOp, answer) ?? listItems(answer) ?? [];
          // The first item whose identifier can fill a path segment: an empty one or a dot segment names
          // nothing (RFC 3986 §3.3, §5.2.4: `/global-networks//links` is another path, which no operation serves).
          // The list is a parent's record holding the items (tcgdex's `GET /sets/{set}`, its `cards`), which
          // no literal segment names: the parameter names the noun and the field (`cardLocalId` → `localId`).
          const held = /\}$/.test(listOp.path);
          for (const item of items) {
            const noun = held && isRecord(item) ? nounedField(field, Object.keys(item)) : undefined;
            const value =
              noun !== undefined && isRecord(item)
                ? item[noun]
                : (this.modelIdOf(listOp, field, item) ??
                  identifierOf(item, field, undefined, undefined, exchange.request.url));
            if (isRecord(item) && value !== undefined && value !== null && !leavesNoSegment(value))
              return { ok: true, value };
          }
        } catch {
          // fall through
        }
        return { ok: false, reason: `${listOp.id} listed nothing to take a ${field} from` };
      })();
      if (!uncached) this.listed.set(key, hit);
    }
    return hit;
  }
}

/**
 * The body field that names the record of a collection path (`/roles`): the identifier its item path
 * names (`/roles/{roleId}`), else `id`, where the body has such a field; with the field's schema.
 */
function recordField(
  contract: Contract,
  path: string,
  fields: readonly (readonly [string, Schema])[],
): readonly [string, Schema] | undefined {
  const item = contract.operations
    .map((op) => op.path.startsWith(`${path}/{`) && /^\{([^}/]+)\}$/.exec(op.path.slice(path.length + 1))?.[1])
    .find((name): name is string => typeof name === 'string' && fields.some(([field]) => field === name));
  return fields.find(([field]) => field === (item ?? 'id'));
}
