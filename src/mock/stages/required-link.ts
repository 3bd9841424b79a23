import type { Request } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import type { SchemaValidator } from '../../contract/index.js';
import { schemaAccepts } from '../media.js';

/**
 * Relations that name the answered page itself, whatever page it is: `self` (RFC 8288 §2.1.1, the
 * IANA registry's "an identifier for the link's context") and `current`, which Ably's contract says
 * its pages carry ("a link with relation type `next`, `first`, and `current`").
 */
const OWN_PAGE_RELATIONS = ['self', 'current'] as const;

/**
 * A `Link` for an answer whose documented response requires one (OAS 3.0.3 §4.7.20 `required`) where
 * the state wrote none (a list on one page has no `next` or `prev`): a link to the request's own
 * target (RFC 8288 §3, a URI reference), under the first relation naming the page itself that the
 * header's documented schema admits. Undefined where the response requires no Link or no such link fits.
 */
export function requiredOwnLink(
  documented: OpenAPIV3.ResponseObject | undefined,
  req: Request,
  validator: SchemaValidator,
): string | undefined {
  const header = Object.entries(documented?.headers ?? {}).find(([name]) => name.toLowerCase() === 'link')?.[1];
  if (!header || '$ref' in header || header.required !== true) return undefined;
  const schema = header.schema && !('$ref' in header.schema) ? header.schema : undefined;
  for (const rel of OWN_PAGE_RELATIONS) {
    const value = `<${req.originalUrl}>; rel="${rel}"`;
    if (!schema || schemaAccepts(validator, schema, value)) return value;
  }
  return undefined;
}
