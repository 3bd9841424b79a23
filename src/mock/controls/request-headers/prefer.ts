import type { OpenAPIV3 } from 'openapi-types';
import { jsonAnswerEntry, responseFor, type Operation } from '../../../contract/index.js';
import { HttpError } from '../../errors.js';

/** The `Prefer` knobs the mock honours (Prism's names, plus `delay`). */
export interface Preferences {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
  readonly seed?: number;
  readonly delay?: number;
}

export type PreferDecoding =
  | { readonly ok: true; readonly preferences: Preferences }
  | { readonly ok: false; readonly error: HttpError };

export const MAX_DELAY_MS = 60_000;

const bad = (message: string): HttpError =>
  new HttpError(400, 'validation_failed', message, [{ location: 'header.Prefer', message }]);

/**
 * Decodes `Prefer` (RFC 7240) at the edge, before anything uses it. Preferences are
 * comma-separated `name=value` tokens, values optionally quoted; parameters after `;` are
 * ignored. Unknown preferences are ignored (RFC 7240 §2); a repeated one counts once, the first
 * (RFC 7240 §2). A known preference with a bad value is an error.
 */
export function decodePrefer(header: string | readonly string[] | undefined): PreferDecoding {
  if (header === undefined) return { ok: true, preferences: {} };
  const tokens = (typeof header === 'string' ? [header] : header).flatMap((h) => h.split(','));
  const seen = new Set<string>();
  const out: { code?: number; example?: string; dynamic?: boolean; seed?: number; delay?: number } = {};
  for (const raw of tokens) {
    const token = raw.split(';')[0]!.trim();
    if (token === '') continue;
    const eq = token.indexOf('=');
    const name = (eq === -1 ? token : token.slice(0, eq)).trim().toLowerCase();
    let value = eq === -1 ? '' : token.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!['code', 'example', 'dynamic', 'seed', 'delay'].includes(name) || seen.has(name)) continue;
    seen.add(name);
    switch (name) {
      case 'code':
        if (!/^[1-5]\d\d$/.test(value))
          return { ok: false, error: bad(`Prefer code must be an HTTP status (100-599), got "${value}".`) };
        out.code = Number(value);
        break;
      case 'example':
        if (!/^[\w.-]{1,100}$/.test(value))
          return { ok: false, error: bad(`Prefer example must name an example, got "${value}".`) };
        out.example = value;
        break;
      case 'dynamic':
        if (value !== 'true' && value !== 'false')
          return { ok: false, error: bad(`Prefer dynamic must be true or false, got "${value}".`) };
        out.dynamic = value === 'true';
        break;
      case 'seed':
        if (!/^-?\d{1,15}$/.test(value))
          return { ok: false, error: bad(`Prefer seed must be an integer, got "${value}".`) };
        out.seed = Number(value);
        break;
      case 'delay':
        if (!/^\d{1,5}$/.test(value) || Number(value) > MAX_DELAY_MS) {
          return {
            ok: false,
            error: bad(`Prefer delay must be whole milliseconds 0..${MAX_DELAY_MS}, got "${value}".`),
          };
        }
        out.delay = Number(value);
        break;
    }
  }
  return { ok: true, preferences: out };
}

/** True when the preferences ask for a canned answer instead of the state. */
export function wantsCannedResponse(p: Preferences): boolean {
  return p.code !== undefined || p.example !== undefined || p.dynamic === true;
}

/** The status a canned answer uses: the preferred code, else the operation's first documented 2xx. */
export function cannedStatus(operation: Operation, p: Preferences): number {
  if (p.code !== undefined) return p.code;
  const success = Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  return Number(success[0] ?? 200);
}

/**
 * Checks the preferences against the operation, once the request is known to be authorised and
 * valid: the code must be documented, the named example must exist.
 */
export function checkPreferences(operation: Operation, p: Preferences): void {
  if (p.code !== undefined && responseFor(operation.responses, p.code) === undefined) {
    const codes = Object.keys(operation.responses).join(', ');
    throw bad(`Prefer code=${p.code} is not documented for ${operation.id}; documented: ${codes}.`);
  }
  if (p.example !== undefined) {
    const status = cannedStatus(operation, p);
    const content = responseFor(operation.responses, status)?.content;
    const type = cannedMediaType(content, undefined, p.example);
    const media = type === undefined ? undefined : content?.[type];
    const names = Object.keys(media?.examples ?? {});
    if (!names.includes(p.example)) {
      throw bad(
        `Prefer example=${p.example}: the ${status} response of ${operation.id} has ` +
          (names.length > 0 ? `the examples ${names.join(', ')}.` : 'no named examples.'),
      );
    }
  }
}

/**
 * The media type a canned answer is taken from (its examples, its schema): the JSON entry the
 * answer is written in (the kernel's jsonAnswerEntry: negotiated by the request's Accept, RFC 9110
 * §12.5.1, a JSON type before a range such as `*\/*` listed ahead of it; the one holding a named
 * example asked for), else the first entry.
 */
export function cannedMediaType(
  content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>> | undefined,
  accept?: string | readonly string[],
  example?: string,
): string | undefined {
  return jsonAnswerEntry(accept, content ?? {}, example) ?? Object.keys(content ?? {})[0];
}
