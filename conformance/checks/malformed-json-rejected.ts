import { requestBodyOf } from '../cases/inputs.js';
import { fail, pass, skip, type Check } from './types.js';

/** RFC 8259 syntax errors in a body declared application/json are a client error: 400 (RFC 9110 §15.5.1). */
export const malformedJsonRejected: Check = {
  name: 'malformed_json_rejected',
  needs: ['malformed_json'],
  explainedBy: 'malformed_json',
  description:
    'Operations with a JSON request body: sends a truncated JSON document with the key, in the JSON media type the operation documents (`application/json`, `application/vnd.api+json`…). Fails unless the answer is 400 (415, 422, 2xx and 5xx all fail).',
  appliesTo: (operation) => requestBodyOf(operation)?.json === true,
  judge: (exchange) => {
    const response = exchange.response;
    if (exchange.kind !== 'malformed_json' || !response) return undefined;
    if (response.status === 400) return pass;
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    return fail(`malformed JSON answered ${response.status} instead of 400`);
  },
};
