import type { OpenAPIV3 } from 'openapi-types';
import type { Operation } from '../../src/contract/index.js';
import type { Exchange } from '../types.js';
import { namesTotalHeader, offsetBase, pageBase } from '../../src/contract/index.js';
import {
  CURSOR_NAMES,
  LIMIT_NAMES,
  OFFSET_NAMES,
  PAGE_NAMES,
  identityOf,
  itemSchemaOf,
  itemsOf,
  normalName,
  numericBounds,
  queryParams,
} from './lists.js';
import type { ProbePlan, ProbeVerdict, ProbeCheck } from '../registry/types.js';
import { blocked, ok } from './util.js';

/**
 * `paging_truthful`, in three pure parts: `pagingPlan` reads what the contract states of a list's
 * paging, `nextPagingQuery` says which request to send next from the exchanges recorded so far (the
 * rule's driver sends it through the session), and `judgePaging` judges the recorded exchanges.
 *
 * What is judged, each only where the contract names the parameter (its name and a numeric schema):
 * - a page never holds more items than the page size asked for (`limit`, `per_page`, `page_size`…);
 * - with an offset or a page number, the next page holds other items than the first;
 * - with a total-count header and an offset, a walk over every page: the header stays the same and
 *   counts the items walked, pages are disjoint, and a declared Link carries rel="next" (RFC 8288
 *   §3.3) while items remain.
 * Cursors (`page_token`, `starting_after`, `cursor`) are opaque: they are not invented, and following
 * them is not judged yet (said in the result).
 */

export interface PagingPlan {
  readonly op: Operation;
  /** Every page-size parameter (Kratos declares both `per_page` and `page_size`): all get the same size. */
  readonly limits: readonly OpenAPIV3.ParameterObject[];
  readonly offset: OpenAPIV3.ParameterObject | undefined;
  /** The index the offset gives the first item (the kernel's offsetBase, the mock's reading too): 0 or 1. */
  readonly offsetFirst: number;
  readonly page: { readonly param: OpenAPIV3.ParameterObject; readonly first: number } | undefined;
  readonly cursor: OpenAPIV3.ParameterObject | undefined;
  /** The smallest page size the contract admits (the one probed) and the census size. */
  readonly size: number;
  readonly census: number;
  readonly totalHeader: string | undefined;
  readonly linkDeclared: boolean;
}

const MAX_WALK = 12;

export function pagingPlan(op: Operation): ProbePlan<PagingPlan> {
  if (!itemSchemaOf(op)) return { ok: false, reason: `${op.id} answers no list of items` };
  const q = queryParams(op);
  const named = (names: ReadonlySet<string>): OpenAPIV3.ParameterObject[] =>
    q.filter((p) => names.has(normalName(p.name)));
  const named_ = named(LIMIT_NAMES);
  if (named_.length === 0)
    return { ok: false, reason: `${op.id} declares no page-size parameter (limit, per_page, page_size…)` };
  // A non-numeric `size` is something else (Lob's postcard `size`: 4x6); a page size is a number.
  const sizeParams = named_.filter((p) => numericBounds(p) !== undefined);
  if (sizeParams.length === 0)
    return {
      ok: false,
      reason: `${op.id}'s ${named_.map((p) => p.name).join(', ')} is not an integer in the contract: which values mean a page size is not stated`,
    };
  const bounds = sizeParams.map((p) => ({ p, b: numericBounds(p) }));
  // One size every size parameter admits; the census asks for as many as they all allow (up to 100).
  const size = Math.max(1, ...bounds.map((x) => x.b?.min ?? 1));
  const census = Math.min(100, ...bounds.map((x) => x.b?.max ?? 100));
  if (census <= size)
    return {
      ok: false,
      reason: `${op.id}'s page size admits only ${size}: a page over the limit cannot be told apart`,
    };
  const offset = named(OFFSET_NAMES).find((p) => numericBounds(p) !== undefined);
  const pageParam = named(PAGE_NAMES).find((p) => numericBounds(p) !== undefined);
  // A page number counts from the kernel's pageBase (the mock's reading too), and never below the
  // schema's minimum. Pages `first` and `first + 1` are two different pages whether the server
  // counts from 0 or from 1.
  const pageMin = pageParam ? numericBounds(pageParam)?.min : undefined;
  const page = pageParam ? { param: pageParam, first: Math.max(pageBase(pageParam.schema), pageMin ?? 0) } : undefined;
  const response = Object.entries(op.responses).find(([s]) => /^2/.test(s))?.[1];
  const declared = response && 'headers' in response ? Object.keys(response.headers ?? {}) : [];
  return {
    ok: true,
    plan: {
      op,
      limits: sizeParams,
      offset,
      offsetFirst: offset ? offsetBase(offset.schema) : 0,
      page,
      cursor: named(CURSOR_NAMES)[0],
      size,
      census,
      totalHeader: declared.find(namesTotalHeader),
      linkDeclared: declared.some((h) => h.toLowerCase() === 'link'),
    },
  };
}

