import type { OpenAPIV3 } from 'openapi-types';
import { admitsJson, isJsonMediaType, jsonJudgedBy } from './media.js';

/**
 * Proactive negotiation of the answer's media type (RFC 9110 §12.1, §12.5.1), one reading for the
 * mock (which documented entry it answers in, or 406) and the runner (whether an answer's type was
 * one the request accepted).
 */

/** One media range of an Accept header: `text/*;q=0.5` → type text, subtype *, q 0.5. */
export interface AcceptRange {
  readonly type: string;
  readonly subtype: string;
  /** Media-range parameters other than the weight, names and values lower-cased. */
  readonly params: Readonly<Record<string, string>>;
  readonly q: number;
  /** Position in the header: the earlier range wins a tie the server leaves open. */
  readonly order: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §12.4.2 qvalue: 0 to 1 with at most three decimals. */
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/** Splits on `sep` outside quoted strings (RFC 9110 §5.6.4). */
function split(text: string, sep: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '\\') {
      current += c + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === sep && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

const unquote = (value: string): string =>
  value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;

/** A media type or range with its parameters (`type/subtype;name=value`), or undefined when malformed. */
function parseRange(
  text: string,
): { type: string; subtype: string; params: Record<string, string>; q: number | undefined } | undefined {
  const [essence, ...rest] = split(text, ';');
  const [type, subtype, extra] = (essence ?? '').trim().toLowerCase().split('/');
  if (!type || !subtype || extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  // `*/json` is no media range (RFC 9110 §12.5.1: `*/*`, `type/*` or `type/subtype`).
  if (type === '*' && subtype !== '*') return undefined;
  const params: Record<string, string> = {};
  let q: number | undefined;
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      if (part.trim() === '') continue;
      return undefined;
    }
    const name = part.slice(0, eq).trim().toLowerCase();
    const value = unquote(part.slice(eq + 1).trim());
    if (name === 'q') {
      // The weight ends the media range (RFC 9110 §12.4.2); a malformed one makes the range unusable.
      if (!QVALUE.test(value)) return undefined;
      q = Number(value);
      continue;
    }
    params[name] = value.toLowerCase();
  }
  return { type, subtype, params, q };
}

/**
 * The ranges of an Accept field value, in order; malformed members are dropped. Undefined when the
 * request has no (or an empty) Accept field: then any media type is acceptable (RFC 9110 §12.5.1).
 */
export function parseAccept(header: string | readonly string[] | undefined): readonly AcceptRange[] | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header as string | undefined);
  if (text === undefined || text.trim() === '') return undefined;
  const out: AcceptRange[] = [];
  for (const member of split(text, ',')) {
    if (member.trim() === '') continue;
    const range = parseRange(member);
    if (range)
      out.push({ type: range.type, subtype: range.subtype, params: range.params, q: range.q ?? 1, order: out.length });
  }
  return out;
}

/** How specific a range is when it covers a concrete type: params 1, subtype 2, type 4 (RFC 9110 §12.5.1: the most specific reference wins). */
function covers(
  range: AcceptRange,
  type: { type: string; subtype: string; params: Record<string, string> },
): number | undefined {
  let s = 0;
  if (range.type === type.type) s |= 4;
  else if (range.type !== '*') return undefined;
  if (range.subtype === type.subtype) s |= 2;
  else if (range.subtype !== '*') return undefined;
  const names = Object.keys(range.params);
  if (names.length > 0) {
    if (!names.every((n) => type.params[n] === range.params[n])) return undefined;
    s |= 1;
  }
  return s;
}

interface Weight {
  readonly q: number;
  readonly specificity: number;
  readonly order: number;
}

/**
 * The weight the Accept ranges give a documented entry. A concrete type takes the q of the most
 * specific range that covers it (so `application/json;q=0, *\/*` refuses JSON). A documented range
 * (OAS 3.0.3 §4.7.10 content keys may be `image/*`, `*\/*`) can be answered in any type it covers:
 * it takes the highest q of the ranges it overlaps.
 */
function weigh(ranges: readonly AcceptRange[], documented: string): Weight | undefined {
  const type = parseRange(documented);
  if (!type) return undefined;
  if (type.type !== '*' && type.subtype !== '*') {
    let best: Weight | undefined;
    for (const range of ranges) {
      const s = covers(range, type);
      if (s === undefined) continue;
      if (
        !best ||
        s > best.specificity ||
        (s === best.specificity && (range.q > best.q || (range.q === best.q && range.order < best.order)))
      )
        best = { q: range.q, specificity: s, order: range.order };
    }
    return best;
  }
  let best: Weight | undefined;
  for (const range of ranges) {
    const overlaps =
      (type.type === '*' || range.type === '*' || range.type === type.type) &&
      (type.subtype === '*' || range.subtype === '*' || range.subtype === type.subtype);
    if (!overlaps || range.q <= 0) continue;
    // A documented range is a less precise answer than a documented type: it sorts after one of equal q.
    if (!best || range.q > best.q || (range.q === best.q && range.order < best.order))
      best = { q: range.q, specificity: -1, order: range.order };
  }
  return best;
}

/**
 * The documented media type (a content key, as written) to answer in, by the request's Accept
 * field (RFC 9110 §12.5.1): the highest q; among equals a more specific match, then the range
 * listed first, then a documented type before a documented range (an answer is written in a type,
 * never in `*\/*`: gerermesaffaires' `*\/*` listed before `application/json`), then the document's
 * order, as a server offering its types in that order does (Prism and Express's `accepts` with
 * `Accept: *\/*`: petstore v3's loginUser answers XML, documented first). A request without Accept
 * "will accept any media type" (§12.5.1): the server chooses, and this one chooses a JSON type
 * (RFC 8259; RFC 6839 §3.1 `+json`) before another, as Prism does. Undefined when nothing
 * documented is acceptable (every candidate refused with q=0 or not covered): the server may then
 * answer 406 (RFC 9110 §15.5.7). The mock answers in this entry, generates its body from it and
 * checks the body against it; the runner judges an answer by the entry its Content-Type falls in
 * (media.ts documentedMediaFor), which for a JSON answer written in this entry is this entry.
 */
