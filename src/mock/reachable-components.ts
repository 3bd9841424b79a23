import { isRecord, walkRecords } from '../contract/index.js';

type Components = Record<string, Record<string, unknown>>;

/**
 * A `#/components/{kind}/{name}…` reference as its kind and name. A name with an escape (`~`, `%`:
 * RFC 6901 §4, RFC 3986 §2.1) is not taken: the validator's parameter lookup reads a reference's
 * last segment as written (express-openapi-validator 5.6 parsers/util.js), so which key it means
 * is not certain.
 */
function componentOf(ref: string): readonly [string, string] | undefined {
  if (!ref.startsWith('#/components/')) return undefined;
  const [kind, name] = ref.slice('#/components/'.length).split('/');
  if (kind === undefined || name === undefined || name === '' || /[~%]/.test(kind + name)) return undefined;
  return [kind, name];
}

/**
 * The part of `components` that `roots` (an operation) reach through `$ref`s, transitively, with
 * `securitySchemes` whole (the validator reads them by name, not by reference). express-openapi-
 * validator puts the document's `components` beside every request validator it compiles, and ajv
 * walks all of it for each one (Stripe: 6 s of a 36 s self-consistency run, for 384 operations × 468
 * component schemas); the components an operation cannot reach change nothing it validates.
 *
 * `opaque`: a kind whose members are kept where named but not walked (the request validators'
 * `schemas`, which they reach in a document of their own: operation-validators.ts
 * shareRequestComponents); a pointer into one of its members (`#/components/schemas/A/properties/b`)
 * is then not certain.
 *
 * `elsewhere`: the prefix of references to a document of their own (operation-validators.ts
 * SHARED_COMPONENTS), certain and not followed: what they name is not in `components`.
 *
 * `undefined` (keep the whole components) wherever reachability is not certain from `$ref`s alone:
 * a reference that is not a local `#/components/…` pointer to something there (or names it with an
 * escape), or a `$dynamicRef`.
 */
export function reachableComponents(
  components: unknown,
  roots: readonly unknown[],
  opaque?: string,
  elsewhere?: string,
): Components | undefined {
  if (!isRecord(components)) return undefined;
  const out: Components = {};
  if (isRecord(components['securitySchemes'])) out['securitySchemes'] = components['securitySchemes'];
  /** Keeps the component `ref` names and walks it too; false when it names none (or with an escape). */
  const follow = (ref: string, reach: (node: unknown) => void): boolean => {
    const place = componentOf(ref);
    if (!place) return false;
    const [kind, name] = place;
    const group = components[kind];
    if (!isRecord(group) || !(name in group)) return false;
    // An opaque kind is named whole only: a pointer into one of its members is not followed here.
    if (kind === opaque && ref !== `#/components/${kind}/${name}`) return false;
    const kept = (out[kind] ??= {});
    if (!(name in kept)) {
      kept[name] = group[name];
      if (kind !== opaque) reach(group[name]);
    }
    return true;
  };
  const uncertain = walkRecords(roots, (record, reach) => {
    const ref = record['$ref'];
    // A discriminator's mapping names schemas by reference too (OAS 3.0.3 §4.7.25).
    const mapping = isRecord(record['discriminator']) ? record['discriminator']['mapping'] : undefined;
    const mapped = isRecord(mapping)
      ? Object.values(mapping).filter((v): v is string => typeof v === 'string' && v.startsWith('#'))
      : [];
    const followed =
      typeof ref !== 'string' || (elsewhere !== undefined && ref.startsWith(elsewhere)) || follow(ref, reach);
    return typeof record['$dynamicRef'] === 'string' || !followed || !mapped.every((m) => follow(m, reach))
      ? 'stop'
      : undefined;
  });
  return uncertain ? undefined : out;
}

/**
 * The component schemas `names` reach, themselves included, through whole-schema references
 * (`#/components/schemas/X`, a discriminator's mapping too: OAS 3.0.3 §4.7.25), transitively. `edges`
 * (schemaEdges) is made once per document, so each question walks names, not schemas.
 */
export function schemaClosure(edges: ReadonlyMap<string, readonly string[]>, names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const stack = [...names];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (out.has(name)) continue;
    out.add(name);
    stack.push(...(edges.get(name) ?? []));
  }
  return out;
}

/** Each component schema's names of the component schemas it refers to directly (schemaClosure). */
export function schemaEdges(schemas: Record<string, unknown>): Map<string, string[]> {
  const prefix = '#/components/schemas/';
  const nameOf = (ref: unknown): string | undefined =>
    typeof ref === 'string' && ref.startsWith(prefix) ? ref.slice(prefix.length).split('/')[0] : undefined;
  const edges = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    const named = new Set<string>();
    walkRecords(schema, (record) => {
      const mapping = isRecord(record['discriminator']) ? record['discriminator']['mapping'] : undefined;
      for (const ref of [record['$ref'], ...(isRecord(mapping) ? Object.values(mapping) : [])]) {
        const target = nameOf(ref);
        if (target !== undefined) named.add(target);
      }
    });
    edges.set(name, [...named]);
  }
  return edges;
}
