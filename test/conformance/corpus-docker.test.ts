import { describe, it } from 'vitest';
import { VERSIONED_CORPUS } from '../../fixtures/corpus/index.js';
import { PRISM_EXPECTED } from './corpus-prism-expected.js';
import { expectTwoSided, runOnPrism } from './corpus-prism.js';
import { scaled } from '../load-scale.js';

// docker-engine-2.0 (108 operations) served by Prism, in a file of its own (corpus-versions.test.ts says why).
describe('the runner on docker-engine-2.0 served by Prism', () => {
  it(
    'docker-engine-2.0: no internal error, every operation exercised, exactly the expected failures',
    async () => {
      const doc = VERSIONED_CORPUS.find((d) => d.name === 'docker-engine-2.0');
      if (!doc) throw new Error('docker-engine-2.0 is not in the corpus');
      expectTwoSided('docker-engine-2.0', await runOnPrism(doc), PRISM_EXPECTED['docker-engine-2.0']);
    },
    scaled(400_000),
  );
});
