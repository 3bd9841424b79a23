import type { Operation } from '../../src/contract/index.js';
import type { CheckContext } from '../registry/index.js';

/**
 * The path a request for `path` reaches: a fragment (`/files/{id}#get_shared_link`, as Box writes
 * variants of one endpoint) is never sent (RFC 3986 §3.5, RFC 9110 §7.1), so it names no resource.
 */
export function requestPath(path: string): string {
  const hash = path.indexOf('#');
  return hash < 0 ? path : path.slice(0, hash);
}

// Keyed by the run's context object: a cache of contract-derived data, gone with the run.
const siblingCache = new WeakMap<CheckContext, Map<string, readonly Operation[]>>();

/** The other operations of the contract that the same method on the same request path reaches. */
export function siblingsOf(op: Operation, ctx: CheckContext): readonly Operation[] {
  let byOp = siblingCache.get(ctx);
  if (!byOp) siblingCache.set(ctx, (byOp = new Map()));
  let hit = byOp.get(op.id);
  if (!hit) {
    const here = requestPath(op.path);
    hit = ctx.contract.operations.filter((o) => o.id !== op.id && o.method === op.method && requestPath(o.path) === here);
    byOp.set(op.id, hit);
  }
  return hit;
}
