import type { Random } from './random.js';
import { asSchema, effective, writableProperties, type Schema } from './schema.js';

/** Which valid value to make: the lower boundary, the upper boundary, or anything in between. */
export type Mode = 'min' | 'max' | 'random';

const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The mode of the i-th generated case: the boundaries first, then random values. */
export function modeFor(index: number): Mode {
  return index === 0 ? 'min' : index === 1 ? 'max' : 'random';
}

/**
 * A value valid against `schema` as a request (readOnly properties left out).
 * Generation is a best effort: the caller validates the result and falls back to
 * the contract's example when the schema uses something not generated (a pattern).
 */
export function generate(schema: Schema, rng: Random, mode: Mode, depth = 0): unknown {
  const s = effective(schema);
  if (s.enum && s.enum.length > 0) {
    const values = s.enum.filter((v) => v !== null);
    if (values.length === 0) return null;
    return mode === 'min' ? values[0] : mode === 'max' ? values[values.length - 1] : rng.pick(values);
  }
  if (s.default !== undefined && mode === 'random' && rng.next() < 0.2) return s.default;
  const type = s.type ?? (s.properties ? 'object' : 'items' in s ? 'array' : 'string');
  switch (type) {
    case 'integer':
      return integer(s, rng, mode);
    case 'number':
      return number(s, rng, mode);
    case 'boolean':
      return mode === 'min' ? false : mode === 'max' ? true : rng.bool();
    case 'array': {
      const items = asSchema((s as Record<string, unknown>)['items']) ?? {};
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? min + 3, min + 3);
      const count = depth > 3 ? min : mode === 'min' ? min : mode === 'max' ? max : rng.int(min, max);
      return Array.from({ length: count }, () => generate(items, rng, mode === 'max' ? 'max' : 'random', depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [name, sub] of writableProperties(s)) {
        const include = required.has(name) || (depth < 3 && (mode === 'max' || (mode === 'random' && rng.bool())));
        if (include) out[name] = generate(sub, rng, mode, depth + 1);
      }
      return out;
    }
    default:
      return string(s, rng, mode);
  }
}

function integer(s: Schema, rng: Random, mode: Mode): number {
  const wide = s.format === 'int32' ? [INT32_MIN, INT32_MAX] : [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  let lo = s.minimum !== undefined ? Math.ceil(s.minimum) + (s.exclusiveMinimum === true && Number.isInteger(s.minimum) ? 1 : 0) : undefined;
  let hi = s.maximum !== undefined ? Math.floor(s.maximum) - (s.exclusiveMaximum === true && Number.isInteger(s.maximum) ? 1 : 0) : undefined;
  lo ??= hi !== undefined ? Math.min(0, hi) : 0;
  hi ??= mode === 'max' ? (s.format === 'int32' ? (wide[1] as number) : 2 ** 31 * 2) : lo + 1000;
  let value = mode === 'min' ? lo : mode === 'max' ? hi : rng.int(lo, Math.min(hi, lo + 1_000_000));
  if (s.multipleOf && s.multipleOf > 0) value = Math.ceil(value / s.multipleOf) * s.multipleOf;
  return value;
}

function number(s: Schema, rng: Random, mode: Mode): number {
  const lo = s.minimum ?? 0;
  const hi = s.maximum ?? lo + 1000;
  if (mode === 'min') return s.exclusiveMinimum === true ? lo + 0.5 : lo;
  if (mode === 'max') return s.exclusiveMaximum === true ? hi - 0.5 : hi;
  return Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function string(s: Schema, rng: Random, mode: Mode): string {
  if (s.pattern !== undefined && typeof s.example === 'string') return s.example;
  switch (s.format) {
    case 'date-time': {
      const d = new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59), rng.int(0, 59)));
      return d.toISOString().replace('.000Z', 'Z');
    }
    case 'date':
      return `${rng.int(2020, 2030)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
    case 'uuid': {
      const hex = (n: number): string => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
    }
    case 'email':
      return `user${rng.int(1, 99999)}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/r/${rng.int(1, 99999)}`;
    case 'byte':
      return Buffer.from(word(rng, 6)).toString('base64');
    default: {
      const min = s.minLength ?? 1;
      const max = s.maxLength ?? Math.max(min, 24);
      const length = mode === 'min' ? min : mode === 'max' ? max : rng.int(min, Math.min(max, min + 24));
      return word(rng, length);
    }
  }
}

function word(rng: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += LETTERS[rng.int(0, LETTERS.length - 1)];
  return out;
}
