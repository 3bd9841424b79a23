/**
 * Items grouped by a key, each group in the items' order: one pass where a question asked per key
 * walked every item (the judge's exchanges and notes per operation: Microsoft Graph's 11,422
 * operations × some 100,000 exchanges), and without copying a group at each item added (the mock's
 * templates by their `/` count, the kernel's item paths by collection: Graph's 11,422 paths).
 */
export function groupBy<T, K = string>(items: Iterable<T>, keyOf: (item: T) => K | undefined): ReadonlyMap<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
