import type { Operation } from '../../src/contract/index.js';
import { toCurl } from '../http/curl.js';
import { rateLimitReason } from '../http/rate-limit.js';
import type { CheckContext } from '../registry/types.js';
import type { CheckResult, Exchange, ResultStatus } from '../types.js';
import { requestPath, siblingsOf } from './siblings.js';

/**
 * The judge's policies, the same for every entry of the registry (checks per exchange; probes and
 * workflows per result). The contract-first rule for refusals is checks/refusal.ts, which the
 * judges that see a refusal call.
 */

/** RFC 6585 §4 / RFC 9110 §15.6.4: a rate limit (or a 503 that says when to come back) is not a defect; it cannot be judged. */
export function rateLimited(exchange: Exchange | undefined): string | undefined {
  return rateLimitReason(exchange?.response);
}

/**
 * Several operations of one method and request path (variants told apart by a fragment, a query
 * parameter or a header) cannot be told apart by the server from the path: it answers the one the
 * request matches, which need not be the one the runner meant. An input invalid for one may be
 * valid for another, so an accepted "invalid" input proves nothing: the reason to skip, for an
 * entry whose `siblings` is 'input'.
 */
export function siblingInputReason(
  entry: { readonly siblings?: 'answer' | 'input' },
  op: Operation,
  ctx: CheckContext,
): string | undefined {
  if (entry.siblings !== 'input') return undefined;
  const siblings = siblingsOf(op, ctx);
  if (siblings.length === 0) return undefined;
  return `${op.method.toUpperCase()} ${requestPath(op.path)} is also documented as ${siblings.map((o) => o.id).join(', ')}: an input invalid for ${op.id} may be a valid request of those`;
}

/** `x-stability` operations may still change: their failures are warnings unless --strict. */
export const failedStatus = (op: Operation | undefined, strict: boolean): ResultStatus =>
  op?.stability && !strict ? 'warning' : 'failed';
export const stabilityNote = (op: Operation): string => `[x-stability: ${op.stability ?? ''}] `;

/**
 * A whole result (a probe's or a workflow's) under the policies: a failure whose deciding answer
 * is still a rate limit judged nothing; an 'input' entry on an operation with siblings proves
 * nothing; a failure on an `x-stability` operation is a warning. `op`: the operation the failure
 * is about (a workflow's failing step's).
 */
export function underPolicies(
  result: CheckResult,
  entry: { readonly siblings?: 'answer' | 'input' },
  op: Operation | undefined,
  ctx: CheckContext,
  strict: boolean,
): CheckResult {
  if (result.status !== 'failed') return result;
  const limited = rateLimited(result.exchange);
  if (limited !== undefined)
    return { ...result, status: 'skipped', message: `${result.message}: ${limited}`, reproduce: undefined, judged: 0 };
  if (!op) return result;
  const sibling = siblingInputReason(entry, op, ctx);
  if (sibling !== undefined)
    return { ...result, status: 'skipped', message: sibling, exchange: undefined, reproduce: undefined, judged: 0 };
  if (failedStatus(op, strict) === 'warning')
    return {
      ...result,
      status: 'warning',
      message: `${stabilityNote(op)}${result.message}`,
      reproduce: result.reproduce ?? (result.exchange ? toCurl(result.exchange.request) : undefined),
    };
  return result;
}
