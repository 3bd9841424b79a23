import { fail, pass, skip, type Check } from './types.js';
import { errorMessageOf } from './util.js';

/** An input the contract forbids must be refused with a client error (RFC 9110 §15.5), never accepted, never a crash. */
export const negativeDataRejected: Check = {
  name: 'negative_data_rejected',
  needs: ['negative'],
  explainedBy: 'negative',
  siblings: 'input',
  description:
    'Sends generated invalid inputs, each with exactly one defect: a required field missing, a wrong type, out of range, too long/short, outside an enum, a bad date-time/uuid, a body that is not an object or is missing, the wrong content type, bad path and query parameters. Fails on any 2xx/3xx (accepted) or 5xx, but a number sent as a JSON string, whose acceptance (type coercion, a framework default) is a warning; any 4xx passes here (status_code_documented judges which 4xx the contract allows, docs/runner-rules.md).',
  appliesTo: () => true,
  judge: (exchange) => {
    const response = exchange.response;
    if (exchange.kind !== 'negative' || !response) return undefined;
    const defect = exchange.context.defect ?? 'invalid input';
    if (response.status === 429) return skip('rate limited (429): cannot judge');
    if (response.status >= 400 && response.status < 500) return pass;
    if (response.status >= 500)
      return fail(`${defect}: answered ${response.status} instead of a 4xx: ${errorMessageOf(response)}`);
    const lenient = exchange.context.lenient;
    if (lenient) return { status: 'warn', reason: `${defect}: accepted with ${response.status}: ${lenient}` };
    return fail(`${defect}: accepted with ${response.status}`);
  },
};
