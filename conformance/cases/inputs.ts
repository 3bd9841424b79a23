import type { OpenAPIV3 } from 'openapi-types';
import type { Operation, SchemaValidator } from '../../src/contract/index.js';
import type { Random } from './random.js';
import { asSchema, effective, isRecord, jsonMedia, type Schema } from './schema.js';
import { generate, type Mode } from './values.js';

/** The request body schema and media type of an operation, when it takes a JSON body. */
export function requestBodyOf(operation: Operation): { mediaType: string; schema: Schema; required: boolean } | undefined {
  const media = jsonMedia(operation.requestBody?.content);
  if (!media?.schema || !operation.requestBody) return undefined;
  return { mediaType: media.mediaType, schema: media.schema, required: operation.requestBody.required };
}

export function pathParameters(operation: Operation): OpenAPIV3.ParameterObject[] {
  return operation.parameters.filter((p) => p.in === 'path');
}

export function queryParameters(operation: Operation): OpenAPIV3.ParameterObject[] {
  return operation.parameters.filter((p) => p.in === 'query');
}

export function parameterSchema(p: OpenAPIV3.ParameterObject): Schema | undefined {
  return asSchema(p.schema);
}

/**
 * A valid value for a schema: generated, checked with the validator, else the
 * contract's own examples. Undefined when neither validates (a pattern the
 * generator cannot satisfy and no example).
 */
export function validValue(
  schema: Schema,
  rng: Random,
  mode: Mode,
  validator: SchemaValidator,
  examples: readonly unknown[] = [],
): unknown {
  for (let attempt = 0; attempt < 3; attempt++) {
    const value = generate(schema, rng, attempt === 0 ? mode : 'random');
    if (validator.check(schema, value, 'request').valid) return value;
  }
  for (const example of [...examples, schema.example, effective(schema).example]) {
    if (example !== undefined && validator.check(schema, example, 'request').valid) return structuredClone(example);
  }
  return undefined;
}

/** A valid request body for an operation (readOnly fields left out), or undefined when none can be made. */
export function validBody(operation: Operation, rng: Random, mode: Mode, validator: SchemaValidator): unknown {
  const body = requestBodyOf(operation);
  if (!body) return undefined;
  const media = Object.values(operation.requestBody?.content ?? {})[0];
  const examples: unknown[] = [];
  if (media?.example !== undefined) examples.push(media.example);
  for (const ex of Object.values(media?.examples ?? {})) if (isRecord(ex) && 'value' in ex) examples.push(ex['value']);
  return validValue(body.schema, rng, mode, validator, examples);
}

/** Optional query parameters: none at the lower boundary, all at the upper one, a random half otherwise. */
export function validQuery(operation: Operation, rng: Random, mode: Mode, validator: SchemaValidator): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of queryParameters(operation)) {
    const schema = parameterSchema(p);
    if (!schema) continue;
    const include = p.required === true || mode === 'max' || (mode === 'min' ? rng.next() < 0.5 : rng.bool());
    if (!include) continue;
    const value = validValue(schema, rng, mode, validator, p.example !== undefined ? [p.example] : []);
    if (value !== undefined) out[p.name] = value;
  }
  return out;
}
