import { STATUS_CODES } from 'node:http';
import type { Faker } from '@faker-js/faker';
import type { OpenAPIV3 } from 'openapi-types';
import { normalName as normal, type Contract, type Operation, type SchemaValidator } from '../contract/index.js';
import { createFaker } from './faker.js';
import { documentedHeaders } from './core/canned.js';
import { type ErrorDetail, HttpError } from './errors.js';
import { schemaAccepts, toXml } from './media.js';
import {
  commonErrorSchema,
  diceOfFaker,
  isJsonMediaType,
  isRecord,
  isXmlMediaType,
  jsonContent,
  jsonTypeFor,
  mediaEssence,
  mergeAllOf,
  mergeTwo,
  responseFor,
  sampleValue,
} from '../contract/index.js';

type Schema = OpenAPIV3.SchemaObject;

/** An error as it leaves: its media type and its body. */
export interface RenderedError {
  readonly contentType: string;
  readonly body: unknown;
  /** The body as written when it is not the JSON text of `body` (a multipart wrapper). */
  readonly text?: string;
  /** The headers the documented response requires (OAS 3.0.3 §4.7.17 `required`), generated from their schemas. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The boundary of the mock's multipart error bodies (RFC 2046 §5.1.1: a string its part cannot contain). */
const ERROR_BOUNDARY = 'petstore-mock-error';

/** Names a field is known by, lower-cased without separators, and what it carries. */
const MESSAGE = new Set([
  'message',
  'detail',
  'details',
  'description',
  'errordescription',
  'errormessage',
  'msg',
  'reason',
]);
/**
 * Whether a field's name says it holds a message: a known name, or one ending in one
 * (`errorMsg`, `userMessage`, `developerMessage`).
 */
function isMessage(normalName: string): boolean {
  return MESSAGE.has(normalName) || /(?:message|msg)$/.test(normalName);
}
const STATUS = new Set(['status', 'statuscode', 'httpstatus', 'httpstatuscode']);
const CODE = new Set(['code', 'errorcode']);
const TITLE = new Set(['title', 'error', 'name']);
const ERRORS = new Set(['errors', 'problems', 'issues', 'faults']);
const WRAPPER = new Set(['error', 'errors', 'problem', 'fault', 'failure']);

/** A member holding the error itself: named for it (`error`, `ErrorModel`, `fault_detail`), or the schema's only member. */
function isWrapper(name: string, schema: Schema): boolean {
  const word = normal(name);
  return WRAPPER.has(word) || /error|fault|problem/.test(word) || Object.keys(schema.properties ?? {}).length === 1;
}

/**
 * Builds error bodies from the contract's own error schema for the operation and status
 * (exact status, else its range, else `default`; OAS 3.0.3 §4.7.16), else from the document's
 * most common error schema, else `{code, message, status}`. Known fields are filled with the
 * real values (an integer `code` gets the status), unknown required ones are generated, and the
 * body is checked against the schema before it is used. Pure data of the contract: cached per schema.
 */
export class ErrorBodies {
  private readonly fallback: { readonly contentType: string; readonly schema: Schema } | undefined;
  private readonly fakers = new Fakers();
  private readonly tools: Tools;

  constructor(
    contract: Contract,
    private readonly validator: SchemaValidator,
  ) {
    // The kernel's one reading (src/contract/error-schema.ts), which the runner judges such answers by.
    const common = commonErrorSchema(contract);
    this.fallback = common ? { contentType: jsonTypeFor(common.mediaType), schema: common.schema } : undefined;
    const views = new SchemaViews();
    this.tools = { fakers: this.fakers, fits: (schema, value) => schemaAccepts(validator, views.one(schema), value) };
  }

  /**
   * Whether the error body documented for this status can say it (its `status` member, where closed
   * to a list of statuses, lists it); true where nothing closes it.
   */
  canSay(operation: Operation, status: number): boolean {
    const documented = errorMedia(responseFor(operation.responses, status));
    return documented === undefined || canSayStatus(documented.schema, status);
  }

