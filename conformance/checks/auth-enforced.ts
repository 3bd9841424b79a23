import { fail, pass, skip, type Check } from './types.js';
import { isOwnExchange } from './util.js';
import { rangeKey } from '../../src/contract/index.js';

/**
 * RFC 9110 §11.6.1 / §15.5.2: a request without valid credentials for a protected resource gets 401
 * (or 403, §15.5.4). What proves a server ignores authentication is only that it accepted such a
 * request (2xx); any other refusal shows it did not, though one that is not 401/403 (a body check
 * that ran first: 400, 422) does not show that it checked the credentials either: a warning.
 */
export const authEnforced: Check = {
  name: 'auth_enforced',
  needs: ['positive', 'no_auth', 'wrong_auth'],
  description:
    'Operations with security requirements: sends the valid request without credentials and with wrong ones; fails when either is accepted (2xx); 401/403 pass, another refusal (400, 422, 404…) is a warning. With credentials given, fails when any request carrying the valid ones gets 401. Public operations: fails when one answers 401.',
  appliesTo: () => true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const { status } = response;
    if (exchange.kind === 'no_auth' || exchange.kind === 'wrong_auth') {
      const what = exchange.kind === 'no_auth' ? 'without credentials' : 'with wrong credentials';
      if (status >= 200 && status < 300) return fail(`${operation.id} requires credentials but accepted the request ${what} (answered ${status})`);
      const documents401 = operation.responses['401'] !== undefined;
      const documents403 = operation.responses['403'] !== undefined;
      const documentsRange = rangeKey(operation.responses, 401) !== undefined;
      if (status === 401 || status === 403) {
        // The server refuses as RFC 9110 §15.5.2 says; it is the contract that does not say so.
        if (!documents401 && !documents403 && !documentsRange) return { status: 'warn', reason: `contract omits ${status}: ${operation.id} declares security but documents no 401/403 (answered ${status} ${what})` };
        return pass;
      }
      if (status === 404 && exchange.context.noKeyGiven) return skip(`answered 404 ${what} (the resource lookup came first; with credentials the runner uses a real resource)`);
      return { status: 'warn', reason: `${operation.id} refused the request ${what} with ${status}, not 401/403: it did not ignore the missing credentials, but the answer does not show it checked them (another check ran first)` };
    }
    if (status !== 401) return pass;
    if (!operation.requiresAuth) return fail(`${operation.id} is public (no security requirement) but answered 401`);
    if (exchange.context.noKeyGiven) return undefined;
    return fail(`the valid key was refused with 401`);
  },
};
