/**
 * Items grouped by a key, each group in the items' order: one pass where a question asked per key
 * walked every item (the judge's exchanges and notes per operation: Microsoft Graph's 11,422
 * operations × some 100,000 exchanges).
 */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | undefined): ReadonlyMap<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
