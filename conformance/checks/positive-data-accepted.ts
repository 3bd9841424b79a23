import { isSuccess } from '../cases/roles.js';
import { fail, pass, skip, type Check } from './types.js';
import { errorMessageOf, pastSunset } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';

/**
 * Valid inputs (prerequisites created first) must get a documented 2xx. 409 and 422 can be
 * legitimate state rules the runner cannot see, so they are skipped with the server's reason.
 */
export const positiveDataAccepted: Check = {
  name: 'positive_data_accepted',
  description:
    'Sends generated valid inputs (seeded; lower and upper boundary values first, readOnly fields left out) with the key, after creating what they refer to (a category before a pet, stock before an order). Fails unless a documented 2xx comes back; a documented 101 (a protocol switch the runner cannot follow), 409/422 (possible state rules) and 429/503 are skipped with the reason, 404/410 past a sunset are skipped.',
  appliesTo: () => true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (exchange.kind !== 'positive' || !response) return undefined;
    const { status } = response;
    if (status >= 200 && status < 300) {
      // OAS 3.1.0 §4.8.10: an operation that documents no responses promises no particular 2xx.
      if (Object.keys(operation.responses).length === 0) return pass;
      const documented = documentedResponse(operation.responses, status);
      // `default` covers a 2xx only when the operation lists no 2xx of its own (OAS 3.0.3 §4.7.16).
      const lists2xx = Object.keys(operation.responses).some((k) => /^2/.test(k));
      return documented && (documented.key !== 'default' || !lists2xx) ? pass : fail(`valid input answered ${status}, which is not a documented 2xx`);
    }
    // A documented 101 is the switch the operation is for; what follows speaks another protocol
    // (RFC 9110 §15.2.2, §7.8), which the runner cannot follow: nothing to judge, not a refusal.
    if (status === 101 && documentedResponse(operation.responses, status, { withDefault: false })) {
      return skip(`answered the documented 101 Switching Protocols: the runner cannot follow a protocol upgrade (RFC 9110 §15.2.2), so ${operation.id} is not exercised`);
    }
    // A 3xx the operation documents is its success (RFC 9110 §15.4: redirects are answers too).
    if (isSuccess(operation, status)) return pass;
    if ((status === 404 || status === 410) && pastSunset(operation, response)) return skip(`${operation.id} is past its sunset (answered ${status})`);
    if (status === 404 && exchange.context.guessedId) {
      return skip(`answered 404 to an identifier taken from the contract's examples or generated (no operation could create or list one): it may simply not exist`);
    }
    if (status === 409 || status === 422) return skip(`answered ${status} after the prerequisites were created; may be a legitimate state rule: ${errorMessageOf(response)}`);
    if (status === 429 || status === 503) return skip(`answered ${status} (temporarily unavailable): cannot judge`);
    return fail(`valid input rejected with ${status}: ${errorMessageOf(response)}`);
  },
};
