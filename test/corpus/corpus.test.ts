import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { HOLDOUT } from '../../fixtures/holdout/index.js';
import { contractFromText } from '../../src/contract/index.js';

// The corpus (and the hold-out set, fixtures/holdout/) is only worth something if each document is
// what SOURCES.md says: a valid OpenAPI 3.0 document that a well-kept parser accepts, that our
// contract reader indexes without throwing.
describe.each([...CORPUS, ...HOLDOUT].map((d) => [d.name, d] as const))('corpus document %s', (_name, doc) => {
  const text = readFileSync(doc.file, 'utf8');

  it('is OpenAPI 3.0 and valid for @readme/openapi-parser', async () => {
    // A JSON document parses to the same value with JSON.parse, far faster than with yaml; the test
    // below reads the text with yaml, as the kit does, so a duplicate key would still be refused there.
    const parsed: unknown = doc.file.endsWith('.json') ? JSON.parse(text) : parse(text);
    expect(parsed).toMatchObject({ openapi: expect.stringMatching(/^3\.0\./) as unknown });
    const result = await validate(structuredClone(parsed) as Parameters<typeof validate>[0]);
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });

  it('is indexed by the contract reader with the operations the list says', async () => {
    const contract = await contractFromText(text, doc.file);
    expect(contract.operations).toHaveLength(doc.operations);
    if (doc.features.includes('base-path')) expect(contract.basePath).not.toBe('');
    if (doc.features.includes('http-basic'))
      expect(
        [...contract.securitySchemes.values()].some((s) => s.type === 'http' && s.scheme.toLowerCase() === 'basic'),
      ).toBe(true);
    if (doc.features.includes('oauth2'))
      expect([...contract.securitySchemes.values()].some((s) => s.type === 'oauth2')).toBe(true);
  });
});
