// What the specification allows and forbids (issue 29 item 4), on the construct fixtures of
// fixtures/constructs/spec/: both halves accept relative URLs and a templated operationRef, and
// both refuse a 3.1 schema outside the JSON Schema 2020-12 dialect, naming where.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { contractProblems } from '../../conformance/contract-check.js';

const fixture = (name: string): string => join(packageRoot, 'fixtures', 'constructs', 'spec', name);

describe('the OpenAPI-schema check follows the specification', () => {
  it.each(['relative-urls-3.1.yaml', 'operation-ref-template.yaml'])(
    '%s: the mock starts and the runner finds nothing wrong',
    async (name) => {
      expect(await contractProblems(await loadContract(fixture(name)))).toEqual([]);
      const mock = await start({ port: 0, spec: fixture(name) });
      await mock.close();
    },
  );

  it('a 3.1 schema with `type: strng` is refused by both halves, with its JSON pointer', async () => {
    const where = '#/components/schemas/Task/properties/title/type';
    const problems = await contractProblems(await loadContract(fixture('schema-type-typo-3.1.yaml')));
    expect(problems[0]).toBe(
      `${where} must be equal to one of the allowed values (allowed: array, boolean, integer, null, number, object, string)`,
    );
    await expect(start({ port: 0, spec: fixture('schema-type-typo-3.1.yaml') })).rejects.toThrow(
      `the contract cannot be served: ${where} must be equal to one of the allowed values (array, boolean, integer, null, number, object, string)`,
    );
  });
});
