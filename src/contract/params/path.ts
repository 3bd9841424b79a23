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

const enc = encodeURIComponent;

const fields = (value: Record<string, unknown>, kv: string, sep: string): string =>
  Object.entries(value)
    .map(([k, v]) => `${enc(k)}${kv}${enc(text(v))}`)
    .join(sep);

/**
 * A path segment's text (OAS 3.0.3 §4.7.12.4; RFC 6570 §3.2.2, §3.2.5, §3.2.7): `simple`
 * (default) `3,4`; `label` `.3.4` / `.3,4`; `matrix` `;id=3;id=4` / `;id=3,4`. Percent-encoded.
 */
export function serialisePath(p: Parameter, value: unknown): string {
  if (viaContent(p)) return enc(contentWritten(p, value));
  const style = p.style ?? 'simple';
  const explode = p.explode ?? false;
  if (style === 'label') {
    if (Array.isArray(value)) return `.${value.map((v) => enc(text(v))).join(explode ? '.' : ',')}`;
    if (isObject(value)) return `.${explode ? fields(value, '=', '.') : fields(value, ',', ',')}`;
    return `.${enc(text(value))}`;
  }
  if (style === 'matrix') {
    const n = enc(p.name);
    if (Array.isArray(value))
      return explode
        ? value.map((v) => `;${n}=${enc(text(v))}`).join('')
        : `;${n}=${value.map((v) => enc(text(v))).join(',')}`;
    if (isObject(value)) return explode ? `;${fields(value, '=', ';')}` : `;${n}=${fields(value, ',', ',')}`;
    return `;${n}=${enc(text(value))}`;
  }
  if (Array.isArray(value)) return value.map((v) => enc(text(v))).join(',');
  if (isObject(value)) return explode ? fields(value, '=', ',') : fields(value, ',', ',');
  return enc(text(value));
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The value of a path segment written in the parameter's style (the inverse of serialisePath); undefined when the prefix is missing. */
export function parsePath(p: Parameter, segment: string): RawValue | undefined {
  const style = p.style ?? 'simple';
  const explode = p.explode ?? false;
  const shape = shapeOf(p);
  let body = segment;
  let itemSep = ',';
  if (style === 'label') {
    if (!body.startsWith('.')) return undefined;
    body = body.slice(1);
    if (explode) itemSep = '.';
  } else if (style === 'matrix') {
    if (!body.startsWith(';')) return undefined;
    const parts = body.slice(1).split(';');
    if (shape === 'object' && explode)
      return Object.fromEntries(
        parts.map((part) => part.split('=')).map(([k, v]) => [decode(k ?? ''), decode(v ?? '')]),
      );
    const prefix = `${enc(p.name)}=`;
    const values = parts
      .filter((part) => part.startsWith(prefix) || part === enc(p.name))
      .map((part) => part.slice(prefix.length));
    if (values.length === 0) return undefined;
    if (shape === 'array')
      return (explode ? values : values[0]!.split(','))
        .filter((v, _i, all) => !(all.length === 1 && v === ''))
        .map(decode);
    body = values[0]!;
  }
  if (shape === 'array') return body === '' ? [] : body.split(itemSep).map(decode);
  if (shape === 'object') {
    const items = body === '' ? [] : body.split(itemSep);
    return explode
      ? Object.fromEntries(Object.entries(assignmentsToObject(items)).map(([k, v]) => [decode(k), decode(v)]))
      : Object.fromEntries(Object.entries(pairsToObject(items)).map(([k, v]) => [decode(k), decode(v)]));
  }
  return decode(body);
}
