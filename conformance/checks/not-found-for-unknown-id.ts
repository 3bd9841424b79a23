import { fail, pass, skip, type Check } from './types.js';
import { pastSunset } from './util.js';
import { judgeRefusal, REFUSALS } from './refusal.js';

/** RFC 9110 §15.5.5: a resource that does not exist is 404. */
export const notFoundForUnknownId: Check = {
  name: 'not_found_for_unknown_id',
  needs: ['unknown_id'],
  explainedBy: 'unknown_id',
  description:
    "Operations with path parameters that document 404: puts into the parameter that names a resource (one a create's `links` fill, the item of a created or listed collection, an item read documenting 404) a value its schema admits (type, format, bounds, pattern) that no answer of the run has shown, the other inputs valid. Fails unless the answer is 404 (410 past a sunset, or where documented); where the operation documents neither 404 nor 410, another 4xx is a warning (the contract omits it). Skipped with the reason when no parameter is an identifier (an enum, a version, a bounded integer such as a month, an IP address), no such value exists, the operation answers 201 (it may create what its path names), or the identifier is the target of a PUT documenting no 404 of its own (RFC 9110 §9.3.4: PUT creates its target; a parent is still probed), or its other required inputs cannot be made.",
  appliesTo: (operation) => operation.parameters.some((p) => p.in === 'path'),
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (exchange.kind !== 'unknown_id' || !response) return undefined;
    if (response.status === 404) return pass;
    if (response.status === 410 && pastSunset(operation, response)) return pass;
    if (response.status === 401 && exchange.context.noKeyGiven)
      return skip('answered 401: needs --api-key to reach the lookup');
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    // The contract first, then the RFC (checks/refusal.ts): a documented 404/410 is the promise; an
    // operation documenting neither promised nothing, so another 4xx is a warning naming the omission.
    const verdict = judgeRefusal(operation, REFUSALS.unknownId, response.status);
    if (verdict.verdict === 'documented' || verdict.verdict === 'rfc') return pass;
    if (verdict.verdict === 'omitted' || (verdict.verdict === 'other' && !verdict.familyDocumented))
      return {
        status: 'warn',
        reason: `contract omits 404: ${operation.id} documents no status for an unknown identifier, which got ${response.status} (RFC 9110 §15.5.5 names 404)`,
      };
    return fail(
      `an unknown identifier answered ${response.status} instead of ${[404, 410].filter((s) => operation.responses[String(s)] !== undefined).join(' or ') || '404'}`,
    );
  },
};
