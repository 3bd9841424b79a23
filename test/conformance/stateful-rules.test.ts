/**
 * The paging and filter rules as pure functions (issue 19 §1, §5): the plan read from the contract,
 * the next request asked for from what was recorded, and the verdict on recorded exchanges. No
 * server: a "server" here is a function from the query to the answer, recorded as an Exchange.
 */
import { describe, expect, it } from 'vitest';
import { contractFromDocument, SchemaValidator, type Operation } from '../../src/contract/index.js';
import type { Filter } from '../../conformance/probes/lists.js';
import {
  distinctBody,
  filterPlan,
  judgeFilters,
  matches,
  nextFilterRequest,
  filterQuery,
  type FilterPlan,
  type Recorded,
} from '../../conformance/probes/filters.js';
import { judgePaging, nextPagingQuery, pagingPlan, type PagingPlan } from '../../conformance/probes/paging.js';
import { judgeLocationRead, locationNames } from '../../conformance/probes/location.js';
import { judgeReadOnly } from '../../conformance/probes/read-only.js';
import { judgeReference } from '../../conformance/probes/references.js';
import type { Exchange } from '../../conformance/types.js';

const item = {
  type: 'object',
  properties: { id: { type: 'string' }, email: { type: 'string' }, status: { type: 'string', enum: ['open', 'shut'] } },
};
const list = (schema: unknown, parameters: unknown[], headers?: Record<string, unknown>): Record<string, unknown> => ({
  get: {
    operationId: 'list',
    parameters,
    responses: {
      '200': { description: 'ok', ...(headers ? { headers } : {}), content: { 'application/json': { schema } } },
    },
  },
});
const q = (name: string, schema: Record<string, unknown>): Record<string, unknown> => ({ name, in: 'query', schema });

async function operation(path: Record<string, unknown>): Promise<Operation> {
  const contract = await contractFromDocument({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: { '/things': path },
  });
  return contract.operationsById.get('list')!;
}

let seq = 0;
function exchange(body: unknown, status = 200, headers: Record<string, string> = {}): Exchange {
  return {
    seq: seq++,
    operationId: 'list',
    requestedOperationId: 'list',
    kind: 'rule',
    request: { method: 'GET', url: 'http://t/things', headers: {}, body: undefined },
    response: { status, headers, body: JSON.stringify(body), durationMs: 1 },
    error: undefined,
    input: undefined,
    context: {},
  };
}

const rows = (n: number): Array<Record<string, unknown>> =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, email: `u${i}@x`, status: i % 2 ? 'shut' : 'open' }));

/** Drives a paging plan against a function answering each query; returns what was recorded. */
function walk(plan: PagingPlan, answer: (query: Record<string, unknown>) => Exchange): Exchange[] {
  const sent: Exchange[] = [];
  for (let query = nextPagingQuery(plan, sent); query; query = nextPagingQuery(plan, sent)) sent.push(answer(query));
  return sent;
}

