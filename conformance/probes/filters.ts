import { createHash } from 'node:crypto';
import { nonNullView, schemaValidatorFor, type Operation } from '../../src/contract/index.js';
import { requestBodyOf } from '../cases/inputs.js';
import { asSchema, isRecord, properties, type Schema } from '../cases/schema.js';
import type { Exchange } from '../types.js';
import {
  LIMIT_NAMES,
  filtersOf,
  identityOf,
  itemSchemaOf,
  itemsOf,
  normalName,
  numericBounds,
  queryParams,
  type Filter,
} from './lists.js';
import type { ProbePlan, ProbeVerdict, ProbeCheck, ProbeRequest, Sent } from '../registry/types.js';
import { acceptedBody, blocked, collections, json, needsKey, ok } from './util.js';

/**
 * `filters_filter`, in pure parts: `filterPlan` reads the filters a list declares (query parameters
 * named like a property of its items), `nextFilterRequest` says what to send next from what was
 * recorded, `judgeFilters` judges the recorded exchanges.
 *
 * The values filtered by are ones the contract or the target gives: an enum's values, both booleans,
 * else the value a freshly created item has (create, then list with the filter: the created item is
 * listed and every listed item matches), else the value a listed item has. Of those, one that some
 * item of an unfiltered page (the census) does not match: a list that ignores the filter then shows
 * that item, whatever values the run happened to draw before. The created item carries a value of
 * the probe's own where the property is free text (distinctBody), so that there is one.
 */

export interface FilterPlan {
  readonly op: Operation;
  readonly filters: readonly Filter[];
  /** The create whose new item the list should show (same collection), when the run has a body it took. */
  readonly create: { readonly op: Operation; readonly body: Record<string, unknown> } | undefined;
  /** Page size parameters and the size asked for: as large as allowed, so a created item is on the page. */
  readonly size: Record<string, number>;
}

export type FilterStep =
  | { readonly kind: 'create' }
  | { readonly kind: 'census' }
  | {
      readonly kind: 'filter';
      readonly filter: Filter;
      readonly value: unknown;
      readonly source: 'enum' | 'boolean' | 'created' | 'listed';
    };

export interface Recorded {
  readonly step: FilterStep;
  readonly exchange: Exchange;
}

const fixedValues = (f: Filter): { values: unknown[]; source: 'enum' | 'boolean' } | undefined => {
  const s = f.schema?.type === 'array' ? asSchema(f.schema.items) : f.schema;
  if (s?.enum) return { values: (f.values ?? s.enum.filter((v) => v !== null)).slice(0, 3), source: 'enum' };
  if (s?.type === 'boolean') return { values: [true, false], source: 'boolean' };
  return undefined;
};

export function filterPlan(op: Operation, create: FilterPlan['create']): ProbePlan<FilterPlan> {
  const item = itemSchemaOf(op);
  if (!item) return { ok: false, reason: `${op.id} answers no list of items` };
  const filters = filtersOf(op, item);
  if (filters.length === 0)
    return { ok: false, reason: `${op.id} has no query parameter named like a property of its items` };
  const size: Record<string, number> = {};
  for (const p of queryParams(op).filter((q) => LIMIT_NAMES.has(normalName(q.name)))) {
    const b = numericBounds(p);
    if (b) size[p.name] = Math.max(b.min ?? 1, Math.min(b.max ?? 100, 100));
  }
  return { ok: true, plan: { op, filters, create, size } };
}

/** A value of a record for a filter (its property), when it is one a query can carry. */
function valueFor(record: unknown, f: Filter): unknown {
  if (!isRecord(record)) return undefined;
  const v = record[f.property];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' || typeof first === 'number' || typeof first === 'boolean' ? first : undefined;
}

/**
 * The value to filter by, from the item created and the items of the census: the first (the created
 * item's first) that some known item does not match, so that a list ignoring the filter shows a
 * stray; else the first there is (a page whose items all match any value tells nothing either way).
 */
