import { fail, pass, type Check } from './types.js';
import {
  documentedStatuses,
  excerpt,
  isOwnExchange,
  largeContentRefused,
  longTargetRefused,
  targetOctets,
  upgradeRequired,
} from './util.js';
import { documentedResponse } from '../../src/contract/index.js';
import { judgeRefusal, refusalFor } from './refusal.js';

/** OAS 3.0.3 §4.7.16: the Responses Object lists what an operation answers; `4XX` ranges and `default` count. */
const INVALID_ON_PURPOSE = new Set(['negative', 'malformed_json', 'non_utf8', 'unknown_id', 'no_auth', 'wrong_auth']);

export const statusCodeDocumented: Check = {
  name: 'status_code_documented',
  needs: ['positive'],
  siblings: 'answer',
  description:
    "Every answer to the operation's own method and path. Fails when the status is not among the operation's responses (exact code, `NXX` range or `default`). An undocumented 4xx answering one of the runner's deliberately invalid requests (a defect, malformed JSON, a wrong media type, an unknown id, no or wrong credentials) fails where the operation documents another status for that kind of refusal (403 where 401 is documented), and is a warning where it documents none: the contract omits it, the server is right. So are 404 to an identifier it had to guess, 413 to content over 8000 octets (RFC 9110 §15.5.14) and 414/431 to a request line over 8000 octets (RFC 9112 §3).",
  // OAS 3.1.0 §4.8.10: an operation may document no responses at all; then no status is promised.
  appliesTo: (operation) => Object.keys(operation.responses).length > 0,
  judge: (exchange, operation) => {
    if (!exchange.response || !isOwnExchange(exchange)) return undefined;
    const { status } = exchange.response;
    if (documentedResponse(operation.responses, status)) return pass;
    // Before the refusal rule: large content (a defect's long field too) may meet the server's own size limit.
    if (largeContentRefused(exchange)) {
      return {
        status: 'warn',
        reason: `contract omits 413: ${operation.id} states no size limit, and ${Buffer.byteLength(exchange.request.body ?? '')} octets of content got 413 (RFC 9110 §15.5.14)`,
      };
    }
    if (upgradeRequired(exchange, operation)) {
      return {
        status: 'warn',
        reason: `contract omits 426: ${operation.id} switches protocols (101), and a request without Upgrade got 426 Upgrade Required (RFC 9110 §7.8, §15.5.22)`,
      };
    }
    if (longTargetRefused(exchange)) {
      return {
        status: 'warn',
        reason: `contract omits ${status}: ${operation.id} states no length limit, and a request target of ${targetOctets(exchange)} octets got ${status} (RFC 9112 §3: 8000 at a minimum)`,
      };
    }
    // A request the runner made invalid on purpose (a defect, malformed JSON, a wrong media type, an
    // unknown id, no or wrong credentials): the contract first, then the RFC (checks/refusal.ts).
    // An identifier the runner had to guess, or a lookup run before the credentials were (no key
    // given), answers about the runner's input (RFC 9110 §15.5.5): the guessed-id rule below.
    const refusal =
      INVALID_ON_PURPOSE.has(exchange.kind) &&
      !(status === 404 && (exchange.context.guessedId || exchange.context.noKeyGiven))
        ? refusalFor(exchange)
        : undefined;
    if (refusal && status >= 400 && status < 500) {
      const verdict = judgeRefusal(operation, refusal, status);
      if (verdict.verdict === 'undocumented') return fail(verdict.message);
      return {
        status: 'warn',
        reason: `contract omits ${status}: ${operation.id} does not document it, and ${refusal.what} got ${status}`,
      };
    }
    if (status === 404 && INVALID_ON_PURPOSE.has(exchange.kind)) {
      return {
        status: 'warn',
        reason: `contract omits 404: ${operation.id} does not document it, and ${refusalFor(exchange)?.what ?? 'a request'} to an identifier the runner had to guess got 404`,
      };
    }
    // A valid request whose identifier the runner had to guess (no operation creates or lists one):
    // 404 says only that it does not exist (RFC 9110 §15.5.5), the runner's input, not the server's fault.
    if (status === 404 && exchange.kind === 'positive' && exchange.context.guessedId) {
      return {
        status: 'warn',
        reason: `contract omits 404: ${operation.id} does not document it, and a guessed identifier (no operation could create or list one) got 404`,
      };
    }
    // RFC 9110 §15.4: a 3xx points elsewhere; the runner never follows it (it talks to the target only) and judges it as the answer.
    const location = status >= 300 && status < 400 ? exchange.response.headers['location'] : undefined;
    const redirect = location !== undefined ? `; it is a redirect to ${excerpt(location, 200)}, not followed` : '';
    return fail(
      `status ${status} is not documented for ${operation.id} (documented: ${documentedStatuses(operation).join(', ')})${redirect}`,
    );
  },
};
