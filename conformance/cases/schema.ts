import type { OpenAPIV3 } from 'openapi-types';
import { effective, propertiesFor } from '../../src/contract/index.js';

/**
 * The runner's names for the kernel's schema views (src/contract/schema-views.ts): allOf merged,
 * the alternative that applies, the properties of a direction. Nothing is decided here.
 */

/** A schema of a resolved contract (no `$ref` left). */
export type Schema = OpenAPIV3.SchemaObject;

export {
  isRecord,
  asSchema,
  effective,
  mergeAllOf as flatten,
  anyProperties as properties,
} from '../../src/contract/index.js';

/** Properties a client may send (readOnly ones are the server's, OAS 3.0.3 §4.7.24). */
export function writableProperties(schema: Schema): Array<[string, Schema]> {
  return propertiesFor(schema, 'request');
}

export function requiredNames(schema: Schema): readonly string[] {
  return effective(schema).required ?? [];
}
