import type { OpenAPIV3 } from 'openapi-types';
import { memberNames } from '../../src/contract/index.js';
import { asSchema } from './schema.js';

/**
 * The query keys an exploded form object writes its value under: its members' names, each a key of
 * its own (OAS 3.0.3 §4.7.12.4, style `form`, `explode: true`: `R=100&G=200&B=150`); none for
 * another style or a value that is no object.
 */
export function explodedMembers(p: OpenAPIV3.ParameterObject): ReadonlySet<string> {
  const schema = asSchema(p.schema);
  if (p.in !== 'query' || !schema || p.content !== undefined || (p.style ?? 'form') !== 'form' || p.explode === false)
    return new Set();
  return memberNames(schema);
}

/** The keys a query parameter's value is written under: an exploded form object's members, else its own name. */
export function formKeysOf(p: OpenAPIV3.ParameterObject): ReadonlySet<string> {
  const members = explodedMembers(p);
  return members.size > 0 ? members : new Set([p.name]);
}

/**
 * The other query parameters writing a key that an exploded form object `p`'s members are named by
 * (sinao.app's `movements: {amount, id, type}` beside `id`; ec2's `ConnectionLogOptions: {Enabled, …}`
 * beside `ClientLoginBannerOptions: {Enabled, …}`): a request without `p` that carries one of them
 * still carries a key a server may read as `p`'s member, so it does not show `p` missing.
 */
export function sharingFormKeys(
  p: OpenAPIV3.ParameterObject,
  parameters: readonly OpenAPIV3.ParameterObject[],
): OpenAPIV3.ParameterObject[] {
  const members = explodedMembers(p);
  if (members.size === 0) return [];
  return parameters.filter(
    (other) => other !== p && other.in === 'query' && [...formKeysOf(other)].some((key) => members.has(key)),
  );
}
