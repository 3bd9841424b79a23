import { xmlProblems } from './xml-wellformed.js';
import { fail, pass, skip, type Check } from './types.js';
import { isOwnExchange, parseJson } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';
import { isJsonMediaType, isXmlMediaType, mediaEssence, mediaMatches } from '../../src/contract/index.js';

/** RFC 9110 §8.3: a body's Content-Type must be one the contract documents for that response. */
export const contentType: Check = {
  name: 'content_type',
  description:
    'Every documented answer. Fails when a body comes without Content-Type, with a media type the response does not document, with JSON that does not parse, or when a response that documents no content (e.g. 204) has a body.',
  appliesTo: () => true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const documented = documentedResponse(operation.responses, response.status);
    if (!documented) return skip(`status ${response.status} is undocumented (see status_code_documented)`);
    const media = Object.keys(documented.response.content ?? {});
    const hasBody = response.body.length > 0;
    if (media.length === 0) {
      return hasBody ? fail(`${response.status} documents no content but the answer has a ${response.body.length}-byte body`) : pass;
    }
    if (!hasBody) {
      if (response.status === 204 || response.status === 304) return pass;
      return fail(`${response.status} documents ${media.join(', ')} but the body is empty`);
    }
    const received = response.headers['content-type'];
    if (!received) return fail('a body without Content-Type');
    const match = media.find((m) => mediaMatches(received, m));
    if (!match) return fail(`Content-Type ${mediaEssence(received)} is not documented for ${response.status} (documented: ${media.join(', ')})`);
    if (isJsonMediaType(received)) {
      const parsed = parseJson(response.body);
      if (!parsed.ok) return fail(`Content-Type says JSON but the body does not parse: ${parsed.error}`);
    }
    // XML answers (RFC 7303): at least well-formed.
    if (isXmlMediaType(received)) {
      const problems = xmlProblems(response.body);
      if (problems.length > 0) return fail(`Content-Type says XML but the body is not well-formed: ${problems.slice(0, 3).join('; ')}`);
    }
    return pass;
  },
};
