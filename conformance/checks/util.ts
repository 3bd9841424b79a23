import type { OpenAPIV3 } from 'openapi-types';
import type { Operation } from '../../src/contract/index.js';
import {
  operationIndex,
  admitsJson,
  documentedMediaFor,
  isJsonMediaType,
  jsonContent,
  parseHttpDate,
} from '../../src/contract/index.js';
import { effective, type Schema } from '../cases/schema.js';
import type { Exchange, RecordedResponse } from '../types.js';

const byPath = operationIndex((o) => o.path);

/**
 * The operations written on the same path key as `operation` (itself included), in the contract's
 * order, from an index built once per contract: asked per undocumented-method answer, a walk of
 * every operation each time (Microsoft Graph: 7,419 paths × 11,422 operations).
 */
export function operationsOnPath(operations: readonly Operation[], operation: Operation): readonly Operation[] {
  return byPath(operations).get(operation.path) ?? [];
}

export function documentedStatuses(operation: Operation): string[] {
  return Object.keys(operation.responses);
}

/** The exchange requested this operation's own method and path (not an undocumented method on its path). */
export function isOwnExchange(exchange: Exchange): boolean {
  return exchange.requestedOperationId === exchange.operationId;
}

export type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/**
 * The JSON schema documented for a response's JSON content, and its media type. With `received`
 * (an answer's Content-Type), the entry that type falls in, the exact type before a range
 * (documentedMediaFor; RFC 9110 §12.5.1), where that entry admits JSON: an answer is judged by the
 * entry it says it is in, as the mock checks what it writes (a `*\/*` listed before
 * `application/json` with another schema no longer decides which one). Else the first JSON type.
 */
export function responseJsonSchema(
  response: OpenAPIV3.ResponseObject,
  received?: string,
): { mediaType: string; schema: Schema | undefined } | undefined {
  const content = response.content ?? {};
  const entry = received === undefined ? undefined : documentedMediaFor(received, Object.keys(content));
  if (entry !== undefined && admitsJson(entry)) {
    const schema = content[entry]?.schema;
    return { mediaType: entry, schema: schema && !('$ref' in schema) ? schema : undefined };
  }
  const json = jsonContent(response.content);
  return json ? { mediaType: json.mediaType, schema: json.schema } : undefined;
}

export function isJsonResponse(response: RecordedResponse): boolean {
  return isJsonMediaType(response.headers['content-type'] ?? '');
}

/** The server's clock (RFC 9110 §6.6.1 `Date`), when it sends one in IMF-fixdate form. */
export function serverDate(response: RecordedResponse): Date | undefined {
  const value = response.headers['date'];
  return value === undefined ? undefined : parseHttpDate(value);
}

/** True when the operation is deprecated, has an `x-sunset` and the server's Date is at or past it. */
export function pastSunset(operation: Operation, response: RecordedResponse): boolean {
  const sunset = operation.deprecation?.sunset;
  const date = serverDate(response);
  return sunset !== undefined && date !== undefined && date.getTime() >= sunset.getTime();
}

export function propertyNames(schema: Schema | undefined): Set<string> {
  return new Set(Object.keys(schema ? (effective(schema).properties ?? {}) : {}));
}

/** A short, single-line rendering of a body for messages. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The `message` of an error body, when there is one, for the report. */
export function errorMessageOf(response: RecordedResponse): string {
  const parsed = parseJson(response.body);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
    const m =
      (parsed.value as Record<string, unknown>)['message'] ?? (parsed.value as Record<string, unknown>)['detail'];
    if (typeof m === 'string') return m;
  }
  return excerpt(response.body, 120);
}

export interface LinkValue {
  readonly target: string;
  readonly rels: readonly string[];
}

/** Parses an RFC 8288 §3 Link header: `<uri>; rel="a b"; type="..."`, comma-separated. */
export function parseLinkHeader(value: string): LinkValue[] {
  const out: LinkValue[] = [];
  const re = /<([^>]*)>((?:\s*;\s*[^;,=\s]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^;,\s]*))?)*)/g;
  for (const m of value.matchAll(re)) {
    const params = m[2] ?? '';
    const rels: string[] = [];
    for (const p of params.matchAll(/;\s*([^;,=\s]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,\s]*))?/g)) {
      if ((p[1] ?? '').toLowerCase() !== 'rel') continue;
      const raw = (p[2] ?? '').replace(/^"|"$/g, '');
      rels.push(...raw.toLowerCase().split(/\s+/).filter(Boolean));
    }
    out.push({ target: m[1] ?? '', rels });
  }
  return out;
}