export function pickValue(
  f: Filter,
  created: unknown,
  listed: readonly unknown[],
): { readonly value: unknown; readonly source: 'created' | 'listed' } | undefined {
  const candidates: { value: unknown; source: 'created' | 'listed' }[] = [];
  const own = valueFor(created, f);
  if (own !== undefined) candidates.push({ value: own, source: 'created' });
  for (const item of listed) {
    const v = valueFor(item, f);
    if (v !== undefined && !candidates.some((c) => c.value === v)) candidates.push({ value: v, source: 'listed' });
  }
  const known = created === undefined ? listed : [created, ...listed];
  return candidates.find((c) => known.some((item) => matches(item, f, c.value, false) === false)) ?? candidates[0];
}

/** The next request, from those recorded so far; undefined when all are sent. */
export function nextFilterRequest(plan: FilterPlan, sent: readonly Recorded[]): FilterStep | undefined {
  const needsValue = plan.filters.filter((f) => fixedValues(f) === undefined);
  const steps: FilterStep[] = [];
  for (const f of plan.filters)
    for (const value of fixedValues(f)?.values ?? [])
      steps.push({ kind: 'filter', filter: f, value, source: fixedValues(f)?.source ?? 'enum' });
  const unsent = (): FilterStep | undefined => steps.find((s) => !sent.some((r) => sameStep(r.step, s)));
  if (needsValue.length > 0) {
    const created = plan.create ? sent.find((r) => r.step.kind === 'create') : undefined;
    if (plan.create && !created) return unsent() ?? { kind: 'create' };
    // The census, after the create: the page a list that ignores the filter answers.
    const census = sent.find((r) => r.step.kind === 'census');
    if (!census) return unsent() ?? { kind: 'census' };
    const fromCreated = created && ok(created.exchange) ? json(created.exchange) : undefined;
    const listed = itemsOf(plan.op, census.exchange) ?? [];
    for (const f of needsValue) {
      const picked = pickValue(f, fromCreated, listed);
      if (picked) steps.push({ kind: 'filter', filter: f, value: picked.value, source: picked.source });
    }
  }
  return unsent();
}

/**
 * The probe's own create body: the run's accepted one, each free-text filter property given a value
 * no item holds yet (`filter-<tag>`: a filter by it lists the created item alone, a list ignoring it
 * shows the others), and its other free-text values made unique the way a 409 retry makes them
 * (the accepted body sent again is refused 409 on a unique `sku`, RFC 9110 §15.5.10). The accepted
 * body where the result is not valid (`valid`: the request schema's verdict).
 */
export function distinctBody(
  create: Operation,
  body: Record<string, unknown>,
  filters: readonly Filter[],
  tag: string,
  valid: (schema: Schema, value: unknown) => boolean,
): Record<string, unknown> {
  const schema = asSchema(requestBodyOf(create)?.schema);
  if (!schema) return body;
  const props = properties(nonNullView(schema));
  const free = (s: Schema | undefined): s is Schema =>
    s?.type === 'string' && s.enum === undefined && s.pattern === undefined && s.format === undefined;
  const fit = (s: Schema, v: string): string | undefined => {
    const cut = v.slice(0, s.maxLength ?? v.length);
    return cut.length >= (s.minLength ?? 0) && valid(s, cut) ? cut : undefined;
  };
  const out: Record<string, unknown> = { ...body };
  for (const [name, value] of Object.entries(body)) {
    const s = asSchema(props.get(name));
    const flat = s ? nonNullView(s) : undefined;
    if (!s || !flat || typeof value !== 'string' || flat.enum !== undefined) continue;
    const next =
      flat.pattern !== undefined
        ? `${value}${tag.replace(/\D/g, '')}`
        : flat.format === 'email'
          ? `u${tag}@example.com`
          : flat.format === 'uuid'
            ? tagUuid(tag, name)
            : flat.format === undefined
              ? `${value}-${tag}`.slice(-(flat.maxLength ?? 200))
              : undefined;
    const fitted = next === undefined ? undefined : fit(s, next);
    if (fitted !== undefined) out[name] = fitted;
  }
  for (const f of filters.filter((x) => fixedValues(x) === undefined)) {
    const s = asSchema(props.get(f.property));
    if (!s || !free(nonNullView(s))) continue;
    const own = fit(s, `filter-${tag}`);
    if (own !== undefined) out[f.property] = own;
  }
  return valid(schema, out) ? out : body;
}

