import type { OpenAPIV3 } from 'openapi-types';

/**
 * Media types as both halves read them. One rule each: the mock (what it parses and answers) and
 * the runner (what it sends and judges) import these and keep no copy.
 */

/**
 * The media type without its parameters, lower-cased: `Application/JSON; charset=utf-8` →
 * `application/json`. Type and subtype are case-insensitive (RFC 9110 §8.3.1); parameters such as
 * charset do not change which documented entry applies (OAS 3.0.3 §4.7.14 keys are media types or ranges).
 */
export function mediaEssence(type: string | undefined): string {
  return (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Does a concrete media type fall in a documented media range? `*\/*` admits every type, `type/*`
 * every subtype of its type (RFC 9110 §12.5.1; OAS 3.0.3 §4.7.10 content keys may be ranges).
 * A `+json` type is not `application/json` (RFC 6839 §3.1 suffixes name a syntax, not a type).
 */
export function mediaMatches(received: string, documented: string): boolean {
  const [rt, rs] = mediaEssence(received).split('/');
  const [dt, ds] = mediaEssence(documented).split('/');
  if (!rt || !rs || !dt || !ds) return false;
  return (dt === '*' || dt === rt) && (ds === '*' || ds === rs);
}

/** A concrete JSON media type: `application/json` or any `+json` structured syntax suffix (RFC 6839 §3.1). */
export function isJsonMediaType(type: string): boolean {
  const essence = mediaEssence(type);
  return essence === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]*\+json$/.test(essence);
}

/**
 * A documented media range a JSON value may be written in: a JSON type, or a range that admits
 * `application/json` (`*\/*`, `application/*`). Used where a body is produced or read for such an
 * entry; judging a received type uses isJsonMediaType (a wildcard is never on the wire).
 */
export function admitsJson(range: string): boolean {
  return isJsonMediaType(range) || mediaMatches('application/json', range);
}

/** The concrete type to label a JSON body written for a documented range (`*\/*` → `application/json`). */
export function jsonTypeFor(range: string): string {
  return mediaEssence(range).includes('*') ? 'application/json' : range;
}

/** XML: `application/xml`, `text/xml`, and any `+xml` suffix (RFC 7303 §4.2, §9.2). */
export function isXmlMediaType(type: string): boolean {
  const essence = mediaEssence(type);
  return essence === 'application/xml' || essence === 'text/xml' || /\+xml$/.test(essence);
}

/**
 * The first JSON entry of a content map (OAS 3.0.3 §4.7.10 / §4.7.14) and its schema, in the
 * document's order. With `ranges`, an entry for `*\/*` or `application/*` counts (a JSON body is one
 * of the types it admits); without, only a JSON type does.
 */
export function jsonContent(
  content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>> | undefined,
  options: { readonly ranges?: boolean } = {},
): { mediaType: string; media: OpenAPIV3.MediaTypeObject; schema: OpenAPIV3.SchemaObject | undefined } | undefined {
  const json = options.ranges === true ? admitsJson : isJsonMediaType;
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    if (!json(mediaType)) continue;
    const schema = media.schema && !('$ref' in media.schema) ? media.schema : undefined;
    return { mediaType, media, schema };
  }
  return undefined;
}

/** The documented entry a received Content-Type falls in: the exact type first, then the narrowest range. */
export function documentedMediaFor(received: string, documented: readonly string[]): string | undefined {
  const essence = mediaEssence(received);
  const exact = documented.find((d) => mediaEssence(d) === essence);
  if (exact !== undefined) return exact;
  const specificity = (d: string): number => (mediaEssence(d) === '*/*' ? 0 : 1);
  return documented.filter((d) => mediaMatches(received, d)).sort((a, b) => specificity(b) - specificity(a))[0];
}

/**
 * The documented entry a JSON answer written for `type` is judged by: the one its label
 * (jsonTypeFor: `*\/*` → `application/json`) falls in, the exact type before a range
 * (documentedMediaFor; RFC 9110 §12.5.1: the more specific reference wins), else `type` itself. A
 * JSON body for `*\/*` beside `application/json` is labelled application/json, so the runner and
 * the mock's validator hold it to `application/json`'s schema.
 */
export function jsonJudgedBy(type: string, documented: readonly string[]): string {
  return documentedMediaFor(jsonTypeFor(type), documented) ?? type;
}