export function negotiate(
  accept: string | readonly string[] | undefined,
  documented: readonly string[],
): string | undefined {
  const asked = parseAccept(accept);
  const ranges = asked ?? ANY;
  let chosen: Candidate | undefined;
  for (const key of documented) {
    const weight = weigh(ranges, key);
    if (!weight || weight.q <= 0) continue;
    const candidate = { key, weight, range: key.includes('*'), json: asked === undefined && isJsonMediaType(key) };
    if (!chosen || better(candidate, chosen)) chosen = candidate;
  }
  return chosen?.key;
}

/** No Accept field: any media type (RFC 9110 §12.5.1). */
const ANY: readonly AcceptRange[] = [{ type: '*', subtype: '*', params: {}, q: 1, order: 0 }];

/** A documented entry negotiate weighs: `json` only where the request named no Accept field. */
interface Candidate {
  readonly key: string;
  readonly weight: Weight;
  readonly range: boolean;
  readonly json: boolean;
}

/** Whether a candidate outranks the one chosen so far (negotiate's order; the earlier wins a full tie). */
function better(a: Candidate, than: Candidate): boolean {
  if (a.weight.q !== than.weight.q) return a.weight.q > than.weight.q;
  if (a.weight.specificity !== than.weight.specificity) return a.weight.specificity > than.weight.specificity;
  if (a.weight.order !== than.weight.order) return a.weight.order < than.weight.order;
  if (a.range !== than.range) return !a.range;
  return a.json && !than.json;
}

/**
 * The documented entry a JSON answer is written in, generated from and checked against (OAS 3.0.3
 * §4.7.10: each entry describes its own media type): the one negotiate chooses when it admits JSON,
 * as its label is judged (jsonJudgedBy: `*\/*` listed before `application/json` gives
 * `application/json`), where that entry has a schema; else the entry with a schema a request without
 * Accept would get (a JSON type before a range); else, no JSON entry having a schema, the one
 * negotiated (its examples). osf.io documents its records under `*\/*` and only examples under
 * `application/json`: the body keeps to the schema, and the runner, judging the entry its label
 * falls in, finds no schema there. With `example`, the entry holding that named example (Prefer).
 * Undefined when no entry admits JSON.
 */
export function jsonAnswerEntry(
  accept: string | readonly string[] | undefined,
  content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>>,
  example?: string,
): string | undefined {
  const documented = Object.keys(content);
  const json = documented.filter(admitsJson);
  if (example !== undefined) {
    const holding = json.find((type) => content[type]?.examples?.[example] !== undefined);
    if (holding !== undefined) return holding;
  }
  const answered = negotiate(accept, documented);
  const entry = answered !== undefined && admitsJson(answered) ? jsonJudgedBy(answered, documented) : undefined;
  if (entry !== undefined && content[entry]?.schema !== undefined) return entry;
  const described = negotiate(
    undefined,
    json.filter((type) => content[type]?.schema !== undefined),
  );
  return described ?? entry ?? negotiate(undefined, json);
}

/** Whether a request's Accept field admits a concrete media type (q > 0 by its most specific range). */
export function acceptable(accept: string | readonly string[] | undefined, type: string): boolean {
  return negotiate(accept, [type]) !== undefined;
}

/**
 * The concrete type to label an answer written for a documented entry: the entry itself when it
 * is a type; for a documented range (`image/*`), the concrete type inside it the Accept field
 * weighs highest (`Accept: image/png` → `image/png`), else undefined (the caller's default). A
 * Content-Type is never a range (RFC 9110 §8.3).
 */
export function answerType(accept: string | readonly string[] | undefined, documented: string): string | undefined {
  const range = parseRange(documented);
  if (!range) return undefined;
  if (range.type !== '*' && range.subtype !== '*') return documented;
  const ranges = parseAccept(accept) ?? [];
  const inside = ranges
    .filter(
      (r) =>
        r.type !== '*' &&
        r.subtype !== '*' &&
        r.q > 0 &&
        (range.type === '*' || range.type === r.type) &&
        (range.subtype === '*' || range.subtype === r.subtype),
    )
    .sort((a, b) => b.q - a.q || a.order - b.order);
  const best = inside[0];
  return best ? `${best.type}/${best.subtype}` : undefined;
}

/**
 * A concrete type inside a documented range, to label an answer the Accept field names no type of
 * (a Content-Type is never a range, RFC 9110 §8.3): the range's own default where RFC 2046 gives one
 * (`text/plain`, §4.1.3; `application/octet-stream`, §4.5.1, also for `*\/*`), else a common
 * registered type of the top-level type (`image/*` → `image/png`), so the label stays inside what the
 * contract documents (intellifi's `image/*` blob was labelled `application/octet-stream`).
 */
export function typeWithin(documented: string): string {
  const range = parseRange(documented);
  if (!range || range.type === '*') return 'application/octet-stream';
  if (range.subtype !== '*') return documented;
  return RANGE_DEFAULTS[range.type] ?? 'application/octet-stream';
}

const RANGE_DEFAULTS: Readonly<Record<string, string>> = {
  text: 'text/plain',
  application: 'application/octet-stream',
  image: 'image/png',
  audio: 'audio/mpeg',
  video: 'video/mp4',
  font: 'font/woff2',
};
