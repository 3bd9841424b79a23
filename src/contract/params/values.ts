import type { OpenAPIV3 } from 'openapi-types';
import { isJsonMediaType } from '../media.js';

/** A parameter (OAS 3.0.3 §4.7.12) or an Encoding Object's field of a form body (§4.7.15), by name. */
export type Parameter = Pick<OpenAPIV3.ParameterObject, 'name' | 'style' | 'explode' | 'schema' | 'content'>;

/** What a parameter reads as before typing: a string, a list of strings, or string-valued fields. */
export type RawValue = string | string[] | Record<string, string>;

/** A primitive written as text: strings as they are, numbers and booleans in JSON form, null as empty. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A query name or value percent-encoded: encodeURIComponent, and also `!'()*`, which it leaves bare.
 * They are reserved characters (sub-delims, RFC 3986 §2.2), and a query parameter that does not set
 * `allowReserved: true` has them percent-encoded (OAS 3.0.3 §4.7.12 `allowReserved`): a server
 * holding it to that refuses `name=w3*` (express-openapi-validator: "must be url encoded").
 * Encoding a character more is never wrong (RFC 3986 §2.4: a decoder reads both the same).
 */
export function encodeQueryComponent(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A parameter given as `content` (not `schema`) is one value in that media type: JSON here (OAS 3.0.3 §4.7.12 `content`). */
export function viaContent(p: Parameter): boolean {
  return p.content !== undefined && p.schema === undefined;
}

/**
 * The schema of a parameter's value: its `schema`, else that of its one `content` entry (OAS 3.0.3
 * §4.7.12: "The map MUST only contain one entry", and its Media Type Object's `schema` describes the
 * value as `schema` would). A `$ref` is returned as written.
 */
export function valueSchema(
  p: Pick<Parameter, 'schema' | 'content'>,
): OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject | undefined {
  return p.schema ?? Object.values(p.content ?? {})[0]?.schema;
}

/**
 * The text a parameter given by `content` carries (OAS 3.0.3 §4.7.12): its JSON serialisation under
 * a JSON media type, else its text as written (telnyx.com's `*\/*` uuid, sent quoted, was refused as no
 * uuid); contentText reads either back.
 */
export function contentWritten(p: Parameter, value: unknown): string {
  const type = Object.keys(p.content ?? {})[0];
  return type !== undefined && isJsonMediaType(type) ? JSON.stringify(value) : text(value);
}

/**
 * The value a parameter given as JSON `content` carries, as the text a record keeps: the text is the
 * value's JSON serialisation (OAS 3.0.3 §4.7.12 `content`: the map holds "the representations for
 * the parameter"), so `"Wallaby"` (quoted) names the string Wallaby, as a service that decodes it
 * reads it, and `5` the number 5. A string, number or boolean reads as its text; anything else (an
 * object, an array, text that is not JSON, a media type that is not JSON) stays as written, for the
 * validator and the structured readers to judge.
 */
export function contentText(p: Parameter, written: string): string {
  const type = Object.keys(p.content ?? {})[0];
  if (!viaContent(p) || type === undefined || !isJsonMediaType(type)) return written;
  try {
    const value: unknown = JSON.parse(written);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : written;
  } catch {
    return written;
  }
}

/** The shape the parameter's schema declares, which decides how a serialised string splits. */
export function shapeOf(p: Parameter): 'array' | 'object' | 'primitive' {
  const schema = p.schema && !('$ref' in p.schema) ? p.schema : undefined;
  if (schema?.type === 'array') return 'array';
  if (schema?.type === 'object' || (schema?.type === undefined && schema?.properties !== undefined)) return 'object';
  return 'primitive';
}

/** `k1,v1,k2,v2` (explode off) as fields; an odd trailing key gets an empty value. */
export function pairsToObject(items: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < items.length; i += 2) out[items[i]!] = items[i + 1] ?? '';
  return out;
}

/** `k1=v1` items (explode on) as fields. */
export function assignmentsToObject(items: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf('=');
    if (at < 0) out[item] = '';
    else out[item.slice(0, at)] = item.slice(at + 1);
  }
  return out;
}

/** Decoded `name=value` pairs of a query string or form body, in order (WHATWG URL `application/x-www-form-urlencoded` parsing). */
export type Pairs = ReadonlyArray<readonly [string, string]>;

export function pairsOf(search: string | URLSearchParams): Pairs {
  return [...(typeof search === 'string' ? new URLSearchParams(search) : search).entries()];
}