/** Compares what was sent with what was read back; date-times compare as instants (RFC 3339 §5.6 allows several spellings). */
export function sameValue(sent: unknown, read: unknown): boolean {
  // A member sent as null and read back absent holds no value either way: many servers leave nulls
  // out of their answers, and JSON Merge Patch reads null as "remove" (RFC 7396 §1).
  if (sent === null && read === undefined) return true;
  if (typeof sent === 'string' && typeof read === 'string' && sent !== read) {
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
    if (rfc3339.test(sent) && rfc3339.test(read)) return Date.parse(sent) === Date.parse(read);
    return false;
  }
  if (Array.isArray(sent) && Array.isArray(read))
    return sent.length === read.length && sent.every((v, i) => sameValue(v, read[i]));
  if (
    typeof sent === 'object' &&
    sent !== null &&
    typeof read === 'object' &&
    read !== null &&
    !Array.isArray(sent) &&
    !Array.isArray(read)
  ) {
    const s = sent as Record<string, unknown>;
    const r = read as Record<string, unknown>;
    return Object.keys(s).every((k) => sameValue(s[k], r[k]));
  }
  return Object.is(sent, read);
}

/**
 * Whether two identifiers name the same resource: equal values, or a number and the text of its
 * digits (an id read from a Location or a path is text, RFC 3986 §3.3: `/members/1` names `memberId: 1`).
 */
export function sameId(a: unknown, b: unknown): boolean {
  // No value is no identifier (sameValue takes a null read back absent as the same value; an id never is).
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (sameValue(a, b)) return true;
  const scalar = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number';
  return scalar(a) && scalar(b) && typeof a !== typeof b && String(a) === String(b);
}

/** Request content this large may be refused by any server's own limit (below). */
export const LARGE_CONTENT_OCTETS = 8000;

/**
 * A 413 answering large content (a boundary body the contract admits, with no size limit stated):
 * RFC 9110 §15.5.14 lets a server refuse content "larger than the server is willing or able to
 * process", and the contract names no limit to hold it to. Small content refused 413 is no such case.
 */
export function largeContentRefused(exchange: Exchange): boolean {
  return exchange.response?.status === 413 && Buffer.byteLength(exchange.request.body ?? '') > LARGE_CONTENT_OCTETS;
}

/** The octets of a request's target as its request line carries it (origin-form: path and query, RFC 9112 §3.2.1). */
export function targetOctets(exchange: Exchange): number {
  let target = exchange.request.url;
  try {
    const url = new URL(exchange.request.url);
    target = `${url.pathname}${url.search}`;
  } catch {
    // Not an absolute URL: its text as sent.
  }
  return Buffer.byteLength(target);
}

/**
 * A 414 URI Too Long or 431 Request Header Fields Too Large answering a request line beyond 8000
 * octets (seldon's `namespace`, `maxLength: 2097152`, at its upper boundary): a recipient need only
 * support "request-line lengths of 8000 octets" (RFC 9112 §3), may refuse a longer target (RFC 9110
 * §15.5.15) or header section (RFC 6585 §5), and the contract states no limit.
 */
export function longTargetRefused(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  return (status === 414 || status === 431) && targetOctets(exchange) > LARGE_CONTENT_OCTETS;
}

/**
 * A 426 Upgrade Required answering a request without `Upgrade` to an operation whose success is a
 * 101 Switching Protocols: the switch needs the client's Upgrade (RFC 9110 §7.8), which the runner
 * never sends, and 426 is the refusal HTTP gives a request that must switch first (§15.5.22).
 */
export function upgradeRequired(exchange: Exchange, operation: Operation): boolean {
  const upgrade = Object.keys(exchange.request.headers).some((name) => name.toLowerCase() === 'upgrade');
  return exchange.response?.status === 426 && operation.responses['101'] !== undefined && !upgrade;
}
