import { fail, pass, skip, type Check } from './types.js';
import { errorMessageOf } from './util.js';

/** RFC 9110 §15.6: a 5xx means the server failed; a dropped connection or a hang is a failure too. */
export const notAServerError: Check = {
  name: 'not_a_server_error',
  needs: ['positive', 'negative'],
  description:
    'Every request of the run (valid, invalid, malformed, unauthenticated, unknown ids, undocumented methods). Fails on any 5xx, a dropped connection, an answer that is not HTTP, or no complete answer within --timeout. Requests held back after repeated timeouts are skipped, not failed.',
  appliesTo: () => true,
  judge: (exchange) => {
    if (exchange.error?.kind === 'not_sent') return skip(exchange.error.message);
    if (exchange.error) return fail(`${exchange.error.kind}: ${exchange.error.message}`);
    const response = exchange.response;
    if (!response) return undefined;
    if (response.status >= 500) return fail(`answered ${response.status}: ${errorMessageOf(response)}`);
    return pass;
  },
};