  render(error: HttpError, operation: Operation | undefined): RenderedError {
    const response = operation ? responseFor(operation.responses, error.status) : undefined;
    const rendered = this.renderBody(error, response);
    const headers = this.requiredHeaders(error, response);
    return headers ? { ...rendered, headers } : rendered;
  }

  /**
   * The headers the response documented for this status (exact, range, default) requires: an
   * answer the mock refuses with is still that documented answer, its headers included (Ably's
   * `x-ably-serverid` on its `default` error). Those the error sets itself (Allow, WWW-Authenticate)
   * are its own.
   */
  private requiredHeaders(
    error: HttpError,
    response: OpenAPIV3.ResponseObject | undefined,
  ): Record<string, string> | undefined {
    if (!response?.headers) return undefined;
    const faker = this.fakers.take(error.status);
    try {
      const own = new Set(Object.keys(error.headers).map((name) => name.toLowerCase()));
      const out = Object.entries(documentedHeaders(response, faker, { requiredOnly: true })).filter(
        ([name]) => !own.has(name.toLowerCase()),
      );
      return out.length > 0 ? Object.fromEntries(out) : undefined;
    } finally {
      this.fakers.give(faker);
    }
  }

  private renderBody(error: HttpError, response: OpenAPIV3.ResponseObject | undefined): RenderedError {
    const documented = errorMedia(response);
    const plain = {
      code: error.code,
      message: error.message,
      status: error.status,
      ...(error.details.length > 0 ? { details: error.details.map((d) => ({ ...d })) } : {}),
    };
    // The rule for bodies (src/contract/response-body.ts): content the response describes is written
    // in one of its media types. An error described only as multipart (PayPal's JSON errors are
    // documented as multipart/mixed) gets its error object as the one JSON part (RFC 2046 §5.1).
    const multipart = documented
      ? undefined
      : Object.entries(response?.content ?? {}).find(([type]) => /^multipart\//i.test(type));
    if (multipart) {
      const schema =
        multipart[1].schema && !('$ref' in multipart[1].schema) ? multipart[1].schema : this.fallback?.schema;
      const body = schema ? this.fill(schema, error) : plain;
      const text = `--${ERROR_BOUNDARY}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(body)}\r\n--${ERROR_BOUNDARY}--\r\n`;
      return { contentType: `${mediaEssence(multipart[0])}; boundary=${ERROR_BOUNDARY}`, body, text };
    }
    // An error documented as JSON without a schema (fungenerators' 401: `application/json` with
    // an example only) is still JSON (RFC 8259): the common error shape, else the mock's own,
    // never the bare message its Content-Type would misname.
    const schemaless = documented
      ? undefined
      : Object.keys(response?.content ?? {}).find((type) => !type.includes('*') && isJsonMediaType(type));
    if (schemaless)
      return {
        contentType: jsonTypeFor(schemaless),
        body: this.fallback ? this.fill(this.fallback.schema, error) : plain,
      };
    // An error documented only in media types that are not JSON (Docker's ContainerAttach: Swagger
    // 2.0's operation `produces` types every response, so its 400 is `application/vnd.docker.raw-stream`)
    // is written in the first of them (RFC 9110 §8.3: the Content-Type says what the content is):
    // the message where the schema is a string or absent, else the schema's error as JSON text, the
    // one serialisation a structured body has in a type that defines none. XML is written as XML
    // below: JSON text would not be the well-formed XML its Content-Type promises (RFC 7303).
    const other = documented
      ? undefined
      : Object.entries(response?.content ?? {}).find(([type]) => !type.includes('*') && !isXmlMediaType(type));
    if (other) {
      const declared = other[1].schema && !('$ref' in other[1].schema) ? other[1].schema : undefined;
      const text =
        declared === undefined || mergeAllOf(declared).type === 'string' ? undefined : this.fill(declared, error);
      const body = text ?? error.message;
      return {
        contentType: mediaEssence(other[0]),
        body,
        text: typeof body === 'string' ? body : JSON.stringify(body),
      };
    }
    // An error documented only as XML (NPR's `application/xml` VAST error document) is written as
    // XML (RFC 7303), never as JSON its documented types exclude: the schema filled as for JSON,
    // laid out by its XML Object (OAS 3.0.3 §4.7.26); the message where the schema is a string or absent.
    const xml = documented
      ? undefined
      : Object.entries(response?.content ?? {}).find(([type]) => !type.includes('*') && isXmlMediaType(type));
    if (xml) {
      const declared = xml[1].schema && !('$ref' in xml[1].schema) ? xml[1].schema : undefined;
      const body =
        declared === undefined || mergeAllOf(declared).type === 'string' ? error.message : this.fill(declared, error);
      return { contentType: mediaEssence(xml[0]), body, text: toXml(body, declared, 'error') };
    }
    const target = documented ?? this.fallback;
    if (!target) return { contentType: 'application/json', body: plain };
    const body = this.fill(target.schema, error);
    return { contentType: target.contentType, body };
  }

  private fill(schema: Schema, error: HttpError): unknown {
    const flat = mergeAllOf(schema);
    // An error schema that is a oneOf/anyOf of one schema per status (PayPal's error_default):
    // the alternative that speaks of this status first, and the body must fit the whole schema.
    const alternatives =
      (flat.properties ? undefined : (flat.oneOf ?? flat.anyOf))?.filter((a): a is Schema => !('$ref' in a)) ?? [];
    const ordered =
      alternatives.length > 0 ? [...alternatives].sort((a, b) => mentions(b, error) - mentions(a, error)) : [schema];
    let first: unknown;
    let silent: unknown;
    for (const alternative of ordered) {
      // A list of violations holds the request's violations; an error without any (a 404) says
      // itself in one item only where nothing else in the body would carry its message (FastAPI's
      // `{detail: [...]}`), so a body that has a `message` gets no invented `issues` beside it.
      for (const say of [false, true]) {
        for (const everything of [false, true]) {
          const candidate = shape(alternative, error, everything, say, this.tools);
          first ??= candidate;
          if (!schemaAccepts(this.validator, schema, candidate)) continue;
          if (say || carries(candidate, error)) return candidate;
          silent ??= candidate;
        }
      }
    }
    return silent ?? first;
  }
}

/**
 * What shaping an error draws on: the seeded fakers, and whether a value fits a field's own schema
 * (the contract's validator; a schema of the document, so each is compiled once).
 */
interface Tools {
  readonly fakers: Fakers;
  readonly fits: (schema: Schema, value: unknown) => boolean;
}

/** The schema's first JSON media type of a response, if any. */
function errorMedia(
  response: OpenAPIV3.ResponseObject | undefined,
): { contentType: string; schema: Schema } | undefined {
  const json = jsonContent(response?.content, { ranges: true });
  return json?.schema ? { contentType: jsonTypeFor(json.mediaType), schema: json.schema } : undefined;
}

/**
 * How well an alternative speaks of the error's status: 2 when its `status` member is closed to
 * values that include it (Increase's `status: {enum: [400]}` beside `type: {enum:
 * [invalid_parameters_error]}`, one alternative per status), -1 when closed to others (no body of
 * it could say this status: RFC 9457 §3.1.2, the member is the HTTP status), 1 when its title,
 * description or enum values name the status (its reason or code), else 0.
 */
function mentions(schema: Schema, error: HttpError): number {
  const flat = mergeAllOf(schema);
  const closed = closedStatuses(flat);
  if (closed) return closed.includes(error.status) ? 2 : -1;
  const reason = normal(STATUS_CODES[error.status] ?? '');
  const words = [
    flat.title,
    flat.description,
    ...Object.values(flat.properties ?? {}).flatMap((p) => ('$ref' in p ? [] : (p.enum ?? []))),
  ];
  return words.some(
    (w) => typeof w === 'string' && (normal(w).includes(reason) || w === error.code || w === String(error.status)),
  )
    ? 1
    : 0;
}

/**
 * The statuses an error schema's numeric `status` member is closed to by an enum (a 3.1 `const` is
 * read as a one-value enum: src/contract/schema-2020.ts), else undefined (any status).
 */
function closedStatuses(flat: Schema): readonly number[] | undefined {
  const member = Object.entries(flat.properties ?? {}).find(([name]) => STATUS.has(normal(name)))?.[1];
  if (!member || '$ref' in member) return undefined;
  const values = mergeAllOf(member).enum;
  // Only a list of statuses closes it: an enum of words (`status: [error]`) says nothing of the HTTP status.
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'number')) return undefined;
  return values as number[];
}

