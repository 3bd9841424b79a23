import { encodeQueryComponent, text, type Pairs, type Parameter, type RawValue } from './values.js';

const SEPARATOR = { spaceDelimited: { wire: '%20', read: ' ' }, pipeDelimited: { wire: '%7C', read: '|' } } as const;

/** Query `spaceDelimited` / `pipeDelimited` arrays (OAS 3.0.3 §4.7.12.4): `id=3%204%205`, `id=3|4|5`. */
export function serialiseDelimited(name: string, value: unknown, style: keyof typeof SEPARATOR): string[] {
  const enc = encodeQueryComponent;
  if (!Array.isArray(value)) return [`${enc(name)}=${enc(text(value))}`];
  return [`${enc(name)}=${value.map((v) => enc(text(v))).join(SEPARATOR[style].wire)}`];
}

/** The items of a delimited array (a space also arrives as `+`, which the pairs have decoded); repeated names add items. */
export function parseDelimited(p: Parameter, pairs: Pairs, style: keyof typeof SEPARATOR): RawValue | undefined {
  const mine = pairs.filter(([k]) => k === p.name).map(([, v]) => v);
  if (mine.length === 0) return undefined;
  const items = mine.flatMap((v) => v.split(SEPARATOR[style].read));
  return items.length === 1 && items[0] === '' ? [] : items;
}
