import {
  encodeQueryComponent,
  isObject,
  pairsToObject,
  shapeOf,
  text,
  type Pairs,
  type Parameter,
  type RawValue,
} from './values.js';

/**
 * Query `form` style (OAS 3.0.3 §4.7.12.4, the query default; explode defaults to true, RFC 6570
 * §3.2.8): `id=5`; arrays `id=3&id=4` (explode) or `id=3,4`; objects `role=admin&name=x`
 * (explode: the fields are the names) or `id=role,admin,name,x`. A name is used as the document
 * writes it, `accounts[]` included: the brackets are part of the name (PHP-style array names).
 */
export function serialiseForm(name: string, value: unknown, explode: boolean): string[] {
  const enc = encodeQueryComponent;
  if (Array.isArray(value))
    return explode
      ? value.map((v) => `${enc(name)}=${enc(text(v))}`)
      : [`${enc(name)}=${value.map((v) => enc(text(v))).join(',')}`];
  if (isObject(value)) {
    return explode
      ? Object.entries(value).map(([k, v]) => `${enc(k)}=${enc(text(v))}`)
      : [
          `${enc(name)}=${Object.entries(value)
            .map(([k, v]) => `${enc(k)},${enc(text(v))}`)
            .join(',')}`,
        ];
  }
  return [`${enc(name)}=${enc(text(value))}`];
}

/**
 * The value of a `form` parameter in decoded pairs; undefined when absent. An exploded object takes
 * the pairs named after its schema's properties (`fields`); an empty value (`?tags=`) is an empty
 * array for an array parameter and the empty string otherwise (OAS 3.0.3 §4.7.12.5, "empty" row).
 */
export function parseForm(
  p: Parameter,
  pairs: Pairs,
  explode: boolean,
  fields: readonly string[] = [],
): RawValue | undefined {
  const shape = shapeOf(p);
  const mine = pairs.filter(([k]) => k === p.name).map(([, v]) => v);
  if (shape === 'object' && explode) {
    const out: Record<string, string> = {};
    for (const [k, v] of pairs) if (fields.includes(k)) out[k] = v;
    return Object.keys(out).length > 0 ? out : undefined;
  }
  if (mine.length === 0) return undefined;
  if (shape === 'array') {
    const items = explode ? mine : mine.flatMap((v) => v.split(','));
    return items.length === 1 && items[0] === '' ? [] : items;
  }
  if (shape === 'object') return pairsToObject(mine[0] === '' ? [] : mine[0]!.split(','));
  return mine[0]!;
}
