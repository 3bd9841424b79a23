// The runner's lookups built once instead of walking every exchange, note or operation per question
// (Microsoft Graph: 11,422 operations): the same answers as the walks they replace.
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../../src/contract/index.js';
import { operationsOnPath } from '../../conformance/checks/util.js';
import { exchangesRequesting } from '../../conformance/exchange-index.js';
import { groupBy } from '../../src/contract/group-by.js';
import type { Exchange } from '../../conformance/types.js';

const exchange = (seq: number, requestedOperationId: string | undefined): Exchange =>
  ({ seq, operationId: requestedOperationId ?? 'other', requestedOperationId }) as unknown as Exchange;

describe('groupBy', () => {
  it('keeps each group in the items’ order and leaves out items without a key', () => {
    const groups = groupBy(['a1', 'b1', 'a2', 'x', 'b2'], (s) => (s === 'x' ? undefined : s[0]));
    expect([...groups]).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1', 'b2']],
    ]);
  });
});

describe('exchangesRequesting', () => {
  it('sees what the record appended since it was last asked, in the order sent', () => {
    const record: Exchange[] = [exchange(1, 'a'), exchange(2, 'b'), exchange(3, undefined)];
    expect(exchangesRequesting(record, 'a').map((e) => e.seq)).toEqual([1]);
    record.push(exchange(4, 'a'), exchange(5, 'c'));
    expect(exchangesRequesting(record, 'a').map((e) => e.seq)).toEqual([1, 4]);
    expect(exchangesRequesting(record, 'c').map((e) => e.seq)).toEqual([5]);
    expect(exchangesRequesting(record, 'other')).toEqual([]);
  });

  it('indexes a list that shrank anew', () => {
    const record: Exchange[] = [exchange(1, 'a'), exchange(2, 'a')];
    expect(exchangesRequesting(record, 'a')).toHaveLength(2);
    record.length = 0;
    record.push(exchange(3, 'b'));
    expect(exchangesRequesting(record, 'a')).toEqual([]);
    expect(exchangesRequesting(record, 'b').map((e) => e.seq)).toEqual([3]);
  });
});

describe('operationsOnPath', () => {
  it('the operations of one path key, in the contract’s order', async () => {
    const op = (operationId: string): Record<string, unknown> => ({
      operationId,
      responses: { '200': { description: 'ok' } },
    });
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'paths', version: '1' },
      paths: { '/a': { get: op('getA'), delete: op('deleteA') }, '/a/{id}': { get: op('getItem') } },
    });
    const getA = contract.operationsById.get('getA')!;
    expect(operationsOnPath(contract.operations, getA).map((o) => o.id)).toEqual(['getA', 'deleteA']);
    expect(operationsOnPath(contract.operations, contract.operationsById.get('getItem')!).map((o) => o.id)).toEqual([
      'getItem',
    ]);
  });
});
