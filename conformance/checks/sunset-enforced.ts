import { formatHttpDate } from '../../src/contract/index.js';
import { fail, pass, skip, type Check } from './types.js';
import { isOwnExchange, serverDate } from './util.js';

const JUDGED = new Set(['positive', 'unknown_id', 'read_back', 'read_after_delete', 'no_auth', 'wrong_auth']);

/** RFC 8594 §1: after the Sunset the resource is expected to stop answering; the contract says 410 Gone (404 accepted). */
export const sunsetEnforced: Check = {
  name: 'sunset_enforced',
  needs: ['positive'],
  description:
    "Deprecated operations with `x-sunset`: reads the server's `Date` header on each answer. Once Date is at or past the sunset, fails unless the operation answers 410 (or 404). Before that date it is skipped, naming the date.",
  appliesTo: (operation) => operation.deprecation?.sunset !== undefined,
  judge: (exchange, operation) => {
    const response = exchange.response;
    const sunset = operation.deprecation?.sunset;
    if (!response || !sunset || !isOwnExchange(exchange) || !JUDGED.has(exchange.kind)) return undefined;
    const date = serverDate(response);
    if (!date)
      return skip(
        `the server sends no IMF-fixdate Date header (RFC 9110 §6.6.1); cannot tell whether the sunset ${formatHttpDate(sunset)} has passed`,
      );
    if (date.getTime() < sunset.getTime()) {
      return skip(
        `not due yet: sunset is ${sunset.toISOString().slice(0, 10)} (x-sunset), the server's Date is ${response.headers['date'] ?? ''}`,
      );
    }
    if (response.status === 410 || response.status === 404) return pass;
    return fail(
      `the server's Date (${response.headers['date'] ?? ''}) is past the sunset ${sunset.toISOString().slice(0, 10)}, but it answered ${response.status} instead of 410 Gone`,
    );
  },
};
