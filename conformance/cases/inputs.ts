import type { OpenAPIV3 } from 'openapi-types';
import { type Operation, type SchemaValidator, valueSchema } from '../../src/contract/index.js';
import type { Random } from './random.js';
import { bodyMediaRank } from '../http/body.js';
import type { SchemaNames } from './discriminator.js';
import { asSchema, effective, flatten, isRecord, type Schema } from './schema.js';
import {
  isJsonMediaType,
  mediaEssence,
  mergeAllOf,
  querystringParameter,
  sample,
  sequenceSchemaOf,
  type Mode,
} from '../../src/contract/index.js';
import { URI_VALUE_BUDGET } from './mutations.js';
import { formKeysOf } from './form-keys.js';

export interface RequestBodyPlan {
  readonly mediaType: string;
  readonly schema: Schema;
  readonly required: boolean;
  /** The body is JSON (application/json or +json): the JSON-only negative cases apply. */
  readonly json: boolean;
  readonly encoding: Readonly<Record<string, OpenAPIV3.EncodingObject>>;
  /** Every media type the operation takes. */
  readonly accepted: readonly string[];
}

/**
 * The request body an operation takes, in the media type the runner writes best (JSON, +json,
 * form-urlencoded, multipart, text/plain, octet-stream, then OpenAPI 3.2 streams: the items as an
 * array, by itemSchema); undefined when it takes none of them.
 */
