import { fail, pass, skip, type Check } from './types.js';
import { isJsonResponse, isOwnExchange, parseJson, responseJsonSchema } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';

/** Validates bodies with the contract's SchemaValidator under OpenAPI 3.0 rules (nullable, readOnly/writeOnly, formats, allOf). */
export const responseSchema: Check = {
  name: 'response_schema',
  description:
    'Every documented JSON answer (success and error). Fails when the body does not validate against the documented schema (types, required fields, enums, formats such as int32/int64/date-time, nullable, writeOnly fields in responses, allOf).',
  appliesTo: () => true,
  judge: (exchange, operation, ctx) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const documented = documentedResponse(operation.responses, response.status);
    if (!documented) return skip(`status ${response.status} is undocumented`);
    const json = responseJsonSchema(documented.response);
    if (!json?.schema) return skip(`${documented.key} documents no JSON schema`);
    if (!isJsonResponse(response)) return skip('the body is not JSON (see content_type)');
    const parsed = parseJson(response.body);
    if (!parsed.ok) return skip('the body does not parse (see content_type)');
    const result = ctx.validator.validate(json.schema, parsed.value, 'response');
    if (result.state === 'valid') return pass;
    // A schema that cannot be checked is said, never passed in silence (issue 18).
    if (result.state === 'unknown') return skip(`could not check the body: ${result.reason}`);
    return {
      status: 'fail',
      violations: result.violations.map((v) => ({ message: `body${v.path || ''} ${v.message}`, where: v.path })),
    };
  },
};
