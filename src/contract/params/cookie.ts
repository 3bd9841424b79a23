import {
  isObject,
  pairsToObject,
  shapeOf,
  text,
  contentWritten,
  viaContent,
  type Parameter,
  type RawValue,
} from './values.js';

/** Cookie: `form` (OAS 3.0.3 §4.7.12.4; explode defaults to true); the pairs of one `Cookie` header (RFC 6265 §4.2.1). */
export function serialiseCookie(p: Parameter, value: unknown): string[] {
  if (viaContent(p)) return [`${p.name}=${encodeURIComponent(contentWritten(p, value))}`];
  const explode = p.explode ?? true;
  if (Array.isArray(value))
    return explode
      ? value.map((v) => `${p.name}=${encodeURIComponent(text(v))}`)
      : [`${p.name}=${value.map((v) => encodeURIComponent(text(v))).join(',')}`];
  if (isObject(value)) {
    return explode
      ? Object.entries(value).map(([k, v]) => `${k}=${encodeURIComponent(text(v))}`)
      : [
          `${p.name}=${Object.entries(value)
            .map(([k, v]) => `${encodeURIComponent(k)},${encodeURIComponent(text(v))}`)
            .join(',')}`,
        ];
  }
  return [`${p.name}=${encodeURIComponent(text(value))}`];
}

/** The `name=value` pairs of a Cookie header, values percent-decoded (RFC 6265 §4.2.1, §5.4). */
export function cookiePairs(header: string | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const piece of (header ?? '').split(';')) {
    const at = piece.indexOf('=');
    if (at < 0) continue;
    const raw = piece.slice(at + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // kept as sent
    }
    out.push([piece.slice(0, at).trim(), value]);
  }
  return out;
}

/** A cookie parameter's value from a Cookie header; undefined when absent. */
export function parseCookie(
  p: Parameter,
  header: string | undefined,
  fields: readonly string[] = [],
): RawValue | undefined {
  const pairs = cookiePairs(header);
  const explode = p.explode ?? true;
  const shape = shapeOf(p);
  if (shape === 'object' && explode) {
    const out = Object.fromEntries(pairs.filter(([k]) => fields.includes(k)));
    return Object.keys(out).length > 0 ? out : undefined;
  }
  const mine = pairs.filter(([k]) => k === p.name).map(([, v]) => v);
  if (mine.length === 0) return undefined;
  if (shape === 'array') return explode ? mine : mine[0] === '' ? [] : mine[0]!.split(',');
  if (shape === 'object') return pairsToObject(mine[0] === '' ? [] : mine[0]!.split(','));
  return mine[0]!;
}
