import type { Faker } from '@faker-js/faker';
import type { OpenAPIV3 } from 'openapi-types';
import {
  diceOfFaker,
  isRecord,
  namesTotalHeader,
  responseFor,
  sampleValue,
  sequenceSchemaOf,
  type Operation,
} from '../../contract/index.js';
import type { Reply } from '../routes/types.js';
import { cannedMediaType, cannedStatus, type Preferences } from '../controls/request-headers/prefer.js';

/** Header fields with protocol meaning: a canned answer sends them only when the contract requires them. */
const PROTOCOL_FIELDS: ReadonlySet<string> = new Set([
  'location',
  'link',
  'retry-after',
  'deprecation',
  'sunset',
  'set-cookie',
  'etag',
  'last-modified',
  'cache-control',
  'expires',
  'vary',
  'www-authenticate',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
  'content-range',
  'content-disposition',
  'transfer-encoding',
  'connection',
  'allow',
  'age',
  'accept-ranges',
  'date',
  'server',
  'trailer',
  'upgrade',
  'access-control-allow-origin',
]);

/**
 * The answer `Prefer` asks for instead of the state (as Prism gives it): the documented response
 * of the preferred status, its named example, its example, or a body generated from its schema
 * (always generated with `dynamic=true`), with its required headers. The state is not touched.
 */
export function cannedReply(
  operation: Operation,
  p: Preferences,
  faker: Faker,
  codeForStatus: (status: number) => string,
  params: Readonly<Record<string, string>> = {},
  accept?: string | readonly string[],
): Reply {
  const status = cannedStatus(operation, p);
  const response = responseFor(operation.responses, status);
  const mediaType = cannedMediaType(response?.content, accept, p.example);
  const media = mediaType === undefined ? undefined : response?.content?.[mediaType];
  let body: unknown;
  if (media && mediaType !== undefined) {
    // A sequence (OAS 3.2.0 itemSchema: JSON Lines, SSE) is generated as the array of its items.
    const schema = sequenceSchemaOf(mediaType, media) ?? (media.schema as OpenAPIV3.SchemaObject | undefined);
    const named =
      p.example !== undefined ? (media.examples?.[p.example] as OpenAPIV3.ExampleObject | undefined)?.value : undefined;
    const firstNamed = Object.values(media.examples ?? {})[0] as OpenAPIV3.ExampleObject | undefined;
    body =
      named ??
      (p.dynamic === true ? undefined : (media.example ?? firstNamed?.value ?? schema?.example)) ??
      sampleValue(schema, { dice: diceOfFaker(faker), everyProperty: true });
    body = structuredClone(body);
    // An Error body must say the status it is sent with.
    if (status >= 400 && isRecord(body) && 'status' in body) {
      body['status'] = status;
      body['code'] = codeForStatus(status);
      if (typeof body['message'] === 'string') body['message'] = aboutThisRequest(body['message'], params, response);
    }
  }
  const headers = documentedHeaders(response, faker, { body });
  const location = Object.keys(headers).find((name) => name.toLowerCase() === 'location');
  if (status === 201 && location !== undefined) {
    const created = createdLocation(operation, response, body);
    if (created !== undefined) headers[location] = created;
  }
  return body === undefined ? { status, headers } : { status, body, headers };
}

/**
 * Whether a header's value is the state's or the protocol's to say (a Location, a Link, a Sunset,
 * X-Total-Count): an answer the state wrote without it gets none generated, which would say something false.
 */
export function stateOwnedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return PROTOCOL_FIELDS.has(lower) || lower === 'x-total-count';
}

/** X-Total-Count beside an array body: the body's length (documentedHeaders); undefined otherwise. */
const countedByBody = (name: string, body: unknown): number | undefined =>
  name.toLowerCase() === 'x-total-count' && Array.isArray(body) ? body.length : undefined;

