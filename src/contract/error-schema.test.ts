import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { commonErrorSchema } from './error-schema.js';
import type { Operation } from './types.js';

type Schema = OpenAPIV3.SchemaObject;
const error: Schema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const limited: Schema = {
  type: 'object',
  required: ['retry_after', 'global'],
  properties: { retry_after: { type: 'number' }, global: { type: 'boolean' } },
};
const named: Schema = {
  type: 'object',
  required: ['type', 'param'],
  properties: { type: { type: 'string' }, param: { type: 'string' } },
};
const json = (schema: Schema, type = 'application/json'): OpenAPIV3.ResponseObject => ({
  description: 'e',
  content: { [type]: { schema } },
});
const op = (responses: Record<string, OpenAPIV3.ResponseObject>): Operation => ({ responses }) as unknown as Operation;
const resolved = (schemas: Record<string, Schema> = {}): OpenAPIV3.Document => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {},
  components: { schemas },
});

describe('the common error schema (OAS 3.0.3 §4.7.16, RFC 6585 §4)', () => {
  it.each<[string, Operation[], OpenAPIV3.Document, Schema | undefined, string | undefined]>([
    [
      'the schema most 4xx/5xx/default responses use',
      [op({ '404': json(error), default: json(error), '400': json(named) })],
      resolved(),
      error,
      'application/json',
    ],
    [
      "a 429's rate-limit shape is not the error object, however often it is documented (Discord)",
      [op({ '429': json(limited), '4XX': json(error) }), op({ '429': json(limited), '4XX': json(error) })],
      resolved(),
      error,
      'application/json',
    ],
    [
      'a list is not an error object',
      [op({ '400': json({ type: 'array', items: error }), '404': json(error) })],
      resolved(),
      error,
      'application/json',
    ],
    [
      'a `+json` media type counts (RFC 6839 §3.1)',
      [op({ '404': json(error, 'application/problem+json') })],
      resolved(),
      error,
      'application/problem+json',
    ],
    [
      'no error documented: components.schemas.Error (OpenAI)',
      [op({ '200': json(error) })],
      resolved({ Error: named }),
      named,
      'application/json',
    ],
    ['no error documented and no Error schema: none', [op({ '200': json(error) })], resolved(), undefined, undefined],
  ])('%s', (_construct, operations, document, schema, mediaType) => {
    const found = commonErrorSchema({ operations, resolved: document });
    expect(found?.schema).toEqual(schema);
    expect(found?.mediaType).toBe(mediaType);
  });
});
