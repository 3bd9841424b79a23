import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractProblems } from '../../conformance/contract-check.js';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { numericExclusiveBound, openApiSchemaErrors } from '../../src/contract/openapi-check.js';
import { start } from '../../src/index.js';

// A 3.0 document whose exclusive bounds are numbers (JSON Schema 2020-12 Validation §6.2.3 / §6.2.5,
// zod-to-OpenAPI's `positive()`), not OAS 3.0.3 §4.7.24's booleans: read as the bound by both halves.
const FIXTURE = join(packageRoot, 'fixtures', 'constructs', 'directory', 'numeric-exclusive-bound-in-3-0.yaml');

const boolError = (instancePath: string) => ({ keyword: 'type', instancePath, params: { type: 'boolean' } });

describe('numericExclusiveBound: a number where OAS 3.0 takes a boolean', () => {
  const document = { a: { exclusiveMinimum: 0, exclusiveMaximum: '5' }, b: { exclusiveMaximum: 10 } };
  it.each([
    ['/a/exclusiveMinimum', true],
    ['/b/exclusiveMaximum', true],
    // A string is no bound at all: still refused.
    ['/a/exclusiveMaximum', false],
    ['/a/minimum', false],
  ])('%s: %s', (pointer, expected) => {
    expect(numericExclusiveBound(boolError(pointer), document) !== undefined).toBe(expected);
  });

  it('another keyword at the same place is not one', () => {
    expect(numericExclusiveBound({ ...boolError('/a/exclusiveMinimum'), keyword: 'enum' }, document)).toBe(undefined);
  });
});

describe('a 3.0 document with numeric exclusive bounds', () => {
  it('the runner finds no problem with it, and a string bound is still one', async () => {
    const contract = await loadContract(FIXTURE);
    expect(await contractProblems(contract)).toEqual([]);
    const broken = structuredClone(contract.document) as unknown as {
      openapi: string;
      components: { schemas: { Widget: { properties: { id: Record<string, unknown> } } } };
    };
    broken.components.schemas.Widget.properties.id['exclusiveMinimum'] = '0';
    expect((await openApiSchemaErrors(broken)).length).toBeGreaterThan(0);
  });

  it('the mock serves it and enforces each bound as exclusive', async () => {
    const mock = await start({ port: 0, spec: FIXTURE });
    try {
      expect((await fetch(`${mock.url}/widgets/0`)).status).toBe(400);
      expect([200, 404]).toContain((await fetch(`${mock.url}/widgets/1`)).status);
      const create = (weight: number) =>
        fetch(`${mock.url}/widgets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'w', weight }),
        });
      expect((await create(0)).status).toBe(400);
      expect((await create(1000)).status).toBe(400);
      expect((await create(999.5)).status).toBe(201);
    } finally {
      await mock.close();
    }
  });
});
