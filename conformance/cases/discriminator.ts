import type { Contract } from '../../src/contract/index.js';
import { asSchema, effective, flatten, isRecord, properties, type Schema } from './schema.js';

/** The component name of each schema of the resolved contract (dereferencing keeps their identity). */
export type SchemaNames = ReadonlyMap<object, string>;

/** Pure cache: derived from the resolved document alone, which never changes after loading. */
const byDocument = new WeakMap<object, Map<object, string>>();

export function schemaNames(contract: Contract): SchemaNames {
  let names = byDocument.get(contract.resolved);
  if (!names) {
    names = new Map();
    for (const [name, schema] of Object.entries(contract.resolved.components?.schemas ?? {})) if (isRecord(schema)) names.set(schema, name);
    byDocument.set(contract.resolved, names);
  }
  return names;
}

/**
 * The value generated from a oneOf/anyOf's first alternative (see `effective`), with the
 * discriminator property set to the value that names that alternative: its `mapping` key, else
 * the alternative's schema name (OAS 3.0.3 §4.7.25, the implicit mapping). A server applying the
 * discriminator then picks the alternative the value was made for, not a random string's.
 */
export function pinDiscriminators(schema: Schema | undefined, value: unknown, names: SchemaNames, depth = 0): unknown {
  if (!schema || depth > 12) return value;
  if (Array.isArray(value)) {
    const flat = effective(schema);
    const items = flat.type === 'array' ? asSchema(flat.items) : undefined;
    return value.map((v) => pinDiscriminators(items, v, names, depth + 1));
  }
  if (!isRecord(value)) return value;
  const flat = flatten(schema);
  const alternatives = flat.oneOf ?? flat.anyOf;
  const first = asSchema(alternatives?.[0]);
  if (flat.discriminator && first) {
    const name = names.get(first);
    const mapped = Object.entries(flat.discriminator.mapping ?? {}).find(([, ref]) => name !== undefined && (ref === name || ref.endsWith(`/${name}`)))?.[0];
    const tag = mapped ?? name;
    if (tag !== undefined) value[flat.discriminator.propertyName] = tag;
  }
  const props = properties(effective(schema));
  for (const [key, v] of Object.entries(value)) {
    if (key === flat.discriminator?.propertyName) continue;
    value[key] = pinDiscriminators(props.get(key), v, names, depth + 1);
  }
  return value;
}