/**
 * Whether an error schema can say a status: some alternative (oneOf/anyOf, or the schema itself)
 * leaves its `status` member open or lists the status.
 */
export function canSayStatus(schema: Schema, status: number): boolean {
  const flat = mergeAllOf(schema);
  const alternatives = (flat.properties ? undefined : (flat.oneOf ?? flat.anyOf))?.filter(
    (a): a is Schema => !('$ref' in a),
  );
  const candidates = alternatives && alternatives.length > 0 ? alternatives.map((a) => mergeAllOf(a)) : [flat];
  return candidates.some((c) => closedStatuses(c)?.includes(status) ?? true);
}

/** A value for one field of an error; a closed list (`enum`) keeps its own values, the closest one chosen. */
function known(name: string, schema: Schema, error: HttpError, say: boolean, tools: Tools): unknown {
  const value = knownValue(name, schema, error, say, tools);
  if (value === undefined || !Array.isArray(schema.enum) || schema.enum.includes(value)) return value;
  const reason = normal(STATUS_CODES[error.status] ?? '');
  return (
    schema.enum.find((v) => typeof v === 'string' && (normal(v) === reason || v === error.code)) ??
    ofClass(schema.enum, error.status) ??
    schema.enum[0]
  );
}

/**
 * The enum value that names the status's class where none names the status (Box's code enum has
 * no `unsupported_media_type`: a 415 says `bad_request`, not the list's first value `created`).
 */