export function requestBodyOf(operation: Operation): RequestBodyPlan | undefined {
  const body = operation.requestBody;
  if (!body) return undefined;
  const ranked = Object.entries(body.content ?? {})
    .map(([mediaType, media]) => ({ mediaType, media, rank: writableRank(mediaType, media) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank);
  const best = ranked[0];
  if (!best) return undefined;
  const textual = best.rank >= 4 && best.rank <= 6;
  const schema =
    asSchema(sequenceSchemaOf(best.mediaType, best.media)) ??
    asSchema(best.media.schema) ??
    (textual ? { type: 'string' as const } : undefined);
  if (!schema) return undefined;
  const json = isJsonMediaType(best.mediaType) || best.rank === 6;
  return {
    mediaType: best.mediaType,
    schema,
    required: body.required,
    json,
    encoding: best.media.encoding ?? {},
    accepted: Object.keys(body.content ?? {}),
  };
}

/**
 * The runner's preference for a media type, given what its schema is: a form or multipart body is
 * an object of fields or parts (OAS 3.0.3 §4.7.14.3-4), so an array under one (Jira's `setColumns`,
 * beside any media type) has no writing the server can read back as that array. Such a media type comes
 * after every other the operation takes; alone, it is still tried.
 */
function writableRank(mediaType: string, media: OpenAPIV3.MediaTypeObject): number {
  const rank = bodyMediaRank(mediaType);
  const essence = mediaEssence(mediaType);
  const fields = essence === 'application/x-www-form-urlencoded' || essence === 'multipart/form-data';
  const schema = asSchema(media.schema);
  return fields && schema && mergeAllOf(schema).type === 'array' ? rank + RANKS_AFTER_ALL : rank;
}

/** Past every rank bodyMediaRank gives. */
const RANKS_AFTER_ALL = 100;

/** Header parameters the client sets itself are not the contract's to describe (OAS 3.0.3 §4.7.12.1). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** A field name is a token (RFC 9110 §5.1, §5.6.2: one or more tchar); no request can carry another. */
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The header parameters a request can carry: not those the client sets itself, nor one whose name
 * is no field name (notion's `{in: header, name: ""}`), which no HTTP message can hold: sending it
 * failed before any answer, and the failure was judged as the server's. Nor an optional
 * `Content-Encoding` (here.com's positioning, `enum: [gzip]`): it names the codings applied to the
 * content (RFC 9110 §8.4), and the runner applies none, so `gzip` beside a plain JSON body was an
 * invalid request (400 "incorrect header check") judged as valid input refused.
 */
export function headerParameters(operation: Operation): OpenAPIV3.ParameterObject[] {
  return operation.parameters.filter(
    (p) =>
      p.in === 'header' &&
      FIELD_NAME.test(p.name) &&
      !IGNORED_HEADERS.has(p.name.toLowerCase()) &&
      !(p.required !== true && p.name.toLowerCase() === 'content-encoding'),
  );
}

export function cookieParameters(operation: Operation): OpenAPIV3.ParameterObject[] {
  return operation.parameters.filter((p) => p.in === 'cookie');
}

/** The values a parameter documents itself (OAS 3.0.3 §4.7.12: example, examples; its schema's example, default, enum). */
export function documentedValues(p: OpenAPIV3.ParameterObject): unknown[] {
  const out: unknown[] = [];
  if (p.example !== undefined) out.push(p.example);
  for (const ex of Object.values(p.examples ?? {})) if (isRecord(ex) && 'value' in ex) out.push(ex['value']);
  const schema = asSchema(p.schema);
  if (schema) {
    if (schema.example !== undefined) out.push(schema.example);
    if (schema.default !== undefined) out.push(schema.default);
    for (const v of schema.enum ?? []) if (v !== null) out.push(v);
  }
  for (const media of Object.values(p.content ?? {})) if (media.example !== undefined) out.push(media.example);
  return out;
}

export function pathParameters(operation: Operation): OpenAPIV3.ParameterObject[] {
  return operation.parameters.filter((p) => p.in === 'path');
}

export function queryParameters(operation: Operation): OpenAPIV3.ParameterObject[] {
  return operation.parameters.filter((p) => p.in === 'query');
}

/**
 * The schema of a parameter's value: its `schema`, else that of its one `content` entry (OAS 3.0.3
 * §4.7.12: "The map MUST only contain one entry"; stream-io's `recipients`, a JSON boolean in the
 * query). Read as `{}` before, the runner sent any string, refused "must be boolean".
 */
export function parameterSchema(p: OpenAPIV3.ParameterObject): Schema | undefined {
  return asSchema(valueSchema(p));
}

/**
 * A valid value for a schema: sampled by the kernel's sampler (src/contract/sample/), checked with
 * the validator, else the contract's own examples. Undefined when neither validates (a pattern the
 * sampler cannot satisfy and no example, alternatives that overlap).
 */
export function validValue(
  schema: Schema,
  rng: Random,
  mode: Mode,
  validator: SchemaValidator,
  examples: readonly unknown[] = [],
  names?: SchemaNames,
  name?: string,
  nulls = false,
): unknown {
  const sampled = sample(schema, {
    dice: rng,
    mode,
    direction: 'request',
    nulls,
    ...(name !== undefined ? { name } : {}),
    ...(names ? { schemaNames: names } : {}),
    fits: (s, value) => validator.check(s, value, 'request').valid,
  });
  if (sampled.ok) return sampled.value;
  for (const example of [...examples, schema.example, effective(schema).example]) {
    if (example !== undefined && validator.check(schema, example, 'request').valid) return structuredClone(example);
  }
  return undefined;
}

/**
 * A valid request body for an operation (readOnly fields left out), or undefined when none can be
 * made. `nulls`: members that admit null are null now and then in `random` mode (the positive cases;
 * set-up creates stay plain, so a server's trouble with null does not cost the run its resources).
 */
export function validBody(
  operation: Operation,
  rng: Random,
  mode: Mode,
  validator: SchemaValidator,
  names?: SchemaNames,
  nulls = false,
): unknown {
  const body = requestBodyOf(operation);
  if (!body) return undefined;
  const media = operation.requestBody?.content[body.mediaType];
  const examples: unknown[] = [];
  if (media?.example !== undefined) examples.push(media.example);
  for (const ex of Object.values(media?.examples ?? {})) if (isRecord(ex) && 'value' in ex) examples.push(ex['value']);
  const value = validValue(
    formPresent(body.schema, body.mediaType, operation.requestBody?.required === true),
    rng,
    mode,
    validator,
    examples,
    names,
    undefined,
    // Null members only in JSON: a form or multipart field has no spelling for null (RFC 7578, HTML's urlencoded).
    nulls && body.json,
  );
  return withoutUnwritable(value, body.schema, body.mediaType, media?.encoding ?? {});
}

/**
 * A form body's optional fields whose value its Encoding Object gives no way to write: a list in
 * the deepObject style (OAS 3.0.3 §4.7.12.4 defines deepObject for objects only; Stripe's order
 * `items`). Sent anyway it would be text no reader takes for the list; left out, the body is still valid.
 */
function withoutUnwritable(
  value: unknown,
  schema: Schema,
  mediaType: string,
  encoding: Readonly<Record<string, OpenAPIV3.EncodingObject>>,
): unknown {
  if (!isRecord(value) || !/^application\/x-www-form-urlencoded\b/i.test(mediaType)) return value;
  const required = new Set(effective(schema).required ?? []);
  const out = { ...value };
  for (const [name, field] of Object.entries(value))
    if (encoding[name]?.style === 'deepObject' && Array.isArray(field) && !required.has(name)) delete out[name];
  return out;
}

/**
 * In a form body (application/x-www-form-urlencoded, multipart/form-data) an empty array is no
 * field at all (OAS 3.0.3 §4.7.14.1: each item is one `name=value` pair), so a required array
 * property carries at least one item, as required array parameters do (`present`).
 */
function formPresent(schema: Schema, mediaType: string, bodyRequired: boolean): Schema {
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(mediaType)) return schema;
  const flat = effective(schema);
  // A required urlencoded body of optional fields only, sent with none, is zero octets of content:
  // no different on the wire from no body at all (RFC 9110 §8.6), which the operation refuses
  // (Clerk's updateOrganization: "Body parameter is required"). One field at least makes it a body.
  const members =
    /^application\/x-www-form-urlencoded\b/i.test(mediaType) &&
    bodyRequired &&
    (flat.required ?? []).length === 0 &&
    Object.keys(flat.properties ?? {}).length > 0 &&
    (flat.minProperties ?? 0) < 1 &&
    flat.maxProperties !== 0;
  const arrays = (flat.required ?? []).filter((name) => {
    const sub = asSchema(flat.properties?.[name]);
    return (
      sub !== undefined &&
      effective(sub).type === 'array' &&
      (effective(sub).minItems ?? 0) < 1 &&
      effective(sub).maxItems !== 0
    );
  });
  // An empty object is no field either (its members are the pairs, §4.8.15 style form/deepObject):
  // a required object property carries at least one member (Stripe's `features`).
  const objects = (flat.required ?? []).filter((name) => {
    const sub = asSchema(flat.properties?.[name]);
    const view = sub === undefined ? undefined : effective(sub);
    return (
      view !== undefined &&
      view.type === 'object' &&
      (view.minProperties ?? 0) < 1 &&
      view.maxProperties !== 0 &&
      (Object.keys(view.properties ?? {}).length > 0 || view.additionalProperties !== false)
    );
  });
  if (arrays.length === 0 && objects.length === 0 && !members) return schema;
  const more = [
    ...arrays.map((name) => [name, { minItems: 1 }] as const),
    ...objects.map((name) => [name, { minProperties: 1 }] as const),
  ];
  return {
    allOf: [schema, { properties: Object.fromEntries(more), ...(members ? { minProperties: 1 } : {}) }],
  } as Schema;
}

/** Why no valid body could be made: "alternatives overlap" for a oneOf no generated value satisfies exactly once. */
export function noBodyReason(operation: Operation): string {
  const schema = requestBodyOf(operation)?.schema;
  const flat = schema ? flatten(schema) : undefined;
  return flat?.oneOf && !flat.discriminator
    ? `${operation.id} not exercised: the alternatives of its body's oneOf overlap (no generated value is valid for exactly one)`
    : `cannot generate a valid body for ${operation.id}`;
}

/** Optional query parameters: none at the lower boundary, all at the upper one, a random half otherwise. */
export function validQuery(
  operation: Operation,
  rng: Random,
  mode: Mode,
  validator: SchemaValidator,
): Record<string, unknown> {
  const out = validParams(queryParameters(operation), rng, mode, validator);
  // OpenAPI 3.2's `in: querystring` (OAS 3.2.0 §4.12.1): one value, the whole query string, by its
  // content's schema; the session writes it in its media type (serialiseQuerystring).
  const querystring = querystringParameter(operation.parameters);
  const schema = asSchema(querystring?.schema);
  if (querystring && schema) {
    const required = querystring.parameter.required === true;
    if (required || mode === 'max' || (mode === 'min' ? false : rng.bool())) {
      const value = validValue(
        required ? present(schema) : schema,
        rng,
        mode,
        validator,
        [],
        undefined,
        querystring.parameter.name,
      );
      if (value !== undefined) out[querystring.parameter.name] = value;
    }
  }
  return out;
}

/** Valid values for header or cookie parameters: the required ones always, optional ones as for the query. */
export function validParams(
  params: readonly OpenAPIV3.ParameterObject[],
  rng: Random,
  mode: Mode,
  validator: SchemaValidator,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    const schema = parameterSchema(p) ?? (p.content ? {} : undefined);
    if (!schema) continue;
    const include = p.required === true || mode === 'max' || (mode === 'min' ? rng.next() < 0.5 : rng.bool());
    if (!include) continue;
    const documented = documentedValues(p);
    // A documented value first for required parameters without a useful schema (free strings often hide formats).
    let value = validValue(
      p.required === true ? present(schema) : schema,
      rng,
      mode,
      validator,
      documented,
      undefined,
      p.name,
    );
    // A boundary value the schema refuses (an item in two overlapping `oneOf` enums, Pinterest's
    // `metric_types`) leaves a required parameter without a value: other values are tried, since a
    // request without it is no valid input (its absence is a defect of its own).
    for (let attempt = 0; value === undefined && p.required === true && attempt < 8; attempt++)
      value = validValue(present(schema), rng, 'random', validator);
    // `name=` is an empty value, which a query parameter may carry only with allowEmptyValue (OAS
    // 3.0.3 §4.7.12; Swagger 2.0 likewise; Docker's `platform` defaults to ""): an optional one is left
    // out, a required one gets a non-empty value.
    // A value too long for a request line or a header field (a `maxLength: 152133` boundary, Discord)
    // is refused by the HTTP layer (414/431, RFC 9110 §4.1 asks recipients for 8000 octets): a shorter valid one.
    if (typeof value === 'string' && value.length > URI_VALUE_BUDGET)
      value = validValue({ allOf: [schema, { maxLength: URI_VALUE_BUDGET }] } as Schema, rng, mode, validator);
    if (value === '' && p.in === 'query' && p.allowEmptyValue !== true) {
      if (p.required !== true) continue;
      value = validValue({ allOf: [schema, { minLength: 1 }] } as Schema, rng, mode, validator);
    }
    // An exploded form object sends its properties as query keys of their own (OAS 3.0.3 §4.7.12.4:
    // `R=100&G=200`); a key that is another query parameter's name (Lob's `sort_by[send_date]`
    // beside `send_date`) makes the request ambiguous, and no reader can tell which one it carries:
    // an optional object is left out rather than sent so.
    if (p.required !== true && collidesWithParameter(p, value, params)) continue;
    if (value !== undefined) out[p.name] = value;
  }
  return out;
}

/**
 * Whether an exploded form object's property keys are keys another parameter in the same place
 * writes: its name, or one of its own exploded members (ec2's `ClientLoginBannerOptions: {Enabled}`
 * beside `ConnectionLogOptions: {Enabled, …}`: `Enabled=true` is either's).
 */
function collidesWithParameter(
  p: OpenAPIV3.ParameterObject,
  value: unknown,
  params: readonly OpenAPIV3.ParameterObject[],
): boolean {
  if (p.in !== 'query' || !isRecord(value) || (p.style ?? 'form') !== 'form' || p.explode === false) return false;
  return Object.keys(value).some((key) =>
    params.some((other) => other !== p && other.in === p.in && (other.name === key || formKeysOf(other).has(key))),
  );
}

/**
 * The schema a required parameter's value is made from: an array with at least one item. An empty
 * array serialises to nothing in the form, delimited and simple styles (OpenAPI 3.0.3 §4.7.12.4), so
 * the request would lack the parameter it must carry and a correct server would refuse it.
 */
function present(schema: Schema): Schema {
  const flat = effective(schema);
  // An empty object serialises to nothing as well (form, deepObject: its members are the pairs).
  if (
    flat.type === 'object' &&
    (flat.minProperties ?? 0) < 1 &&
    flat.maxProperties !== 0 &&
    (Object.keys(flat.properties ?? {}).length > 0 || flat.additionalProperties !== false)
  )
    return { allOf: [schema, { minProperties: 1 }] } as Schema;
  if (flat.type !== 'array' || (flat.minItems ?? 0) >= 1 || flat.maxItems === 0) return schema;
  return { allOf: [schema, { minItems: 1 }] } as Schema;
}
