import { operationIndex, requestPath, type Operation } from '../../src/contract/index.js';
import type { CheckContext } from '../registry/index.js';

// The path a request reaches, without the key's fragment: the kernel's (path-template.ts).
export { requestPath };

// Keyed by the run's context object: a cache of contract-derived data, gone with the run.
const siblingCache = new WeakMap<CheckContext, Map<string, readonly Operation[]>>();

/** The operations by method and request path (siblingsOf is asked per operation). */
const requestIndex = operationIndex((o) => `${o.method} ${requestPath(o.path)}`);

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
