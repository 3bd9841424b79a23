import { requestBodyOf } from '../cases/inputs.js';
import type { Operation } from '../../src/contract/index.js';
import type { CheckOutcome } from '../types.js';
import { judgeRefusal, REFUSALS, type RefusalRule } from './refusal.js';
import { fail, pass, skip, type Check } from './types.js';

/**
 * RFC 8259 syntax errors in a body declared application/json are a client error. The contract
 * first, then the RFC (checks/refusal.ts): where the operation documents 400 or 422, only a
 * documented one passes (FastAPI documents and answers 422); where it documents neither, 400
 * passes (RFC 9110 §15.5.1; 422, §15.5.21, is for content whose syntax is correct) and another 4xx
 * is a warning naming the omission.
 */
export const malformedJsonRejected: Check = {
  name: 'malformed_json_rejected',
  needs: ['malformed_json'],
  explainedBy: 'malformed_json',
  description:
    'Operations with a JSON request body: sends a truncated JSON document with the key, in the JSON media type the operation documents (`application/json`, `application/vnd.api+json`…). Where the operation documents 400 or 422, fails unless the answer is one it documents; where it documents neither, 400 passes and another 4xx is a warning (the contract omits it). 2xx, 3xx and 5xx fail.',
  appliesTo: (operation) => requestBodyOf(operation)?.json === true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (exchange.kind !== 'malformed_json' || !response) return undefined;
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    return judgeSyntaxRefusal(operation, REFUSALS.malformed, response.status);
  },
};

const documented400or422 = (operation: Operation): string =>
  [400, 422].filter((s) => operation.responses[String(s)] !== undefined).join(' or ');

/**
 * The answer to a body whose syntax is broken (malformed JSON, octets that are not UTF-8), judged
 * by the malformed-body rule: the contract first, then RFC 9110 §15.5.1. `accepted`: what a 2xx
 * means for this kind of body, added to its failure.
 */
export function judgeSyntaxRefusal(
  operation: Operation,
  rule: RefusalRule,
  status: number,
  accepted = '',
): CheckOutcome {
  const verdict = judgeRefusal(operation, rule, status);
  switch (verdict.verdict) {
    case 'documented':
    case 'rfc':
      return pass;
    case 'undocumented':
      return fail(verdict.message);
    case 'omitted':
      return { status: 'warn', reason: verdict.message };
    case 'other':
      // A documented status of another kind (404, 409…) where 400/422 are documented says nothing
      // about the syntax; where they are not, the contract promised no refusal for it.
      return verdict.familyDocumented
        ? fail(
            `${rule.what} answered ${status}, but ${operation.id} documents ${documented400or422(operation)} for an invalid request`,
          )
        : {
            status: 'warn',
            reason: `contract omits 400/422: ${operation.id} documents no status for ${rule.what}, which got ${status} (RFC 9110 §15.5.1 names 400)`,
          };
    case 'not-a-refusal':
      return fail(
        `${rule.what} answered ${status} instead of ${documented400or422(operation) || '400'}${status >= 200 && status < 300 ? accepted : ''}`,
      );
  }
}