const sized = (plan: PagingPlan, n: number): Record<string, number> =>
  Object.fromEntries(plan.limits.map((p) => [p.name, n]));
const totalOf = (plan: PagingPlan, e: Exchange | undefined): number | undefined => {
  const v = plan.totalHeader ? Number(e?.response?.headers[plan.totalHeader.toLowerCase()]) : NaN;
  return Number.isInteger(v) && v >= 0 ? v : undefined;
};
/** The walk's page size: a quarter of the total, so a walk takes a few pages. */
const walkSize = (plan: PagingPlan, total: number): number =>
  Math.max(plan.size, Math.min(plan.census, Math.ceil(total / 4)));

/**
 * The query of the next request, from those recorded so far (`sent`, in order), or undefined when
 * nothing more is needed. Requests: [0] the census (as many as allowed), [1] the first page of the
 * smallest size, [2] the next page (offset or page number), then the walk (total header and offset).
 */
export function nextPagingQuery(plan: PagingPlan, sent: readonly Exchange[]): Record<string, unknown> | undefined {
  // An offset counting from 1 (nordigen's `minimum: 1`, zuora's `default: 1`) asks for the first item at 1.
  const at = (n: number): Record<string, number> => (plan.offset ? { [plan.offset.name]: plan.offsetFirst + n } : {});
  if (sent.length === 0) return { ...sized(plan, plan.census), ...at(0) };
  const census = itemsOf(plan.op, sent[0] as Exchange);
  if (!census) return undefined;
  // Too few items to tell a page from the whole list: only the total header's walk, where there is one.
  if (census.length <= plan.size) return walkQuery(plan, sent, 1);
  if (sent.length === 1)
    return {
      ...sized(plan, plan.size),
      ...at(0),
      ...(plan.page ? { [plan.page.param.name]: plan.page.first } : {}),
    };
  const first = itemsOf(plan.op, sent[1] as Exchange);
  if (!first) return undefined;
  const stepper = plan.offset ?? plan.page?.param;
  if (sent.length === 2) {
    if (!stepper) return undefined;
    return {
      ...sized(plan, plan.size),
      ...(plan.offset ? at(plan.size) : { [stepper.name]: (plan.page?.first ?? 1) + 1 }),
    };
  }
  return walkQuery(plan, sent, 3);
}

/** The walk over every page by offset (a total header declared): its next query, the walk's exchanges being `sent` from `start`. */
function walkQuery(plan: PagingPlan, sent: readonly Exchange[], start: number): Record<string, unknown> | undefined {
  const total = totalOf(plan, sent[0]);
  if (!plan.offset || total === undefined || total === 0) return undefined;
  const walk = sent.slice(start);
  const size = walkSize(plan, total);
  const last = walk.at(-1);
  if (last) {
    const items = itemsOf(plan.op, last);
    // Walk until a short or empty page, not just up to the claimed total: items past it are a lie too.
    if (
      !items ||
      items.length < size ||
      walk.length >= MAX_WALK ||
      walk.reduce((n, e) => n + (itemsOf(plan.op, e)?.length ?? 0), 0) > total
    )
      return undefined;
  }
  return { ...sized(plan, size), [plan.offset.name]: plan.offsetFirst + walk.length * size };
}

