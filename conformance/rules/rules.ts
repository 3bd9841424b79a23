import { collectionNames, referenceBase, writableInRequest, type Operation } from '../../src/contract/index.js';
import { asSchema, isRecord } from '../cases/schema.js';
import type { CheckResult, Exchange } from '../types.js';
import type { Rule, RuleContext } from './index.js';
import { filterPlan, filterQuery, judgeFilters, nextFilterRequest, type Recorded } from './filters.js';
import { itemSchemaOf } from './lists.js';
import { judgePaging, nextPagingQuery, pagingPlan } from './paging.js';
import { verdictResult, type Verdict } from './verdict.js';
import { acceptedBody, collections, json, ok, probe, properties, result, selected, successSchema, unfilledPath } from './util.js';

/** A secured operation none of whose requirements the run's credentials meet (any flag: --api-key, --bearer, --basic, --auth, --header). */
const needsKey = (ctx: RuleContext, op: Operation): boolean => op.requiresAuth && ctx.session.credentials.valid(op) === undefined;
const same = (a: unknown, b: unknown): boolean => a !== undefined && b !== undefined && String(a) === String(b);

/**
 * Pure: what the Location of an accepted create names, an item of `item`'s path (its parameter and
 * the body's id), or the verdict when it names none. Only the path is judged: an absolute Location
 * may name the host as the server sees it (RFC 9110 §10.2.2).
 */
export function locationNames(create: Operation, item: Operation, created: Exchange): Verdict | { readonly value: string; readonly param: string; readonly id: unknown } {
  const value = created.response?.headers['location'];
  if (value === undefined) return { status: 'failed', message: `${created.response?.status ?? '?'} without the documented Location header`, exchange: created, judged: 1 };
  const base = new URL(created.request.url);
  const prefix = base.pathname.slice(0, base.pathname.length - create.path.length);
  const named = new URL(value, base);
  const template = new RegExp(`^${(prefix + item.path).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}/?$`);
  const m = template.exec(named.pathname);
  const body = json(created);
  const id = isRecord(body) ? body['id'] : undefined;
  if (!m?.[1]) return { status: 'failed', message: `Location ${value} does not name an item of ${item.path}`, exchange: created, judged: 1 };
  const param = decodeURIComponent(m[1]);
  if (id !== undefined && !same(param, id)) return { status: 'failed', message: `Location ${value} names ${param}, the body's id is ${JSON.stringify(id)}`, exchange: created, judged: 1 };
  return { value, param, id };
}

/** Pure: the verdict on reading the Location through the item operation. */
export function judgeLocationRead(item: Operation, named: { readonly value: string; readonly id: unknown }, read: Exchange): Verdict {
  const body = json(read);
  const readId = isRecord(body) ? body['id'] : undefined;
  // The item read is past its sunset (RFC 8594): the Location cannot be read through it any more.
  if (read.response?.status === 410 && item.deprecated) return { status: 'skipped', message: `${item.id} is deprecated and answers 410 Gone: the Location cannot be read through it` };
  if (!ok(read)) return { status: 'failed', message: `Location ${named.value} does not resolve: ${item.id} answered ${read.response?.status ?? read.error?.message ?? '?'}`, exchange: read, judged: 1 };
  if (named.id !== undefined && !same(readId, named.id)) return { status: 'failed', message: `Location ${named.value} resolves to id ${JSON.stringify(readId)}, not the created ${JSON.stringify(named.id)}`, exchange: read, judged: 1 };
  return { status: 'passed', message: `Location ${named.value} resolves to the created resource through ${item.id}`, judged: 2 };
}

