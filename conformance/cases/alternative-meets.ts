import { alternativesOf, admitsNull, mergeAllOf, patternRegExp } from '../../src/contract/index.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isRecord, type Schema } from './schema.js';

/**
 * Whether an invalid value built from a schema's first alternative (`effective` reads the first) is
 * still a value of another alternative: JSON Schema Validation §6.1.1 holds per alternative, so a
 * value one alternative takes is valid for the `oneOf`/`anyOf` as a whole (`anyOf: [integer, string]`
 * takes "not-a-number"; `oneOf: [ID integer, slug string ^[a-z0-9:_-]+$]` takes "not-a-number" and
 * "0" as slugs). Such a value is no defect a correct server must refuse.
 *
 * `text`: the value travels as text (a path, query or header value, a form field: RFC 3986, OAS
 * 3.0.3 §4.7.12.4 style), so it is read as the text it is written as; otherwise as a JSON value.
 * Where a keyword is not judged here (an unknown format, an untranslatable pattern) the alternative
 * is taken to accept: a defect is sent only when it is provably one.
 */
export function anotherAlternativeTakes(written: Schema, value: unknown, text: boolean): boolean {
  const alternatives = alternativesOf(mergeAllOf(written));
  return alternatives.slice(1).some((alternative) => takes(mergeAllOf(alternative), value, text));
}

function takes(s: Schema, value: unknown, text: boolean): boolean {
  const nested = alternativesOf(s);
  if (nested.length > 0) return nested.some((alternative) => takes(mergeAllOf(alternative), value, text));
  // On the wire one value is a one-element array (form, explode; OAS 3.0.3 §4.7.12.4), and the runner
  // sends an item's defect as `[value]`.
  if (text && Array.isArray(value)) return value.length === 1 && takes(s, value[0], text);
  if (value === null) return !text && admitsNull(s);
  if (s.enum !== undefined && !s.enum.some((member) => member === value || (text && String(member) === String(value))))
    return false;
  switch (s.type) {
    case undefined:
      return true;
    case 'string':
      return (text || typeof value === 'string') && takesString(s, String(value));
    case 'integer':
    case 'number':
      return takesNumber(s, text ? numberOf(value) : value);
    case 'boolean':
      return typeof value === 'boolean' || (text && (value === 'true' || value === 'false'));
    case 'array':
      return !text && Array.isArray(value);
    default:
      // An object is no single text (form and deepObject write members as several pairs).
      return !text && typeof value === 'object';
  }
}

function numberOf(value: unknown): unknown {
  if (typeof value === 'number') return value;
  const written = String(value);
  return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(written) ? Number(written) : undefined;
}

function takesNumber(s: Schema, value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (s.type === 'integer' && !Number.isInteger(value)) return false;
  // OAS 3.0.3 §4.7.24: a boolean exclusiveMinimum/Maximum makes its bound exclusive (JSON Schema Wright-00).
  if (s.minimum !== undefined && (value < s.minimum || (s.exclusiveMinimum === true && value === s.minimum)))
    return false;
  if (s.maximum !== undefined && (value > s.maximum || (s.exclusiveMaximum === true && value === s.maximum)))
    return false;
  return true;
}

/**
 * Whether a string meets a format as the mock's validator reads it (ajv-formats in full mode, as
 * src/contract/schema.ts adds them); a format it does not define is an annotation (JSON Schema
 * Validation §7.2), met by any text.
 */
function meetsFormat(format: string, value: string): boolean {
  const definition: unknown = (fullFormats as Record<string, unknown>)[format];
  if (definition instanceof RegExp) return definition.test(value);
  if (typeof definition === 'function') return definition(value) !== false;
  if (isRecord(definition) && typeof definition.validate === 'function') return definition.validate(value) !== false;
  if (isRecord(definition) && definition.validate instanceof RegExp) return definition.validate.test(value);
  return true;
}

function takesString(s: Schema, value: string): boolean {
  const length = [...value].length;
  if (s.minLength !== undefined && length < s.minLength) return false;
  if (s.maxLength !== undefined && length > s.maxLength) return false;
  if (s.pattern !== undefined && patternRegExp(s.pattern)?.test(value) === false) return false;
  return s.format === undefined || meetsFormat(s.format, value);
}
