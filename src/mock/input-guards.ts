import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { OpenAPIV3 } from 'openapi-types';
import { documentedMediaFor, mediaEssence, type Operation } from '../contract/index.js';
import { HttpError, type ErrorDetail } from './errors.js';

// Checks of untrusted request input that run before (and beside) express-openapi-validator:
// the places where the validator is lenient (Number('0x1') is 1) or never looks (how a body is
// encoded, how deep it nests). Each one answers with the contract's Error.

/** A decimal integer as the contract means one: no sign but `-`, no leading zeros, no exponent, no spaces. */
const DECIMAL_INTEGER = /^-?(?:0|[1-9]\d*)$/;

const RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

const invalid = (details: ErrorDetail[]): HttpError =>
  new HttpError(400, 'validation_failed', details.map((d) => `${d.location} ${d.message}`).join('; '), details);

/**
 * Integer path and query parameters must be written as plain decimal integers within their
 * format's range (int64 when unstated): `0x1`, `01`, `+1`, `1e3`, `1.0` and ` 1` are refused with
 * 400, though `Number()` would read them. Range and bounds of the schema are left to the validator.
 */
export function checkIntegerParameters(
  operation: Operation,
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
): void {
  const details: ErrorDetail[] = [];
  for (const parameter of operation.parameters) {
    const schema = parameter.schema as OpenAPIV3.SchemaObject | undefined;
    if (schema?.type !== 'integer') continue;
    const values =
      parameter.in === 'path' ? [params[parameter.name]] : parameter.in === 'query' ? query.getAll(parameter.name) : [];
    const where = `${parameter.in}.${parameter.name}`;
    for (const value of values) {
      // An empty query value is the validator's to report (its message names it).
      if (value === undefined || value === '') continue;
      if (!DECIMAL_INTEGER.test(value)) {
        details.push({
          location: where,
          message: 'must be a decimal integer (digits only, no leading zeros, sign, exponent or spaces)',
        });
        continue;
      }
      const [min, max] = RANGES[schema.format ?? 'int64'] ?? RANGES['int64']!;
      const n = BigInt(value);
      if (n < min || n > max)
        details.push({ location: where, message: `must fit ${schema.format ?? 'int64'} (${min}..${max})` });
    }
  }
  if (details.length > 0) throw invalid(details);
}

/**
 * A declared body over the limit is refused at once (RFC 9110 §15.5.14), without reading it, and
 * the connection is closed so the unread bytes need not be drained.
 */
export function checkDeclaredLength(req: IncomingMessage, maxBodyBytes: number, code: string): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBodyBytes)
    throw overLimit(maxBodyBytes, code);
}

/** The 413 of a body over the limit, declared or counted: the connection is closed, its unread bytes undrained. */
export const overLimit = (maxBodyBytes: number, code: string): HttpError =>
  new HttpError(413, code, `The request body is over ${maxBodyBytes} bytes.`, [], { Connection: 'close' });

/**
 * A body of undeclared length (chunked, RFC 9112 §7.1) is counted as it arrives, and refused as
 * soon as it passes the limit (RFC 9110 §15.5.14), as a declared one is at its head: body-parser
 * reads a body it refuses to its very end before it answers, so a client still uploading got no
 * answer until it stopped (an endless upload, none at all). Calls `refuse` once, with the 413;
 * returns what stops the count (call it when the body has been read).
 */
export function countUndeclaredBody(
  req: IncomingMessage,
  maxBodyBytes: number,
  code: string,
  refuse: (error: HttpError) => void,
): () => void {
  let received = 0;
  const count = (chunk: Buffer | string): void => {
    received += chunk.length;
    if (received <= maxBodyBytes) return;
    req.off('data', count);
    refuse(overLimit(maxBodyBytes, code));
  };
  req.on('data', count);
  return () => req.off('data', count);
}

/** JSON is exchanged as UTF-8 (RFC 8259 §8.1): any other declared charset is refused with 415. */
export function checkCharset(req: IncomingMessage, code: string): void {
  const type = req.headers['content-type'];
  if (type === undefined) return;
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(type);
  if (m && m[1]!.toLowerCase() !== 'utf-8' && m[1]!.toLowerCase() !== 'utf8') {
    throw new HttpError(
      415,
      code,
      `The request body must be application/json in UTF-8, not charset "${m[1]!.slice(0, 40)}".`,
    );
  }
}

/** `verify` hook of express.json: bytes that are not UTF-8 are refused rather than read as U+FFFD (RFC 8259 §8.1). */
export function verifyUtf8(_req: IncomingMessage, _res: unknown, buffer: Buffer): void {
  if (!isUtf8(buffer)) {
    throw new HttpError(400, 'validation_failed', 'The request body is not valid UTF-8.', [
      { location: 'body', message: 'contains bytes that are not UTF-8 (RFC 8259 §8.1)' },
    ]);
  }
}

/** Where a value sits against the body's schema: its schema, `undefined` when no schema is known, `null` in a field the schema does not declare. */
type Place = OpenAPIV3.SchemaObject | undefined | null;

/** A schema and its allOf / oneOf / anyOf parts, flattened. */
function parts(schema: OpenAPIV3.SchemaObject, depth = 0): OpenAPIV3.SchemaObject[] {
  if (depth > 8) return [schema];
  const nested = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].filter(
    (p): p is OpenAPIV3.SchemaObject => !('$ref' in p),
  );
  return [schema, ...nested.flatMap((p) => parts(p, depth + 1))];
}

/** parts() of each schema a body was checked against, worked out once: pure data of the contract, keyed by its schema object. */
const partsOf = new WeakMap<OpenAPIV3.SchemaObject, readonly OpenAPIV3.SchemaObject[]>();