/** `Location` of a 201 names the created resource (RFC 9110 §10.2.2): read through the item operation, it is the body's resource. */
const location: Rule = {
  name: 'location_names_resource',
  description: 'A create that documents Location: the Location, read through the item operation, is the resource in the body.',
  async run(ctx) {
    const out: CheckResult[] = [];
    for (const c of collections(ctx)) {
      const op = c.create;
      if (!selected(ctx, op)) continue;
      const headers = Object.entries(op.responses).find(([s]) => s === '201')?.[1];
      const declares = headers && 'headers' in headers && Object.keys(headers.headers ?? {}).some((h) => h.toLowerCase() === 'location');
      if (!declares) {
        out.push(result(this.name, op, 'skipped', `${op.id} documents no Location on 201`));
        continue;
      }
      if (!c.item) {
        out.push(result(this.name, op, 'skipped', `no item operation (GET ${op.path}/{id}) to read the Location through`));
        continue;
      }
      if (needsKey(ctx, op)) {
        out.push(result(this.name, op, 'skipped', ctx.session.credentials.missing(op)));
        continue;
      }
      const body = acceptedBody(ctx, op);
      if (!body) {
        out.push(result(this.name, op, 'skipped', `no request to ${op.id} was accepted in this run, so there is no body to create with`));
        continue;
      }
      const created = await probe(ctx, op, this.name, { body });
      if (!ok(created) || !created.response) {
        out.push(result(this.name, op, 'skipped', `the create was not accepted this time (${created.response ? `status ${created.response.status}` : (created.error?.message ?? 'no answer')})`, created));
        continue;
      }
      const named = locationNames(op, c.item.op, created);
      if ('status' in named) {
        out.push(verdictResult(this.name, op, named));
        continue;
      }
      const read = await probe(ctx, c.item.op, this.name, { pathParams: { [c.item.param]: named.param } });
      out.push(verdictResult(this.name, op, judgeLocationRead(c.item.op, named, read)));
    }
    return out;
  },
};

/** Pure: the verdict on a create that carried client-chosen readOnly identifiers (`sent`). */
export function judgeReadOnly(sent: Readonly<Record<string, unknown>>, e: Exchange): Verdict {
  const status = e.response?.status;
  if (status === undefined || status >= 500) return { status: 'skipped', message: `no judgeable answer (${status ?? e.error?.message ?? '?'}): not_a_server_error reports server errors`, exchange: e };
  if (status >= 400) return { status: 'passed', message: `refused with ${status}`, judged: 1 };
  const answer = json(e);
  const echoed = Object.keys(sent).filter((k) => isRecord(answer) && same(answer[k], sent[k]));
  return echoed.length > 0
    ? { status: 'failed', message: `the server kept the client's readOnly ${echoed.map((k) => `${k}=${JSON.stringify(sent[k])}`).join(', ')}`, exchange: e, judged: 1 }
    : { status: 'passed', message: `readOnly ${Object.keys(sent).join(', ')} sent by the client ignored`, judged: 1 };
}

/** A readOnly identifier sent by a client (OpenAPI 3.0.3 §4.7.25.1 readOnly) is refused or ignored, never echoed. */
const readOnly: Rule = {
  name: 'read_only_not_honoured',
  description: 'A create body carrying a readOnly identifier chosen by the client: refused (4xx) or ignored, never echoed as given.',
  async run(ctx) {
    const out: CheckResult[] = [];
    for (const c of collections(ctx)) {
      const op = c.create;
      if (!selected(ctx, op)) continue;
      // A field the request's own schema declares writable is the client's to send, readOnly in the
      // answer or not (OAS 3.0.3 §4.7.24: readOnly binds the schema that declares it).
      const writable = writableInRequest(op.requestBody?.content);
      const fields = [...properties(successSchema(op)).entries()].filter(([name, s]) => s.readOnly === true && !writable.has(name) && (name === 'id' || /id$/i.test(name) || s.format === 'uuid') && (s.type === 'integer' || s.type === 'string'));
      if (fields.length === 0) {
        out.push(result(this.name, op, 'skipped', `the answer of ${op.id} declares no readOnly identifier`));
        continue;
      }
      if (needsKey(ctx, op)) {
        out.push(result(this.name, op, 'skipped', ctx.session.credentials.missing(op)));
        continue;
      }
      const body = acceptedBody(ctx, op);
      if (!body) {
        out.push(result(this.name, op, 'skipped', `no request to ${op.id} was accepted in this run, so there is no body to add the field to`));
        continue;
      }
      const sent: Record<string, unknown> = {};
      for (const [name, s] of fields) {
        // Values a server assigning its own identifiers would not pick.
        sent[name] = s.type === 'integer' ? Math.min(s.maximum ?? 987_654_321, 987_654_321) : s.format === 'uuid' ? '0c1e0c1e-0000-4000-8000-00000000beef' : 'client-chosen-id';
      }
      out.push(verdictResult(this.name, op, judgeReadOnly(sent, await probe(ctx, op, this.name, { body: { ...body, ...sent } }))));
    }
    return out;
  },
};