function ofClass(values: readonly unknown[], status: number): unknown {
  const general = normal(STATUS_CODES[status >= 500 ? 500 : 400] ?? '');
  return values.find((v) => typeof v === 'string' && normal(v) === general);
}

/** A value for one field of an error, by its name and type; undefined when the name is not known. */
function knownValue(name: string, schema: Schema, error: HttpError, say: boolean, tools: Tools): unknown {
  const key = normal(name);
  const reason = STATUS_CODES[error.status] ?? 'Error';
  const type = schema.type;
  const asType = (n: number, text: string): unknown =>
    type === 'integer' || type === 'number' ? n : type === 'string' ? text : type === undefined ? text : undefined;
  if (CODE.has(key)) {
    if (type === 'integer' || type === 'number') return error.status;
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((v): v is string => typeof v === 'string');
      return (
        values.find((v) => v === error.code) ??
        values.find((v) => normal(v) === normal(reason)) ??
        values.find((v) => v === String(error.status)) ??
        ofClass(values, error.status) ??
        values[0]
      );
    }
    return type === 'string' || type === undefined ? error.code : undefined;
  }
  if (STATUS.has(key)) return asType(error.status, String(error.status));
  // A list of violations, known by its name (`details`, `errors`; a message list, Nest's
  // `message: string[]`) or by its items (objects with a location or a message: FastAPI's
  // `detail: [{loc, msg, type}]`), filled from the request's own violations.
  if (type === 'array') {
    const items = schema.items && !('$ref' in schema.items) ? mergeAllOf(schema.items) : undefined;
    // `error` as a list too (NPR's VAST `<error>` elements, one per error).
    const named = key === 'details' || ERRORS.has(key) || isMessage(key) || WRAPPER.has(key);
    if (!items || (!named && !describesViolation(items))) return undefined;
    return violationList(items, error, say, tools);
  }
  if (isMessage(key)) return type === 'string' || type === undefined ? error.message : undefined;
  if (TITLE.has(key)) return type === 'string' || type === undefined ? reason : undefined;
  if (key === 'type' && (type === 'string' || type === undefined) && schema.format?.startsWith('uri'))
    return 'about:blank'; // RFC 9457 §4.2.1
  return undefined;
}