/** A header field name (RFC 9110 §5.1: a token) and value (§5.5: visible characters, spaces, tabs, obs-text). */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The headers a documented response declares, generated from their schemas (their example first).
 * Every documented header is sent (X-Rate-Limit, X-Expires-After), optional ones too, except the
 * HTTP fields whose value means something to the protocol (RFC 9110): those only when required, as
 * a generated `Link` or `Retry-After` would say something false. Content-Type is never one (OAS
 * 3.0.3 §4.7.17). With `requiredOnly`, only the headers the response requires (an error's: an
 * optional header generated beside it would say something about an error the mock knows better).
 */
export function documentedHeaders(
  response: OpenAPIV3.ResponseObject | undefined,
  faker: Faker,
  options: { readonly body?: unknown; readonly requiredOnly?: boolean } = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(response?.headers ?? {})) {
    if ('$ref' in header) continue;
    if (name.toLowerCase() === 'content-type') continue;
    if (header.required !== true && (options.requiredOnly === true || PROTOCOL_FIELDS.has(name.toLowerCase())))
      continue;
    // An optional count of the whole list (`totalrecordcount`, `X-Total-Pages`: a name the runner's paging
    // probe reads as one) that no state wrote: a generated number says a total nobody has, and another
    // on the next page (RFC 9110 §5: a field states something about the resource). Left out.
    const counted = countedByBody(name, options.body);
    if (header.required !== true && namesTotalHeader(name) && counted === undefined) continue;
    const schema = header.schema as OpenAPIV3.SchemaObject | undefined;
    const value =
      counted ??
      header.example ??
      schema?.example ??
      sampleValue(schema, { dice: diceOfFaker(faker), name, everyProperty: true });
    // A name or a generated value a header field cannot carry is left out (Node would throw).
    if (FIELD_NAME.test(name) && FIELD_VALUE.test(String(value))) headers[name] = String(value);
  }
  return headers;
}

/**
 * An error example's message names the resource of the contract's example ("Pet 404 does not
 * exist."); sent for `GET /pets/1` it would name a pet nobody asked for. A "Noun N" naming another
 * id than the request's: with one path parameter, the request's id takes its place ("Pet 1 does
 * not exist."); with none or several, the response's own description, which names no id.
 */
function aboutThisRequest(
  message: string,
  params: Readonly<Record<string, string>>,
  response: OpenAPIV3.ResponseObject | undefined,
): string {
  const asked = new Set(Object.values(params));
  const names = /\b([A-Z][a-z]+) (\d+)\b/g;
  const foreign = [...message.matchAll(names)].filter((m) => !asked.has(m[2]!));
  if (foreign.length === 0) return message;
  const values = Object.values(params);
  if (values.length === 1)
    return message.replace(names, (whole, noun: string, id: string) =>
      asked.has(id) ? whole : `${noun} ${values[0]!}`,
    );
  return response?.description ?? message;
}

/**
 * The `Location` of a canned 201 names the resource its body describes (RFC 9110 §10.2.2), never a
 * header example that belongs to another resource: the collection the operation posted to, plus
 * the identifier the response's `links` read from the body (`$response.body#/id`), else its `id`.
 * Undefined when the body carries no identifier or the path has template parameters left to fill.
 */
function createdLocation(
  operation: Operation,
  response: OpenAPIV3.ResponseObject | undefined,
  body: unknown,
): string | undefined {
  if (!isRecord(body) || operation.path.includes('{')) return undefined;
  const pointer = identifierPointer(response) ?? '/id';
  const id = readPointer(body, pointer);
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return `${operation.path.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`;
}

/** The JSON pointer of the first link parameter taken from the response body (OpenAPI 3.0.3 §4.7.21, runtime expressions). */
function identifierPointer(response: OpenAPIV3.ResponseObject | undefined): string | undefined {
  for (const link of Object.values(response?.links ?? {})) {
    if ('$ref' in link) continue;
    for (const expression of Object.values(link.parameters ?? {})) {
      if (typeof expression === 'string' && expression.startsWith('$response.body#'))
        return expression.slice('$response.body#'.length);
    }
  }
  return undefined;
}

/** RFC 6901 JSON pointer lookup; undefined when any step is missing. */
function readPointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isRecord(current)) current = current[token];
    else return undefined;
  }
  return current;
}