/** `paging_truthful`: the plan, next-request and judge functions are pure (paging.ts); this sends what they ask for. */
const paging: Rule = {
  name: 'paging_truthful',
  description: 'A list with a page-size parameter (limit, per_page, page_size…): no page holds more; with an offset or page number the next page holds other items; with a total-count header, a walk over every page agrees with it (Link rel="next" while items remain).',
  async run(ctx) {
    const out: CheckResult[] = [];
    for (const op of ctx.contract.operations) {
      if (op.method !== 'get' || !selected(ctx, op)) continue;
      const planned = pagingPlan(op);
      if (!planned.ok) {
        if (itemSchemaOf(op)) out.push(result(this.name, op, 'skipped', planned.reason));
        continue;
      }
      const blocked = needsKey(ctx, op) ? ctx.session.credentials.missing(op) : unfilledPath(ctx, op);
      if (blocked) {
        out.push(result(this.name, op, 'skipped', blocked));
        continue;
      }
      const sent: Exchange[] = [];
      for (let query = nextPagingQuery(planned.plan, sent); query; query = nextPagingQuery(planned.plan, sent)) sent.push(await probe(ctx, op, this.name, { query }));
      const v = judgePaging(planned.plan, sent);
      out.push(v.status === 'skipped' ? result(this.name, op, 'skipped', v.message, v.exchange) : v.status === 'failed' ? result(this.name, op, 'failed', v.message, v.exchange, v.judged) : result(this.name, op, 'passed', v.message, undefined, v.judged));
    }
    return out;
  },
};

/** `filters_filter`: the plan, next-request and judge functions are pure (filters.ts); this sends what they ask for. */
const filters: Rule = {
  name: 'filters_filter',
  description: "A list query parameter named like a property of its items: filtered by an enum's values, both booleans, or the value an item created for the purpose has (it is listed) or a listed item has, every item returned matches.",
  async run(ctx) {
    const out: CheckResult[] = [];
    const all = collections(ctx);
    for (const op of ctx.contract.operations) {
      if (op.method !== 'get' || !selected(ctx, op) || !itemSchemaOf(op)) continue;
      const c = all.find((x) => x.list === op && !needsKey(ctx, x.create));
      const body = c ? acceptedBody(ctx, c.create) : undefined;
      const planned = filterPlan(op, c && body ? { op: c.create, body } : undefined);
      if (!planned.ok) {
        out.push(result(this.name, op, 'skipped', planned.reason));
        continue;
      }
      const blocked = needsKey(ctx, op) ? ctx.session.credentials.missing(op) : unfilledPath(ctx, op);
      if (blocked) {
        out.push(result(this.name, op, 'skipped', blocked));
        continue;
      }
      const { plan } = planned;
      const sent: Recorded[] = [];
      for (let step = nextFilterRequest(plan, sent); step; step = nextFilterRequest(plan, sent)) {
        const exchange = step.kind === 'create' && plan.create ? await probe(ctx, plan.create.op, this.name, { body: plan.create.body }) : await probe(ctx, op, this.name, { query: filterQuery(plan, step) });
        sent.push({ step, exchange });
      }
      const v = judgeFilters(plan, sent);
      out.push(v.status === 'skipped' ? result(this.name, op, 'skipped', v.message, v.exchange) : v.status === 'failed' ? result(this.name, op, 'failed', v.message, v.exchange, v.judged) : result(this.name, op, 'passed', v.message, undefined, v.judged));
    }
    return out;
  },
};

/** The collection a `…Id` field names: `categoryId` → the create on `/categories`. */
function collectionFor(ctx: RuleContext, field: string): Operation | undefined {
  const base = referenceBase(field);
  if (!base) return undefined;
  const plurals = collectionNames(base);
  return collections(ctx).find((c) => c.item && plurals.includes(c.create.path.split('/').filter(Boolean).pop()?.toLowerCase() ?? ''))?.create;
}

