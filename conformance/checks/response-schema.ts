import { asSchema, effective, isRecord, properties, type Schema } from '../cases/schema.js';
import { pass, skip, type Check } from './types.js';
import { isJsonResponse, isOwnExchange, parseJson, responseJsonSchema } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';
import { judgeSequence } from './sequence-items.js';

/**
 * The value without the properties its schema marks writeOnly, at any depth. OAS 3.0.3 §4.7.25:
 * a writeOnly property "SHOULD NOT be sent as part of the response": a recommendation, so an answer
 * that breaks only it is a warning, not a failure.
 */
export function withoutWriteOnly(
  schema: Schema | undefined,
  value: unknown,
  depth = 0,
): { value: unknown; removed: string[] } {
  const removed: string[] = [];
  if (!schema || depth > 20) return { value, removed };
  const flat = effective(schema);
  if (Array.isArray(value)) {
    const items = flat.type === 'array' ? asSchema(flat.items) : undefined;
    const out = value.map((v, i) => {
      const inner = withoutWriteOnly(items, v, depth + 1);
      removed.push(...inner.removed.map((p) => `/${i}${p}`));
      return inner.value;
    });
    return { value: out, removed };
  }
  if (!isRecord(value)) return { value, removed };
  const props = properties(schema);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const sub = props.get(key);
    if (sub?.writeOnly === true) {
      removed.push(`/${key}`);
      continue;
    }
    const inner = withoutWriteOnly(sub, v, depth + 1);
    removed.push(...inner.removed.map((p) => `/${key}${p}`));
    out[key] = inner.value;
  }
  return { value: out, removed };
}

/** Validates bodies with the contract's SchemaValidator under OpenAPI 3.0 rules (nullable, readOnly/writeOnly, formats, allOf). */
export const responseSchema: Check = {
  name: 'response_schema',
  needs: ['positive'],
  siblings: 'answer',
  description:
    'Every documented JSON answer (success and error). Fails when the body does not validate against the documented schema (types, required fields, enums, formats such as int32/int64/date-time, nullable, allOf). An answer in a sequential media type with an OpenAPI 3.2 `itemSchema` (JSON Lines, NDJSON, JSON Text Sequences, Server-Sent Events) is read into its items, each judged by `itemSchema`. A writeOnly property in an answer is a warning (OAS 3.0.3 §4.7.25: SHOULD NOT).',
  appliesTo: () => true,
  judge: (exchange, operation, ctx) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const documented = documentedResponse(operation.responses, response.status);
    if (!documented) return skip(`status ${response.status} is undocumented`);
    const sequence = judgeSequence(response, documented.response, ctx.validator);
    if (sequence) return sequence;
    if (!isJsonResponse(response)) return skip('the body is not JSON (see content_type)');
    // Judged by the entry its Content-Type falls in (the mock checks what it writes the same way).
    const json = responseJsonSchema(documented.response, response.headers['content-type']);
    if (!json?.schema) return skip(`${documented.key} documents no JSON schema`);
    const parsed = parseJson(response.body);
    if (!parsed.ok) return skip('the body does not parse (see content_type)');
    const result = ctx.validator.validate(json.schema, parsed.value, 'response');
    if (result.state === 'valid') return pass;
    // A schema that cannot be checked is said, never passed in silence (issue 18).
    if (result.state === 'unknown') return skip(`could not check the body: ${result.reason}`);
    const stripped = withoutWriteOnly(json.schema, parsed.value);
    if (
      stripped.removed.length > 0 &&
      ctx.validator.validate(json.schema, stripped.value, 'response').state === 'valid'
    ) {
      return {
        status: 'warn',
        reason: `writeOnly ${stripped.removed.map((p) => `body${p}`).join(', ')} sent in the answer: OAS 3.0.3 §4.7.25 says it SHOULD NOT be (a recommendation, not a requirement)`,
      };
    }
    return {
      status: 'fail',
      violations: result.violations.map((v) => ({ message: `body${v.path || ''} ${v.message}`, where: v.path })),
    };
  },
};
