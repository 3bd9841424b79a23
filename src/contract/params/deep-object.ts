import { isObject, text, type Pairs } from './values.js';

/**
 * `deepObject` (OAS 3.0.3 §4.7.12.4): `color[R]=100&color[G]=200`, in a query and in a form body's
 * field whose Encoding Object says so (§4.7.15, `inventory[type]=finite`). One level, as the table
 * defines it; a nested value is written as JSON text.
 */
export function serialiseDeepObject(name: string, value: unknown): string[] {
  const enc = encodeURIComponent;
  if (!isObject(value)) return [`${enc(name)}=${enc(text(value))}`];
  return Object.entries(value).map(([k, v]) => `${enc(name)}%5B${enc(k)}%5D=${enc(text(v))}`);
}

/** The fields of `name[...]` pairs; undefined when there are none. */
export function parseDeepObject(name: string, pairs: Pairs): Record<string, string> | undefined {
  const prefix = `${name}[`;
  const out: Record<string, string> = {};
  let any = false;
  for (const [k, v] of pairs) {
    if (!k.startsWith(prefix) || !k.endsWith(']')) continue;
    out[k.slice(prefix.length, -1)] = v;
    any = true;
  }
  return any ? out : undefined;
}

/** The names a form body's pairs use as deepObject fields (`a[b]=…` → `a`): what a decoder groups. */
export function deepObjectNames(pairs: Pairs): Set<string> {
  const out = new Set<string>();
  for (const [k] of pairs) {
    const m = /^([^[\]]+)\[[^[\]]*\]$/.exec(k);
    if (m) out.add(m[1]!);
  }
  return out;
}
