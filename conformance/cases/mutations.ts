import type { OpenAPIV3 } from 'openapi-types';
import type { RequestBodyPlan } from './inputs.js';
import {
  admitsNull,
  alternativesOf,
  invalidValues,
  isJsonMediaType,
  mediaEssence,
  mergeAllOf,
  querystringParameter,
} from '../../src/contract/index.js';
import { anotherAlternativeTakes } from './alternative-meets.js';
import { sharingFormKeys } from './form-keys.js';
import { asSchema, effective, isRecord, writableProperties, type Schema } from './schema.js';

/** One invalid variant of a valid input: exactly one thing broken, named for the report. */
export interface Mutation {
  readonly defect: string;
  /**
   * Why accepting this input is a leniency a framework chose by default rather than a broken promise
   * to clients that send what the document says: accepting it is a warning, refusing it a pass.
   */
  readonly lenient?: string;
  readonly apply: (input: MutableInput) => void;
}

export interface MutableInput {
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  contentType: string | undefined;
  rawBody?: string;
}

/** What to do with a defect whose value is not built or not sent: tell the report why. */
type Skipped = (reason: string) => void;

/** Text forms of invalid parameter values (parameters travel as text: RFC 3986 query / path). */
function invalidParameterValues(
  p: OpenAPIV3.ParameterObject,
  skipped: Skipped,
): Array<{ what: string; value: unknown }> {
  // A parameter one of whose alternatives is any text (GitHub's `workflow_id`: `oneOf: [integer,
  // string]`, "You can also pass the workflow file name as a string") accepts every value a path or
  // query carries: no text is of the wrong type (JSON Schema Validation §6.1.1 holds per alternative).
  const written = p.schema && !('$ref' in p.schema) ? mergeAllOf(p.schema) : undefined;
  if (written && alternativesOf(written).some(anyText)) return [];
  const s = p.schema && !('$ref' in p.schema) ? effective(p.schema) : undefined;
  if (!s) return [];
  // A value of the first alternative's defects that another alternative takes is valid (§6.1.1).
  const defect = (v: { value: unknown }): boolean => !written || !anotherAlternativeTakes(written, v.value, true);
  if (s.type === 'array') {
    // On the wire a single value is a valid one-element array (form, explode): only a wrong item is a defect.
    const writtenItems = asSchema(s.items);
    const items = writtenItems ? effective(writtenItems) : undefined;
    if (!writtenItems || !items || items.type === 'string' || items.type === undefined) return [];
    return invalidParameterItemValues(items, (reason) => skipped(`item ${reason}`))
      .filter((v) => !anotherAlternativeTakes(writtenItems, v.value, true))
      .map((v) => ({ what: `item ${v.what}`, value: [v.value] }))
      .filter(defect);
  }
  if (s.type === 'object' || s.type === undefined || s.nullable === true) return [];
  return invalidParameterItemValues(s, skipped).filter(defect);
}

/** A schema every text value meets: a string with no enum, pattern, format or length bound. */
function anyText(alternative: Schema): boolean {
  const view = mergeAllOf(alternative);
  return (
    view.type === 'string' &&
    view.enum === undefined &&
    view.pattern === undefined &&
    view.format === undefined &&
    view.minLength === undefined &&
    view.maxLength === undefined
  );
}

function invalidParameterItemValues(s: Schema, skipped: Skipped): Array<{ what: string; value: unknown }> {
  // Parameters travel as text: a number is a fine string, and `true` is text for a string too.
  const out = invalidValues(s, skipped).filter((v) => !(s.type === 'string' && typeof v.value === 'number'));
  if (s.type === 'integer' && s.format === 'int64' && s.maximum === undefined) {
    out.push({ what: 'over int64', value: '99999999999999999999999' });
  }
  return out;
}

