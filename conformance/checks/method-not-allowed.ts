import { fail, pass, skip, type Check } from './types.js';

/**
 * RFC 9110 §15.5.6: a method the resource does not support is 405, with an Allow
 * header listing those it does (§10.2.1). The path exists, so a 404 misreports it
 * and fails; 401/403 are skipped only when no --api-key was given; 429 is skipped.
 */
export const methodNotAllowed: Check = {
  name: 'method_not_allowed',
  needs: ['wrong_method'],
  explainedBy: 'wrong_method',
  description:
    'Each documented path: sends a method the contract does not document there (PATCH, else another), with the key. Fails unless 405 with an `Allow` header naming every documented method and not the one sent. Any 2xx/3xx/5xx or other 4xx (404 included: the path exists) fails; 401/403 are skipped only without --api-key.',
  appliesTo: (operation, ctx) => ctx.pathRepresentatives.has(operation.id),
  judge: (exchange) => {
    const response = exchange.response;
    if (exchange.kind !== 'wrong_method' || !response) return undefined;
    const method = exchange.request.method.toUpperCase();
    const documented = exchange.context.documentedMethods ?? [];
    if (response.status === 405) {
      const allowValue = response.headers['allow'];
      if (allowValue === undefined) return fail(`405 without an Allow header (RFC 9110 §15.5.6 requires it)`);
      const allow = allowValue.split(',').map((m) => m.trim().toUpperCase()).filter(Boolean);
      const missing = documented.filter((m) => !allow.includes(m));
      const problems: string[] = [];
      if (missing.length > 0) problems.push(`Allow: ${allowValue} misses ${missing.join(', ')}`);
      if (allow.includes(method)) problems.push(`Allow: ${allowValue} names ${method}, the method just refused`);
      return problems.length > 0 ? fail(...problems) : pass;
    }
    if ((response.status === 401 || response.status === 403) && exchange.context.noKeyGiven) return skip(`answered ${response.status}: needs --api-key to reach method routing`);
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    return fail(`${method} on a path documenting ${documented.join(', ')} answered ${response.status} instead of 405`);
  },
};