describe('paging_truthful: what the contract states, judged on recorded exchanges', () => {
  it.each<[string, unknown, unknown[], string | undefined]>([
    [
      'limit-only on a bare array',
      { type: 'array', items: item },
      [q('limit', { type: 'integer', minimum: 1, maximum: 50 })],
      undefined,
    ],
    [
      'page/per_page in a wrapper',
      { type: 'object', properties: { data: { type: 'array', items: item } } },
      [q('per_page', { type: 'integer' }), q('page', { type: 'integer', minimum: 1 })],
      undefined,
    ],
    [
      'Twilio PageSize + Page from 0',
      { type: 'object', properties: { accounts: { type: 'array', items: item } } },
      [q('PageSize', { type: 'integer', minimum: 1 }), q('Page', { type: 'integer', minimum: 0 })],
      undefined,
    ],
    [
      'a cursor without a page size',
      { type: 'array', items: item },
      [q('page_token', { type: 'string' })],
      'declares no page-size parameter',
    ],
    [
      'a page size that is a string (Miro)',
      { type: 'array', items: item },
      [q('limit', { type: 'string' })],
      'is not an integer',
    ],
    [
      'a `size` that is no number beside a numeric limit (Lob postcards: 4x6)',
      { type: 'array', items: item },
      [q('limit', { type: 'integer', minimum: 1 }), q('size', { type: 'string', enum: ['4x6'] })],
      undefined,
    ],
    [
      'a page size that admits one value',
      { type: 'array', items: item },
      [q('limit', { type: 'integer', minimum: 5, maximum: 5 })],
      'admits only 5',
    ],
    ['an answer that is no list', item, [q('limit', { type: 'integer' })], 'answers no list'],
    [
      'a wrapper of several arrays, none named like the path (Discord thread search)',
      {
        type: 'object',
        properties: { threads: { type: 'array', items: item }, members: { type: 'array', items: item } },
      },
      [q('limit', { type: 'integer' })],
      'answers no list',
    ],
    [
      'a wrapper of several arrays, one named like the path (PayPal templates)',
      {
        type: 'object',
        properties: { things: { type: 'array', items: item }, phones: { type: 'array', items: item } },
      },
      [q('limit', { type: 'integer' })],
      undefined,
    ],
    [
      'a wrapper composed with allOf (Lob)',
      {
        allOf: [
          { type: 'object', properties: { count: { type: 'integer' } } },
          { type: 'object', properties: { data: { type: 'array', items: item } } },
        ],
      },
      [q('limit', { type: 'integer', minimum: 1, maximum: 100 })],
      undefined,
    ],
  ])('%s', async (_name, schema, parameters, skipped) => {
    const planned = pagingPlan(await operation(list(schema, parameters)));
    if (skipped === undefined) expect(planned.ok).toBe(true);
    else expect(planned.ok ? 'planned' : planned.reason).toContain(skipped);
  });

  it('an object read by its identifier is an item, not a list, whatever arrays it holds', async () => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          ...list({ type: 'object', properties: { tags: { type: 'array', items: item } } }, [
            q('limit', { type: 'integer' }),
          ]),
        },
      },
    });
    const planned = pagingPlan(contract.operationsById.get('list')!);
    expect(planned.ok ? 'planned' : planned.reason).toContain('answers no list');
  });

  it('a page number counts from 1 unless its schema says 0', async () => {
    const from1 = pagingPlan(
      await operation(
        list({ type: 'array', items: item }, [q('limit', { type: 'integer' }), q('page', { type: 'integer' })]),
      ),
    );
    const from0 = pagingPlan(
      await operation(
        list({ type: 'array', items: item }, [
          q('limit', { type: 'integer' }),
          q('page', { type: 'integer', minimum: 0 }),
        ]),
      ),
    );
    expect(from1.ok && from1.plan.page?.first).toBe(1);
    expect(from0.ok && from0.plan.page?.first).toBe(0);
  });

  const offsetDoc = list({ type: 'array', items: item }, [
    q('limit', { type: 'integer', minimum: 1, maximum: 100 }),
    q('offset', { type: 'integer', minimum: 0 }),
  ]);
  /** An offset/limit server over `n` rows; `ignore` names the parameter it drops. */
  const server =
    (n: number, ignore?: 'limit' | 'offset') =>
    (query: Record<string, unknown>): Exchange => {
      const limit = ignore === 'limit' ? n : Number(query['limit'] ?? n);
      const offset = ignore === 'offset' ? 0 : Number(query['offset'] ?? 0);
      return exchange(rows(n).slice(offset, offset + limit));
    };

  it('a correct offset server passes: the page holds no more than the limit, the next page other items', async () => {
    const planned = pagingPlan(await operation(offsetDoc));
    if (!planned.ok) throw new Error(planned.reason);
    const sent = walk(planned.plan, server(5));
    expect(sent.map((e) => e.response?.body.length).length).toBe(3);
    expect(judgePaging(planned.plan, sent)).toMatchObject({
      status: 'passed',
      message: 'limit=1 held (1 of 5 listed); offset=1 holds other items',
      judged: 2,
    });
  });

  it.each<['limit' | 'offset', RegExp]>([
    ['limit', /^5 items on a page of limit=1 \(5 listed without it\)$/],
    ['offset', /^item t0 is on the first page and again at offset=1: the offset is not honoured$/],
  ])('a server ignoring %s fails', async (ignore, message) => {
    const planned = pagingPlan(await operation(offsetDoc));
    if (!planned.ok) throw new Error(planned.reason);
    const verdict = judgePaging(planned.plan, walk(planned.plan, server(5, ignore)));
    expect(verdict.status).toBe('failed');
    expect(verdict.message).toMatch(message);
  });

  it('a list of one item judges nothing (skipped with why), nor does an unanswered census', async () => {
    const planned = pagingPlan(await operation(offsetDoc));
    if (!planned.ok) throw new Error(planned.reason);
    expect(judgePaging(planned.plan, walk(planned.plan, server(1, 'limit')))).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/only 1 item/),
    });
    expect(
      judgePaging(
        planned.plan,
        walk(planned.plan, () => exchange({ message: 'no' }, 500)),
      ),
    ).toMatchObject({ status: 'skipped' });
  });

  it('with a total-count header the pages are walked and must add up to it', async () => {
    const planned = pagingPlan(
      await operation(
        list(
          { type: 'array', items: item },
          [q('limit', { type: 'integer', minimum: 1 }), q('offset', { type: 'integer' })],
          { 'X-Total-Count': { schema: { type: 'integer' } } },
        ),
      ),
    );
    if (!planned.ok) throw new Error(planned.reason);
    const paged =
      (claim: (n: number) => number) =>
      (query: Record<string, unknown>): Exchange => {
        const o = Number(query['offset'] ?? 0);
        const page = rows(8).slice(o, o + Number(query['limit']));
        return exchange(page, 200, { 'x-total-count': String(claim(page.length)) });
      };
    const good = judgePaging(
      planned.plan,
      walk(
        planned.plan,
        paged(() => 8),
      ),
    );
    expect(good).toMatchObject({
      status: 'passed',
      message: expect.stringContaining('5 pages of 2: 8 items = X-Total-Count, disjoint'),
    });
    const lying = judgePaging(
      planned.plan,
      walk(
        planned.plan,
        paged((n) => n),
      ),
    );
    expect(lying.status).toBe('failed');
    // One item listed is too few to judge the page size, but a total that says 57 is still walked.
    const one = (query: Record<string, unknown>): Exchange =>
      exchange(Number(query['offset'] ?? 0) === 0 ? rows(1) : [], 200, { 'x-total-count': '57' });
    expect(judgePaging(planned.plan, walk(planned.plan, one))).toMatchObject({
      status: 'failed',
      message: 'X-Total-Count says 57, walking the pages gave 1 items',
    });
  });
});

