import { randomBytes } from 'node:crypto';
import type { OpenAPIV3 } from 'openapi-types';
import {
  admitsJson,
  isJsonMediaType,
  jsonTypeFor,
  mediaEssence,
  mergeAllOf,
  sequenceSyntax,
  serialiseDeepObject,
  serialiseForm,
  serialiseQuery,
  serializeSequence,
} from '../../src/contract/index.js';

/** The media types the runner can write a request body in, in the order it prefers them. */
export function bodyMediaRank(mediaType: string): number {
  const essence = mediaEssence(mediaType);
  if (essence === 'application/json') return 0;
  if (isJsonMediaType(essence)) return 1;
  if (essence === 'application/x-www-form-urlencoded') return 2;
  if (essence === 'multipart/form-data') return 3;
  if (essence === 'text/plain') return 4;
  if (essence === 'application/octet-stream') return 5;
  if (essence === '*/*' || essence === 'application/*') return 6;
  // OpenAPI 3.2 sequential media (JSON Lines, NDJSON, JSON Text Sequences, SSE): a stream of items.
  if (sequenceSyntax(essence) !== undefined) return 7;
  return -1;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Whether a schema is one scalar type (string, number, integer, boolean), allOf merged. */
function scalarSchema(schema: OpenAPIV3.SchemaObject | undefined): boolean {
  const type = schema && mergeAllOf(schema).type;
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean';
}

/**
 * Writes a body in its media type (OAS 3.0.3 §4.7.14-15): JSON; form-urlencoded (RFC 1866 / WHATWG,
 * arrays as repeated names, objects as JSON unless `encoding` says otherwise); multipart/form-data
 * (RFC 7578, one part per property, objects as application/json, the `encoding` contentType
 * honoured); text/plain and octet-stream as the value's text. Returns the Content-Type to send.
 */
/**
 * The media type of a file field (OAS 3.0.3 §4.7.14.3 `format: binary`; OAS 3.1.0 §4.8.14.3
 * `contentMediaType` / `contentEncoding`), an array of files read through its items; undefined
 * for a field that is not a file.
 */
export function fileFieldType(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as Record<string, unknown>;
  if (s['type'] === 'array') return fileFieldType(s['items']);
  if (typeof s['contentMediaType'] === 'string') return s['contentMediaType'];
  if (s['format'] === 'binary' || typeof s['contentEncoding'] === 'string') return 'application/octet-stream';
  return undefined;
}

export function encodeBody(
  value: unknown,
  mediaType: string,
  encoding: Readonly<Record<string, OpenAPIV3.EncodingObject>> = {},
  schema?: OpenAPIV3.SchemaObject,
): { body: string; contentType: string } {
  const essence = mediaEssence(mediaType);
  const entries = (): Array<[string, unknown]> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [['value', value]];
  if (essence === 'application/x-www-form-urlencoded') {
    // A form body whose schema is one scalar (spoonacular's `{type: string}`, envoice's integer) names
    // no field: the whole body is that value, percent-encoded (RFC 1866 §8.2.1), as the mock reads it.
    if (scalarSchema(schema) && (typeof value !== 'object' || value === null))
      return { body: new URLSearchParams([['', text(value)]]).toString().slice(1), contentType: mediaType };
    // Each field in its Encoding Object's style (OAS 3.0.3 §4.7.15), written by the kernel's
    // parameter modules (the mock reads them with the same ones); an object without a style is JSON text.
    const pieces: string[] = [];
    for (const [name, v] of entries()) {
      const enc = encoding[name];
      if (enc?.contentType && isJsonMediaType(enc.contentType))
        pieces.push(...serialiseForm(name, JSON.stringify(v), true));
      else if (enc?.style === 'deepObject' && typeof v === 'object' && v !== null && !Array.isArray(v))
        pieces.push(...serialiseDeepObject(name, v));
      else if (Array.isArray(v))
        pieces.push(...serialiseQuery({ name, style: enc?.style ?? 'form', explode: enc?.explode ?? true }, name, v));
      else pieces.push(...serialiseForm(name, text(v), true));
    }
    // URLSearchParams' spelling (space as `+`, RFC 1866 §8.2.1) of the same pairs.
    return { body: new URLSearchParams(pieces.join('&')).toString(), contentType: mediaType };
  }
  if (essence === 'multipart/form-data') {
    const boundary = `conformance${randomBytes(8).toString('hex')}`;
    const parts: string[] = [];
    const part = (name: string, v: unknown, declared: string | undefined, isFile = false): void => {
      const type = declared ?? (typeof v === 'object' && v !== null ? 'application/json' : 'text/plain');
      // A file field is a file part (RFC 7578 §4.2: with a filename), whatever its media type:
      // FastAPI's UploadFile refuses a field without one ("Expected UploadFile").
      const file =
        isFile ||
        type === 'application/octet-stream' ||
        (declared !== undefined && !declared.startsWith('text/') && !isJsonMediaType(declared))
          ? `; filename="${name}${isJsonMediaType(type) ? '.json' : type.startsWith('text/') ? '.txt' : '.bin'}"`
          : '';
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"${file}\r\nContent-Type: ${type}\r\n\r\n${isJsonMediaType(type) && !isFile ? JSON.stringify(v) : text(v)}\r\n`,
      );
    };
    const properties = (schema?.properties ?? {}) as Record<string, unknown>;
    for (const [name, v] of entries()) {
      const fileType = fileFieldType(properties[name]);
      const declared = encoding[name]?.contentType?.split(',')[0]?.trim() ?? fileType;
      if (Array.isArray(v) && (fileType !== undefined || !encoding[name]?.contentType))
        for (const item of v) part(name, item, fileType, fileType !== undefined);
      else part(name, v, declared, fileType !== undefined);
    }
    return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  if (admitsJson(essence)) {
    return { body: JSON.stringify(value), contentType: jsonTypeFor(mediaType) };
  }
  const syntax = sequenceSyntax(essence);
  // A sequence is generated as the array of its items (OAS 3.2.0 §4.14.3.1) and written one after another.
  if (syntax !== undefined)
    return { body: serializeSequence(syntax, Array.isArray(value) ? value : [value]), contentType: mediaType };
  return { body: text(value), contentType: mediaType };
}
