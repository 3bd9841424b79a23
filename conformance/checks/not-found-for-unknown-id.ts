import { fail, pass, skip, type Check } from './types.js';
import { pastSunset } from './util.js';

/** RFC 9110 §15.5.5: a resource that does not exist is 404. */
export const notFoundForUnknownId: Check = {
  name: 'not_found_for_unknown_id',
  needs: ['unknown_id'],
  explainedBy: 'unknown_id',
  description:
    'Operations with path parameters that document 404: puts into the parameter that names a resource (one a create\'s `links` fill, the item of a created or listed collection, an item read documenting 404) a value its schema admits (type, format, bounds, pattern) that no answer of the run has shown, the other inputs valid. Fails unless the answer is 404 (410 past a sunset). Skipped with the reason when no parameter is an identifier (an enum, a version, a bounded integer such as a month, an IP address), no such value exists, the operation answers 201 (it may create what its path names), or its other required inputs cannot be made.',
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
