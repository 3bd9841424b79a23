import type { Operation } from '../../src/contract/index.js';
import { toCurl } from '../http/curl.js';
import { judgeRefusal, REFUSALS, type RefusalRule } from '../checks/refusal.js';
import { rateLimitReason } from '../http/rate-limit.js';
import type { CheckContext } from '../registry/types.js';
import type { CheckResult, Exchange, RecordedRequest, ResultStatus } from '../types.js';
import { requestPath, siblingsOf, siblingsReached } from './siblings.js';

/**
 * The judge's policies, the same for every entry of the registry (checks per exchange; probes and
 * workflows per result). The contract-first rule for refusals is checks/refusal.ts, which the
 * judges that see a refusal call, and which a workflow's failing step meets here (documentedRefusalOfStep).
 */

/** RFC 6585 §4 / RFC 9110 §15.6.4: a rate limit (or a 503 that says when to come back) is not a defect; it cannot be judged. */
export function rateLimited(exchange: Pick<Exchange, 'response'> | undefined): string | undefined {
  return rateLimitReason(exchange?.response);
}

/**
 * Several operations of one method and request path (variants told apart by a fragment, a query
 * parameter or a header) cannot be told apart by the server from the path: it answers the one the
 * request matches, which need not be the one the runner meant. An input invalid for one may be
 * valid for another, so an accepted "invalid" input proves nothing: the reason to skip, for an
 * entry whose `siblings` is 'input'. Where the request names its operation by what the key's
 * fragment asks (`X-Amz-Target: AppRunner.DescribeService`), the siblings it tells apart are no
 * longer candidates (siblings.ts siblingsReached): its invalid body is DescribeService's alone.
 */
export function siblingInputReason(
  entry: { readonly siblings?: 'answer' | 'input' },
  op: Operation,
  ctx: CheckContext,
  request: RecordedRequest | undefined,
): string | undefined {
  if (entry.siblings !== 'input') return undefined;
  const siblings = request ? siblingsReached(op, request, ctx) : siblingsOf(op, ctx);
  if (siblings.length === 0) return undefined;
  return `${op.method.toUpperCase()} ${requestPath(op.path)} is also documented as ${siblings.map((o) => o.id).join(', ')}: an input invalid for ${op.id} may be a valid request of those`;
}

/** The refusal kinds in which a contract may document one status where a workflow asks for another (401/403, 400/422, 404/410). */
const STEP_REFUSALS: readonly RefusalRule[] = [
  REFUSALS.credentials('the request of a workflow step'),
  REFUSALS.validation('the request of a workflow step'),
  REFUSALS.unknownId,
];

/**
 * The contract-first rule (checks/refusal.ts) for a workflow's failing step: a step whose one unmet
 * criterion asks for a refusal status the operation does not document (`$statusCode == 401`), answered
 * with the status of that kind the operation documents (403), got what the contract promises, as
 * auth_enforced or use_after_delete would judge it (OAS 3.1.0 §4.8.16): the workflow document
 * disagrees with its contract, which is a warning, not the server's defect. Undefined otherwise.
 */
export function documentedRefusalOfStep(exchange: Exchange | undefined, op: Operation): string | undefined {
  const expected = exchange?.kind === 'workflow' ? exchange.context.expectedStatus : undefined;
  const answered = exchange?.response?.status;
  if (expected === undefined || answered === undefined || expected === answered) return undefined;
  const rule = STEP_REFUSALS.find((r) => r.statuses.includes(expected) && r.statuses.includes(answered));
  if (!rule) return undefined;
  if (judgeRefusal(op, rule, answered).verdict !== 'documented') return undefined;
  if (judgeRefusal(op, rule, expected).verdict === 'documented') return undefined;
  return `a warning by the contract-first rule: ${op.id} documents ${answered} for ${rule.kind} refusals and not ${expected}, so the workflow's criterion contradicts its contract (OAS 3.1.0 §4.8.16; ${rule.cite})`;
}

/** `x-stability` operations may still change: their failures are warnings unless --strict. */
export const failedStatus = (op: Operation | undefined, strict: boolean): ResultStatus =>
  op?.stability && !strict ? 'warning' : 'failed';
export const stabilityNote = (op: Operation): string => `[x-stability: ${op.stability ?? ''}] `;

/**
 * A whole result (a probe's or a workflow's) under the policies: a failure whose deciding answer
 * is still a rate limit judged nothing; an 'input' entry on an operation with siblings proves
 * nothing; a workflow step refused as its contract documents is a warning (documentedRefusalOfStep);
 * a failure on an `x-stability` operation is a warning. `op`: the operation the failure is about
 * (a workflow's failing step's).
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
  const sibling = siblingInputReason(entry, op, ctx, result.exchange?.request);
  if (sibling !== undefined)
    return { ...result, status: 'skipped', message: sibling, exchange: undefined, reproduce: undefined, judged: 0 };
  const documented = documentedRefusalOfStep(result.exchange, op);
  if (documented !== undefined) return { ...result, status: 'warning', message: `${result.message}; ${documented}` };
  if (failedStatus(op, strict) === 'warning')
    return {
      ...result,
      status: 'warning',
      message: `${stabilityNote(op)}${result.message}`,
      reproduce: result.reproduce ?? (result.exchange ? toCurl(result.exchange.request) : undefined),
    };
  return result;
}
