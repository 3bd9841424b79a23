import { fail, pass, skip, type Check } from './types.js';
import { isOwnExchange } from './util.js';
import { rangeKey } from '../../src/contract/index.js';

/** RFC 9110 §15.5.2: missing or invalid credentials get 401; the contract's security requirements say where. */
export const authEnforced: Check = {
  name: 'auth_enforced',
  description:
    'Operations with security requirements: sends the valid request without credentials and with a wrong key; fails unless both get 401 (403 accepted when the operation documents 403 and not 401). With --api-key, fails when any request carrying the valid key gets 401. Public operations: fails when one answers 401.',
  appliesTo: () => true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const { status } = response;
    if (exchange.kind === 'no_auth' || exchange.kind === 'wrong_auth') {
      const what = exchange.kind === 'no_auth' ? 'without credentials' : 'with wrong credentials';
      const documents401 = operation.responses['401'] !== undefined;
      const documents403 = operation.responses['403'] !== undefined;
      const documentsRange = rangeKey(operation.responses, 401) !== undefined;
      if ((status === 401 || status === 403) && !documents401 && !documents403 && !documentsRange) {
        // The server refuses as RFC 9110 §15.5.2 says; it is the contract that does not say so.
        return { status: 'warn', reason: `contract omits ${status}: ${operation.id} declares security but documents no 401/403 (answered ${status} ${what})` };
      }
      if (status === 401) return pass;
      if (status === 403 && (documents403 || documentsRange) && !documents401) return pass;
      if (status === 404 && exchange.context.noKeyGiven) return skip(`answered 404 ${what} (the resource lookup came first; with --api-key the runner uses a real resource)`);
      return fail(`${operation.id} requires credentials but answered ${status} ${what}`);
    }
    if (status !== 401) return pass;
    if (!operation.requiresAuth) return fail(`${operation.id} is public (no security requirement) but answered 401`);
    if (exchange.context.noKeyGiven) return undefined;
    return fail(`the valid key was refused with 401`);
  },
};
