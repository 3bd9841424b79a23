import type { OpenAPIV3 } from 'openapi-types';
import { asSchema, effective, type Schema } from '../cases/schema.js';
import type { Violation } from '../types.js';
import { pass, skip, type Check } from './types.js';
import { isOwnExchange } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';

/** Header values are text; read them as the schema's type before validating (OAS 3.0.3 §4.7.21, style simple). */
function coerce(value: string, schema: Schema): unknown {
  const s = effective(schema);
  if ((s.type === 'integer' || s.type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim()))
    return Number(value.trim());
  if (s.type === 'boolean' && /^(true|false)$/.test(value.trim())) return value.trim() === 'true';
  if (s.type === 'array') return value.split(',').map((v) => v.trim());
  return value;
}

export const responseHeaders: Check = {
  name: 'response_headers',
  needs: ['positive'],
  siblings: 'answer',
  description:
    'Every documented answer. Fails when a header the response declares `required: true` is missing (Location on 201, X-Total-Count on lists, WWW-Authenticate on 401, Retry-After on 429/503...) or when a declared header is present with a value its schema refuses.',
  appliesTo: () => true,
  judge: (exchange, operation, ctx) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const documented = documentedResponse(operation.responses, response.status);
    if (!documented) return skip(`status ${response.status} is undocumented`);
    const violations: Violation[] = [];
    for (const [name, header] of Object.entries(documented.response.headers ?? {})) {
      // OAS 3.0.3 §4.7.17: a Content-Type entry in headers is ignored.
      if (name.toLowerCase() === 'content-type' || '$ref' in header) continue;
      const h = header as OpenAPIV3.HeaderObject;
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) {
        if (h.required === true)
          violations.push({ message: `required header ${name} is missing on ${response.status}`, where: name });
        continue;
      }
      const schema = asSchema(h.schema);
      if (!schema) continue;
      const result = ctx.validator.check(schema, coerce(value, schema), 'response');
      if (!result.valid) {
        violations.push({
          message: `header ${name}: ${JSON.stringify(value)} ${result.violations.map((v) => v.message).join('; ')}`,
          where: name,
        });
      }
    }
    return violations.length > 0 ? { status: 'fail', violations } : pass;
  },
};
