import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dereferencePlain, plainLocalRefs } from '../../src/contract/local-refs.js';
import { bundledContractPath } from '../../src/contract/paths.js';
import { YAML_OPTIONS } from '../../src/contract/yaml-options.js';
import { scaled } from '../load-scale.js';

const root = join(import.meta.dirname, '..', '..');
// The resolver express-openapi-validator bundles with (its own copy, json-schema-ref-parser 14).
const validatorsResolver = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))(
  '@apidevtools/json-schema-ref-parser',
) as { bundle(document: unknown): Promise<unknown> };
const contracts = [
  bundledContractPath,
  ...['corpus', 'holdout', 'versions'].flatMap((dir) =>
    readdirSync(join(root, 'fixtures', dir))
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .map((f) => join(root, 'fixtures', dir, f)),
  ),
];

/** The resolver's result, as load.ts would have had it. */
const byResolver = async (document: unknown): Promise<unknown> =>
  $RefParser.dereference(structuredClone(document) as Parameters<typeof $RefParser.dereference>[0], {
    resolve: { external: false },
  });

/** Ours, or undefined when the document is not of the plain kind. */
function byPlain(document: unknown): unknown {
  const copy = structuredClone(document);
  const targets = plainLocalRefs(copy);
  if (!targets) return undefined;
  dereferencePlain(copy as object, targets);
  return copy;
}

/**
 * The same graph: equal values at the same paths, and the same sharing (two paths reach one
 * object in `a` exactly when they reach one object in `b`), cycles included.
 */
function sameGraph(
  a: unknown,
  b: unknown,
  path = '#',
  pairs = new Map<object, object>(),
  back = new Map<object, object>(),
): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} ≠ ${String(b)}`;
  if (pairs.has(a) || back.has(b))
    return pairs.get(a) === b && back.get(b) === a ? undefined : `${path}: shared differently`;
  pairs.set(a, b);
  back.set(b, a);
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array and object`;
  const keys = Object.keys(a);
  if (keys.join('\0') !== Object.keys(b).join('\0'))
    return `${path}: keys ${keys.join(',')} ≠ ${Object.keys(b).join(',')}`;
  for (const key of keys) {
    const differs = sameGraph(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}/${key}`,
      pairs,
      back,
    );
    if (differs) return differs;
  }
  return undefined;
}

describe('plain local references replaced without json-schema-ref-parser (src/contract/local-refs.ts)', () => {
  it("gives the resolver's result, sharing and cycles included, on every contract of the corpus, hold-out and versions sets that qualifies", {
    timeout: scaled(300_000),
  }, async () => {
    const plain: string[] = [];
    for (const file of contracts) {
      const text = readFileSync(file, 'utf8');
      // A JSON document parses to the same value either way, far faster with JSON.parse (Discord's
      // 1.2 MB: 351 ms with yaml, 9 ms); the kit's own reading of each, with yaml, is tested elsewhere.
      const document: unknown = file.endsWith('.json') ? JSON.parse(text) : parse(text, YAML_OPTIONS);
      const ours = byPlain(document);
      if (ours === undefined) continue;
      plain.push(file.slice(root.length + 1));
      expect(sameGraph(ours, await byResolver(document)), file).toBeUndefined();
      // Such a document is its own bundle: operation-validators.ts hands it to the validator as is.
      const bundled = structuredClone(document);
      expect(await validatorsResolver.bundle(bundled), file).toBe(bundled);
      expect(sameGraph(bundled, document), file).toBeUndefined();
    }
    // The bundled contract qualifies (its start-up is what this is for), and more than it.
    expect(plain).toContain('openapi/petstore.yaml');
    expect(plain.length).toBeGreaterThan(contracts.length / 2);
  });

  const doc = (schemas: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas },
    ...extra,
  });

  it.each([
    [
      'a cycle (a schema that refers to itself)',
      doc({ Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } }),
    ],
    [
      'references in arrays, and several to one place',
      doc({
        A: { type: 'string' },
        B: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/A' }] },
        C: { items: { $ref: '#/components/schemas/B' } },
        D: { allOf: { $ref: '#/components/schemas/B/oneOf' } },
      }),
    ],
    [
      'escaped tokens (~0, ~1) and braces',
      doc(
        { 'a/b~c': { type: 'integer' }, R: { $ref: '#/components/schemas/a~1b~0c' } },
        { paths: { '/p/{id}': { get: { responses: {} } } }, 'x-op': { $ref: '#/paths/~1p~1{id}/get' } },
      ),
    ],
    [
      'a property named $ref (a schema, not a reference)',
      doc({ A: { type: 'object', properties: { $ref: { type: 'string' } } } }),
    ],
  ])('replaces %s as the resolver does', async (_name, document) => {
    const ours = byPlain(document);
    expect(ours).toBeDefined();
    expect(sameGraph(ours, await byResolver(document))).toBeUndefined();
  });

  it.each([
    [
      'a $ref with siblings (3.1 merges them)',
      doc({ A: { type: 'string' }, B: { $ref: '#/components/schemas/A', description: 'd' } }),
    ],
    [
      'an indirection (a reference to a reference)',
      doc({ A: { type: 'string' }, B: { $ref: '#/components/schemas/A' }, C: { $ref: '#/components/schemas/B' } }),
    ],
    [
      'a pointer through a reference',
      doc({
        A: { properties: { x: { type: 'string' } } },
        B: { $ref: '#/components/schemas/A' },
        C: { $ref: '#/components/schemas/B/properties/x' },
      }),
    ],
    ['a percent-encoded pointer', doc({ 'a b': { type: 'string' }, C: { $ref: '#/components/schemas/a%20b' } })],
    ['a reference to the whole document', doc({ C: { $ref: '#' } })],
    ['a pointer that reaches nothing', doc({ C: { $ref: '#/components/schemas/Missing' } })],
    ['a pointer to an inherited name', doc({ C: { $ref: '#/components/schemas/constructor' } })],
    [
      'a reference to a value that is not an object',
      doc({ A: { type: 'string' }, C: { $ref: '#/components/schemas/A/type' } }),
    ],
    ['an external reference', doc({ C: { $ref: 'other.yaml#/A' } })],
    [
      'a $id (a new base for references)',
      doc({ A: { $id: 'https://example.com/a', type: 'string' }, C: { $ref: '#/components/schemas/A' } }),
    ],
    [
      'a $schema',
      doc({
        A: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'string' },
        C: { $ref: '#/components/schemas/A' },
      }),
    ],
  ])('leaves %s to the resolver', (_name, document) => {
    expect(plainLocalRefs(structuredClone(document))).toBeUndefined();
  });
});