function flattened(schema: OpenAPIV3.SchemaObject): readonly OpenAPIV3.SchemaObject[] {
  let known = partsOf.get(schema);
  if (!known) partsOf.set(schema, (known = parts(schema)));
  return known;
}

/**
 * The schema of an object's member: the property any part declares, else an additionalProperties
 * schema; `null` for a member the schema leaves undeclared (ignored); `undefined` (checked) when
 * the schema declares no properties at all or opens them explicitly.
 */
function memberSchema(schema: Place, key: string): Place {
  if (schema === undefined || schema === null) return schema;
  const all = flattened(schema);
  for (const part of all) {
    const sub = part.properties?.[key];
    if (sub) return '$ref' in sub ? undefined : sub;
  }
  for (const part of all) {
    const extra = part.additionalProperties;
    if (typeof extra === 'object') return '$ref' in extra ? undefined : extra;
    if (extra === true) return undefined;
  }
  return all.some((part) => part.properties !== undefined) ? null : undefined;
}

function itemSchema(schema: Place): Place {
  if (schema === undefined || schema === null) return schema;
  return 'items' in schema && !('$ref' in schema.items) ? schema.items : undefined;
}

/**
 * A parsed body (JSON, a form, multipart) must nest at most `maxDepth` levels and its integers
 * must be exact in a double (|n| ≤ 2^53 − 1): larger ones (`99999999999999999999`,
 * `9223372036854775808`) would be silently rounded, so they are refused. A field the body's schema
 * does not declare is ignored whatever its value (never stored), so its numbers are not judged.
 * Walked without recursion: a 64 KiB body can nest 32,000 deep.
 */
export function checkBodyShape(body: unknown, maxDepth: number, schema?: OpenAPIV3.SchemaObject): void {
  if (typeof body !== 'object' || body === null) {
    checkNumber(body, { value: body, depth: 1, parent: undefined, key: 'body', schema });
    return;
  }
  // Each node keeps its parent and key: the path (`body.tags.0`) is written only for an error.
  const stack: Node[] = [{ value: body, depth: 1, parent: undefined, key: 'body', schema }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value, depth, schema: place } = node;
    if (typeof value !== 'object' || value === null) {
      if (place !== null) checkNumber(value, node);
      continue;
    }
    if (depth > maxDepth) throw invalid([{ location: 'body', message: `nests deeper than ${maxDepth} levels` }]);
    if (Array.isArray(value)) {
      const items = itemSchema(place);
      for (let i = 0; i < value.length; i++)
        stack.push({ value: value[i], depth: depth + 1, parent: node, key: String(i), schema: items });
    } else
      for (const key of Object.keys(value))
        stack.push({
          value: (value as Record<string, unknown>)[key],
          depth: depth + 1,
          parent: node,
          key,
          schema: memberSchema(place, key),
        });
  }
}

/** A value of a body being walked, and where it sits. */
interface Node {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Node | undefined;
  readonly key: string;
  readonly schema: Place;
}

function pathOf(node: Node): string {
  const keys: string[] = [];
  for (let at: Node | undefined = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

function checkNumber(value: unknown, node: Node): void {
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw invalid([
      {
        location: pathOf(node).slice(0, 200),
        message: 'is an integer beyond ±(2^53 − 1), which this server cannot carry exactly',
      },
    ]);
  }
}

/**
 * Reduces Content-Type to its media type before express-openapi-validator sees it. The validator
 * caches a compiled middleware per distinct Content-Type value, parameters included, so a client
 * sending `application/json; x=<random>` (or `a/<random>`) grew the mock's memory without bound.
 * JSON defines no parameters (RFC 8259 §11) and the charset was checked above, so nothing is lost.
 * An operation without a body ignores the header; one with a body refuses an undocumented type (415).
 */
export function normalizeContentType(req: IncomingMessage, operation: Operation, code: string): void {
  const type = req.headers['content-type'];
  if (!operation.requestBody) {
    if (type !== undefined) delete req.headers['content-type'];
    return;
  }
  const documented = Object.keys(operation.requestBody.content ?? {}).map((t) => t.toLowerCase());
  const expected = documented.join(' or ') || 'absent';
  if (type === undefined) {
    // Said here, in words, rather than by the validator ("unsupported media type undefined").
    // A body sent without its type is refused (RFC 9110 §15.5.16); so is a required body left out.
    const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
    if (hasBody)
      throw new HttpError(
        415,
        code,
        `The request body must be ${expected}; the request has a body but no Content-Type.`,
      );
    if (operation.requestBody.required === true)
      throw new HttpError(
        415,
        code,
        `The request body must be ${expected}; the request has no body and no Content-Type.`,
      );
    return;
  }
  const essence = mediaEssence(type);
  // A documented range (`*/*`, `image/*`: OAS 3.0.3 §4.7.13, Apideck's proxy takes any body) takes
  // every type it covers: the body is read by its own type, and the validator finds the range's schema.
  const range = documented.includes(essence) || essence === '' ? undefined : documentedMediaFor(essence, documented);
  if (!documented.includes(essence) && range === undefined) {
    const sent = essence === '' ? 'a Content-Type without a media type' : `"${essence.slice(0, 100)}"`;
    throw new HttpError(415, code, `The request body must be ${expected}, not ${sent}.`);
  }
  // A type documented only with parameters other than a charset (windows.net Batch's `application/json;
  // odata=minimalmetadata`) is that key to the validator, which matches keys whole and adds only a
  // charset of its own: the documented key, one of a bounded few, stands for the essence sent.
  const keyed = documented.includes(essence)
    ? undefined
    : Object.keys(operation.requestBody.content ?? {}).find((t) => mediaEssence(t) === essence);
  req.headers['content-type'] = keyed ?? essence;
}
