import { isRecord } from '../contract/index.js';

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
 * `undefined` (keep the whole components) wherever reachability is not certain from `$ref`s alone:
 * a reference that is not a local `#/components/…` pointer to something there (or names it with an
 * escape), or a `$dynamicRef`.
 */
export function reachableComponents(components: unknown, roots: readonly unknown[]): Components | undefined {
  if (!isRecord(components)) return undefined;
  const out: Components = {};
  if (isRecord(components['securitySchemes'])) out['securitySchemes'] = components['securitySchemes'];
  const seen = new Set<object>();
  const stack: unknown[] = [...roots];
  const follow = (ref: string): boolean => {
    const place = componentOf(ref);
    if (!place) return false;
    const [kind, name] = place;
    const group = components[kind];
    if (!isRecord(group) || !(name in group)) return false;
    const target = group[name];
    const kept = (out[kind] ??= {});
    if (!(name in kept)) {
      kept[name] = target;
      stack.push(target);
    }
    return true;
  };
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record['$dynamicRef'] === 'string') return undefined;
    const ref = record['$ref'];
    if (typeof ref === 'string' && !follow(ref)) return undefined;
    // A discriminator's mapping names schemas by reference too (OAS 3.0.3 §4.7.25).
    const mapping = isRecord(record['discriminator']) ? record['discriminator']['mapping'] : undefined;
    if (isRecord(mapping)) for (const value of Object.values(mapping)) if (typeof value === 'string' && value.startsWith('#') && !follow(value)) return undefined;
    for (const child of Object.values(record)) stack.push(child);
  }
  return out;
}
