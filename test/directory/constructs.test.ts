// Construct fixtures (fixtures/constructs/directory/) for the classes of failure the directory
// sweep found, each swept as `npm run sweep` sweeps a document (bench/sweep/document.ts): the mock
// starts, no plain GET answers 5xx, and the runner finds nothing wrong with the mock.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { sweepDocument, SWEEP_DEFAULTS } from '../../bench/sweep/document.js';

const CONSTRUCTS = [
  // A fragment in a path key is not sent: the runner sent `/groups#clientToken?clientToken=…`, so no query arrived.
  'fragment-in-path.yaml',
  // A number with format int32: the mock generated 425.8 and refused its own answer (500).
  'number-int32.yaml',
  // A custom method after a path parameter: the item's parameter took `x:setIamPolicy`, so POST got 405.
  'custom-method.yaml',
];

describe('directory constructs: runner against mock', () => {
  it.each(CONSTRUCTS)('%s: mock starts, no 5xx, no failure', async (name) => {
    const outcome = await sweepDocument(name, join(packageRoot, 'fixtures', 'constructs', 'directory', name), SWEEP_DEFAULTS);
    expect({ stage: outcome.stage, reason: outcome.reason, fiveXx: outcome.fiveXx, failures: outcome.failures }).toEqual({ stage: 'ok', reason: undefined, fiveXx: [], failures: [] });
    expect(outcome.judged).toBeGreaterThan(0);
  });
});
