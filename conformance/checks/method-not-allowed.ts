import type { Operation } from '../../src/contract/index.js';
import { judgeRefusal, REFUSALS } from './refusal.js';
import { fail, pass, skip, type Check } from './types.js';
import { operationsOnPath } from './util.js';

/**
 * RFC 9110 §15.5.6: a method the resource does not support is 405, with an Allow header listing
 * those it does (§10.2.1). The contract first, then the RFC (checks/refusal.ts): the method is one no
 * operation of the path documents, so what it gets is promised only where an operation of the path
 * documents 405. Then only 405 passes. Where none does, the contract says nothing about the method
 * (OAS 3.1.0 §4.8.8: a Path Item lists "the available operations"; §4.8.16: the Responses Object,
 * "the expected responses" of an operation, and this method has none): 404 (the router found no
 * representation for that method, §15.5.5) is a warning naming the omission, not a failure. A 405
 * always carries a correct Allow (§15.5.6: the server MUST generate it). 401/403 are skipped only
 * when no --api-key was given; 429 is skipped.
 */
export const methodNotAllowed: Check = {
  name: 'method_not_allowed',
  needs: ['wrong_method'],
  explainedBy: 'wrong_method',
  description:
    'Each documented path: sends a method the contract does not document there (PATCH, else another), with the key. A 405 fails unless its `Allow` header names every documented method and not the one sent. Where an operation of the path documents 405, any other answer fails; where none does, another 4xx (404 included) is a warning (the contract says nothing about the method); 2xx/3xx/5xx fail. 401/403 are skipped only without --api-key.',
  appliesTo: (operation, ctx) => ctx.pathRepresentatives.has(operation.id),
  judge: (exchange, operation, ctx) => {
    const response = exchange.response;
    if (exchange.kind !== 'wrong_method' || !response) return undefined;
    const method = exchange.request.method.toUpperCase();
    const documented = exchange.context.documentedMethods ?? [];
    if (response.status === 405) {
      const allowValue = response.headers['allow'];
      if (allowValue === undefined) return fail(`405 without an Allow header (RFC 9110 §15.5.6 requires it)`);
      const allow = allowValue
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      const missing = documented.filter((m) => !allow.includes(m));
      const problems: string[] = [];
      if (missing.length > 0) problems.push(`Allow: ${allowValue} misses ${missing.join(', ')}`);
      if (allow.includes(method)) problems.push(`Allow: ${allowValue} names ${method}, the method just refused`);
      return problems.length > 0 ? fail(...problems) : pass;
    }
    if ((response.status === 401 || response.status === 403) && exchange.context.noKeyGiven)
      return skip(`answered ${response.status}: needs --api-key to reach method routing`);
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    const verdict = judgeRefusal(
      operation,
      REFUSALS.method,
      response.status,
      pathResponses(ctx.contract.operations, operation),
    );
    if (verdict.verdict === 'omitted' || (verdict.verdict === 'other' && !verdict.familyDocumented)) {
      return {
        status: 'warn',
        reason: `contract omits 405: no operation of ${operation.path} documents what an undocumented method gets, and ${method} got ${response.status} (RFC 9110 §15.5.6 names 405)`,
      };
    }
    return fail(`${method} on a path documenting ${documented.join(', ')} answered ${response.status} instead of 405`);
  },
};

/** The 405 responses the operations of one path document (the undocumented method belongs to none of them). */
function pathResponses(operations: readonly Operation[], operation: Operation): Operation['responses'] {
  const siblings = operationsOnPath(operations, operation);
  const with405 = siblings.find((o) => o.responses['405'] !== undefined);
  return with405 ? { '405': with405.responses['405']! } : {};
}