const answered = (e: Exchange): string => String(e.response?.status ?? e.error?.message ?? '?');
const hasNext = (link: string | undefined): boolean => /rel="?([^"]*\s)?next[\s";,]|rel="?next"?$/i.test(link ?? '');

/** Judges the exchanges `nextPagingQuery` asked for: pure. */
export function judgePaging(plan: PagingPlan, sent: readonly Exchange[]): ProbeVerdict {
  const [censusExchange, firstExchange, secondExchange] = sent;
  if (!censusExchange) return { status: 'skipped', message: 'no list request was sent' };
  const census = itemsOf(plan.op, censusExchange);
  if (!census)
    return {
      status: 'skipped',
      message: `the list answered ${answered(censusExchange)} without a list of items; status_code_documented and response_schema judge that answer`,
      exchange: censusExchange,
    };
  if (census.length <= plan.size) {
    const walked = walkVerdict(plan, sent, 1);
    return (
      walked ?? {
        status: 'skipped',
        message: `only ${census.length} item(s) listed: a page of ${plan.size} cannot be told from an unlimited one`,
      }
    );
  }
  if (!firstExchange) return { status: 'skipped', message: 'the first page was not requested' };
  const limitNames = plan.limits.map((p) => `${p.name}=${plan.size}`).join('&');
  const first = itemsOf(plan.op, firstExchange);
  if (!first)
    return {
      status: 'skipped',
      message: `the page of ${limitNames} answered ${answered(firstExchange)} without a list of items (the census with ${plan.census} was answered)`,
      exchange: firstExchange,
    };
  let judged = 1;
  // RFC-free, contract-stated: a parameter named as a page size bounds the page.
  if (first.length > plan.size)
    return {
      status: 'failed',
      message: `${first.length} items on a page of ${limitNames} (${census.length} listed without it)`,
      exchange: firstExchange,
      judged,
    };
  const said: string[] = [`${limitNames} held (${first.length} of ${census.length} listed)`];
  if (secondExchange) {
    const stepName = plan.offset
      ? `${plan.offset.name}=${plan.offsetFirst + plan.size}`
      : `${plan.page?.param.name}=${(plan.page?.first ?? 1) + 1}`;
    const second = itemsOf(plan.op, secondExchange);
    if (!second)
      return {
        status: 'skipped',
        message: `the next page (${stepName}) answered ${answered(secondExchange)} without a list of items`,
        exchange: secondExchange,
      };
    judged++;
    if (second.length > plan.size)
      return {
        status: 'failed',
        message: `${second.length} items on a page of ${limitNames} at ${stepName}`,
        exchange: secondExchange,
        judged,
      };
    const firstIds = first.map(identityOf);
    const repeated = second.map(identityOf).find((id) => id !== undefined && firstIds.includes(id));
    if (repeated !== undefined)
      return {
        status: 'failed',
        message: `item ${repeated} is on the first page and again at ${stepName}: the ${plan.offset ? 'offset' : 'page number'} is not honoured`,
        exchange: secondExchange,
        judged,
      };
    if (firstIds.every((id) => id !== undefined) && second.length > 0) said.push(`${stepName} holds other items`);
  }
  if (plan.cursor && !plan.offset && !plan.page) said.push(`${plan.cursor.name} not followed (an opaque cursor)`);
  const walked = walkVerdict(plan, sent, 3);
  if (walked?.status === 'failed') return walked;
  if (walked?.status === 'passed') {
    said.push(walked.message);
    judged += walked.judged;
  }
  return { status: 'passed', message: said.join('; '), judged };
}

/** The walk over every page (total header and offset): undefined when there was none. */
function walkVerdict(plan: PagingPlan, sent: readonly Exchange[], start: number): ProbeVerdict | undefined {
  const total = totalOf(plan, sent[0]);
  const walk = sent.slice(start);
  if (!plan.offset || !plan.totalHeader || total === undefined || walk.length === 0) return undefined;
  const offsetName = plan.offset.name;
  const size = walkSize(plan, total);
  const seen = new Set<string>();
  let walked = 0;
  let complete = false;
  for (const [i, page] of walk.entries()) {
    const at = i * size;
    const shown = plan.offsetFirst + at;
    const items = itemsOf(plan.op, page);
    if (!ok(page) || !items)
      return {
        status: 'failed',
        message: `page at ${offsetName}=${shown} answered ${answered(page)}`,
        exchange: page,
        judged: i + 1,
      };
    const pageTotal = totalOf(plan, page);
    if (pageTotal !== total)
      return {
        status: 'failed',
        message: `${plan.totalHeader} is ${pageTotal ?? 'missing'} at ${offsetName}=${shown}, ${total} on the first page`,
        exchange: page,
        judged: i + 1,
      };
    if (items.length > size)
      return {
        status: 'failed',
        message: `${items.length} items on a page of ${plan.limits[0]?.name}=${size}`,
        exchange: page,
        judged: i + 1,
      };
    for (const item of items) {
      const key = identityOf(item) ?? JSON.stringify(item);
      if (seen.has(key))
        return {
          status: 'failed',
          message: `item ${key} appears on two pages (again at ${offsetName}=${shown})`,
          exchange: page,
          judged: i + 1,
        };
      seen.add(key);
    }
    walked += items.length;
    const remain = at + items.length < total;
    if (plan.linkDeclared && remain && !hasNext(page.response?.headers['link'])) {
      return {
        status: 'failed',
        message: `no Link rel="next" at ${offsetName}=${shown} although ${total - at - items.length} items remain`,
        exchange: page,
        judged: i + 1,
      };
    }
    if (walked > total)
      return {
        status: 'failed',
        message: `${plan.totalHeader} says ${total}, but the pages hold more: ${walked} items by ${offsetName}=${shown}`,
        exchange: page,
        judged: i + 1,
      };
    if (items.length < size) complete = true;
  }
  if (complete && walked !== total)
    return {
      status: 'failed',
      message: `${plan.totalHeader} says ${total}, walking the pages gave ${walked} items`,
      exchange: walk[0] as Exchange,
      judged: walk.length,
    };
  return {
    status: 'passed',
    message: `${walk.length} pages of ${size}: ${walked} items${complete ? ` = ${plan.totalHeader}` : ''}, disjoint${plan.linkDeclared ? ', Link next while items remain' : ''}`,
    judged: walk.length,
  };
}

/** `paging_truthful`: the plan, next-request and judge functions above, as a probe check. */
export const pagingTruthful: ProbeCheck<PagingPlan> = {
  kind: 'probe',
  name: 'paging_truthful',
  description:
    'A list with a page-size parameter (limit, per_page, page_size…): no page holds more; with an offset or page number the next page holds other items; with a total-count header, a walk over every page agrees with it (Link rel="next" while items remain).',
  needs: ['positive'],
  plan(op, run) {
    if (op.method !== 'get') return undefined;
    const planned = pagingPlan(op);
    // An operation that answers no list is not this check's business: no result.
    if (!planned.ok) return itemSchemaOf(op) ? planned : undefined;
    const why = blocked(run, op);
    return why === undefined ? planned : { ok: false, reason: why };
  },
  next(plan, sent) {
    const query = nextPagingQuery(
      plan,
      sent.map((s) => s.exchange),
    );
    return query && { op: plan.op, query };
  },
  judge: (plan, sent) =>
    judgePaging(
      plan,
      sent.map((s) => s.exchange),
    ),
};