describe('filters_filter: values the contract or the target gives, judged on recorded exchanges', () => {
  const filterDoc = list({ type: 'object', properties: { data: { type: 'array', items: item } } }, [
    q('email', { type: 'string' }),
    q('status', { type: 'string', enum: ['open', 'shut'] }),
    q('Email', { type: 'string' }),
    q('sort', { type: 'string' }),
    q('limit', { type: 'integer', maximum: 50 }),
  ]);

  it('a boolean naming an object property includes it, it selects nothing (Pinterest pin_metrics): not a filter', async () => {
    const withMetrics = {
      type: 'object',
      properties: { pin_metrics: { type: 'object', properties: { n: { type: 'integer' } } }, done: { type: 'string' } },
    };
    const planned = filterPlan(
      await operation(
        list({ type: 'array', items: withMetrics }, [
          q('pin_metrics', { type: 'boolean' }),
          q('done', { type: 'boolean' }),
        ]),
      ),
      undefined,
    );
    expect(planned.ok ? 'planned' : planned.reason).toContain('no query parameter named like a property');
  });

  it('a filter on a date or time is a range more often than an equality: not judged', async () => {
    const dated = { type: 'object', properties: { sent: { type: 'string', format: 'date-time' } } };
    const planned = filterPlan(
      await operation(list({ type: 'array', items: dated }, [q('sent', { type: 'string' })])),
      undefined,
    );
    expect(planned.ok ? 'planned' : planned.reason).toContain('no query parameter named like a property');
  });

  it('an enum parameter over an enum property filters only by the values the property holds', async () => {
    // AWS wellarchitected: `LensStatus` ALL | DRAFT | PUBLISHED over a lens's CURRENT | … | UNSHARED.
    const lens = {
      type: 'object',
      properties: {
        LensStatus: { type: 'string', enum: ['CURRENT', 'UNSHARED'] },
        state: { type: 'string', enum: ['open', 'closed'] },
      },
    };
    const planned = filterPlan(
      await operation(
        list({ type: 'array', items: lens }, [
          q('LensStatus', { type: 'string', enum: ['ALL', 'DRAFT', 'PUBLISHED'] }),
          q('state', { type: 'string', enum: ['all', 'open', 'closed'] }),
        ]),
      ),
      undefined,
    );
    expect(planned.ok && planned.plan.filters.map((f) => [f.param.name, f.values])).toEqual([
      ['state', ['open', 'closed']],
    ]);
  });

  it('a filter is a query parameter named exactly like an item property; sort and paging are not', async () => {
    const planned = filterPlan(await operation(filterDoc), undefined);
    expect(planned.ok && planned.plan.filters.map((f) => f.param.name)).toEqual(['email', 'status']);
    expect(planned.ok && planned.plan.size).toEqual({ limit: 50 });
  });

  /** A server over the rows plus what it creates; `ignore` drops the email filter. */
  function drive(plan: FilterPlan, ignore: boolean, stored: Array<Record<string, unknown>> = rows(4)): Recorded[] {
    const sent: Recorded[] = [];
    for (let step = nextFilterRequest(plan, sent); step; step = nextFilterRequest(plan, sent)) {
      if (step.kind === 'create') {
        const made = { id: 'new', email: 'fresh@x', status: 'open' };
        stored.push(made);
        sent.push({ step, exchange: exchange(made) });
        continue;
      }
      const query = filterQuery(plan, step);
      const found = stored.filter(
        (r) =>
          (ignore || query['email'] === undefined || r['email'] === query['email']) &&
          (query['status'] === undefined || r['status'] === query['status']),
      );
      sent.push({ step, exchange: exchange({ data: found }) });
    }
    return sent;
  }

  it('filters by the value of an item created for the purpose: a correct server lists it, one ignoring the filter fails', async () => {
    const op = await operation(filterDoc);
    const planned = filterPlan(op, { op, body: { email: 'fresh@x' } });
    if (!planned.ok) throw new Error(planned.reason);
    const good = drive(planned.plan, false);
    expect(good.map((r) => r.step.kind)).toEqual(['filter', 'filter', 'create', 'census', 'filter']);
    expect(judgeFilters(planned.plan, good)).toMatchObject({
      status: 'passed',
      message: 'every item listed matches: status="open", status="shut", email="fresh@x" (a created item\'s value)',
      judged: 3,
    });
    const bad = judgeFilters(planned.plan, drive(planned.plan, true));
    expect(bad).toMatchObject({ status: 'failed', message: 'email="fresh@x" returned an item with email "u0@x"' });
  });

  it('without a create, a listed item gives the value', async () => {
    const planned = filterPlan(await operation(filterDoc), undefined);
    if (!planned.ok) throw new Error(planned.reason);
    const sent = drive(planned.plan, false);
    expect(sent.map((r) => r.step.kind)).toEqual(['filter', 'filter', 'census', 'filter']);
    expect(judgeFilters(planned.plan, sent).message).toContain('email="u0@x"');
  });

  it('filters by a value some item of the census does not match: a list ignoring the filter fails, whatever the first item holds', async () => {
    const planned = filterPlan(await operation(filterDoc), undefined);
    if (!planned.ok) throw new Error(planned.reason);
    // The first item's value is in every other one (a substring search matches them all): filtering by it tells nothing.
    const stored = () => [
      { id: 'a', email: 'a', status: 'open' },
      { id: 'b', email: 'ab', status: 'open' },
      { id: 'c', email: 'ba', status: 'shut' },
    ];
    expect(judgeFilters(planned.plan, drive(planned.plan, false, stored())).status).toBe('passed');
    expect(judgeFilters(planned.plan, drive(planned.plan, true, stored()))).toMatchObject({
      status: 'failed',
      message: 'email="ab" returned an item with email "a"',
    });
  });

  it("the probe's own create: a filter value of its own and fresh unique values (the accepted body sent again is refused 409)", async () => {
    const contract = await contractFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/products': {
          post: {
            operationId: 'create',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['sku', 'name'],
                    properties: {
                      sku: { type: 'string', pattern: '^[A-Z0-9-]+$', maxLength: 32 },
                      name: { type: 'string', minLength: 1 },
                      location: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                      kind: { type: 'string', enum: ['a', 'b'] },
                    },
                  },
                },
              },
            },
            responses: { '201': { description: 'created' } },
          },
        },
      },
    });
    const create = contract.operationsById.get('create');
    if (!create) throw new Error('create');
    const filters: Filter[] = [
      { param: { name: 'location', in: 'query' }, property: 'location', schema: { type: 'string' } },
    ];
    const validator = new SchemaValidator();
    const valid = (schema: unknown, value: unknown): boolean =>
      validator.check(schema as Parameters<SchemaValidator['check']>[0], value, 'request').valid;
    const accepted = { sku: 'ABC-1', name: 'n', location: null, kind: 'a' };
    expect(distinctBody(create, accepted, filters, 'k9x12345', valid)).toEqual({
      sku: 'ABC-1912345',
      name: 'n-k9x12345',
      location: 'filter-k9x12345',
      kind: 'a',
    });
    // Where the result would not be valid, the accepted body as it was.
    expect(distinctBody(create, accepted, filters, 'k9x12345', () => false)).toEqual(accepted);
  });

  it.each<[string, unknown, unknown, boolean, boolean | undefined]>([
    ['an equal string', { email: 'a@x' }, 'a@x', false, true],
    ['a free string containing the value, any case (a substring search)', { email: 'Bob.A@x' }, 'a@x', false, true],
    ['an enum value is matched exactly', { status: 'shut' }, 'sh', true, false],
    ['a list property matches by any member', { email: ['b@x', 'a@x'] }, 'a@x', false, true],
    ['an item not showing the property cannot be told', { id: '1' }, 'a@x', false, undefined],
    ['an item not showing an enum property is a stray', { id: '1' }, 'open', true, false],
    // groundhog-day.com: `isGroundhog` enum ["1", "0", "true", "false"], the item's field an integer 0..1.
    ['"true" names the truth an integer 1 shows', { status: 1 }, 'true', true, true],
    ['... and an integer 0 is a stray for it', { status: 0 }, 'true', true, false],
    ['"0" names the truth a boolean false shows', { status: false }, '0', true, true],
    ['"1" is no match for a count of 2', { status: 2 }, '1', true, false],
  ])('%s', (_name, record, value, strict, expected) => {
    const f = {
      param: { name: 'email', in: 'query' },
      property: Object.keys(record as object)[0] === 'status' || strict ? 'status' : 'email',
      schema: undefined,
    };
    expect(matches(record, f, value, strict)).toBe(expected);
  });

  it.each<[string, unknown, unknown, boolean]>([
    // Lob's postcards: `mail_type` defaults to usps_first_class (OAS 3.0.3 §4.7.24), and a listed postcard may leave it out.
    ['an item leaving out a property with a default matches the default', { id: '1' }, 'usps_first_class', true],
    ['... and is a stray for another value', { id: '1' }, 'usps_standard', false],
    ['a value shown wins over the default', { id: '1', mail_type: 'usps_standard' }, 'usps_first_class', false],
  ])('%s', (_name, record, value, expected) => {
    const f = {
      param: { name: 'mail_type', in: 'query' },
      property: 'mail_type',
      schema: undefined,
      absentMeans: 'usps_first_class',
    };
    expect(matches(record, f, value, true)).toBe(expected);
  });
});