/** A UUID of the run's own for a member (RFC 9562 §5.4's layout, version 4 and variant bits set, drawn from the tag). */
function tagUuid(tag: string, member: string): string {
  const h = createHash('sha256').update(`${tag}/${member}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sameStep = (a: FilterStep, b: FilterStep): boolean =>
  a.kind === b.kind && (a.kind !== 'filter' || (b.kind === 'filter' && a.filter === b.filter && a.value === b.value));

/** The query of a step (the census and filters ask for the largest page allowed). */
export function filterQuery(plan: FilterPlan, step: FilterStep): Record<string, unknown> {
  if (step.kind === 'filter')
    return { ...plan.size, [step.filter.param.name]: step.filter.schema?.type === 'array' ? [step.value] : step.value };
  return { ...plan.size };
}

/** The truth value a text names: `true`/`1` or `false`/`0`; else undefined. */
function truthOf(text: string): boolean | undefined {
  return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
}

/**
 * Whether a listed item matches a filter's value. Enums, booleans and numbers match by equality; a
 * list property when any member does (a member object by its name or id); a free string also when it
 * contains the value, ignoring case: a filter may match by prefix or substring, and the contract
 * rarely says which, so only an item that does not even contain the value is a stray.
 * Undefined: the item does not show the property (a list may show a summary), so it cannot be told
 * (one that shows it as null does not match);
 * a property with a `default` that the item leaves out is read as that default.
 */
export function matches(item: unknown, f: Filter, value: unknown, strictString: boolean): boolean | undefined {
  if (!isRecord(item)) return false;
  const shown = item[f.property];
  // An item that leaves out a property with a default stands for the default (OAS 3.0.3 §4.7.24).
  const v = shown === undefined && f.absentMeans !== undefined ? f.absentMeans : shown;
  // A null the item shows is not the value the filter names (a null read back absent is another
  // matter: absent, the item may be a summary and cannot be told).
  if (v === null) return false;
  if (v === undefined) return strictString ? false : undefined;
  const members = Array.isArray(v) ? v : [v];
  const want = String(value);
  return members.some((m) => {
    // A query value is text (OAS 3.0.3 §4.7.12): `isGroundhog=true` beside an enum offering "1", "0",
    // "true" and "false" names the truth value an item shows as the integer 1 (or `true`).
    const truth = truthOf(want);
    if (truth !== undefined && (typeof m === 'boolean' || m === 0 || m === 1)) return truthOf(String(m)) === truth;
    const s = isRecord(m) ? String(m['name'] ?? m['id']) : String(m);
    if (s === want) return true;
    return !strictString && typeof m === 'string' && s.toLowerCase().includes(want.toLowerCase());
  });
}

/** Judges the recorded requests: pure. */
export function judgeFilters(plan: FilterPlan, sent: readonly Recorded[]): ProbeVerdict {
  const created = sent.find((r) => r.step.kind === 'create');
  const createdRecord = created && ok(created.exchange) ? json(created.exchange) : undefined;
  const createdId = identityOf(createdRecord);
  const pageSize = Object.values(plan.size)[0];
  let judged = 0;
  const said: string[] = [];
  for (const r of sent) {
    if (r.step.kind !== 'filter') continue;
    const { filter: f, value, source } = r.step;
    const items = itemsOf(plan.op, r.exchange);
    // Status and schema are other checks' business; an unanswered page judges nothing.
    if (!items) continue;
    const strict = source === 'enum' || source === 'boolean';
    const shown = `${f.param.name}=${JSON.stringify(value)}`;
    if (source === 'created' && createdId !== undefined) {
      const listed = items.some((i) => identityOf(i) === createdId);
      // The created item must be on the page only where the page is not full: a full page may end before it.
      if (!listed && (pageSize === undefined ? false : items.length < pageSize)) {
        return {
          status: 'failed',
          message: `${shown} (the value of the item just created, ${createdId}) does not list it: ${items.length} item(s) listed`,
          exchange: r.exchange,
          judged: judged + 1,
        };
      }
    }
    if (items.length === 0) continue;
    const verdicts = items.map((i) => matches(i, f, value, strict));
    const stray = items.find((_, i) => verdicts[i] === false);
    if (verdicts.every((v) => v === undefined)) continue;
    judged++;
    if (stray !== undefined) {
      return {
        status: 'failed',
        message: `${shown} returned an item with ${f.property} ${JSON.stringify(isRecord(stray) ? stray[f.property] : stray)}`,
        exchange: r.exchange,
        judged,
      };
    }
    said.push(`${shown}${source === 'created' ? " (a created item's value)" : ''}`);
  }
  if (judged === 0) {
    const names = plan.filters.map((f) => f.param.name).join(', ');
    return {
      status: 'skipped',
      message: `no filtered list to judge (${names}: no value to filter by, or no filtered page answered with items showing the property)`,
    };
  }
  return {
    status: 'passed',
    message: `every item listed matches: ${[...new Set(said)].slice(0, 4).join(', ')}${said.length > 4 ? '…' : ''}`,
    judged,
  };
}

/** A request of the filter probe: the step it carries out. */
interface FilterRequest extends ProbeRequest {
  readonly step: FilterStep;
}

const recorded = (sent: readonly Sent<FilterRequest>[]): Recorded[] =>
  sent.map((s) => ({ step: s.request.step, exchange: s.exchange }));

/** `filters_filter`: the plan, next-request and judge functions above, as a probe check. */
export const filtersFilter: ProbeCheck<FilterPlan, FilterRequest> = {
  kind: 'probe',
  name: 'filters_filter',
  description:
    "A list query parameter named like a property of its items: filtered by an enum's values, both booleans, or the value an item created for the purpose has (it is listed) or a listed item has, every item returned matches.",
  needs: ['positive'],
  plan(op, run) {
    if (op.method !== 'get' || !itemSchemaOf(op)) return undefined;
    const c = collections(run.contract).find((x) => x.list === op && !needsKey(run, x.create));
    const body = c ? acceptedBody(run, c.create) : undefined;
    const planned = filterPlan(op, c && body ? { op: c.create, body } : undefined);
    if (!planned.ok) return planned;
    const why = blocked(run, op);
    if (why !== undefined) return { ok: false, reason: why };
    if (!planned.plan.create) return planned;
    // Unique across runs against the same service (a value of this run would collide on the next).
    const tag = run.tag;
    const validator = schemaValidatorFor(run.contract);
    const own = distinctBody(
      planned.plan.create.op,
      planned.plan.create.body,
      planned.plan.filters,
      tag,
      (s, v) => validator.check(s, v, 'request').valid,
    );
    return { ok: true, plan: { ...planned.plan, create: { ...planned.plan.create, body: own } } };
  },
  next(plan, sent) {
    const step = nextFilterRequest(plan, recorded(sent));
    if (!step) return undefined;
    return step.kind === 'create' && plan.create
      ? { op: plan.create.op, body: plan.create.body, step }
      : { op: plan.op, query: filterQuery(plan, step), step };
  },
  judge: (plan, sent) => judgeFilters(plan, recorded(sent)),
};
