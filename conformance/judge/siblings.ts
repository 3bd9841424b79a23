import {
  operationIndex,
  requestPath,
  selectorsOf,
  type KeySelector,
  type Operation,
} from '../../src/contract/index.js';
import type { CheckContext } from '../registry/index.js';
import type { RecordedRequest } from '../types.js';

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

/**
 * The siblings (siblingsOf) a request may still have reached. A request that carries what its own
 * operation's key asks in its query or fragment (selectorsOf) names that operation: a sibling whose
 * key asks another value of a member the request carries is told apart, and its answer schema says
 * nothing of this answer. AWS's JSON protocol writes every operation of a service as
 * `POST /#X-Amz-Target=Service.Operation`: `X-Amz-Target: AppRunner.DescribeService` names
 * DescribeService, so DeleteConnection's answer schema (every member optional) does not pass its answer.
 * A sibling stays where the request carries nothing its key asks (Azure's `#overload=stream`, never
 * sent), and every sibling stays where the request does not name its own operation either (a negative
 * input with another `X-Amz-Target`): then nothing it carries says which one a server applies.
 */
export function siblingsReached(op: Operation, request: RecordedRequest, ctx: CheckContext): readonly Operation[] {
  const siblings = siblingsOf(op, ctx);
  if (siblings.length === 0) return siblings;
  const carried = carriedMembers(request);
  const holds = ({ name, value }: KeySelector): boolean => {
    const sent = carried(name);
    return value === undefined ? sent.length > 0 : sent.includes(value);
  };
  const own = selectorsOf(op.path);
  if (own.length === 0 || !own.every(holds)) return siblings;
  const contradicts = ({ name, value }: KeySelector): boolean => {
    const sent = carried(name);
    return value !== undefined && sent.length > 0 && !sent.includes(value);
  };
  return siblings.filter((o) => !selectorsOf(o.path).some(contradicts));
}

/** The values a request carries for a member name, in its query (as URLSearchParams reads it) or its headers (any case, RFC 9110 §5.1). */
function carriedMembers(request: RecordedRequest): (name: string) => string[] {
  let query: URLSearchParams;
  try {
    query = new URL(request.url, 'http://localhost').searchParams;
  } catch {
    query = new URLSearchParams();
  }
  const headers = new Map(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return (name) => {
    const header = headers.get(name.toLowerCase());
    return [...query.getAll(name), ...(header === undefined ? [] : [header])];
  };
}