/** What a response's description says when it is about a referenced thing that does not exist. */
const REFERENCE_WORDS = /(does ?n[o']t exist|not exist|no such|unknown|not found|refer)/i;

/**
 * Pure: the verdict on a create whose `field` named nothing that exists, or undefined when the answer
 * is one of the documented 4xx. A failure where a documented 4xx says references must exist
 * (`stated`) or the server erred; otherwise a warning: refusing is policy, not the contract.
 */
export function judgeReference(probe: { operation: string; field: string; value: unknown; target: string | undefined; documented: readonly string[]; stated: { status: string; says: string } | undefined; fields: number }, e: Exchange): Verdict | undefined {
  const status = e.response?.status;
  const fine = status !== undefined && probe.documented.some((d) => d === String(status) || (/^4XX$/i.test(d) && status >= 400 && status < 500));
  if (fine) return undefined;
  const message = `${probe.field}: ${JSON.stringify(probe.value)} (no such ${probe.target ?? 'resource'}) answered ${status ?? e.error?.message ?? '?'}, expected one of the documented ${probe.documented.join(', ')}`;
  return probe.stated || status === undefined || status >= 500
    ? { status: 'failed', message: `${message}${probe.stated ? ` (its ${probe.stated.status} says: ${probe.stated.says})` : ''}`, exchange: e, judged: probe.fields }
    : { status: 'warning', message: `${message}; a warning: no documented 4xx of ${probe.operation} says a reference must exist, so refusing it is policy, not the contract`, exchange: e, judged: probe.fields };
}

/** References are checked: a body field naming another resource by id gets a documented 4xx when that id does not exist. */
const references: Rule = {
  name: 'references_checked',
  description: 'A create body whose …Id field names a collection of the contract, given an id that does not exist: a documented 4xx. A failure only where a documented 4xx says so (its description speaks of something referred to that does not exist, as the Petstore\'s 422); otherwise a warning.',
  async run(ctx) {
    const out: CheckResult[] = [];
    for (const c of collections(ctx)) {
      const op = c.create;
      if (!selected(ctx, op)) continue;
      const bodySchema = op.requestBody && 'content' in op.requestBody ? asSchema(Object.values(op.requestBody.content ?? {})[0]?.schema) : undefined;
      // A field naming the very kind of resource being created (`client_id` on POST /clients, or on a
      // registration endpoint answering the same client schema) is the new resource's own identifier,
      // chosen by the client: not a reference to check.
      const created = successSchema(op);
      const ownKind = (target: Operation): boolean => {
        if (target.path === op.path) return true;
        const item = collections(ctx).find((other) => other.create === target)?.item;
        return created !== undefined && item !== undefined && successSchema(item.op) === created;
      };
      const fields = [...properties(bodySchema).entries()].filter(([name, s]) => {
        const target = s.readOnly !== true ? collectionFor(ctx, name) : undefined;
        return target !== undefined && !ownKind(target);
      });
      if (fields.length === 0) {
        out.push(result(this.name, op, 'skipped', `the body of ${op.id} names no other collection by id`));
        continue;
      }
      const documented = Object.keys(op.responses).filter((s) => /^4(\d\d|XX)$/i.test(s) && !['401', '403', '406', '413', '415', '429'].includes(s));
      if (documented.length === 0) {
        out.push(result(this.name, op, 'skipped', `${op.id} documents no 4xx for a bad request`));
        continue;
      }
      if (needsKey(ctx, op)) {
        out.push(result(this.name, op, 'skipped', ctx.session.credentials.missing(op)));
        continue;
      }
      const body = acceptedBody(ctx, op);
      if (!body) {
        out.push(result(this.name, op, 'skipped', `no request to ${op.id} was accepted in this run, so there is no body to change`));
        continue;
      }
      // Whether an unknown reference must be refused is policy unless the contract says so: a documented
      // 4xx whose words are about a referenced thing not existing (the bundled Petstore's 422 "The body
      // refers to a category or pet that does not exist"). Without such words an accepted probe is a warning.
      // A 404 is about the target resource (RFC 9110 §15.5.5: "did not find a current representation
      // for the target resource"): "Resource not found" restates that, and only words about what the
      // body refers to make it a statement about references.
      const stated = documented.find((status) => (status === '404' ? /refer/i : REFERENCE_WORDS).test(op.responses[status]?.description ?? ''));
      let failure: Verdict | undefined;
      for (const [name, s] of fields) {
        const unknown = s.type === 'integer' || s.type === 'number' ? Math.min(s.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) : s.format === 'uuid' ? 'ffffffff-ffff-4fff-bfff-ffffffffffff' : 'conformance-unknown-00000000';
        const e = await probe(ctx, op, this.name, { body: { ...body, [name]: unknown } });
        const stating = stated === undefined ? undefined : { status: stated, says: op.responses[stated]?.description?.trim().split('\n')[0] ?? '' };
        failure = judgeReference({ operation: op.id, field: name, value: unknown, target: collectionFor(ctx, name)?.path, documented, stated: stating, fields: fields.length }, e);
        if (failure) break;
      }
      out.push(verdictResult(this.name, op, failure ?? { status: 'passed', message: `${fields.map(([n]) => n).join(', ')} naming nothing: a documented 4xx`, judged: fields.length }));
    }
    return out;
  },
};

export const GENERIC_RULES: readonly Rule[] = [location, readOnly, paging, filters, references];
