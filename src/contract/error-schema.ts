import type { OpenAPIV3 } from 'openapi-types';
import { asSchema } from './schema-views.js';
import { jsonContent } from './media.js';
import type { Contract } from './types.js';

type Schema = OpenAPIV3.SchemaObject;

/**
 * The contract's common error schema, for answers no operation documents (a read after a delete,
 * an unknown path), read one way by both halves: the mock writes such errors in it, the runner
 * judges them by it.
 * - the JSON schema (RFC 8259 media types, `+json` and ranges that admit JSON) most 4xx, 5xx and
 *   `default` responses (OAS 3.0.3 §4.7.16) use, the same object after `$ref` resolution, ties
 *   going to the first seen;
 * - not a 429's: a rate-limit answer carries its own shape (RFC 6585 §4; Discord's `retry_after`,
 *   `global`), not the contract's error object;
 * - not a list (an error body is one object);
 * - none documented: `components.schemas.Error`, when the document defines one (OpenAI documents
 *   no error response but defines `Error`).
 */
export function commonErrorSchema(
  contract: Pick<Contract, 'operations' | 'resolved'>,
): { readonly schema: Schema; readonly mediaType: string } | undefined {
  const counts = new Map<Schema, { n: number; mediaType: string }>();
  for (const op of contract.operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      if ((!/^[45]/.test(status) && status !== 'default') || status === '429') continue;
      const json = jsonContent(response.content, { ranges: true });
      if (!json?.schema || json.schema.type === 'array') continue;
      const seen = counts.get(json.schema);
      counts.set(json.schema, { n: (seen?.n ?? 0) + 1, mediaType: seen?.mediaType ?? json.mediaType });
    }
  }
  let best: { schema: Schema; mediaType: string } | undefined;
  let most = 0;
  for (const [schema, { n, mediaType }] of counts) {
    if (n > most) {
      most = n;
      best = { schema, mediaType };
    }
  }
  if (best) return best;
  const named = asSchema(contract.resolved.components?.schemas?.['Error']);
  return named ? { schema: named, mediaType: 'application/json' } : undefined;
}
