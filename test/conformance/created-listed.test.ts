// created_resource_readable on its list_back exchange: a created id missing from a list the runner
// read fails, a list answer whose contract holds no list of items cannot be judged (follow-ups.ts
// sets listUnreadable only there).
import { describe, expect, it } from 'vitest';
import { createdResourceReadable } from '../../conformance/checks/created-resource-readable.js';
import type { Exchange, ExchangeContext } from '../../conformance/types.js';

const listBack = (context: ExchangeContext): Exchange => ({
  seq: 1,
  operationId: 'CreatePool',
  requestedOperationId: 'ListPools',
  kind: 'list_back',
  request: { method: 'GET', url: 'http://x/pools', headers: {}, body: undefined },
  response: { status: 200, headers: {}, body: '{}', durationMs: 1 },
  error: undefined,
  input: undefined,
  context: { resourceId: 'p1', ...context },
});

const judge = (context: ExchangeContext) =>
  createdResourceReadable.judge(listBack(context), undefined as never, undefined as never);

describe('created_resource_readable: the created id in the list', () => {
  it('listed: passes; not among the ids read: fails, with the count', () => {
    expect(judge({ listedIds: ['p0', 'p1'], pagesWalked: 1 })).toEqual({ status: 'pass' });
    expect(judge({ listedIds: [], pagesWalked: 1 })).toMatchObject({
      status: 'fail',
      violations: [{ message: expect.stringContaining('"p1" is not listed (0 items over 1 page(s))') }],
    });
  });
  it("a list answer the contract shows no list in (just-eat's keyed map): skipped, with the reason", () => {
    expect(judge({ listedIds: [], pagesWalked: 1, listUnreadable: true })).toMatchObject({
      status: 'skip',
      reason: expect.stringContaining('holds no list of items'),
    });
  });
});
