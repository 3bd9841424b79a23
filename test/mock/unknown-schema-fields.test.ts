import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractProblems } from '../../conformance/contract-check.js';
import { servedNotice } from '../../src/cli/readiness.js';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { isUnknownSchemaField } from '../../src/contract/openapi-check.js';
import { start } from '../../src/index.js';
import { checkedValidatorDocument } from '../../src/mock/validator.js';

// A field no Schema Object defines is ignored, as JSON Schema ignores an unknown keyword, and named
// to the operator; what the specification does forbid (a type it does not define) is still refused.
const FIXTURE = join(packageRoot, 'fixtures', 'constructs', 'directory', 'unknown-schema-fields.yaml');

const unknown = (instancePath: string, field = 'explode') => ({
  keyword: 'additionalProperties',
  instancePath,
  params: { additionalProperty: field },
});

describe('isUnknownSchemaField: an additional property of a Schema Object, read from its place', () => {
  it.each([
    ['/paths/~1a/get/parameters/0/schema/items', true],
    ['/paths/~1a/get/parameters/0/schema', true],
    ['/components/schemas/Vehicle', true],
    ['/components/schemas/Vehicle/properties/model', true],
    ['/components/schemas/V/allOf/1', true],
    ['/components/schemas/V/not', true],
    ['/components/schemas/V/additionalProperties', true],
    // Not schemas: a Parameter Object, an Operation, the Components Object.
    ['/paths/~1a/get/parameters/0', false],
    ['/paths/~1a/get', false],
    ['/components', false],
    ['/components/schemas/V/allOf', false],
  ])('%s: %s', (pointer, expected) => {
    expect(isUnknownSchemaField(unknown(pointer))).toBe(expected);
  });

  it('an extension or another keyword is not one', () => {
    expect(isUnknownSchemaField(unknown('/components/schemas/V', 'x-a'))).toBe(false);
    expect(isUnknownSchemaField({ ...unknown('/components/schemas/V'), keyword: 'enum' })).toBe(false);
  });
});

describe('a document with fields no Schema Object defines is served, each named once', () => {
  it('starts, answers, and says what it ignores (served().ignored, the CLI stderr)', async () => {
    const mock = await start({ port: 0, spec: FIXTURE });
    try {
      const ignored = mock.served().ignored;
      expect(ignored).toEqual([
        '#/paths/~1vehicles/get/parameters/0/schema/items (through its $ref #/paths/~1vehicles~1%7BvehicleId%7D/get/parameters/1): `explode`, `in`, `name`, `schema` are not Schema Object fields',
        '#/components/schemas/Vehicle/properties/model: `style` is not a Schema Object field',
      ]);
      expect(servedNotice(mock.served()).split('\n')).toEqual([
        'petstore-mock: unknown fields in schemas 1, paths under /',
        ...ignored.map((line) => `petstore-mock: ignored: ${line}`),
      ]);
      expect((await fetch(`${mock.url}/vehicles?field[]=information`)).status).toBe(200);
      // The runner reads the document the same way: no problem to refuse it for.
      expect(await contractProblems(await loadContract(FIXTURE))).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('a type the specification does not define is still refused, in one line with its pointer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'unknown-fields-'));
    try {
      const file = join(dir, 'typo.json');
      await writeFile(
        file,
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 't', version: '1' },
          paths: {},
          components: { schemas: { A: { type: 'integr', style: 'x' } } },
        }),
      );
      await expect(checkedValidatorDocument(await loadContract(file))).rejects.toThrow(
        /^the contract cannot be served: #\/components\/schemas\/A\/type must be equal to one of the allowed values/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
