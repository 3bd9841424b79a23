import { fail, pass, skip, type Check } from './types.js';
import { pastSunset } from './util.js';

/** RFC 9110 §15.5.5: a resource that does not exist is 404. */
export const notFoundForUnknownId: Check = {
  name: 'not_found_for_unknown_id',
  description:
    'Operations with path parameters that document 404: sends a huge but schema-valid identifier no one created (2^53-1 for integers). Fails unless the answer is 404 (410 past a sunset).',
  appliesTo: (operation) => operation.parameters.some((p) => p.in === 'path'),
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (exchange.kind !== 'unknown_id' || !response) return undefined;
    if (response.status === 404) return pass;
    if (response.status === 410 && pastSunset(operation, response)) return pass;
    if (response.status === 401 && exchange.context.noKeyGiven) return skip('answered 401: needs --api-key to reach the lookup');
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    return fail(`an unknown identifier answered ${response.status} instead of 404`);
  },
};