/**
 * Invalid JSON values a text form cannot carry: `null` for a field that does not admit it (OAS 3.0.3
 * §4.7.24 nullable; 3.1 `type` without "null"), a boolean for a number (JSON Schema Validation
 * §6.1.1: `false` is no integer, though some frameworks store it as 0), and a number's digits as a
 * JSON string. Only where the field's view has one type and no alternatives, so the value is invalid
 * whichever is read.
 */
function jsonOnlyInvalidValues(sub: Schema): Array<{ what: string; value: unknown; lenient?: string }> {
  const merged = mergeAllOf(sub);
  if (merged.type === undefined || alternativesOf(merged).length > 0) return [];
  const out: Array<{ what: string; value: unknown; lenient?: string }> = [];
  // A field with a `default` may read null as "not provided" (OAS 3.0.3 §4.7.24; RFC 7386 §2 reads a
  // member's null as its absence): no provable defect there.
  const nullable = admitsNull(sub) || (merged.enum ?? []).includes(null);
  if (!nullable && merged.default === undefined)
    out.push({ what: `null for a non-nullable ${merged.type}`, value: null });
  if (merged.type === 'integer' || merged.type === 'number') {
    if (!nullable) out.push({ what: `boolean for ${merged.type}`, value: false });
    // A number written as a JSON string ("1" for 1): JSON Schema Validation §6.1.1 types the instance,
    // not what its text reads as, yet frameworks that coerce body types take it (tsoa's default
    // bodyCoercion, Pydantic's lax mode, Ajv's coerceTypes). A number inside the field's bounds, so the
    // type is the only defect.
    const inside = numberInBounds(merged);
    // Taking it is those frameworks' default (FastAPI's README example among them), not a broken promise
    // to clients that send numbers: a warning, so the gate does not fail every such service.
    if (inside !== undefined)
      out.push({ what: `numeric string for ${merged.type}`, value: String(inside), lenient: COERCED });
  }
  return out;
}

/**
 * An integer the schema's enum, bounds (OAS 3.0 boolean exclusives; the kernel reads 3.1's numeric
 * ones so) and multipleOf admit, near the lower bound; undefined when none is found that way.
 */
function numberInBounds(s: Schema): number | undefined {
  if (s.enum) return s.enum.find((v): v is number => typeof v === 'number' && Number.isInteger(v));
  let n = s.minimum === undefined ? 1 : s.exclusiveMinimum === true ? Math.floor(s.minimum) + 1 : Math.ceil(s.minimum);
  if (s.maximum !== undefined && (n > s.maximum || (n === s.maximum && s.exclusiveMaximum === true)))
    n = s.exclusiveMaximum === true ? Math.ceil(s.maximum) - 1 : Math.floor(s.maximum);
  if (s.multipleOf !== undefined) n = Math.ceil(n / s.multipleOf) * s.multipleOf;
  const aboveMin = s.minimum === undefined || n > s.minimum || (n === s.minimum && s.exclusiveMinimum !== true);
  const belowMax = s.maximum === undefined || n < s.maximum || (n === s.maximum && s.exclusiveMaximum !== true);
  return Number.isSafeInteger(n) && aboveMin && belowMax ? n : undefined;
}

const COERCED =
  'the service coerces a number written as a JSON string, the default of Pydantic (lax mode), tsoa (bodyCoercion) and Ajv (coerceTypes); JSON Schema Validation §6.1.1 types the instance, so the string is no number, but a client sending the documented number is unaffected';

/** 10^23 - 1: beyond int64 (±9.22 × 10^18) and beyond what a double holds exactly. */
const OVER_INT64 = '99999999999999999999999';

/** The JSON text of `body` with member `name` set to the number literal `digits`. */
function withLiteral(body: Record<string, unknown>, name: string, digits: string): string {
  const mark = `conformance-literal-${digits.length}-${name}`;
  return JSON.stringify({ ...body, [name]: mark }).replace(JSON.stringify(mark), digits);
}

/** The longest value the runner puts in a valid URI value or header field: well inside RFC 9112 §3's 8000 octets for the whole request line. */
export const URI_VALUE_BUDGET = 2000;

