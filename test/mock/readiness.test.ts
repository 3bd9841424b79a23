import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledContractPath, packageRoot } from '../../src/contract/paths.js';
import { isBundledContract, readinessLine } from '../../src/cli/readiness.js';

// PRODUCT.md §6: the bundled contract keeps its line; any other contract is named by its own info.
describe('the readiness line names the contract it serves', () => {
  it.each([
    ['the bundled contract', { title: 'Petstore Service Interface', version: '1.0.0', basePath: '' }, true, 'Petstore mock listening on http://127.0.0.1:4010 (Petstore Service Interface 1.0.0, base path /)'],
    ['another contract', { title: 'Tasks API', version: '2.1.0', basePath: '' }, false, 'Mock of Tasks API 2.1.0 listening on http://127.0.0.1:4010 (base path /)'],
    ['another contract under a base path', { title: 'Swagger Petstore - OpenAPI 3.0', version: '1.0.27-SNAPSHOT', basePath: '/api/v3' }, false, 'Mock of Swagger Petstore - OpenAPI 3.0 1.0.27-SNAPSHOT listening on http://127.0.0.1:4010 (base path /api/v3)'],
  ])('%s', (_name, served, bundled, line) => {
    expect(readinessLine('http://127.0.0.1:4010', served, bundled)).toBe(line);
    // What scripts read: the address after "listening on".
    expect(/listening on (http:\/\/\S+)/.exec(readinessLine('http://127.0.0.1:4010', served, bundled))?.[1]).toBe('http://127.0.0.1:4010');
  });

  it('the default and the bundled file are the bundled contract; a copy elsewhere or another file is not', () => {
    expect(isBundledContract(undefined)).toBe(true);
    expect(isBundledContract(bundledContractPath)).toBe(true);
    expect(isBundledContract(join(packageRoot, 'openapi', '..', 'openapi', 'petstore.yaml'))).toBe(true);
    expect(isBundledContract(join(packageRoot, 'fixtures', 'todo', 'openapi.yaml'))).toBe(false);
  });
});
