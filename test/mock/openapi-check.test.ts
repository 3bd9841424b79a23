import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OpenAPISchemaValidator } from 'express-openapi-validator/dist/framework/openapi.schema.validator.js';
import { openApiCheckSource, type CheckedFamily } from '../../scripts/openapi-check-source.js';
import { openApiSchemaErrors } from '../../src/contract/openapi-check.js';

const root = join(import.meta.dirname, '..', '..');
const generated = (family: CheckedFamily): string => join(root, 'src', 'generated', `openapi-${family}-check.ts`);

describe('the precompiled OpenAPI-schema check', () => {
  it.each(['3.0', '3.1'] as const)(
    'src/generated/openapi-%s-check.ts is what the installed validator and ajv compile (OPENAPI_CHECK_UPDATE=1 rewrites it)',
    (family) => {
      const source = openApiCheckSource(family);
      if (process.env['OPENAPI_CHECK_UPDATE'] === '1') writeFileSync(generated(family), source);
      expect(readFileSync(generated(family), 'utf8')).toBe(source);
    },
  );

  // Every document of the corpus and the hold-out set, and each broken in ways the schema refuses:
  // the precompiled check gives the errors express-openapi-validator's own check gives, in order.
  const documents: [string, Record<string, unknown>][] = [];
  for (const folder of ['fixtures/corpus', 'fixtures/holdout', 'openapi']) {
    for (const name of readdirSync(join(root, folder))) {
      if (!/\.(ya?ml|json)$/.test(name) || name.includes('arazzo')) continue;
      const text = readFileSync(join(root, folder, name), 'utf8');
      if (text.length > 1_000_000) continue; // Stripe: the same constructs, minutes of compile here
      const doc: unknown = name.endsWith('.json') ? JSON.parse(text) : parse(text);
      if (typeof doc === 'object' && doc !== null && 'openapi' in doc && /^3\.[01]\./.test(String(doc.openapi)))
        documents.push([`${folder}/${name}`, doc as Record<string, unknown>]);
    }
  }
  const broken = (doc: Record<string, unknown>): Record<string, unknown>[] => [
    { ...doc, info: undefined },
    { ...doc, 'not-an-extension': true },
    {
      ...doc,
      paths: { '/x': { get: { responses: { '200': { description: 1 } } }, parameters: [{ name: 'a', in: 'body' }] } },
    },
    { ...doc, servers: [{ url: 5 }], tags: 'no' },
  ];
  it('agrees with express-openapi-validator on every corpus document and broken variants', async () => {
    expect(documents.length).toBeGreaterThan(10);
    for (const [name, doc] of documents) {
      const version = String(doc['openapi']);
      const original = new OpenAPISchemaValidator({ version, validateApiSpec: true });
      for (const [i, variant] of [doc, ...broken(doc)].entries()) {
        const plain = JSON.parse(JSON.stringify(variant)) as Record<string, unknown>;
        const expected =
          original.validate(plain as unknown as Parameters<OpenAPISchemaValidator['validate']>[0]).errors ?? [];
        // The broken variants are refused: the comparison is between real errors.
        if (i > 0) expect(expected.length, name).toBeGreaterThan(0);
        const got = await openApiSchemaErrors(plain);
        expect(got, name).toEqual(expected);
      }
    }
  });

  it('leaves a version the validator refuses to the validator (same error)', async () => {
    for (const version of ['2.0', '3.0', '4.0.0']) {
      let expected: unknown;
      try {
        new OpenAPISchemaValidator({ version, validateApiSpec: true });
      } catch (error) {
        expected = error;
      }
      await expect(openApiSchemaErrors({ openapi: version })).rejects.toEqual(expected);
    }
  });
});
