import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { layerOf, validatorDocument } from '../../src/mock/validator-document.js';

// Operations sharing one path and method (AWS's `POST /#X-Amz-Target=…`) beyond the first are
// validated through a document of their own. A copy of the whole document per operation cost
// seconds each on amazonaws.com/ec2 (594 actions on `/`, 4.7 MB): each copy now holds that one
// operation and the components it reaches.
const FIXTURE = join(packageRoot, 'fixtures', 'constructs', 'directory', 'shared-path-fragments.yaml');

describe("a later layer's validator document holds its one operation and what it reaches", () => {
  it('ListThings: one path, one method, only the components it names', async () => {
    const contract = await loadContract(FIXTURE);
    const list = contract.operations.find((o) => o.id === 'ListThings')!;
    const describeSuggesters = contract.operations.find((o) => o.id === 'DescribeSuggesters')!;
    expect(layerOf(contract, list)).toBe(1);
    const { document, pathKeys } = validatorDocument(contract, 1, list);
    expect(Object.keys(document.paths)).toEqual(['/']);
    expect(Object.keys(document.paths['/']!).filter((k) => k !== 'parameters')).toEqual(['post']);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(['Problem']);
    expect([...pathKeys]).toEqual([['post /#X-Amz-Target=Things.ListThings', '/']]);
    const other = validatorDocument(contract, layerOf(contract, describeSuggesters), describeSuggesters).document;
    expect(Object.keys(other.paths['/']!).filter((k) => k !== 'parameters')).toEqual(['get']);
    expect(other.components?.schemas ?? {}).toEqual({});
  });
});
