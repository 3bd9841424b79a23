import type { OpenAPIV3 } from 'openapi-types';

/**
 * Parameter serialisation, OAS 3.0.3 §4.7.12.4 (style × explode), for the four places a
 * parameter lives. Values are the runner's generated JSON values; the output is what goes on
 * the wire (percent-encoded where the place needs it).
 */

type Parameter = OpenAPIV3.ParameterObject;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A parameter given as `content` (not `schema`) is one value in that media type: JSON here. */
function viaContent(p: Parameter): boolean {
  return p.content !== undefined && p.schema === undefined;
}

/** Path: `simple` (default), `label` (`.`), `matrix` (`;name=`). */
export function serialisePath(p: Parameter, value: unknown): string {
  const enc = encodeURIComponent;
  if (viaContent(p)) return enc(JSON.stringify(value));
  const style = p.style ?? 'simple';
  const explode = p.explode ?? false;
  const pairs = (sepKv: string, sep: string): string =>
    isObject(value) ? Object.entries(value).map(([k, v]) => `${enc(k)}${sepKv}${enc(text(v))}`).join(sep) : '';
  if (style === 'label') {
    if (Array.isArray(value)) return `.${value.map((v) => enc(text(v))).join(explode ? '.' : ',')}`;
    if (isObject(value)) return `.${explode ? pairs('=', '.') : pairs(',', ',')}`;
    return `.${enc(text(value))}`;
  }
  if (style === 'matrix') {
    const n = enc(p.name);
    if (Array.isArray(value)) return explode ? value.map((v) => `;${n}=${enc(text(v))}`).join('') : `;${n}=${value.map((v) => enc(text(v))).join(',')}`;
    if (isObject(value)) return explode ? `;${pairs('=', ';')}` : `;${n}=${pairs(',', ',')}`;
    return `;${n}=${enc(text(value))}`;
  }
  if (Array.isArray(value)) return value.map((v) => enc(text(v))).join(',');
  if (isObject(value)) return explode ? pairs('=', ',') : pairs(',', ',');
  return enc(text(value));
}

/** Header: `simple` only (RFC 9110 field values are not percent-encoded). */
export function serialiseHeader(p: Parameter, value: unknown): string {
  if (viaContent(p)) return JSON.stringify(value);
  if (Array.isArray(value)) return value.map(text).join(',');
  if (isObject(value)) return Object.entries(value).map(([k, v]) => (p.explode === true ? `${k}=${text(v)}` : `${k},${text(v)}`)).join(',');
  return text(value);
}

/** Cookie: `form`; the pairs of one `Cookie` header (RFC 6265 §4.2.1). */
export function serialiseCookie(p: Parameter, value: unknown): string[] {
  if (viaContent(p)) return [`${p.name}=${encodeURIComponent(JSON.stringify(value))}`];
  const explode = p.explode ?? true;
  if (Array.isArray(value)) return explode ? value.map((v) => `${p.name}=${encodeURIComponent(text(v))}`) : [`${p.name}=${value.map((v) => encodeURIComponent(text(v))).join(',')}`];
  if (isObject(value)) {
    return explode
      ? Object.entries(value).map(([k, v]) => `${k}=${encodeURIComponent(text(v))}`)
      : [`${p.name}=${Object.entries(value).map(([k, v]) => `${encodeURIComponent(k)},${encodeURIComponent(text(v))}`).join(',')}`];
  }
  return [`${p.name}=${encodeURIComponent(text(value))}`];
}

/** Query: `form` (default, explode true), `spaceDelimited`, `pipeDelimited`, `deepObject`. Returns `name=value` pieces, encoded. */
export function serialiseQuery(p: Parameter | undefined, name: string, value: unknown): string[] {
  const enc = (s: string): string => encodeURIComponent(s);
  if (value === undefined) return [];
  if (p && viaContent(p)) return [`${enc(name)}=${enc(JSON.stringify(value))}`];
  const style = p?.style ?? 'form';
  const explode = p?.explode ?? style === 'form';
  if (style === 'deepObject' && isObject(value)) {
    return Object.entries(value).map(([k, v]) => `${enc(name)}%5B${enc(k)}%5D=${enc(text(v))}`);
  }
  if (Array.isArray(value)) {
    if (style === 'spaceDelimited') return [`${enc(name)}=${value.map((v) => enc(text(v))).join('%20')}`];
    if (style === 'pipeDelimited') return [`${enc(name)}=${value.map((v) => enc(text(v))).join('%7C')}`];
    return explode ? value.map((v) => `${enc(name)}=${enc(text(v))}`) : [`${enc(name)}=${value.map((v) => enc(text(v))).join(',')}`];
  }
  if (isObject(value)) {
    return explode
      ? Object.entries(value).map(([k, v]) => `${enc(k)}=${enc(text(v))}`)
      : [`${enc(name)}=${Object.entries(value).map(([k, v]) => `${enc(k)},${enc(text(v))}`).join(',')}`];
  }
  return [`${enc(name)}=${enc(text(value))}`];
}
