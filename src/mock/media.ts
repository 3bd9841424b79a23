import type { OpenAPIV3 } from 'openapi-types';
import {
  asSchema,
  deepObjectNames,
  isRecord,
  objectView,
  isXmlMediaType,
  mediaEssence,
  mergeAllOf,
  parseDeepObject,
  parseQuery,
  type Pairs,
  type SchemaValidator,
} from '../contract/index.js';

type Schema = OpenAPIV3.SchemaObject;

/**
 * True unless the value is shown not to fit the schema: a schema the validator cannot check
 * (`unknown`) is given the benefit of the doubt here, and named in the validator's notices.
 */
export function schemaAccepts(validator: SchemaValidator, schema: Schema, value: unknown): boolean {
  return validator.validate(schema, value, 'response').state !== 'invalid';
}

/** schemaAccepts as a check generation can use to choose among a schema's alternatives. */
export const fitsWith =
  (validator: SchemaValidator) =>
  (schema: Schema, value: unknown): boolean =>
    schemaAccepts(validator, schema, value);

/** The example a media type object documents: `example`, else the first of `examples`, else the schema's. */
export function mediaExample(media: OpenAPIV3.MediaTypeObject | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  if (first && !('$ref' in first) && first.value !== undefined) return first.value;
  const schema = media.schema;
  return schema && !('$ref' in schema) ? schema.example : undefined;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * A value written as XML the way OAS 3.0.3 §4.7.26 (XML Object) describes it: element names from
 * `xml.name` (else the property name), `xml.attribute` properties as attributes, arrays as
 * repeated elements, inside a wrapper when `xml.wrapped`. Always one root element.
 */
export function toXml(value: unknown, schema: Schema | undefined, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(value, schema, schema?.xml?.name ?? name, true)}`;
}

function element(value: unknown, schema: Schema | undefined, name: string, root: boolean): string {
  const tag = name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^([^A-Za-z_])/, '_$1') || 'value';
  if (Array.isArray(value)) {
    const declared = schema !== undefined && 'items' in schema ? schema.items : undefined;
    const items = declared && !('$ref' in declared) ? declared : undefined;
    const itemName = items?.xml?.name ?? tag;
    const inner = value.map((v) => element(v, items, itemName, false)).join('');
    return schema?.xml?.wrapped === true || root ? `<${tag}>${inner}</${tag}>` : inner;
  }
  if (isRecord(value)) {
    const properties = schema?.properties ?? {};
    let attributes = '';
    let children = '';
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue;
      const sub = properties[key];
      const propSchema = sub && !('$ref' in sub) ? sub : undefined;
      const childName = propSchema?.xml?.name ?? key;
      if (propSchema?.xml?.attribute === true && !isRecord(v) && !Array.isArray(v))
        attributes += ` ${childName}="${escapeXml(String(v))}"`;
      else children += element(v, propSchema, childName, false);
    }
    return `<${tag}${attributes}>${children}</${tag}>`;
  }
  if (value === null) return `<${tag}/>`;
  return `<${tag}>${escapeXml(String(value))}</${tag}>`;
}

/** The bytes or text of a non-JSON body: the documented example when it fits the type, else the value written out. */
export function nonJsonBody(
  type: string,
  value: unknown,
  media: OpenAPIV3.MediaTypeObject | undefined,
  name: string,
): string | Buffer {
  const example = mediaExample(media);
  const schema = media?.schema && !('$ref' in media.schema) ? media.schema : undefined;
  if (isXmlMediaType(type)) {
    if (value === undefined && typeof example === 'string') return example;
    // A list the JSON answer wraps (`{data: [...]}`) is the bare array where the XML schema says so.
    const unwrapped =
      schema?.type === 'array' && isRecord(value) ? Object.values(value).find(Array.isArray) : undefined;
    return toXml(unwrapped ?? value ?? example ?? null, schema, name);
  }
  const essence = mediaEssence(type);
  if (essence.startsWith('text/') || essence === 'application/x-www-form-urlencoded') {
    if (typeof value === 'string') return value;
    if (typeof example === 'string') return example;
    if (isRecord(value) && essence === 'application/x-www-form-urlencoded') {
      return new URLSearchParams(
        Object.entries(value).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString();
    }
    return value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  // Binary (application/octet-stream, image/*, …): the example's bytes, else a few fixed bytes.
  if (typeof example === 'string') return Buffer.from(example, 'utf8');
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}

/**
 * A form body (`application/x-www-form-urlencoded`) typed after its schema before it is validated:
 * every form value arrives as a string, and a field repeated once is not yet an array. Values that
 * cannot be read as the schema's type stay strings, for the validator to refuse.
 */
export function typeFormBody(
  body: unknown,
  schema: Schema | undefined,
  encoding: Readonly<Record<string, OpenAPIV3.EncodingObject>> = {},
): unknown {
  if (!isRecord(body) || !schema) return body;
  const properties = schema.properties ?? {};
  const out: Record<string, unknown> = {};
  const pairs: Pairs = Object.entries(body).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, String(x)]),
  );
  // `inventory[type]=finite`: a deepObject field (OAS 3.0.3 §4.7.15 `style`), read with the
  // kernel's deepObject module, for a property the schema declares as an object.
  const grouped = new Set<string>();
  for (const name of deepObjectNames(pairs)) {
    const sub = objectView(asSchema(properties[name]));
    if (!sub || name in body) continue;
    const fields = parseDeepObject(name, pairs) ?? {};
    out[name] = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, typeScalar(v, asSchema(sub.properties?.[k]))]),
    );
    grouped.add(name);
  }
  for (const [name, raw] of Object.entries(body)) {
    const bracket = name.indexOf('[');
    if (bracket > 0 && grouped.has(name.slice(0, bracket))) continue;
    const declared = asSchema(properties[name]);
    const sub = declared && mergeAllOf(declared);
    if (sub?.type === 'array') {
      const items = 'items' in sub && !('$ref' in sub.items) ? sub.items : undefined;
      // The field's Encoding Object decides how a list is written (§4.7.15: form, exploded by default).
      const field = { name, schema: sub, style: encoding[name]?.style, explode: encoding[name]?.explode };
      const read = parseQuery(
        field,
        pairs.filter(([k]) => k === name),
      );
      out[name] = (Array.isArray(read) ? read : Array.isArray(raw) ? raw : [raw]).map((v) => typeScalar(v, items));
    } else out[name] = typeScalar(Array.isArray(raw) && raw.length === 1 ? raw[0] : raw, sub);
  }
  return out;
}

/** The one scalar type a schema is (allOf merged), if it is one: a form body of it names no field. */
export function scalarType(schema: Schema): 'string' | 'number' | 'integer' | 'boolean' | undefined {
  const type = mergeAllOf(schema).type;
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' ? type : undefined;
}

/**
 * A form body (`application/x-www-form-urlencoded`) whose schema is one scalar (spoonacular's
 * `{type: string}`, envoice's integer) has no name/value pairs to carry: its whole text is the value,
 * percent-decoded (RFC 1866 §8.2.1, `+` a space) and typed as the schema's scalar, for the
 * validator to judge. Text that does not decode stays as it came.
 */
export function formScalar(text: string, schema: Schema): unknown {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    // Not percent-encoding: the text itself is the value.
  }
  return typeScalar(decoded, { ...schema, type: scalarType(schema) });
}

function typeScalar(value: unknown, written: Schema | undefined): unknown {
  if (typeof value !== 'string' || !written) return value;
  // The type may be written through allOf (PeerTube's `videoChannelId: {allOf: [{$ref: id}]}`):
  // JSON Schema Validation §10.2.1.1, the value meets every member, so it has the members' type.
  const schema = mergeAllOf(written);
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value))
    return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (schema.type === 'object') {
    try {
      const parsed: unknown = JSON.parse(value);
      return isRecord(parsed) ? parsed : value;
    } catch {
      return value;
    }
  }
  return value;
}
