import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledContractPath, packageRoot } from '../../src/contract/paths.js';
import { isBundledContract, readinessLine } from '../../src/cli/readiness.js';
import { namingTheContract } from '../../src/contract/cli-args.js';
import { run } from './cli-helpers.js';
import { scaled } from '../load-scale.js';

// PRODUCT.md §6: the bundled contract keeps its line; any other contract is named by its own info.
describe('the readiness line names the contract it serves', () => {
  it.each([
    [
      'the bundled contract',
      { title: 'Petstore Service Interface', version: '1.0.0', basePath: '' },
      true,
      'Petstore mock listening on http://127.0.0.1:4010',
    ],
    [
      'another contract',
      { title: 'Tasks API', version: '2.1.0', basePath: '' },
      false,
      'Mock of Tasks API 2.1.0 listening on http://127.0.0.1:4010',
    ],
    [
      'another contract under a base path',
      { title: 'Swagger Petstore - OpenAPI 3.0', version: '1.0.27-SNAPSHOT', basePath: '/api/v3' },
      false,
      'Mock of Swagger Petstore - OpenAPI 3.0 1.0.27-SNAPSHOT listening on http://127.0.0.1:4010',
    ],
  ])('%s', (_name, served, bundled, line) => {
    expect(readinessLine('http://127.0.0.1:4010', served, bundled)).toBe(line);
    // What scripts read: the address after "listening on".
    expect(/listening on (http:\/\/\S+)/.exec(readinessLine('http://127.0.0.1:4010', served, bundled))?.[1]).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('the default and the bundled file are the bundled contract; a copy elsewhere or another file is not', () => {
    expect(isBundledContract(undefined)).toBe(true);
    expect(isBundledContract(bundledContractPath)).toBe(true);
    expect(isBundledContract(join(packageRoot, 'openapi', '..', 'openapi', 'petstore.yaml'))).toBe(true);
    expect(isBundledContract(join(packageRoot, 'fixtures', 'todo', 'openapi.yaml'))).toBe(false);
  });
});

describe('errors about a contract name the file the user gave', () => {
  it.each([
    [
      'the contract cannot be served: #/paths/~1a x',
      'api.yaml',
      'the contract api.yaml cannot be served: #/paths/~1a x',
    ],
    [
      'the contract is not a valid OpenAPI 3.0.3 document: …',
      'specs/api.json',
      'the contract specs/api.json is not a valid OpenAPI 3.0.3 document: …',
    ],
    [
      'the contract api.yaml is Swagger "1.2"; supported: …',
      'api.yaml',
      'the contract api.yaml is Swagger "1.2"; supported: …',
    ],
    [
      'cannot read the contract nope.yaml: no such file',
      'nope.yaml',
      'cannot read the contract nope.yaml: no such file',
    ],
  ])('%s', (message, file, named) => {
    expect(namingTheContract(message, file)).toBe(named);
  });

  it(
    'petstore-mock on an invalid contract: one line naming the file, exit 2',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'named-contract-'));
      try {
        const file = join(dir, 'tasks.yaml');
        await writeFile(
          file,
          'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content: { application/json: { schema: { type: integr } } }\n',
        );
        const ran = await run(['--spec', file, '--port', '0']);
        expect(ran.code).toBe(2);
        expect(ran.stderr).toMatch(
          new RegExp(
            `^petstore-mock: the contract ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be served: #/paths/`,
          ),
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    scaled(30_000),
  );
});
