import { requestBodyOf } from '../cases/inputs.js';
import { judgeSyntaxRefusal } from './malformed-json-rejected.js';
import { refusalFor, REFUSALS } from './refusal.js';
import { skip, type Check } from './types.js';

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
    return judgeSyntaxRefusal(operation, rule, response.status, ': the octet was read as U+FFFD and the body accepted');
  },
};
