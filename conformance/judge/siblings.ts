import { requestPath, type Operation } from '../../src/contract/index.js';
import type { CheckContext } from '../registry/index.js';

// The path a request reaches, without the key's fragment: the kernel's (path-template.ts).
export { requestPath };

// Keyed by the run's context object: a cache of contract-derived data, gone with the run.
const siblingCache = new WeakMap<CheckContext, Map<string, readonly Operation[]>>();

/**
 * The operations by method and request path, in the contract's order, made once per list of
 * operations (a pure cache: nobody modifies it). Each operation's question walked every operation
 * before, splitting each key: Microsoft Graph's 11,422 operations made 130 million splits a run.
 */
const byRequest = new WeakMap<readonly Operation[], ReadonlyMap<string, readonly Operation[]>>();

function requestIndex(operations: readonly Operation[]): ReadonlyMap<string, readonly Operation[]> {
  let index = byRequest.get(operations);
  if (index) return index;
  const built = new Map<string, Operation[]>();
  for (const o of operations) {
    const key = `${o.method} ${requestPath(o.path)}`;
    const known = built.get(key);
    if (known) known.push(o);
    else built.set(key, [o]);
  }
  byRequest.set(operations, (index = built));
  return index;
}

/** The other operations of the contract that the same method on the same request path reaches. */
export function siblingsOf(op: Operation, ctx: CheckContext): readonly Operation[] {
  let byOp = siblingCache.get(ctx);
  if (!byOp) siblingCache.set(ctx, (byOp = new Map()));
  let hit = byOp.get(op.id);
  if (!hit) {
    const same = requestIndex(ctx.contract.operations).get(`${op.method} ${requestPath(op.path)}`) ?? [];
    hit = same.filter((o) => o.id !== op.id);
    byOp.set(op.id, hit);
  }
  return hit;
}
