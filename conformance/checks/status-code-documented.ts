import { fail, pass, type Check } from './types.js';
import { documentedStatuses, excerpt, isOwnExchange } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';

/** OAS 3.0.3 §4.7.16: the Responses Object lists what an operation answers; `4XX` ranges and `default` count. */
const INVALID_ON_PURPOSE = new Set(['negative', 'malformed_json', 'unknown_id', 'no_auth', 'wrong_auth']);

export const statusCodeDocumented: Check = {
  name: 'status_code_documented',
  description:
    "Every answer to the operation's own method and path. Fails when the status is not among the operation's responses (exact code, `NXX` range or `default`).",
  // OAS 3.1.0 §4.8.10: an operation may document no responses at all; then no status is promised.
  appliesTo: (operation) => Object.keys(operation.responses).length > 0,
  judge: (exchange, operation) => {
    if (!exchange.response || !isOwnExchange(exchange)) return undefined;
    const { status } = exchange.response;
    if (documentedResponse(operation.responses, status)) return pass;
    if ((exchange.kind === 'no_auth' || exchange.kind === 'wrong_auth') && (status === 401 || status === 403) && operation.requiresAuth) {
      return { status: 'warn', reason: `contract omits ${status}: ${operation.id} declares security but does not document the ${status} its credential probe got` };
    }
    // A client error to a request the runner made invalid on purpose, from an operation that documents
    // no client error at all: the contract is silent, the server is right (RFC 9110 §15.5).
    const documentsClientErrors = Object.keys(operation.responses).some((k) => /^4/.test(k) || k === 'default');
    if (status >= 400 && status < 500 && !documentsClientErrors && INVALID_ON_PURPOSE.has(exchange.kind)) {
      return { status: 'warn', reason: `contract omits ${status}: ${operation.id} documents no 4xx, and a deliberately invalid request got ${status}` };
    }
    // RFC 9110 §15.4: a 3xx points elsewhere; the runner never follows it (it talks to the target only) and judges it as the answer.
    const location = status >= 300 && status < 400 ? exchange.response.headers['location'] : undefined;
    const redirect = location !== undefined ? `; it is a redirect to ${excerpt(location, 200)}, not followed` : '';
    return fail(`status ${status} is not documented for ${operation.id} (documented: ${documentedStatuses(operation).join(', ')})${redirect}`);
  },
};
