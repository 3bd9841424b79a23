import type { Faker } from '@faker-js/faker';
import type { OpenAPIV3 } from 'openapi-types';
import RandExp from 'randexp';
import { closedTuple, isRecord, lowered, mergeAllOf, patternRegExp, tuplePositions } from '../../contract/index.js';

type Schema = OpenAPIV3.SchemaObject;

/** Whether a schema accepts a value (the response validator's view), for generation to choose among alternatives. */
export type Fits = (schema: Schema, value: unknown) => boolean;

const BASE_DATE = Date.UTC(2026, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Generates a value from a resolved OpenAPI 3.0 response schema (for `Prefer: dynamic=true` and
 * responses the contract gives no example for). It honours types, enums, bounds, lengths,
 * formats and `allOf`; a string with a `pattern` takes the schema's example, the only value that
 * is sure to match. Every property is generated (writeOnly ones excepted), so required ones are there.
 */
export function generate(written: Schema | OpenAPIV3.ReferenceObject | undefined, faker: Faker, name = '', depth = 0, fits?: Fits): unknown {
  // A boolean schema (2020-12 `items: false`, `true`) or an unresolved reference has no shape to follow.
  if (typeof written !== 'object' || written === null || '$ref' in written) return null;
  // 3.1 / 3.2 keywords (type lists, const, numeric exclusive bounds) read as their 3.0 forms.
  const schema: Schema = lowered(written);
  if (depth > 12) return schema.type === 'object' ? {} : schema.type === 'array' ? [] : schema.type === 'string' ? '' : null;
  if (schema.allOf) return generate(mergeAllOf(schema), faker, name, depth, fits);
  const alternatives = schema.oneOf ?? schema.anyOf ?? [];
  if (alternatives.length > 0) {
    // The first alternative, unless a check is given: then the first whose value the whole schema
    // accepts. A oneOf fails a value that more than one alternative takes (JSON Schema validation
    // §10.2.1.3), and real contracts overlap (Box: an alternative taking any object).
    let first: unknown;
    for (const [i, alternative] of alternatives.entries()) {
      const value = generate(alternative, faker, name, depth + 1, fits);
      if (i === 0) first = value;
      if (!fits || fits(schema, value)) return value;
    }
    return first;
  }
  if (schema.enum && schema.enum.length > 0) return faker.helpers.arrayElement(schema.enum);

  const implied =
    schema.properties || schema.required ? 'object' : 'items' in schema ? 'array' : schema.pattern !== undefined || schema.format !== undefined || schema.minLength !== undefined ? 'string' : undefined;
  switch (schema.type ?? implied) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (!('$ref' in sub) && sub.writeOnly === true) continue;
        // Deep in a large schema, only what is required: a generated value stays small and finite.
        if (depth >= 4 && !required.has(key)) continue;
        out[key] = generate(sub, faker, key, depth + 1, fits);
      }
      // A name in `required` that `properties` does not declare is still required (JSON Schema
      // validation §6.5.3; real contracts do this, e.g. `required: [name]` beside `Name`): it takes
      // a value of the additionalProperties schema, else a string (any value fits an absent schema).
      const extra = isRecord(schema.additionalProperties) ? (schema.additionalProperties as Schema | OpenAPIV3.ReferenceObject) : undefined;
      for (const key of required) {
        if (key in out || (schema.properties !== undefined && key in schema.properties) || schema.additionalProperties === false) continue;
        out[key] = extra ? generate(extra, faker, key, depth + 1, fits) : faker.lorem.word();
      }
      return out;
    }
    case 'array': {
      const positions = tuplePositions(schema);
      if (positions) {
        // A 2020-12 tuple (§10.3.1.1): each position its own schema; nothing beyond a closed one.
        const head = positions.slice(0, schema.maxItems ?? positions.length).map((p) => generate(p, faker, name, depth + 1, fits));
        const rest: unknown = Reflect.get(schema, 'items');
        const more = !closedTuple(schema) && isRecord(rest) ? (rest as Schema) : undefined;
        while (more && head.length < (schema.minItems ?? 0)) head.push(generate(more, faker, name, depth + 1, fits));
        return head;
      }
      const min = schema.minItems ?? (depth >= 4 ? 0 : 1);
      const max = Math.max(min, Math.min(schema.maxItems ?? 3, min + 3));
      const count = faker.number.int({ min, max });
      const items = 'items' in schema ? schema.items : undefined;
      if (schema.uniqueItems !== true) return Array.from({ length: count }, () => generate(items, faker, name, depth + 1, fits));
      // uniqueItems (JSON Schema validation §6.4.3): draws that repeat one already taken are drawn
      // again, a few times each, so the array still reaches minItems where the items allow it.
      const out: unknown[] = [];
      const seen = new Set<string>();
      for (let tries = 0; out.length < count && tries < count * 10 + 10; tries++) {
        const value = generate(items, faker, name, depth + 1, fits);
        const key = JSON.stringify(value);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(value);
      }
      return out;
    }
    case 'integer':
    case 'number': {
      const min = lowerBound(schema, name);
      const max = schema.maximum !== undefined ? schema.maximum - (schema.exclusiveMaximum === true ? 1 : 0) : min + 999;
      return schema.type === 'integer'
        ? faker.number.int({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
        : faker.number.float({ min, max: Math.max(min, max), fractionDigits: 2 });
    }
    case 'boolean':
      return faker.datatype.boolean();
    case 'string':
      return generateString(schema, faker, name);
    default:
      return schema.example ?? null;
  }
}

