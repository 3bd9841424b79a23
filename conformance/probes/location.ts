import type { Operation } from '../../src/contract/index.js';
import { isRecord } from '../cases/schema.js';
import type { ProbeCheck, ProbeVerdict as Verdict } from '../registry/types.js';
import type { Exchange } from '../types.js';
import { exchangesRequesting } from '../exchange-index.js';
import { acceptedBody, collectionOf, creates, json, needsKey, ok } from './util.js';

const same = (a: unknown, b: unknown): boolean => a !== undefined && b !== undefined && String(a) === String(b);

/**
 * Pure: what the Location of an accepted create names, an item of `item`'s path (its parameter and
 * the body's id), or the verdict when it names none. Only the path is judged: an absolute Location
 * may name the host as the server sees it (RFC 9110 §10.2.2).
 */
export function locationNames(
  create: Operation,
  item: Operation,
  created: Exchange,
): Verdict | { readonly value: string; readonly param: string; readonly id: unknown } {
  const value = created.response?.headers['location'];
  if (value === undefined)
    return {
      status: 'failed',
      message: `${created.response?.status ?? '?'} without the documented Location header`,
      exchange: created,
      judged: 1,
    };
  const base = new URL(created.request.url);
  const prefix = base.pathname.slice(0, base.pathname.length - create.path.length);
  const named = new URL(value, base);
  const template = new RegExp(
    `^${(prefix + item.path).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}/?$`,
  );
  const m = template.exec(named.pathname);
  const body = json(created);
  const id = isRecord(body) ? body['id'] : undefined;
  if (!m?.[1])
    return {
      status: 'failed',
      message: `Location ${value} does not name an item of ${item.path}`,
      exchange: created,
      judged: 1,
    };
  const param = decodeURIComponent(m[1]);
  if (id !== undefined && !same(param, id))
    return {
      status: 'failed',
      message: `Location ${value} names ${param}, the body's id is ${JSON.stringify(id)}`,
      exchange: created,
      judged: 1,
    };
  return { value, param, id };
}

/** Pure: the verdict on reading the Location through the item operation. */
export function judgeLocationRead(
  item: Operation,
  named: { readonly value: string; readonly id: unknown },
  read: Exchange,
): Verdict {
  const body = json(read);
  const readId = isRecord(body) ? body['id'] : undefined;
  // The item read is past its sunset (RFC 8594): the Location cannot be read through it any more.
  if (read.response?.status === 410 && item.deprecated)
    return {
      status: 'skipped',
      message: `${item.id} is deprecated and answers 410 Gone: the Location cannot be read through it`,
    };
  if (!ok(read))
    return {
      status: 'failed',
      message: `Location ${named.value} does not resolve: ${item.id} answered ${read.response?.status ?? read.error?.message ?? '?'}`,
      exchange: read,
      judged: 1,
    };
  if (named.id !== undefined && !same(readId, named.id))
    return {
      status: 'failed',
      message: `Location ${named.value} resolves to id ${JSON.stringify(readId)}, not the created ${JSON.stringify(named.id)}`,
      exchange: read,
      judged: 1,
    };
  return {
    status: 'passed',
    message: `Location ${named.value} resolves to the created resource through ${item.id}`,
    judged: 2,
  };
}

interface LocationPlan {
  readonly create: Operation;
  readonly item: { readonly op: Operation; readonly param: string };
  readonly body: Record<string, unknown>;
  /** The run's last accepted create: judged instead when the same body is refused 409 this time. */
  readonly accepted: Exchange | undefined;
}

/**
 * The create to judge: the probe's own, or, when that one is refused 409 (RFC 9110 §15.5.10: the body
 * holds a value that must be unique, a `sku`, and was taken by the run's own create), the run's accepted
 * create of the same body, whose answer carries its Location as well.
 */
const judgedCreate = (plan: LocationPlan, own: Exchange): Exchange =>
  own.response?.status === 409 && plan.accepted ? plan.accepted : own;

/** The run's last accepted (2xx) create of `op`. */
function acceptedCreate(exchanges: readonly Exchange[], op: Operation): Exchange | undefined {
  const mine = exchangesRequesting(exchanges, op.id);
  for (let i = mine.length - 1; i >= 0; i--) {
    const e = mine[i];
    if (e?.kind === 'positive' && e.response && ok(e)) return e;
  }
  return undefined;
}

/** `Location` of a 201 names the created resource (RFC 9110 §10.2.2): read through the item operation, it is the body's resource. */
export const locationNamesResource: ProbeCheck<LocationPlan> = {
  kind: 'probe',
  name: 'location_names_resource',
  description:
    'A create that documents Location: the Location, read through the item operation, is the resource in the body.',
  needs: ['positive'],
  subjects: creates,
  plan(op, run) {
    const c = collectionOf(run.contract, op);
    if (!c) return undefined;
    const created = Object.entries(op.responses).find(([s]) => s === '201')?.[1];
    const declares =
      created && 'headers' in created && Object.keys(created.headers ?? {}).some((h) => h.toLowerCase() === 'location');
    if (!declares) return { ok: false, reason: `${op.id} documents no Location on 201` };
    if (!c.item) return { ok: false, reason: `no item operation (GET ${op.path}/{id}) to read the Location through` };
    // A Location is a URI reference to the resource (RFC 9110 §10.2.2); an item read that also
    // requires a query parameter (combell.com's GetMailbox: `?mailbox_name=` beside `{mailboxName}`)
    // is not made by the Location alone, so its refusal says nothing of what the Location names.
    const needed = c.item.op.parameters.filter((p) => p.in === 'query' && p.required === true).map((p) => p.name);
    if (needed.length > 0)
      return {
        ok: false,
        reason: `${c.item.op.id} requires the query parameter(s) ${needed.join(', ')}, which a Location does not carry`,
      };
    if (needsKey(run, op)) return { ok: false, reason: run.credentials.missing(op) };
    const body = acceptedBody(run, op);
    if (!body)
      return {
        ok: false,
        reason: `no request to ${op.id} was accepted in this run, so there is no body to create with`,
      };
    return { ok: true, plan: { create: op, item: c.item, body, accepted: acceptedCreate(run.exchanges, op) } };
  },
  next(plan, sent) {
    const own = sent[0]?.exchange;
    if (!own) return { op: plan.create, body: plan.body };
    const created = judgedCreate(plan, own);
    if (sent.length > 1 || !ok(created)) return undefined;
    const named = locationNames(plan.create, plan.item.op, created);
    return 'status' in named ? undefined : { op: plan.item.op, pathParams: { [plan.item.param]: named.param } };
  },
  judge(plan, sent) {
    const [own, read] = sent.map((s) => s.exchange);
    if (!own) return { status: 'skipped', message: 'no create was sent' };
    const created = judgedCreate(plan, own);
    if (!ok(created) || !created.response)
      return {
        status: 'skipped',
        message: `the create was not accepted this time (${created.response ? `status ${created.response.status}` : (created.error?.message ?? 'no answer')})`,
        exchange: created,
      };
    const named = locationNames(plan.create, plan.item.op, created);
    if ('status' in named) return named;
    if (!read) return { status: 'skipped', message: `the Location ${named.value} was not read` };
    return judgeLocationRead(plan.item.op, named, read);
  },
};
