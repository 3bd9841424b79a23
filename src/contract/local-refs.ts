import { isRecord } from './guards.js';

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** A `$ref` as json-schema-ref-parser recognises one (its `$Ref.is$Ref`): an object whose `$ref` is a non-empty string. */
const isRef = (value: unknown): value is { $ref: string } =>
  isRecord(value) && typeof value['$ref'] === 'string' && value['$ref'].length > 0;

/**
 * A plain local pointer: `#/a/b`, of printable ASCII that a URL fragment keeps as written (not
 * space, `"`, `<`, `>`, `` ` ``: WHATWG URL's fragment percent-encode set), without `%` (nothing
 * for the resolver's percent-decoding to change), `\` (which it may turn into `/`) or a second
 * `#`. Written like this, a reference is the same string after the resolvers' URL resolution, and
 * its tokens are RFC 6901's alone.
 */
const PLAIN_POINTER = /^#(?:\/[\w\-.~!$&'()*+,;=:@?{}|^[\]]*)+$/;

/**
 * The targets of a document's references, when every one is of the kind whose resolution does not
 * depend on the resolver's finer rules; else undefined (the caller then uses
 * json-schema-ref-parser). Every `$ref` must be a plain local pointer (above), alone in its object
 * (no sibling keys, which 3.1 allows and the resolver merges), reaching an object through plain
 * objects and arrays (no `$ref` on the way, whose target the resolver would follow) that is not
 * itself a `$ref` (an indirection the resolver follows). No `$id` or `$schema` anywhere: they set
 * the base that references resolve against (JSON Schema 2020-12 §8.2.1, draft-04's `id`).
 */
export function plainLocalRefs(document: unknown): Map<object, object> | undefined {
  if (!isContainer(document) || isRef(document)) return undefined;
  const targets = new Map<object, object>();
  const seen = new Set<object>();
  const stack: Container[] = [document];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (!Array.isArray(node) && (typeof node['$id'] === 'string' || typeof node['$schema'] === 'string'))
      return undefined;
    for (const value of Object.values(node)) {
      if (!isContainer(value)) continue;
      if (isRef(value)) {
        if (targets.has(value)) continue;
        const target = plainTarget(document, value);
        if (target === undefined) return undefined;
        targets.set(value, target);
      } else stack.push(value);
    }
  }
  return targets;
}

function plainTarget(document: Container, ref: { $ref: string }): object | undefined {
  if (Object.keys(ref).length !== 1 || !PLAIN_POINTER.test(ref.$ref)) return undefined;
  let node: unknown = document;
  // RFC 6901 §4: ~1 is '/', then ~0 is '~'.
  for (const token of ref.$ref
    .slice(2)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    if (!isContainer(node) || isRef(node)) return undefined;
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) return undefined;
      node = node[Number(token)];
    } else {
      if (!Object.hasOwn(node, token)) return undefined;
      node = node[token];
    }
  }
  return isContainer(node) && !isRef(node) ? node : undefined;
}

/**
 * Replaces, in place, every reference of `document` by its target (from plainLocalRefs), as
 * json-schema-ref-parser's `dereference` does for such a document: every reference to one place
 * becomes that one object, and a reference to an enclosing object makes a cycle.
 */
export function dereferencePlain(document: object, targets: ReadonlyMap<object, object>): void {
  const seen = new Set<object>();
  const stack: Container[] = [document as Container];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const key of keys) {
      const value: unknown = (node as Record<string | number, unknown>)[key];
      if (!isContainer(value)) continue;
      const target = targets.get(value);
      if (target !== undefined) (node as Record<string | number, unknown>)[key] = target;
      stack.push((target ?? value) as Container);
    }
  }
}

/**
 * Keywords whose values are data, not document structure: a `$ref` key inside them is a value, and a
 * pointer through one reaches a value, not a schema (JSON Schema Validation §6.1.2, §6.1.3, §9.2, §9.5;
 * OAS 3.0.3 §4.7.24).
 */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * Kept beside a `$ref`: `nullable`, which the kit reads as "the reference or null" in both halves
 * (nullable.ts: real 3.0 documents write it there, and their services answer null).
 */
const KEPT_BESIDE_REF = new Set(['$ref', 'nullable']);

/** Keys whose values are maps of names (a property may be called `default` or `example`). */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'schemas', 'definitions', '$defs']);

/**
 * Removes, in place, the keys written beside a `$ref` in an OpenAPI 3.0 (or upgraded Swagger 2.0)
 * document: "This object cannot be extended with additional properties and any properties added
 * SHALL be ignored" (OAS 3.0.3 §4.7.26; JSON Reference, Swagger 2.0 likewise). Left in place, the
 * resolver would merge them into the target (`{$ref: …Request, type: string}` read as a string body,
 * where the mock's validator reads the object); `nullable` stays (KEPT_BESIDE_REF). Data (examples, defaults, enums) and extensions are
 * not walked: a `$ref` key there is a value. 3.1 keeps siblings (its Schema Object applies them).
 */
export function dropReferenceSiblings(document: unknown): void {
  const seen = new Set<object>();
  const stack: Array<{ readonly node: unknown; readonly names: boolean }> = [{ node: document, names: false }];
  while (stack.length > 0) {
    const { node, names } = stack.pop()!;
    if (!isContainer(node) || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, names: false });
      continue;
    }
    if (!names && isRef(node)) {
      for (const key of Object.keys(node)) if (!KEPT_BESIDE_REF.has(key)) Reflect.deleteProperty(node, key);
      continue;
    }
    for (const [key, value] of Object.entries(node))
      if (names || (!DATA_KEYWORDS.has(key) && !key.startsWith('x-')))
        stack.push({ node: value, names: !names && NAME_MAPS.has(key) });
  }
}