describe('the other rules judge recorded exchanges as pure functions too', () => {
  const created = (status: number, body: unknown, headers: Record<string, string> = {}): Exchange => ({
    ...exchange(body, status, headers),
    request: { method: 'POST', url: 'http://t/api/things', headers: {}, body: '{}' },
  });

  it.each<[string, number, unknown, 'passed' | 'failed' | 'skipped']>([
    ['refused', 400, { message: 'no' }, 'passed'],
    ['ignored', 201, { id: 'server-1' }, 'passed'],
    ['echoed', 201, { id: 'client-chosen-id' }, 'failed'],
    // No evidence either way: an answer without the member is no pass (a service may have stored it).
    ['an answer without the member', 201, { name: 'a' }, 'skipped'],
    ['no answer body', 204, undefined, 'skipped'],
    ['a server error judges nothing', 500, {}, 'skipped'],
  ])('read_only_not_honoured: %s', (_name, status, body, verdict) => {
    expect(judgeReadOnly({ id: 'client-chosen-id' }, exchange(body, status)).status).toBe(verdict);
  });

  // The contract-first refusal rule (checks/refusal.ts) applies to the probe's refusals too.
  it.each<[string, Record<string, unknown>, number, string]>([
    [
      'the documented validation status',
      { '201': { description: 'made' }, '422': { description: 'invalid' } },
      422,
      'passed',
    ],
    [
      'another validation status than the documented one',
      { '201': { description: 'made' }, '422': { description: 'invalid' } },
      400,
      'failed',
    ],
    ["the RFC's status where none of the kind is documented", { '201': { description: 'made' } }, 400, 'passed'],
    [
      'another 4xx where none of the kind is documented: a warning naming the omission',
      { '201': { description: 'made' } },
      409,
      'warning',
    ],
  ])('read_only_not_honoured refused with %s', async (_name, responses, status, verdict) => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/things': { post: { operationId: 'create', responses } } },
    });
    expect(
      judgeReadOnly({ id: 'client-chosen-id' }, exchange({}, status), contract.operationsById.get('create')).status,
    ).toBe(verdict);
  });

  it.each<[string, number, string | undefined, 'failed' | 'warning' | undefined]>([
    ['a documented 4xx', 422, undefined, undefined],
    ['accepted where a documented 4xx says references must exist', 201, '422', 'failed'],
    ['accepted where none says so: policy, a warning', 201, undefined, 'warning'],
    ['a server error', 500, undefined, 'failed'],
    ['an undocumented 4xx: policy, a warning', 404, undefined, 'warning'],
    ['an undocumented 4xx where a documented one says references must exist', 404, '422', 'failed'],
  ])('references_checked: %s', async (_name, status, stated, verdict) => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things': {
          post: {
            operationId: 'create',
            responses: {
              '201': { description: 'made' },
              '400': { description: 'bad' },
              '401': { description: 'who' },
              '422': { description: 'refers to nothing' },
            },
          },
        },
      },
    });
    const v = judgeReference(
      {
        operation: contract.operationsById.get('create')!,
        field: 'categoryId',
        value: 9,
        target: '/categories',
        documented: ['400', '422'],
        stated: stated ? { status: stated, says: 'refers to nothing' } : undefined,
        fields: 1,
      },
      exchange({}, status),
    );
    expect(v?.status).toBe(verdict);
  });

  it('location_names_resource: the Location names the item the body is, and reading it gives that id', async () => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things': { post: { operationId: 'create', responses: { '201': { description: 'ok' } } } },
        '/things/{id}': {
          get: {
            operationId: 'read',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const [create, read] = [contract.operationsById.get('create')!, contract.operationsById.get('read')!];
    const named = locationNames(create, read, created(201, { id: 't7' }, { location: '/api/things/t7' }));
    expect(named).toEqual({ value: '/api/things/t7', param: 't7', id: 't7' });
    expect(locationNames(create, read, created(201, { id: 't7' }, { location: '/api/things/t8' }))).toMatchObject({
      status: 'failed',
      message: 'Location /api/things/t8 names t8, the body\'s id is "t7"',
    });
    expect(locationNames(create, read, created(201, { id: 't7' }))).toMatchObject({ status: 'failed' });
    if ('status' in named) throw new Error('named nothing');
    expect(judgeLocationRead(read, named, exchange({ id: 't7' })).status).toBe('passed');
    expect(judgeLocationRead(read, named, exchange({ id: 't1' })).status).toBe('failed');
    expect(judgeLocationRead(read, named, exchange({ message: 'gone' }, 404)).status).toBe('failed');
  });
});
