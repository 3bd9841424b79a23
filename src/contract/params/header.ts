import {
  assignmentsToObject,
  isObject,
  pairsToObject,
  shapeOf,
  text,
  contentWritten,
  viaContent,
  type Parameter,
  type RawValue,
} from './values.js';

/** Header: `simple` only (OAS 3.0.3 §4.7.12.4); RFC 9110 §5.5 field values are not percent-encoded. */
export function serialiseHeader(p: Parameter, value: unknown): string {
  if (viaContent(p)) return contentWritten(p, value);
  if (Array.isArray(value)) return value.map(text).join(',');
  if (isObject(value))
    return Object.entries(value)
      .map(([k, v]) => (p.explode === true ? `${k}=${text(v)}` : `${k},${text(v)}`))
      .join(',');
  return text(value);
}

/** A header's value in `simple` style; list items are trimmed (RFC 9110 §5.6.1 allows spaces after commas). */
export function parseHeader(p: Parameter, value: string): RawValue {
  const shape = shapeOf(p);
  if (shape === 'primitive') return value;
  const items = value.trim() === '' ? [] : value.split(',').map((s) => s.trim());
  if (shape === 'array') return items;
  return p.explode === true ? assignmentsToObject(items) : pairsToObject(items);
}
