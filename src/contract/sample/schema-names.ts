import { isRecord } from '../guards.js';

/** Pure cache: derived from the resolved document alone, which never changes after loading. */
const byDocument = new WeakMap<object, Map<object, string>>();

/**
 * The component name of each schema of a resolved document (dereferencing keeps their identity),
 * for discriminator values (OAS 3.0.3 §4.7.25, the implicit mapping by schema name).
 */
export function schemaNamesOf(resolved: {
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}): ReadonlyMap<object, string> {
  let names = byDocument.get(resolved);
  if (!names) {
    names = new Map();
    for (const [name, schema] of Object.entries(resolved.components?.schemas ?? {}))
      if (isRecord(schema)) names.set(schema, name);
    byDocument.set(resolved, names);
  }
  return names;
}

/**
 * Component names by schema object, noted when a contract is loaded (load.ts): a pure cache of
 * contract-derived data, so a discriminator value can be written for an alternative wherever the
 * sampler meets it (the mock's canned answers have no contract at hand).
 */
const componentNames = new WeakMap<object, string>();

export function noteComponentNames(resolved: {
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}): void {
  for (const [schema, name] of schemaNamesOf(resolved))
    if (!componentNames.has(schema)) componentNames.set(schema, name);
}

/** The component name of a schema object of a loaded contract, if it is one. */
export function componentNameOf(schema: object): string | undefined {
  return componentNames.get(schema);
}
