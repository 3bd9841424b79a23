import type { Operation } from './types.js';

/**
 * A lookup of a contract's operations grouped by `keyOf` (method and path, as a question asks it), in
 * the contract's order, built once per list of operations: a pure cache, nobody modifies it. Questions
 * asked per operation walked every operation before (Microsoft Graph's 11,422 operations: 130 million
 * path splits a run; Stripe's self-consistency run: 1.4 % of its CPU).
 */
export function operationIndex(
  keyOf: (op: Operation) => string,
): (operations: readonly Operation[]) => ReadonlyMap<string, readonly Operation[]> {
  const built = new WeakMap<readonly Operation[], ReadonlyMap<string, readonly Operation[]>>();
  return (operations) => {
    const known = built.get(operations);
    if (known) return known;
    const index = new Map<string, Operation[]>();
    for (const op of operations) {
      const key = keyOf(op);
      const group = index.get(key);
      if (group) group.push(op);
      else index.set(key, [op]);
    }
    built.set(operations, index);
    return index;
  };
}
