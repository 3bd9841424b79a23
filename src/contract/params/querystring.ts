import type { OpenAPIV3 } from 'openapi-types';
import { isJsonMediaType, mediaEssence } from '../media.js';

/**
 * OpenAPI 3.2's `in: querystring` (OAS 3.2.0 §4.12.1): the whole query string is one value,
 * described by the parameter's `content` (one media type), most often
 * `application/x-www-form-urlencoded` or JSON. One reading for both halves: the runner writes it
 * with serialiseQuerystring, the mock reads it with parseQuerystring.
 */
export interface QuerystringParameter {
  readonly parameter: OpenAPIV3.ParameterObject;
  readonly mediaType: string;
  readonly schema: OpenAPIV3.SchemaObject | undefined;
}

/** The operation's `in: querystring` parameter (at most one, §4.12.1), with its one media type. */
export function querystringParameter(
  parameters: readonly OpenAPIV3.ParameterObject[],
): QuerystringParameter | undefined {
  // `in` is typed for 3.0's four locations; 3.2 adds this one.
  const parameter = parameters.find((p) => (p.in as string) === 'querystring');
  const entry = Object.entries(parameter?.content ?? {})[0];
  if (!parameter || !entry) return undefined;
  const schema = entry[1].schema;
  return { parameter, mediaType: entry[0], schema: schema && !('$ref' in schema) ? schema : undefined };
}

const isForm = (type: string): boolean => mediaEssence(type) === 'application/x-www-form-urlencoded';

/**
 * The query string (without `?`) that carries `value` in the media type. A form is
 * URI-query-ready by definition (§4.12.8 examples: `foo=a+%2B+b&bar=true`): arrays repeat their
 * name, objects inside it are JSON. Any other media type is its text, percent-encoded whole
 * (the JSON example: `%7B%22numbers%22…`).
 */
export function serialiseQuerystring(mediaType: string, value: unknown): string {
  if (isForm(mediaType)) {
    const pairs: [string, string][] = [];
    const text = (v: unknown): string =>
      typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
    for (const [name, v] of Object.entries(
      typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {},
    )) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) pairs.push([name, text(item)]);
    }
    return new URLSearchParams(pairs).toString();
  }
  return encodeURIComponent(isJsonMediaType(mediaType) ? JSON.stringify(value) : String(value));
}

export type QuerystringReading =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

/**
 * The value a received query string (without `?`) carries: a form's fields (a repeated name is
 * a list; values stay strings, typed after the schema by the reader), parsed JSON, or the decoded text.
 */
export function parseQuerystring(mediaType: string, raw: string): QuerystringReading {
  if (isForm(mediaType)) {
    const fields: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(raw)) {
      const known = fields[name];
      fields[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
    }
    return { ok: true, value: fields };
  }
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return { ok: false, message: 'the query string is not valid percent-encoding (RFC 3986 §2.1)' };
  }
  if (!isJsonMediaType(mediaType)) return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      ok: false,
      message: `the query string is not the JSON its ${mediaType} content says: ${(error as Error).message}`,
    };
  }
}
