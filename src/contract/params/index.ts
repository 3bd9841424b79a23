import { serialiseDeepObject, parseDeepObject } from './deep-object.js';
import { parseDelimited, serialiseDelimited } from './delimited.js';
import { parseForm, serialiseForm } from './form.js';
import {
  contentText,
  encodeQueryComponent,
  contentWritten,
  viaContent,
  type Pairs,
  type Parameter,
  type RawValue,
} from './values.js';

/**
 * Parameter styles (OAS 3.0.3 §4.7.12.4, style × explode) in both directions: the runner
 * serialises what it sends with these, the mock reads what it receives with them. One module per
 * style; this one picks the style a query parameter declares.
 */
export { serialisePath, parsePath } from './path.js';
export { serialiseHeader, parseHeader } from './header.js';
export { serialiseCookie, parseCookie, cookiePairs } from './cookie.js';
export { serialiseDeepObject, parseDeepObject, deepObjectNames, readNestedMembers } from './deep-object.js';
export { serialiseForm, parseForm } from './form.js';
export { readStructuredQuery, memberNames, freeForm } from './structured.js';
export { objectQueryMembers } from './object-members.js';
export { serialiseDelimited, parseDelimited } from './delimited.js';
export {
  contentText,
  encodeQueryComponent,
  pairsOf,
  valueSchema,
  type Pairs,
  type Parameter,
  type RawValue,
} from './values.js';

/** Query: `form` (default, explode true), `spaceDelimited`, `pipeDelimited`, `deepObject`. Returns `name=value` pieces, encoded. */
export function serialiseQuery(p: Parameter | undefined, name: string, value: unknown): string[] {
  if (value === undefined) return [];
  // An empty list would be sent as `name=`, an empty value, which a parameter allows only with
  // allowEmptyValue (OAS 3.0.3 §4.7.12; Swagger 2.0 likewise): an optional one is left out instead.
  if (
    Array.isArray(value) &&
    value.length === 0 &&
    p !== undefined &&
    Reflect.get(p, 'required') !== true &&
    Reflect.get(p, 'allowEmptyValue') !== true
  )
    return [];
  if (p && viaContent(p)) return [`${encodeQueryComponent(name)}=${encodeQueryComponent(contentWritten(p, value))}`];
  const style = p?.style ?? 'form';
  const explode = p?.explode ?? style === 'form';
  if (style === 'deepObject' && typeof value === 'object' && value !== null && !Array.isArray(value))
    return serialiseDeepObject(name, value);
  if ((style === 'spaceDelimited' || style === 'pipeDelimited') && Array.isArray(value))
    return serialiseDelimited(name, value, style);
  return serialiseForm(name, value, explode);
}

/**
 * A query parameter's value read from the decoded pairs of the query string, in its declared
 * style; undefined when absent. `fields` names an exploded form object's properties.
 */
export function parseQuery(p: Parameter, pairs: Pairs, fields: readonly string[] = []): RawValue | undefined {
  if (viaContent(p)) {
    const written = pairs.find(([k]) => k === p.name)?.[1];
    return written === undefined ? undefined : contentText(p, written);
  }
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  if (style === 'deepObject') return parseDeepObject(p.name, pairs);
  if (style === 'spaceDelimited' || style === 'pipeDelimited') return parseDelimited(p, pairs, style);
  return parseForm(p, pairs, explode, fields);
}
export {
  querystringParameter,
  serialiseQuerystring,
  parseQuerystring,
  type QuerystringParameter,
  type QuerystringReading,
} from './querystring.js';