const hasDefault = (schema: Schema | undefined): boolean =>
  schema !== undefined && effective(schema).default !== undefined;

/**
 * RFC 9112 §3: senders and recipients SHOULD support request lines of at least 8000 octets; servers
 * refuse longer ones before any application sees them (Node at 16 KiB with an empty 431 or a reset,
 * nginx and Apache near 8 KiB). A path or query value is sent only if it fits in that minimum with
 * room for the rest of the line (method, base path, the other parameters, the HTTP version).
 */
export const REQUEST_LINE_OCTETS = 8000;
const REST_OF_LINE_OCTETS = 1024;

/** Octets a parameter value takes in the request target once percent-encoded (RFC 3986 §2.1). */
function targetOctets(value: unknown): number {
  return encodeURIComponent(Array.isArray(value) ? value.map(String).join(',') : String(value)).length;
}

/**
 * Every single-defect mutation of an operation's input that the contract makes invalid. A defect
 * that cannot travel in a request line every server accepts (a path or query value longer than
 * maxLength when maxLength is near or over 8000) is not sent: `skipped` is told why.
 */
export function mutationsFor(
  parameters: readonly OpenAPIV3.ParameterObject[],
  plan: RequestBodyPlan | undefined,
  skipped: Skipped = () => undefined,
  namesOther: (p: OpenAPIV3.ParameterObject, value: unknown) => string | undefined = () => undefined,
  credentialQuery: ReadonlySet<string> = new Set(),
): Mutation[] {
  const bodySchema = plan?.schema;
  const bodyRequired = plan?.required ?? false;
  const bodyMediaType = plan?.mediaType;
  const out: Mutation[] = [];
  for (const p of parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    // A parameter described by `content` (not `schema`) is a serialised document: left alone.
    if (p.schema === undefined) continue;
    // A query parameter that is also where an API key scheme of the operation's requirement reads
    // its key (currencytick's `apikey`, Trello's `key`: a required parameter and `in: query` apiKey
    // at once): the run's key is sent there on every request it credits, so a defect of it is never
    // sent (the key replaced the missing or wrong value) and an accepted request judged nothing.
    // Without or with a wrong key is auth_enforced's request (OAS 3.0.3 §4.7.27 Security Scheme `in`).
    if (p.in === 'query' && credentialQuery.has(p.name)) {
      skipped(
        `query parameter ${p.name}: its defects are not sent: the run's API key is sent in it (the operation's security scheme reads the key there), and auth_enforced sends the request without it and with a wrong one`,
      );
      continue;
    }
    // A required parameter whose schema has a `default` is, by the contract's words, assumed when absent
    // (OAS 3.0.3 §4.7.24 `default`, below): leaving it out is no provable defect (Pinterest's `account_type`).
    if (p.in === 'query' && p.required === true && !hasDefault(asSchema(p.schema))) {
      const other = namesOther(p, undefined);
      if (other !== undefined) skipped(`query parameter ${p.name}: missing is not sent: ${other}`);
      else {
        // Optional parameters writing a key named like one of p's exploded members (ec2's
        // `ClientLoginBannerOptions: {Enabled}` beside `ConnectionLogOptions: {Enabled, …}`) are left
        // out with it: `Enabled=true` is p's member as much as theirs (OAS 3.0.3 §4.7.12.4), so a
        // request carrying it does not show p missing. Required ones make namesOther skip the defect.
        const alike = sharingFormKeys(p, parameters).map((other) => other.name);
        out.push({
          defect: `query parameter ${p.name} missing`,
          apply: (i) => {
            for (const name of [p.name, ...alike]) delete i.query[name];
          },
        });
      }
    }
    const parameterSkipped: Skipped = (reason) => skipped(`${p.in} parameter ${p.name}: ${reason}`);
    for (const { what, value } of invalidParameterValues(p, parameterSkipped)) {
      const octets = targetOctets(value);
      if (octets > REQUEST_LINE_OCTETS - REST_OF_LINE_OCTETS) {
        skipped(
          `${p.in} parameter ${p.name}: ${what} is not sent: the value alone takes ${octets} octets of the request line, and servers need accept only ${REQUEST_LINE_OCTETS} (RFC 9112 §3), so the answer would be the HTTP layer's refusal, not the application's`,
        );
        continue;
      }
      // A path value that makes the request another operation's (`""` for `/deployments/{name}` beside
      // `/deployments/`), or a query value of the member that tells fragment variants apart (plan/index.ts),
      // tests that operation, not this one's validation (path-clash.ts).
      const other = namesOther(p, value);
      if (other !== undefined) {
        skipped(`${p.in} parameter ${p.name}: ${what} is not sent: ${other}`);
        continue;
      }
      const bag = p.in === 'path' ? 'pathParams' : 'query';
      out.push({ defect: `${p.in} parameter ${p.name}: ${what}`, apply: (i) => void (i[bag][p.name] = value) });
    }
  }
  out.push(...querystringMutations(parameters, skipped));
  if (!bodySchema || !bodyMediaType) return out;
  const body = effective(bodySchema);
  if (bodyRequired) {
    out.push({
      defect: 'required body missing',
      apply: (i) => {
        i.body = undefined;
        i.contentType = undefined;
      },
    });
  }
  const acceptsAnything = plan?.accepted.some((m) => /^(text\/plain|\*\/\*|text\/\*)/i.test(m)) ?? false;
  if (!acceptsAnything) {
    out.push({
      defect: 'wrong content type (text/plain)',
      apply: (i) => {
        i.rawBody = JSON.stringify(i.body);
        i.contentType = 'text/plain';
      },
    });
  }
  if (!plan?.json && body.type !== 'object' && !body.properties) return out;
  // Octets (`application/octet-stream`, a media range) are opaque to the server: a schema of members
  // over them (Google's `customApps.create`: `application/octet-stream: {$ref: CustomApp}`) names no
  // field it reads from the bytes (OAS 3.0.3 §4.7.14), so a wrong or missing member sent in them is
  // no defect a correct server must refuse.
  if (/^(application\/octet-stream|application\/\*|\*\/\*)$/.test(mediaEssence(bodyMediaType))) return out;
  if (body.type === 'object' || body.properties) {
    if (plan?.json) {
      out.push({ defect: 'body is an array, not an object', apply: (i) => void (i.body = []) });
      out.push({ defect: 'body is a string, not an object', apply: (i) => void (i.body = 'not an object') });
    }
    for (const name of body.required ?? []) {
      const sub = writableProperties(body).find(([n]) => n === name);
      if (!sub) continue; // a readOnly required field is not the client's to send
      // OAS 3.0.3 §4.7.24 (Schema Object, `default`): "the value … assumed by the consumer of the input
      // … if one is not provided". The contract itself says what the server does with the field
      // absent, so leaving it out is no provable defect (oai-uspto's `criteria`, PayPal's product `type`).
      if (hasDefault(sub[1])) continue;
      out.push({
        defect: `required field ${name} missing`,
        apply: (i) => isRecord(i.body) && void delete i.body[name],
      });
    }
    for (const [name, sub] of writableProperties(body)) {
      // Form fields travel as text: only defects that survive being written as text.
      const fieldSkipped: Skipped = (reason) => skipped(`field ${name}: ${reason}`);
      // `sub` is the first alternative's view; the field as written decides what is invalid: a field
      // one of whose alternatives is any text (telegram's `chat_id`: `anyOf: [integer, string]`)
      // takes every string, and every value of a form, which travels as text (JSON Schema
      // Validation §6.1.1 holds per alternative: `1.5` sent in a form is the string "1.5").
      const written = asSchema(body.properties?.[name]) ?? sub;
      const values: Array<{ what: string; value: unknown; lenient?: string }> = plan?.json
        ? [...invalidValues(sub, fieldSkipped), ...jsonOnlyInvalidValues(sub)].filter(
            (v) => !anotherAlternativeTakes(written, v.value, false),
          )
        : invalidParameterValues({ name, in: 'query', schema: written }, fieldSkipped);
      for (const v of values) {
        out.push({
          defect: `field ${name}: ${v.what}`,
          ...(v.lenient === undefined ? {} : { lenient: v.lenient }),
          apply: (i) => isRecord(i.body) && void (i.body[name] = v.value),
        });
      }
    }
    // An integer beyond what its format holds (OAS 3.0.3 §4.7.24 data types: int64 is a signed 64-bit
    // integer). A JavaScript number cannot carry it exactly, so it goes as the digits themselves, a
    // 23-digit JSON integer (RFC 8259 §6 sets no range; the format does).
    if (plan?.json) {
      for (const [name, sub] of writableProperties(body)) {
        const merged = mergeAllOf(sub);
        if (
          merged.type !== 'integer' ||
          merged.format !== 'int64' ||
          merged.maximum !== undefined ||
          alternativesOf(merged).length > 0
        )
          continue;
        out.push({
          defect: `field ${name}: over int64`,
          apply: (i) => void (isRecord(i.body) && (i.rawBody = withLiteral(i.body, name, OVER_INT64))),
        });
      }
    }
    // JSON Schema Validation §10.3.2.3: `additionalProperties: false` forbids any other member.
    if (plan?.json && body.additionalProperties === false) {
      const taken = new Set(Object.keys(body.properties ?? {}));
      const extra =
        ['undeclared_property', 'x_undeclared', 'undeclared2'].find((n) => !taken.has(n)) ?? 'undeclared_property_3';
      out.push({
        defect: `undeclared property ${extra} (additionalProperties: false)`,
        apply: (i) => isRecord(i.body) && void (i.body[extra] = 'x'),
      });
    }
  }
  return out;
}

