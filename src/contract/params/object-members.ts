import { isJsonMediaType } from '../media.js';
import { parseDeepObject } from './deep-object.js';
import { isObject, viaContent, type Pairs, type Parameter } from './values.js';

/**
 * The members of a query parameter whose one value is an object, as the request wrote them: a
 * `content` parameter in a JSON media type (OAS 3.0.3 §4.7.12 `content`: LoopBack's
 * `filter={"limit":10,"skip":20,"where":{…}}`), or a `deepObject` one (§4.7.12.4: Strapi's
 * `pagination[page]=2&pagination[pageSize]=10`). Undefined for any other parameter, for one the
 * request leaves out, and for JSON text that is not an object (the validator refuses that).
 * Members keep their JSON values (`10`); a deepObject's are text (`"10"`), as the style writes them.
 */
export function objectQueryMembers(p: Parameter, pairs: Pairs): Readonly<Record<string, unknown>> | undefined {
  if (viaContent(p)) {
    const type = Object.keys(p.content ?? {})[0];
    const written = pairs.find(([k]) => k === p.name)?.[1];
    if (type === undefined || !isJsonMediaType(type) || written === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(written);
      return isObject(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return p.style === 'deepObject' ? parseDeepObject(p.name, pairs) : undefined;
}
