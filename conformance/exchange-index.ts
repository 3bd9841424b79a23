import type { Exchange } from './types.js';

interface Index {
  /** How many of the list's exchanges are indexed. */
  upTo: number;
  readonly byRequested: Map<string, Exchange[]>;
}

const indexes = new WeakMap<readonly Exchange[], Index>();

/**
 * The exchanges of a run's record that requested `operationId` (Exchange.requestedOperationId), in
 * the order sent. The record only grows (Session.exchanges is appended to), so the index catches
 * up on what was appended since it was last asked. The generic rules' plans asked per operation
 * and walked the whole record each time for the last accepted request (Microsoft Graph: 6 rules ×
 * 11,422 operations × some 100,000 exchanges).
 */
export function exchangesRequesting(exchanges: readonly Exchange[], operationId: string): readonly Exchange[] {
  let index = indexes.get(exchanges);
  // A list that shrank is not a record that grows: index it anew.
  if (!index || index.upTo > exchanges.length) {
    index = { upTo: 0, byRequested: new Map() };
    indexes.set(exchanges, index);
  }
  for (; index.upTo < exchanges.length; index.upTo++) {
    const exchange = exchanges[index.upTo]!;
    const key = exchange.requestedOperationId;
    if (key === undefined) continue;
    const group = index.byRequested.get(key);
    if (group) group.push(exchange);
    else index.byRequested.set(key, [exchange]);
  }
  return index.byRequested.get(operationId) ?? [];
}