/**
 * One violation as an item of the schema's list: the location in a field named like one (an
 * enum keeps its own values: `path.id` is `path` where the schema lists body, path, query), the
 * message in a field named like one.
 */
function detailItem(
  written: Schema,
  detail: ErrorDetail,
  fallbackKind: string,
  fits: Tools['fits'],
): Record<string, unknown> {
  const items = detailAlternative(written, detail.message);
  const out: Record<string, unknown> = {};
  for (const [prop, sub] of [...Object.entries(items.properties ?? {}), ...undeclaredRequired(items)]) {
    const filled = detailField(prop, sub, detail, fallbackKind);
    // A value the field's own schema refuses (OPA's `location` is an object `{file, row, col}`, not
    // `query.pretty`) is left to the item's shape: generated where required, else left out.
    if (filled !== undefined && ('$ref' in sub || fits(sub, filled))) out[prop] = filled;
  }
  return out;
}

/** One field of a violation item, where its name says what it carries; undefined where it does not. */
function detailField(
  prop: string,
  sub: Schema | OpenAPIV3.ReferenceObject,
  detail: ErrorDetail,
  fallbackKind: string,
): unknown {
  const { location, message } = detail;
  const n = normal(prop);
  const schema = '$ref' in sub ? undefined : mergeAllOf(sub);
  if (LOCATION.has(n) && schema?.type === 'array') {
    // A location written as a path of names (FastAPI's `loc: ["body", "title"]`, an index as an integer).
    const parts = location === '' ? [] : location.split('.');
    const indexed = admitsInteger(schema.items);
    return parts.map((p) => (/^\d+$/.test(p) && indexed ? Number(p) : p));
  }
  if (LOCATION.has(n) && location !== '') {
    const values = schema?.enum?.filter((v): v is string => typeof v === 'string');
    return values && values.length > 0
      ? (values.find((v) => v === location) ?? values.find((v) => v === location.split('.')[0]) ?? values[0])
      : location;
  }
  // A field named like a message that holds a list or an object (`details: CloudErrorBody[]`) is not the message.
  if ((isMessage(n) || n === 'issue') && schema?.type !== 'array' && schema?.type !== 'object')
    return schema?.enum?.[0] ?? message;
  if (
    KIND.has(n) &&
    (schema?.type === 'string' || schema?.type === undefined) &&
    schema?.enum === undefined &&
    schema?.format === undefined
  )
    return detail.kind ?? fallbackKind;
  return undefined;
}

/** Names a violation's location and kind go by, lower-cased without separators. */
const LOCATION = new Set(['location', 'loc', 'field', 'path', 'pointer', 'name', 'param', 'parameter', 'property']);
const KIND = new Set(['type', 'kind', 'rule', 'keyword', 'reason', 'code']);

/** Whether a list's item schema describes one violation: a field for where it is (`loc`, `field`) and one for what it is (`msg`). */
function describesViolation(items: Schema): boolean {
  const names = Object.keys(items.properties ?? {}).map(normal);
  return names.some((n) => LOCATION.has(n)) && names.some(isMessage);
}

/** Whether a (sub)schema admits an integer (a location's index: `anyOf: [string, integer]`). */
function admitsInteger(written: OpenAPIV3.ArraySchemaObject['items'] | undefined): boolean {
  if (!written || '$ref' in written) return false;
  const flat = mergeAllOf(written);
  return (
    flat.type === 'integer' ||
    [...(flat.anyOf ?? []), ...(flat.oneOf ?? [])].some(
      (a) => !('$ref' in a) && (a.type === 'integer' || a.type === 'number'),
    )
  );
}

