import { isRecord } from './guards.js';

const COMPOSITES = ['allOf', 'oneOf', 'anyOf'] as const;

/**
 * What `nullable` means on a schema without `type` (OAS 3.0.3 §4.7.24 defines it next to `type`;
 * real documents also write it beside properties, `allOf: [$ref]` or a bare `$ref`). One reading
 * for both halves' validators (ajv refuses `nullable` without `type`):
 * - `nullable: false` says nothing (it is the default): dropped;
 * - beside object or array keywords: that type, still nullable;
 * - beside allOf / oneOf / anyOf / `$ref`: the schema or null (`anyOf: [rest, null]`);
 * - otherwise dropped: a schema without type already admits null.
 */
export type NullableReading =
  | { readonly kind: 'drop' }
  | { readonly kind: 'type'; readonly type: 'object' | 'array' }
  | { readonly kind: 'or-null' };

export function readNullable(node: Readonly<Record<string, unknown>>): NullableReading | undefined {
  if (typeof node['nullable'] !== 'boolean' || node['type'] !== undefined) return undefined;
  if (node['nullable'] === false) return { kind: 'drop' };
  if (isRecord(node['properties']) || node['additionalProperties'] !== undefined || node['required'] !== undefined)
    return { kind: 'type', type: 'object' };
  if (node['items'] !== undefined) return { kind: 'type', type: 'array' };
  if (COMPOSITES.some((k) => Array.isArray(node[k])) || typeof node['$ref'] === 'string') return { kind: 'or-null' };
  return { kind: 'drop' };
}

/**
 * Rewrites a schema node in place after readNullable: `or-null` moves every keyword but
 * annotations into the first alternative of `anyOf: [rest, null-only]`.
 */
export function applyNullable(
  node: Record<string, unknown>,
  reading: NullableReading,
  nullOnly: Record<string, unknown>,
): void {
  if (reading.kind === 'drop') delete node['nullable'];
  else if (reading.kind === 'type') node['type'] = reading.type;
  else {
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node))
      if (key !== 'nullable' && !key.startsWith('x-') && key !== 'description') rest[key] = value;
    for (const key of Object.keys(rest)) delete node[key];
    delete node['nullable'];
    // `$ref` siblings are ignored in OAS 3.0 (§4.7.23): the reference moves into the alternative.
    node['anyOf'] = [rest, nullOnly];
  }
}
