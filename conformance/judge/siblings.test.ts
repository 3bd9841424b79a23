import { describe, expect, it } from 'vitest';
import { contractFromDocument, schemaValidatorFor } from '../../src/contract/index.js';
import { checkContext } from './context.js';
import { siblingsReached } from './siblings.js';

// The sibling policy's reach (siblings.ts): a request naming its operation by what the key's fragment
// asks of it (AWS's JSON protocol) is no other's; one naming nothing leaves every sibling.
const post = (id: string): Record<string, unknown> => ({
  post: { operationId: id, responses: { '200': { description: 'ok' } } },
});
const contract = await contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'siblings', version: '1' },
  paths: {
    '/#X-Amz-Target=S.Describe': post('Describe'),
    '/#X-Amz-Target=S.List': post('List'),
    '/#overload=stream': post('Stream'),
  },
});
const ctx = checkContext(contract, schemaValidatorFor(contract), contract.operations);
const describeOp = contract.operations.find((o) => o.id === 'Describe')!;
const reached = (headers: Record<string, string>): string[] =>
  siblingsReached(describeOp, { method: 'POST', url: 'http://h/', headers, body: '{}' }, ctx).map((o) => o.id);

describe('siblingsReached', () => {
  it('drops a sibling whose fragment asks another value of a header the request carries (any case)', () => {
    expect(reached({ 'X-Amz-Target': 'S.Describe' })).toEqual(['Stream']);
  });
  it('keeps every sibling where the request does not name its own operation', () => {
    expect(reached({ 'x-amz-target': 'S.Other' })).toEqual(['List', 'Stream']);
    expect(reached({})).toEqual(['List', 'Stream']);
  });
});