/**
 * The violations as the items of a list: one per violation of the request; none (the list left
 * out) for an error without violations, unless `say`, when one item says the error itself.
 */
function violationList(items: Schema, error: HttpError, say: boolean, tools: Tools): unknown[] | undefined {
  const list: readonly ErrorDetail[] =
    error.details.length > 0 ? error.details : say ? [{ location: '', message: error.message }] : [];
  if (list.length === 0) return undefined;
  if (items.type === 'string') return list.map((d) => (d.location === '' ? d.message : `${d.location}: ${d.message}`));
  if (!items.properties && !items.anyOf && !items.oneOf) return undefined;
  // Each item is shaped as the error without its violations: an item schema that nests a list of
  // itself (Azure's CloudErrorBody `details: CloudErrorBody[]`) gets that list left out, not the
  // violations again, forever.
  const bare = new HttpError(error.status, error.code, error.message, [], error.headers);
  return list.map((d) => ({
    ...(shape(items, bare, false, false, tools) as Record<string, unknown>),
    ...detailItem(items, d, error.code, tools.fits),
  }));
}

/** Whether a body says the error: its message (or a violation's) appears in it. */
function carries(body: unknown, error: HttpError): boolean {
  const text = JSON.stringify(body) ?? '';
  return [error.message, ...error.details.map((d) => d.message)].some(
    (m) => m !== '' && text.includes(JSON.stringify(m).slice(1, -1)),
  );
}

/**
 * An item schema that lists its kinds of violation as alternatives (PayPal: `details` items are
 * `anyOf` one object per issue, each with its own `issue` and `description` enum): the alternative
 * whose words best match the violation (`must have required property` → MISSING_REQUIRED_PARAMETER),
 * else the first, laid over the item's own properties. An item must match one of them (JSON Schema
 * 2020-12 §10.2.1.2), so the mock's own text never fills an `issue` the contract closes.
 */
function detailAlternative(items: Schema, message: string): Schema {
  const alternatives = [...(items.anyOf ?? []), ...(items.oneOf ?? [])].filter(
    (a): a is Schema => !('$ref' in a) && isRecord(a.properties),
  );
  if (alternatives.length === 0) return items;
  const words = new Set(wordsOf(message).flatMap((w) => SYNONYMS[w] ?? [w]));
  const score = (a: Schema): number => {
    const own = mergeAllOf(a);
    // The alternative's name and its codes (`issue`), not its prose (`description`), which shares any word.
    const codes = Object.entries(own.properties ?? {}).flatMap(([name, p]) =>
      '$ref' in p || isMessage(normal(name)) ? [] : (p.enum ?? []),
    );
    const named = [own.title, ...codes].filter((v): v is string => typeof v === 'string');
    return new Set(named.flatMap(wordsOf).filter((w) => words.has(w))).size;
  };
  const best = alternatives.reduce((a, b) => (score(b) > score(a) ? b : a));
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = items;
  return mergeTwo(rest, best);
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);

/** The validator's words for a violation, and the words contracts name such issues with. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  required: ['required', 'missing'],
  maximum: ['max', 'maximum', 'exceeds'],
  minimum: ['min', 'minimum'],
  maxlength: ['max', 'length', 'long'],
  minlength: ['min', 'length', 'short'],
  maxitems: ['max', 'items', 'array'],
  minitems: ['min', 'items', 'array'],
  pattern: ['pattern', 'syntax', 'format'],
  format: ['format', 'syntax'],
  type: ['type', 'syntax', 'value'],
  enum: ['value', 'allowed', 'invalid'],
  fewer: ['min', 'minimum', 'short', 'length'],
  more: ['max', 'maximum', 'long', 'length', 'exceeds'],
  characters: ['string', 'length'],
  items: ['items', 'array'],
};

/**
 * The error as the schema shapes it: known fields filled, required unknown ones generated (from a
 * faker seeded by the status, so the same error is byte-identical), optional unknown ones left
 * out unless `everything` (a second try for schemas whose constraints want more).
 * `within`: the schemas being shaped around this one, outermost first (see the wrapper below).
 */
