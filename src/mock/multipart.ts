import type { OpenAPIV3 } from 'openapi-types';
import { isJsonMediaType, mediaEssence } from '../contract/index.js';
import { HttpError } from './errors.js';
import { scalarType, typeFormBody } from './media.js';

type Schema = OpenAPIV3.SchemaObject;

/** One part of a `multipart/form-data` body (RFC 7578 §4.2): its field name, file name, type and bytes. */
interface Part {
  readonly name: string;
  readonly filename: string | undefined;
  readonly type: string | undefined;
  readonly data: Buffer;
}

/**
 * The `boundary` parameter of a `multipart/form-data` Content-Type (RFC 2046 §5.1.1: required,
 * 1–70 characters, possibly quoted), or undefined when the header has none.
 */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const m = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.){1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  return m ? (m[1]?.replace(/\\(.)/g, '$1') ?? m[2]) : undefined;
}

/**
 * A `multipart/form-data` body read into the object its schema describes (OAS 3.0.3 §4.7.14,
 * "Special Considerations for multipart Content"): text parts are strings typed after the
 * schema like form fields, a part sent as JSON (`Content-Type: application/json`, the default
 * for object properties) is parsed, a file part is its bytes as text, or in base64 where the
 * property says `format: byte`; a field sent more than once is a list. A body that is not
 * multipart as RFC 2046 §5.1.1 defines it is a 400 in the contract's error schema.
 */
export function readMultipart(
  body: unknown,
  boundary: string | undefined,
  schema: Schema | undefined,
  code: string,
): unknown {
  if (!Buffer.isBuffer(body)) return body;
  if (boundary === undefined)
    throw new HttpError(
      400,
      code,
      'A multipart/form-data body needs the boundary parameter in its Content-Type (RFC 7578 §4.1).',
    );
  const parts = splitParts(body, boundary);
  if (parts === undefined)
    throw new HttpError(
      400,
      code,
      'The multipart/form-data body is not well-formed: its parts must be delimited by the boundary of its Content-Type (RFC 2046 §5.1.1).',
    );
  // A scalar schema names no part (OAS 3.0.3 §4.7.14.3 reads parts as the schema's properties): a body
  // of one part is that part's value, typed as a form field of that schema would be.
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only && schema && scalarType(schema) !== undefined) return scalarPart(only, schema);
  const properties = schema?.properties ?? {};
  const fields: Record<string, unknown> = {};
  for (const part of parts) {
    const declared = properties[part.name];
    const sub = declared && !('$ref' in declared) ? declared : undefined;
    const items = sub?.type === 'array' && !('$ref' in sub.items) ? sub.items : undefined;
    const value = partValue(part, items ?? sub);
    const seen = fields[part.name];
    fields[part.name] =
      seen === undefined ? value : Array.isArray(seen) ? [...(seen as unknown[]), value] : [seen, value];
  }
  return typeFormBody(fields, schema);
}

function scalarPart(part: Part, schema: Schema): unknown {
  const typed = typeFormBody({ value: partValue(part, schema) }, { type: 'object', properties: { value: schema } });
  return (typed as Record<string, unknown>)['value'];
}

function partValue(part: Part, schema: Schema | undefined): unknown {
  const type = part.type === undefined ? undefined : mediaEssence(part.type);
  if (schema?.format === 'byte') return part.data.toString('base64');
  if (type !== undefined && isJsonMediaType(type)) {
    try {
      return JSON.parse(part.data.toString('utf8')) as unknown;
    } catch {
      return part.data.toString('utf8');
    }
  }
  // A file's bytes are kept one character per byte, so `maxLength` counts bytes (`format: binary`).
  return part.filename !== undefined && schema?.format === 'binary'
    ? part.data.toString('latin1')
    : part.data.toString('utf8');
}

/** The parts between the delimiters, or undefined when the body does not have the form RFC 2046 §5.1.1 gives it. */
function splitParts(body: Buffer, boundary: string): Part[] | undefined {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  // The first delimiter may follow a preamble, which is ignored; every later one follows a CRLF.
  let at = body.indexOf(delimiter);
  if (at < 0 || (at > 0 && body.indexOf(Buffer.from(`\r\n--${boundary}`, 'latin1')) !== at - 2)) return undefined;
  const next = Buffer.from(`\r\n--${boundary}`, 'latin1');
  const parts: Part[] = [];
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') return parts;
    // Transport padding (linear white space) may follow a delimiter before its CRLF.
    while (body[at] === 0x20 || body[at] === 0x09) at++;
    if (body.subarray(at, at + 2).toString('latin1') !== '\r\n') return undefined;
    at += 2;
    const end = body.indexOf(next, at);
    if (end < 0) return undefined;
    const part = readPart(body.subarray(at, end));
    if (part === undefined) return undefined;
    parts.push(part);
    at = end + 2;
  }
}

function readPart(raw: Buffer): Part | undefined {
  // RFC 7578 §4.2: every part has headers (at least its Content-Disposition), then an empty line.
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const head = raw.subarray(0, split).toString('utf8');
  const data = raw.subarray(split + 4);
  let name: string | undefined;
  let filename: string | undefined;
  let type: string | undefined;
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-type') type = value;
    if (header !== 'content-disposition' || !/^form-data\b/i.test(value)) continue;
    name = dispositionParameter(value, 'name');
    filename = dispositionParameter(value, 'filename');
  }
  // RFC 7578 §4.2: each part has a Content-Disposition of form-data with a name.
  return name === undefined ? undefined : { name, filename, type, data };
}

function dispositionParameter(value: string, parameter: string): string | undefined {
  const m = new RegExp(`;\\s*${parameter}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(value);
  return m ? (m[1]?.replace(/\\(.)/g, '$1') ?? m[2]) : undefined;
}
