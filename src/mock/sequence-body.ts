import type { OpenAPIV3 } from 'openapi-types';
import {
  itemSchemaOf,
  parseSequence,
  sequenceSchemaOf,
  sequenceSyntax,
  type SchemaValidator,
} from '../contract/index.js';
import { HttpError, type ErrorDetail } from './errors.js';

/**
 * A request body in a sequential media type documented with `itemSchema` (OAS 3.2.0 §4.14.1):
 * read into its items by the kernel (src/contract/sequential.ts), each item validated by
 * `itemSchema` and the items as an array by `schema` when there is one too (§4.14.3). The
 * validator's copy of a 3.2 document has neither for such media (validator-document.ts).
 */
export function checkSequence(
  type: string,
  media: OpenAPIV3.MediaTypeObject | undefined,
  text: string,
  validator: SchemaValidator,
  code: string,
): void {
  const syntax = sequenceSyntax(type);
  const item = itemSchemaOf(type, media);
  if (syntax === undefined || item === undefined) return;
  const read = parseSequence(syntax, text);
  if (!read.ok)
    throw new HttpError(400, code, `The ${type} body does not parse: ${read.message}.`, [
      { location: 'body', message: read.message },
    ]);
  const details: ErrorDetail[] = [];
  for (const [index, value] of read.items.entries()) {
    const result = validator.check(item, value, 'request');
    if (!result.valid)
      details.push(...result.violations.map((v) => ({ location: `body/${index}${v.path}`, message: v.message })));
  }
  if (media?.schema !== undefined) {
    const result = validator.check(sequenceSchemaOf(type, media)!, read.items, 'request');
    if (!result.valid)
      details.push(...result.violations.map((v) => ({ location: `body${v.path}`, message: v.message })));
  }
  if (details.length > 0)
    throw new HttpError(
      400,
      code,
      `The ${type} body does not match its schema: ${details
        .slice(0, 3)
        .map((d) => `${d.location} ${d.message}`)
        .join('; ')}.`,
      details,
    );
}