function shape(
  raw: Schema,
  error: HttpError,
  everything: boolean,
  say: boolean,
  tools: Tools,
  within: readonly Schema[] = [],
): unknown {
  const { fakers } = tools;
  const schema = mergeAllOf(raw);
  const alternative = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (alternative && !('$ref' in alternative) && !schema.properties)
    return shape(alternative, error, everything, say, tools, within);
  const around = [...within, raw];
  // The type decides (JSON Schema Validation §6.1.1; `properties` applies to objects only, Core §10.3.2):
  // a Java collection written by springfox is `type: array` with `items` and an `empty` property
  // (XTRF's `CategoriesDTO`), and its error body is an array, never an object of that property.
  if (!objectShaped(schema)) {
    const faker = fakers.take(error.status);
    try {
      return sampleValue(schema, { dice: diceOfFaker(faker), everyProperty: true });
    } finally {
      fakers.give(faker);
    }
  }
  // Taken only when a field must be generated: most error schemas (the Petstore's) need none.
  let seeded: Faker | undefined;
  const faker = (): Faker => (seeded ??= fakers.take(error.status));
  try {
    const out: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if ('$ref' in sub) continue;
      // A required list of violations says the error when there are none, rather than being generated.
      // A value the field's own schema refuses is not the error's to give (Mastercard's `ErrorCode`,
      // `maxLength: 0`; OPA's `location`, an object): the field is generated or left out as unknown.
      const said = known(name, mergeAllOf(sub), error, say || required.has(name), tools);
      const value = said === undefined || tools.fits(sub, said) ? said : undefined;
      if (value !== undefined) out[name] = value;
      // The error inside a wrapper (`{error: {status, message}}`, Spotify; `{error: {code, message}}`,
      // Google; `{ErrorModel: {Description, ErrorCategory}}`, an XML root element written as the one
      // member, payrun.io): shaped like the body itself, not generated (a 401 saying status 545 in
      // lorem ipsum), nor left out (an empty `{}`, though an error body says what went wrong).
      // A wrapper that is one of the schemas being shaped (Azure's `innererror`, an `$ref` to its own
      // error schema; JSON Schema 2020-12 §8.2.3.1 lets a schema refer to itself) is the error's
      // cause, not the error: left out when optional, generated to the sampler's depth when required,
      // never shaped again and again until the stack runs out (every error answered 500).
      else if (isWrapper(name, schema) && mergeAllOf(sub).properties && !around.includes(sub))
        out[name] = shape(sub, error, everything, say, tools, around);
      else if ((required.has(name) || everything) && sub.writeOnly !== true)
        out[name] = sampleValue(sub, { dice: diceOfFaker(faker()), name, everyProperty: true });
    }
    // A name `required` lists without a `properties` entry is still required (JSON Schema Validation
    // §6.5.3): known by its name where it can be, else a value of additionalProperties.
    for (const [name, sub] of undeclaredRequired(schema))
      out[name] =
        known(name, sub, error, say, tools) ??
        sampleValue(sub, { dice: diceOfFaker(faker()), name, everyProperty: true });
    return Object.keys(out).length > 0 || !say ? out : saidAnyway(schema, error, tools);
  } finally {
    if (seeded) fakers.give(seeded);
  }
}

/**
 * An error body says what went wrong (RFC 9110 §15.5: the server SHOULD send a representation
 * explaining the error): an open object whose declared members the error fills none of (mist.com's
 * 400, `{type: object, properties: {}}`) answered `{}`. Its message goes as an undeclared member
 * where the schema takes one (JSON Schema Validation §10.3.2.3 additionalProperties), else `{}`.
 * Only when the error must be said (`say`): a declared member that can say it (FastAPI's `detail`
 * list) is tried first.
 */
