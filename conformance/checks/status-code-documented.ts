import { fail, pass, type Check } from './types.js';
import { documentedStatuses, excerpt, isOwnExchange, largeContentRefused } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';

/** OAS 3.0.3 §4.7.16: the Responses Object lists what an operation answers; `4XX` ranges and `default` count. */
const INVALID_ON_PURPOSE = new Set(['negative', 'malformed_json', 'unknown_id', 'no_auth', 'wrong_auth']);

export const statusCodeDocumented: Check = {
  name: 'status_code_documented',
  needs: ['positive'],
  siblings: 'answer',
  description:
    "Every answer to the operation's own method and path. Fails when the status is not among the operation's responses (exact code, `NXX` range or `default`). An undocumented 4xx answering one of the runner's deliberately invalid requests (a defect, malformed JSON, a wrong media type, an unknown id, no or wrong credentials), 404 to an identifier it had to guess, or 413 to content over 8000 octets (RFC 9110 §15.5.14), is a warning: the contract omits it, the server is right.",
  // OAS 3.1.0 §4.8.10: an operation may document no responses at all; then no status is promised.
  appliesTo: (operation) => Object.keys(operation.responses).length > 0,
  judge: (exchange, operation) => {
    if (!exchange.response || !isOwnExchange(exchange)) return undefined;
    const { status } = exchange.response;
    if (documentedResponse(operation.responses, status)) return pass;
    if ((exchange.kind === 'no_auth' || exchange.kind === 'wrong_auth') && (status === 401 || status === 403) && operation.requiresAuth) {
      return { status: 'warn', reason: `contract omits ${status}: ${operation.id} declares security but does not document the ${status} its credential probe got` };
    }
    // A client error answering a request the runner made invalid on purpose (a defect, malformed
    // JSON, a wrong media type, an unknown id, no or wrong credentials) is the server being right
    // (RFC 9110 §15.5): the contract omits that status, whether or not it documents some other 4xx.
    // One rule everywhere: a warning with its reason, never a failure of the server.
    if (status >= 400 && status < 500 && INVALID_ON_PURPOSE.has(exchange.kind)) {
      const what = exchange.context.defect ? `a deliberately invalid request (${exchange.context.defect})` : `a deliberately invalid request (${exchange.kind.replace('_', ' ')})`;
      return { status: 'warn', reason: `contract omits ${status}: ${operation.id} does not document it, and ${what} got ${status}` };
    }
    if (largeContentRefused(exchange)) {
      return { status: 'warn', reason: `contract omits 413: ${operation.id} states no size limit, and ${Buffer.byteLength(exchange.request.body ?? '')} octets of content got 413 (RFC 9110 §15.5.14)` };
    }
    // A valid request whose identifier the runner had to guess (no operation creates or lists one):
    // 404 says only that it does not exist (RFC 9110 §15.5.5), the runner's input, not the server's fault.
    if (status === 404 && exchange.kind === 'positive' && exchange.context.guessedId) {
      return { status: 'warn', reason: `contract omits 404: ${operation.id} does not document it, and a guessed identifier (no operation could create or list one) got 404` };
    }
    // RFC 9110 §15.4: a 3xx points elsewhere; the runner never follows it (it talks to the target only) and judges it as the answer.
    const location = status >= 300 && status < 400 ? exchange.response.headers['location'] : undefined;
    const redirect = location !== undefined ? `; it is a redirect to ${excerpt(location, 200)}, not followed` : '';
    return fail(`status ${status} is not documented for ${operation.id} (documented: ${documentedStatuses(operation).join(', ')})${redirect}`);
  },
};