function lowerBound(schema: Schema, name: string): number {
  if (schema.minimum !== undefined) return schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
  return name === 'id' || name.endsWith('Id') ? 1 : 0;
}

function generateString(schema: Schema, faker: Faker, name: string): string {
  if (schema.pattern !== undefined && typeof schema.example === 'string') return schema.example;
  if (schema.pattern !== undefined) {
    const matching = fromPattern(schema.pattern, faker, schema.minLength, schema.maxLength);
    if (matching !== undefined) return matching;
  }
  switch (schema.format) {
    case 'date-time':
      return new Date(BASE_DATE + faker.number.int({ min: 0, max: 365 }) * DAY_MS + faker.number.int({ min: 0, max: 86_399 }) * 1000)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
    case 'date':
      return new Date(BASE_DATE + faker.number.int({ min: 0, max: 365 }) * DAY_MS).toISOString().slice(0, 10);
    case 'uri-reference':
      return typeof schema.example === 'string' ? schema.example : `/${faker.word.noun()}/${faker.number.int({ min: 1, max: 999 })}`;
    case 'uri':
    case 'url':
    case 'uri-template':
      return faker.internet.url();
    case 'email':
      return faker.internet.email();
    case 'uuid':
      return faker.string.uuid();
    // Every other format the response validator checks (ajv-formats, full mode) gets a value of
    // that shape, or the mock would answer 500 for its own data (Box: `format: url`).
    case 'time':
    case 'iso-time': {
      const two = (n: number): string => String(n).padStart(2, '0');
      return `${two(faker.number.int({ min: 0, max: 23 }))}:${two(faker.number.int({ min: 0, max: 59 }))}:${two(faker.number.int({ min: 0, max: 59 }))}Z`;
    }
    case 'iso-date-time':
      return new Date(BASE_DATE + faker.number.int({ min: 0, max: 365 }) * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    case 'duration':
      return `P${faker.number.int({ min: 1, max: 30 })}D`;
    case 'hostname':
      return faker.internet.domainName();
    case 'ipv4':
      return faker.internet.ipv4();
    case 'ipv6':
      return faker.internet.ipv6();
    case 'regex':
      return '^[a-z]+$';
    case 'json-pointer':
      return `/${faker.lorem.word()}`;
    case 'json-pointer-uri-fragment':
      return `#/${faker.lorem.word()}`;
    case 'relative-json-pointer':
      return `0/${faker.lorem.word()}`;
    case 'byte':
      return Buffer.from(faker.lorem.word(), 'utf8').toString('base64'); // RFC 4648 §4
  }
  let text: string;
  if (name === 'name') text = faker.animal.petName();
  else if (name === 'description' || name === 'message') text = faker.lorem.sentence();
  else text = faker.lorem.word();
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 200);
  if (text.length > max) text = text.slice(0, max);
  while (text.length < min) text += 'x';
  return text;
}

/**
 * A string matching the pattern (ECMA-262 after the contract reader's translation), drawn with
 * the seeded faker so the same seed gives the same string; undefined when none can be made.
 */
function fromPattern(pattern: string, faker: Faker, minLength = 0, maxLength = Infinity): string | undefined {
  const regexp = patternRegExp(pattern);
  if (!regexp) return undefined;
  try {
    const generator = new RandExp(regexp);
    generator.max = 8;
    generator.randInt = (min: number, max: number) => faker.number.int({ min, max });
    for (let i = 0; i < 5; i++) {
      const value = generator.gen();
      if (value.length >= minLength && value.length <= maxLength && regexp.test(value)) return value;
    }
  } catch {
    // a construct randexp does not know (lookbehind, \\p{…}): no generated value
  }
  return undefined;
}
