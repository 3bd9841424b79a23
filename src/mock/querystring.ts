import {
  asSchema,
  parseQuerystring,
  querystringParameter,
  type Operation,
  type SchemaValidator,
} from '../contract/index.js';
import { HttpError } from './errors.js';
import { typeFormBody } from './media.js';

/**
 * OpenAPI 3.2's `in: querystring` parameter (OAS 3.2.0 §4.12.1), checked by the mock itself:
 * express-openapi-validator reads named query parameters only, so its copy of the contract leaves
 * the parameter out and admits any query key on the operation (validator-document.ts). The whole
 * query string is read by the kernel (src/contract/params/querystring.ts) in the parameter's media
 * type, a form's values typed after its schema as a form body's are, and validated by the schema.
 */
export function checkQuerystring(
  operation: Operation,
  rawQuery: string,
  validator: SchemaValidator,
  code: string,
): void {
  const querystring = querystringParameter(operation.parameters);
  if (!querystring) return;
  const { parameter, mediaType, schema } = querystring;
  if (rawQuery === '') {
    if (parameter.required === true)
      throw new HttpError(
        400,
        code,
        `The query string is required: ${mediaType} (querystring parameter ${parameter.name}).`,
        [{ location: 'query', message: 'required' }],
      );
    return;
  }
  const read = parseQuerystring(mediaType, rawQuery);
  if (!read.ok)
    throw new HttpError(400, code, `The query string is not valid: ${read.message}.`, [
      { location: 'query', message: read.message },
    ]);
  if (!schema) return;
  const value = mediaType.toLowerCase().startsWith('application/x-www-form-urlencoded')
    ? typeFormBody(read.value, asSchema(schema), querystringEncoding(operation))
    : read.value;
  const result = validator.check(schema, value, 'request');
  if (result.valid) return;
  const details = result.violations.map((v) => ({ location: `query${v.path}`, message: v.message }));
  throw new HttpError(
    400,
    code,
    `The query string does not match its ${mediaType} schema: ${details.map((d) => `${d.location} ${d.message}`).join('; ')}.`,
    details,
  );
}

function querystringEncoding(operation: Operation): Parameters<typeof typeFormBody>[2] {
  const media = Object.values(querystringParameter(operation.parameters)?.parameter.content ?? {})[0];
  return media?.encoding ?? {};
}
