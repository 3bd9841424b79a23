import { isSuccess } from '../../src/contract/index.js';
import { fail, pass, skip, type Check } from './types.js';
import {
  errorMessageOf,
  largeContentRefused,
  longTargetRefused,
  pastSunset,
  targetOctets,
  upgradeRequired,
} from './util.js';
import { documentedResponse } from '../../src/contract/index.js';
import { needsUserInput } from '../user-inputs.js';

/**
 * Valid inputs (prerequisites created first) must get a documented 2xx. 409 and 422 can be
 * legitimate state rules the runner cannot see, so they are skipped with the server's reason.
 */
export const positiveDataAccepted: Check = {
  name: 'positive_data_accepted',
  needs: ['positive'],
  explainedBy: 'positive',
  siblings: 'answer',
  description:
    'Sends generated valid inputs (seeded; lower and upper boundary values first, readOnly fields left out) with the key, after creating what they refer to (a category before a pet, stock before an order). Fails unless a documented 2xx comes back; 409/422 (possible state rules), 429/503, 413 to content over 8000 octets (RFC 9110 §15.5.14) and 414/431 to a request line over 8000 octets (RFC 9112 §3; the contract states no limit) are skipped with the reason, 404/410 past a sunset are skipped. An operation needing an input the runner cannot invent (an OAuth2 token endpoint, a required `format: password` field, `x-conformance-needs-input`) is skipped on a 4xx unless --inputs or --oauth2 gave its values.',
  appliesTo: () => true,
  judge: (exchange, operation, ctx) => {
    const response = exchange.response;
    if (exchange.kind !== 'positive' || !response) return undefined;
    const { status } = response;
    if (status >= 200 && status < 300) {
      // OAS 3.1.0 §4.8.10: an operation that documents no responses promises no particular 2xx.
      if (Object.keys(operation.responses).length === 0) return pass;
      const documented = documentedResponse(operation.responses, status);
      // `default` covers a 2xx only when the operation lists no 2xx of its own (OAS 3.0.3 §4.7.16).
      const lists2xx = Object.keys(operation.responses).some((k) => /^2/.test(k));
      return documented && (documented.key !== 'default' || !lists2xx)
        ? pass
        : fail(`valid input answered ${status}, which is not a documented 2xx`);
    }
    // A 3xx the operation documents is its success (RFC 9110 §15.4: redirects are answers too).
    if (isSuccess(operation, status)) return pass;
    // 101 switches protocols only on the client's Upgrade (RFC 9110 §7.8, §15.2.2), which the runner
    // never sends: the request was not the one the contract's success needs, so nothing is judged;
    // nor is the 426 Upgrade Required a server gives such a request instead (§15.5.22).
    if ((status === 101 && operation.responses['101'] !== undefined) || upgradeRequired(exchange, operation))
      return skip(
        `${operation.id} succeeds with 101 Switching Protocols, which needs an Upgrade header the runner does not send (RFC 9110 §7.8): not exercised over plain HTTP`,
      );
    if ((status === 404 || status === 410) && pastSunset(operation, response))
      return skip(`${operation.id} is past its sunset (answered ${status})`);
    if (status === 404 && exchange.context.guessedId) {
      return skip(
        `answered 404 to an identifier taken from the contract's examples or generated (no operation could create or list one): it may simply not exist`,
      );
    }
    // A login, a one-time code, a secret (conformance/user-inputs.ts): a correct server refuses the
    // values the runner invents, so without the user's own a refusal judges nothing.
    const needs =
      status >= 400 && status < 500 && !exchange.context.userInput
        ? needsUserInput(ctx.contract, operation)
        : undefined;
    if (needs !== undefined)
      return skip(`${needs}; without it the refusal (${status}) of an invented value judges nothing`);
    // An operation documenting no success at all (Enterobase's PUTs list only 403, "Unauthorised
    // access for this specific resource") promises none: its documented refusal is the answer the
    // contract gives (OAS 3.0.3 §4.7.16 asks for a success response only as a SHOULD), and
    // status_code_documented still holds the status to the list.
    // A 101 is a success too (RFC 9110 §15.2.2): the operation promises one, only not over plain HTTP.
    const successKeys = Object.keys(operation.responses).some((k) => k === '101' || /^[23]/.test(k) || k === 'default');
    if (
      !successKeys &&
      Object.keys(operation.responses).length > 0 &&
      documentedResponse(operation.responses, status) !== undefined
    ) {
      return skip(
        `${operation.id} documents no success answer (only ${Object.keys(operation.responses).join(', ')}): its documented ${status} is what the contract promises`,
      );
    }
    if (status === 409 || status === 422)
      return skip(
        `answered ${status} after the prerequisites were created; may be a legitimate state rule: ${errorMessageOf(response)}`,
      );
    if (status === 429 || status === 503) return skip(`answered ${status} (temporarily unavailable): cannot judge`);
    if (largeContentRefused(exchange))
      return skip(
        `answered 413 to ${Buffer.byteLength(exchange.request.body ?? '')} octets of content: a server may refuse content larger than it is willing to process (RFC 9110 §15.5.14), and the contract states no limit`,
      );
    if (longTargetRefused(exchange))
      return skip(
        `answered ${status} to a request target of ${targetOctets(exchange)} octets: a server need only read request lines of 8000 (RFC 9112 §3), and the contract states no limit`,
      );
    return fail(`valid input rejected with ${status}: ${errorMessageOf(response)}`);
  },
};
