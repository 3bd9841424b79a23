import { requestBodyOf } from '../cases/inputs.js';
import { judgeRefusal, refusalFor, REFUSALS } from './refusal.js';
import { fail, pass, skip, type Check } from './types.js';

const documented400or422 = (responses: Readonly<Record<string, unknown>>): string =>
  [400, 422].filter((s) => responses[String(s)] !== undefined).join(' or ');

/**
 * RFC 8259 §8.1: JSON text exchanged between systems MUST be encoded in UTF-8, so a body declared
 * `application/json; charset=utf-8` holding an octet UTF-8 never has (0xFF, RFC 3629 §1) is no JSON
 * text: a client error, refused as malformed JSON is (checks/refusal.ts: the contract first, then
 * RFC 9110 §15.5.1). A server that reads it as text puts U+FFFD in its place and stores a value
 * nobody sent. The rest of the body is valid, so only its encoding can be refused.
 */
export const nonUtf8Rejected: Check = {
  name: 'non_utf8_rejected',
  needs: ['non_utf8'],
  explainedBy: 'non_utf8',
  description:
    'Operations with a JSON request body: sends a valid body, declared `charset=utf-8`, whose first string carries the octet 0xFF, which UTF-8 never has (RFC 8259 §8.1). Where the operation documents 400 or 422, fails unless the answer is one it documents; where it documents neither, 400 passes and another 4xx is a warning (the contract omits it). 2xx (the body read as U+FFFD and accepted), 3xx and 5xx fail.',
  appliesTo: (operation) => requestBodyOf(operation)?.json === true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (exchange.kind !== 'non_utf8' || !response) return undefined;
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    const rule = refusalFor(exchange) ?? REFUSALS.malformed;
    const verdict = judgeRefusal(operation, rule, response.status);
    switch (verdict.verdict) {
      case 'documented':
      case 'rfc':
        return pass;
      case 'undocumented':
        return fail(verdict.message);
      case 'omitted':
        return { status: 'warn', reason: verdict.message };
      case 'other':
        return verdict.familyDocumented
          ? fail(
              `${rule.what} answered ${response.status}, but ${operation.id} documents ${documented400or422(operation.responses)} for an invalid request`,
            )
          : {
              status: 'warn',
              reason: `contract omits 400/422: ${operation.id} documents no status for ${rule.what}, which got ${response.status} (RFC 9110 §15.5.1 names 400)`,
            };
      case 'not-a-refusal':
        return fail(
          `${rule.what} answered ${response.status} instead of ${documented400or422(operation.responses) || '400'}${response.status >= 200 && response.status < 300 ? ': the octet was read as U+FFFD and the body accepted' : ''}`,
        );
    }
  },
};
