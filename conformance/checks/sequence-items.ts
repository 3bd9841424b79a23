import type { OpenAPIV3 } from 'openapi-types';
import {
  documentedMediaFor,
  itemSchemaOf,
  parseSequence,
  sequenceSchemaOf,
  sequenceSyntax,
  type SchemaValidator,
} from '../../src/contract/index.js';
import type { CheckOutcome, RecordedResponse, Violation } from '../types.js';

/**
 * An answer in a sequential media type documented with `itemSchema` (OAS 3.2.0 §4.14.1: JSON
 * Lines, NDJSON, JSON Text Sequences, Server-Sent Events): read into its items by the kernel's one
 * reading (src/contract/sequential.ts), each item judged by `itemSchema` independently
 * (§4.14.3.2), and the items as an array by `schema` when the media type has one too. Undefined
 * when the answer is not such a sequence (the JSON rule judges it).
 */
export function judgeSequence(
  response: RecordedResponse,
  documented: OpenAPIV3.ResponseObject,
  validator: SchemaValidator,
): CheckOutcome | undefined {
  const received = response.headers['content-type'];
  if (received === undefined || sequenceSyntax(received) === undefined) return undefined;
  const content = documented.content ?? {};
  const type = documentedMediaFor(received, Object.keys(content));
  const media = type === undefined ? undefined : content[type];
  const item = type === undefined ? undefined : itemSchemaOf(type, media);
  if (type === undefined || item === undefined) return undefined;
  const read = parseSequence(sequenceSyntax(received)!, response.body);
  if (!read.ok)
    return {
      status: 'fail',
      violations: [{ message: `the ${type} stream does not parse: ${read.message}`, where: '' }],
    };
  const violations: Violation[] = [];
  const unknown: string[] = [];
  for (const [index, value] of read.items.entries()) {
    const result = validator.validate(item, value, 'response');
    if (result.state === 'unknown') unknown.push(result.reason);
    if (result.state === 'invalid')
      violations.push(
        ...result.violations.map((v) => ({
          message: `item ${index}${v.path || ''} ${v.message} (itemSchema)`,
          where: `/${index}${v.path || ''}`,
        })),
      );
  }
  if (media?.schema !== undefined) {
    const result = validator.validate(sequenceSchemaOf(type, media)!, read.items, 'response');
    if (result.state === 'unknown') unknown.push(result.reason);
    if (result.state === 'invalid')
      violations.push(
        ...result.violations.map((v) => ({
          message: `items${v.path || ''} ${v.message} (schema, the items as an array)`,
          where: v.path,
        })),
      );
  }
  if (violations.length > 0) return { status: 'fail', violations };
  if (unknown.length > 0) return { status: 'skip', reason: `could not check the items: ${unknown[0]}` };
  return { status: 'pass' };
}