/**
 * OpenAPI 3.2's `in: querystring` (OAS 3.2.0 §4.12.1): the whole query string is one value of its
 * content's schema, so a defect is one broken field of it (or, when it is required, its absence).
 * A form's fields travel as text, so only defects that survive being written as text, as for a
 * form body; a field's defect is sent even when the valid input left the query string out (the
 * object with that one field is invalid either way). A missing field is tried only when the query
 * string is required: emptied, an optional one reads as absent, which is valid.
 */
function querystringMutations(parameters: readonly OpenAPIV3.ParameterObject[], skipped: Skipped): Mutation[] {
  const querystring = querystringParameter(parameters);
  const schema = asSchema(querystring?.schema);
  if (!querystring || !schema) return [];
  const name = querystring.parameter.name;
  const required = querystring.parameter.required === true;
  const out: Mutation[] = [];
  if (required) out.push({ defect: 'query string missing', apply: (i) => void delete i.query[name] });
  const flat = effective(schema);
  if (flat.type !== 'object' && !flat.properties) return out;
  const current = (i: MutableInput): Record<string, unknown> => (isRecord(i.query[name]) ? { ...i.query[name] } : {});
  if (required) {
    for (const field of flat.required ?? []) {
      const sub = writableProperties(flat).find(([n]) => n === field);
      if (!sub || hasDefault(sub[1])) continue;
      out.push({
        defect: `query string field ${field} missing`,
        apply: (i) => {
          const value = current(i);
          delete value[field];
          i.query[name] = value;
        },
      });
    }
  }
  const json = isJsonMediaType(querystring.mediaType);
  for (const [field, sub] of writableProperties(flat)) {
    const fieldSkipped: Skipped = (reason) => skipped(`query string field ${field}: ${reason}`);
    const values = json
      ? invalidValues(sub, fieldSkipped)
      : invalidParameterValues({ name: field, in: 'query', schema: sub }, fieldSkipped);
    for (const { what, value } of values)
      out.push({
        defect: `query string field ${field}: ${what}`,
        apply: (i) => void (i.query[name] = { ...current(i), [field]: value }),
      });
  }
  return out;
}