function saidAnyway(schema: Schema, error: HttpError, tools: Tools): Record<string, unknown> {
  const said = { message: error.message };
  return schema.additionalProperties !== false && tools.fits(schema, said) ? said : {};
}

/**
 * Whether an error body is shaped as an object of the schema's members: typed `object`, or
 * declaring `properties` where its type admits an object (untyped, or a 3.1 list naming `object`).
 */
function objectShaped(schema: Schema): boolean {
  const type: unknown = schema.type;
  if (type === 'object') return true;
  const admitsObject = type === undefined || (Array.isArray(type) && type.includes('object'));
  return admitsObject && schema.properties !== undefined;
}

/**
 * One object per distinct schema that shaping checks a value against. The validator keeps its
 * compiled validators by schema object, and shaping makes some schemas afresh on every error (an
 * allOf merged by mergeAllOf, an item's alternative laid over it by mergeTwo): each of those was
 * compiled again for every error answered (a quarter of a self-consistency run's CPU), and ajv
 * keeps every schema object it compiles, so the mock's memory grew with every refusal. Equal
 * content (JSON) is the same schema to the validator, so the first object of that content stands
 * for all. A cyclic schema (a recursive error schema) or one of more than MAX_NODES values keeps
 * its own object: its key would cost more than it saves.
 */
class SchemaViews {
  private static readonly MAX_NODES = 5_000;
  private readonly byObject = new WeakMap<object, Schema>();
  private readonly byContent = new Map<string, Schema>();

  one(schema: Schema): Schema {
    const known = this.byObject.get(schema);
    if (known) return known;
    const key = SchemaViews.key(schema);
    let view = key === undefined ? schema : this.byContent.get(key);
    if (view === undefined) {
      view = schema;
      this.byContent.set(key!, schema);
    }
    this.byObject.set(schema, view);
    return view;
  }

  /** The schema as JSON; undefined where JSON cannot say it exactly (a cycle, a non-finite number) or it is too large. */
  private static key(schema: Schema): string | undefined {
    let nodes = 0;
    try {
      return JSON.stringify(schema, (_name, value: unknown) => {
        if (++nodes > SchemaViews.MAX_NODES) throw new RangeError('too large');
        if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('not JSON');
        return value;
      });
    } catch {
      return undefined;
    }
  }
}

/**
 * The fakers error bodies draw from, each handed out seeded by the error's status, so the same
 * error is byte-identical: reseeding (faker.seed) puts a faker in the state a new one seeded alike
 * starts in, at about a quarter of the CPU of making one (a Faker builds its ~25 modules). One in
 * use is not handed out again until given back, so a nested shape (a wrapper, a violation item)
 * draws from a stream of its own, as before. Per ErrorBodies (per app); shape is synchronous.
 */
class Fakers {
  private readonly idle: Faker[] = [];

  take(seed: number): Faker {
    const faker = this.idle.pop();
    if (!faker) return createFaker(seed);
    faker.seed(seed);
    return faker;
  }

  give(faker: Faker): void {
    this.idle.push(faker);
  }
}

/** The schema an undeclared required name's value answers to where nothing says: one object, compiled once. */
const ANY_STRING: Schema = { type: 'string' };

/**
 * The names `required` lists without a `properties` entry, each with the schema its value answers
 * to (additionalProperties, else a string: an absent schema admits anything). None where
 * additionalProperties is false: no value could be valid there.
 */
function undeclaredRequired(schema: Schema): [string, Schema][] {
  const extra = schema.additionalProperties;
  if (extra === false) return [];
  const value: Schema = isRecord(extra) && !('$ref' in extra) ? (extra as Schema) : ANY_STRING;
  return (schema.required ?? [])
    .filter((name) => schema.properties?.[name] === undefined)
    .map((name): [string, Schema] => [name, value]);
}
