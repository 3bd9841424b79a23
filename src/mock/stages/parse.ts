import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { admitsJson, isXmlMediaType, mediaMatches, mergeAllOf, sequenceSyntax } from '../../contract/index.js';
import {
  checkBodyShape,
  checkCharset,
  checkDeclaredLength,
  checkIntegerParameters,
  countUndeclaredBody,
  normalizeContentType,
  verifyUtf8,
} from '../input-guards.js';
import { formScalar, scalarType, typeFormBody } from '../media.js';
import { readMultipart } from '../multipart.js';
import { DEFAULTS } from '../options.js';
import { checkQuerystring } from '../querystring.js';
import { checkSequence } from '../sequence-body.js';
import { series } from '../series.js';
import { stateOf, type StageContext } from './context.js';

/** Bodies read as text: `text/*`, XML under `application/` (RFC 7303), and the sequences the kernel reads (sequential.ts). */
const isText = (type: string): boolean =>
  mediaMatches(type, 'text/*') ||
  (mediaMatches(type, 'application/*') && isXmlMediaType(type)) ||
  sequenceSyntax(type) !== undefined;
const FORM = 'application/x-www-form-urlencoded';
/** Bodies read as bytes. */
const BINARY_TYPES = [
  'application/octet-stream',
  'image/*',
  'audio/*',
  'video/*',
  'application/pdf',
  'application/zip',
  'multipart/form-data',
];

/**
 * Parse: what the validator cannot judge (strict integer parameters, the querystring parameter,
 * the declared length: 413, the charset and the media type: 415), then the body, read by its
 * media type (UTF-8 JSON, forms, text and sequences, bytes, multipart) and checked for depth.
 */
export function parseStage(ctx: StageContext): RequestHandler[] {
  const { maxBodyBytes, codeForStatus, schemaValidator } = ctx;
  const guards: RequestHandler = (req, _res, next) => {
    const { match, query } = stateOf(ctx, req);
    checkIntegerParameters(match.operation, match.params, query);
    checkQuerystring(
      match.operation,
      req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '',
      schemaValidator,
      codeForStatus(400),
    );
    checkDeclaredLength(req, maxBodyBytes, codeForStatus(413));
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      checkCharset(req, codeForStatus(415));
    normalizeContentType(req, match.operation, codeForStatus(415));
    next();
  };
  const contentType = (req: { headers: { 'content-type'?: string | undefined } }): string =>
    String(req.headers['content-type'] ?? 'x/x');
  const scalarForm = (message: IncomingMessage): boolean => {
    const type = message.headers['content-type'];
    if (type === undefined || !mediaMatches(type, FORM)) return false;
    // body-parser hands its `type` test the request express is routing: its state is the operation's.
    const schema = stateOf(ctx, message as express.Request).match.operation.requestBody?.content[type]?.schema;
    return schema !== undefined && !('$ref' in schema) && scalarType(schema) !== undefined;
  };
  const parseBody = series([
    // strict: false: a JSON text is any value (RFC 8259 §2); a body whose schema is a string (`"hello"`) is valid JSON, and the schema judges it.
    express.json({
      limit: maxBodyBytes,
      strict: false,
      verify: verifyUtf8,
      type: (req) => admitsJson(contentType(req)) && req.headers['content-type'] !== '*/*',
    }),
    express.urlencoded({
      limit: maxBodyBytes,
      extended: false,
      type: (req) => mediaMatches(contentType(req), FORM) && !scalarForm(req),
    }),
    // A form whose schema is one scalar names no field: its text is the value (formScalar).
    express.text({ limit: maxBodyBytes, type: (req) => isText(contentType(req)) || scalarForm(req) }),
    express.raw({ limit: maxBodyBytes, type: BINARY_TYPES }),
  ]);
  // Each parser passes a request without a body (no Transfer-Encoding, no numeric Content-Length:
  // type-is hasBody, RFC 9112 §6.3) on untouched; a GET skips the four.
  const body: RequestHandler = (req, res, next) => {
    if (req.headers['transfer-encoding'] === undefined && Number.isNaN(Number(req.headers['content-length']))) {
      next();
      return;
    }
    if (req.headers['content-length'] !== undefined) {
      parseBody(req, res, next);
      return;
    }
    // Undeclared length: counted while a parser reads it, refused with 413 once past the limit;
    // what the parser says after that (it reads the body to its end first) is not heard.
    let done = false;
    let stop = (): void => undefined;
    const once = (error?: unknown): void => {
      if (done) return;
      done = true;
      stop();
      next(error);
    };
    parseBody(req, res, once);
    // A parser that reads the body listens to it now (synchronously); none does for a type no parser reads.
    if (!done && req.listenerCount('data') > 0) stop = countUndeclaredBody(req, maxBodyBytes, codeForStatus(413), once);
  };
  const read: RequestHandler = (req, _res, next) => {
    const { match, boundary } = stateOf(ctx, req);
    if (req.headers['content-type'] === 'multipart/form-data') {
      const schema = match.operation.requestBody?.content['multipart/form-data']?.schema;
      req.body = readMultipart(
        req.body,
        boundary,
        schema && !('$ref' in schema) ? schema : undefined,
        codeForStatus(400),
      );
    }
    const type = req.headers['content-type'];
    const media = type === undefined ? undefined : match.operation.requestBody?.content[type];
    const declared = media?.schema;
    const schema = declared && !('$ref' in declared) ? declared : undefined;
    // A form's values are typed first, so the integer guard sees `petId=9223372036854775808` as the
    // number it would be stored as, as it does in JSON: one guard for every media type.
    if (type !== undefined && mediaMatches(type, FORM) && typeof req.body === 'string' && schema)
      req.body = formScalar(req.body, schema);
    if (type === FORM) req.body = typeFormBody(req.body, schema, media?.encoding);
    if (type !== undefined && typeof req.body === 'string') req.body = structuredText(type, schema, req.body);
    // An OpenAPI 3.2 stream (itemSchema): read into its items and checked here, as the validator's copy has no place for it.
    if (type !== undefined && typeof req.body === 'string')
      checkSequence(type, media, req.body, schemaValidator, codeForStatus(400));
    if (req.body !== undefined) checkBodyShape(req.body, DEFAULTS.maxBodyDepth, schema);
    next();
  };
  return [guards, body, read];
}

/**
 * A plain-text body (`text/*`, neither XML nor a stream) whose schema is an object or an array (chain49's
 * `text/plain: {type: object}`, Azure Content Moderator's `format: file` objects) can only meet it as
 * structured text: it is read as JSON where it parses as a JSON object or array, and the schema
 * judges that value. Any other text stays the string it is, which the schema refuses as before.
 */
function structuredText(type: string, schema: OpenAPIV3.SchemaObject | undefined, text: string): unknown {
  if (!schema || !mediaMatches(type, 'text/*') || isXmlMediaType(type) || sequenceSyntax(type) !== undefined)
    return text;
  const merged = mergeAllOf(schema);
  // A schema without `type` that names members or items (Netatmo's `NAThermProgram`: `properties`
  // only) describes an object or an array all the same: read as a string, the text met no keyword
  // of it (JSON Schema Validation §6.5: object keywords ignore other instances), and every body passed.
  const wanted =
    merged.type ??
    (merged.properties !== undefined || merged.required !== undefined || merged.additionalProperties !== undefined
      ? 'object'
      : 'items' in merged && merged.items !== undefined
        ? 'array'
        : undefined);
  if (wanted !== 'object' && wanted !== 'array') return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : text;
  } catch {
    return text;
  }
}
