import { xmlProblems } from './xml-wellformed.js';
import { fail, pass, skip, type Check } from './types.js';
import { isOwnExchange, parseJson } from './util.js';
import { documentedResponse, responseBodyRule } from '../../src/contract/index.js';
import {
  acceptable,
  isJsonMediaType,
  isXmlMediaType,
  mediaEssence,
  mediaMatches,
  negotiate,
} from '../../src/contract/index.js';

/** RFC 9110 §8.3: a body's Content-Type must be one the contract documents for that response. */
export const contentType: Check = {
  name: 'content_type',
  needs: ['positive'],
  siblings: 'answer',
  description:
    "Every documented answer, by the rule for bodies (docs/any-contract.md): fails when a 204/205/304 (or any answer to HEAD) has a body, a body comes without Content-Type, in a media type the response does not document, or as JSON that does not parse. A response documented without content describes no body: an error may carry one (RFC 9110 §15.5), a success that does is a warning. A documented type the request's Accept refuses, where the response documents one it accepts, is a warning (RFC 9110 §12.5.1).",
  appliesTo: () => true,
  judge: (exchange, operation, ctx) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const documented = documentedResponse(operation.responses, response.status);
    if (!documented) return skip(`status ${response.status} is undocumented (see status_code_documented)`);
    const hasBody = response.body.length > 0;
    // The one rule for bodies (src/contract/response-body.ts), the mock's too.
    const rule = responseBodyRule(response.status, exchange.request.method, documented.response);
    if (rule.kind === 'none')
      return hasBody ? fail(`${rule.reason}, but the answer has a ${response.body.length}-byte body`) : pass;
    const received = response.headers['content-type'];
    if (rule.kind === 'open') {
      if (!hasBody) return pass;
      // No payload described (OAS 3.0.3 §4.7.17): only what HTTP asks of any content is judged.
      if (!received) return fail('a body without Content-Type (RFC 9110 §8.3)');
      if (isJsonMediaType(received)) {
        const parsed = parseJson(response.body);
        if (!parsed.ok) return fail(`Content-Type says JSON but the body does not parse: ${parsed.error}`);
      }
      if (rule.explanation) return pass; // RFC 9110 §15.5/§15.6: an error SHOULD explain itself
      return {
        status: 'warn',
        reason: `${response.status} documents no content (OAS 3.0.3 §4.7.17) but the answer carries a ${response.body.length}-byte ${mediaEssence(received)} body the contract does not describe`,
      };
    }
    const media = rule.mediaTypes;
    if (!hasBody) {
      // Zero bytes are a whole representation of some types (an empty text/plain, RFC 2046 §4.1.3), never
      // of JSON (RFC 8259 §2: a value) or XML (a root element): tisane.ai documents `text/plain` with the
      // example `""`. It passes where the answer says such a type and its schema, if any, admits "".
      const said = received === undefined ? undefined : media.find((m) => mediaMatches(received, m));
      const schema = said === undefined ? undefined : documented.response?.content?.[said]?.schema;
      const empty =
        said !== undefined &&
        !isJsonMediaType(said) &&
        !isXmlMediaType(said) &&
        (schema === undefined || ctx.validator.check(schema, '', 'response').valid);
      return empty ? pass : fail(`${response.status} documents ${media.join(', ')} but the body is empty`);
    }
    if (!received) return fail('a body without Content-Type');
    const match = media.find((m) => mediaMatches(received, m));
    if (!match)
      return fail(
        `Content-Type ${mediaEssence(received)} is not documented for ${response.status} (documented: ${media.join(', ')})`,
      );
    if (isJsonMediaType(received)) {
      const parsed = parseJson(response.body);
      if (!parsed.ok) return fail(`Content-Type says JSON but the body does not parse: ${parsed.error}`);
    }
    // XML answers (RFC 7303): at least well-formed.
    if (isXmlMediaType(received)) {
      const problems = xmlProblems(response.body);
      if (problems.length > 0)
        return fail(`Content-Type says XML but the body is not well-formed: ${problems.slice(0, 3).join('; ')}`);
    }
    // RFC 9110 §12.5.1: a server may disregard Accept rather than answer 406, so a type the request
    // refused, where the contract documents one it accepted, is a warning (src/contract/negotiate.ts).
    const accept = exchange.request.headers['accept'];
    const preferred = acceptable(accept, received) ? undefined : negotiate(accept, media);
    if (preferred !== undefined)
      return {
        status: 'warn',
        reason: `the answer is ${mediaEssence(received)}, which the request's Accept (${accept ?? ''}) refuses, although ${response.status} documents ${preferred}, which it accepts (RFC 9110 §12.5.1)`,
      };
    return pass;
  },
};
