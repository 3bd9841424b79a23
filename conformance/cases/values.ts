import type { Random } from './random.js';
import { closedTuple, lowered, tuplePositions } from '../../src/contract/index.js';
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
  const s = effective(lowered(schema));
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
      const positions = tuplePositions(s);
      if (positions) {
        // A 2020-12 tuple (§10.3.1.1): each position its own schema; nothing beyond a closed one.
        const head = positions.slice(0, s.maxItems ?? positions.length).map((p) => generate(asSchema(p) ?? {}, rng, mode === 'max' ? 'max' : 'random', depth + 1));
        const more = closedTuple(s) ? undefined : asSchema((s as Record<string, unknown>)['items']);
        while (more && head.length < (s.minItems ?? 0)) head.push(generate(more, rng, 'random', depth + 1));
        return head;
      }
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
  // A bound beyond ±(2^53 − 1) (int64's 9223372036854775807 reads as 2^63, past the maximum itself)
  // is no value JSON carries exactly (RFC 8259 §6, I-JSON RFC 7493 §2.2): the boundary sent is the
  // largest interoperable integer inside the bounds.
  if (lo !== undefined) lo = Math.max(lo, -Number.MAX_SAFE_INTEGER);
  if (hi !== undefined) hi = Math.min(hi, Number.MAX_SAFE_INTEGER);
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
  if (s.pattern !== undefined) {
    const matching = fromPattern(s.pattern, rng);
    if (matching !== undefined) return matching;
  }
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

/**
 * A string matching a simple pattern: anchored sequences of literals, `[...]` classes, `\d`, `\w`
 * and `.` with `{n}`, `{n,m}`, `?`, `*`, `+`. Enough for identifier formats (`^AC[0-9a-fA-F]{32}$`);
 * undefined for anything else (alternation, groups, look-arounds): the caller then uses an example.
 */
export function fromPattern(pattern: string, rng: Random): string | undefined {
  let src = pattern;
  if (src.startsWith('^')) src = src.slice(1);
  if (src.endsWith('$') && !src.endsWith('\\$')) src = src.slice(0, -1);
  let out = '';
  let i = 0;
  const pickFrom = (chars: string): string => chars[rng.int(0, chars.length - 1)] ?? '';
  while (i < src.length) {
    let chars: string;
    const c = src[i] ?? '';
    if (c === '[') {
      const end = src.indexOf(']', i + 1);
      if (end < 0) return undefined;
      const body = src.slice(i + 1, end);
      if (body.startsWith('^')) return undefined;
      chars = '';
      for (let j = 0; j < body.length; j++) {
        const a = body[j] ?? '';
        if (a === '\\') {
          const e = body[j + 1] ?? '';
          chars += e === 'd' ? '0123456789' : e === 'w' ? 'abc123' : e;
          j++;
        } else if (body[j + 1] === '-' && j + 2 < body.length) {
          const from = a.charCodeAt(0);
          const to = (body[j + 2] ?? a).charCodeAt(0);
          for (let k = from; k <= to && k - from < 100; k++) chars += String.fromCharCode(k);
          j += 2;
        } else chars += a;
      }
      i = end + 1;
    } else if (c === '\\') {
      const e = src[i + 1] ?? '';
      chars = e === 'd' ? '0123456789' : e === 'w' ? 'abcdefghijklmnopqrstuvwxyz0123456789' : /[a-zA-Z]/.test(e) ? '' : e;
      if (!chars) return undefined;
      i += 2;
    } else if ('()|?*+{}'.includes(c)) {
      return undefined;
    } else if (c === '.') {
      chars = 'abcdefghijklmnopqrstuvwxyz';
      i++;
    } else {
      chars = c;
      i++;
    }
    if (!chars) return undefined;
    let min = 1;
    let max = 1;
    const q = src[i];
    if (q === '{') {
      const end = src.indexOf('}', i);
      const m = /^(\d+)(?:,(\d*))?$/.exec(src.slice(i + 1, end));
      if (end < 0 || !m) return undefined;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[2] === '' ? min + 8 : Number(m[2]);
      i = end + 1;
    } else if (q === '?') [min, max, i] = [0, 1, i + 1];
    else if (q === '*') [min, max, i] = [0, 8, i + 1];
    else if (q === '+') [min, max, i] = [1, 8, i + 1];
    const n = rng.int(min, Math.min(max, min + 64));
    for (let k = 0; k < n; k++) out += pickFrom(chars);
  }
  return out;
}
