import { describe, it } from 'vitest';
import { VERSIONED_CORPUS } from '../../fixtures/corpus/index.js';
import { PRISM_EXPECTED } from './corpus-prism-expected.js';
import { expectTwoSided, runOnPrism } from './corpus-prism.js';
import { scaled } from '../load-scale.js';

// discord-3.1 (242 operations) served by Prism, in a file of its own (corpus-versions.test.ts says why).
describe('the runner on discord-3.1 served by Prism', () => {
  it(
    'discord-3.1: no internal error, the operations it can reach exercised, exactly the expected failures',
    async () => {
      const doc = VERSIONED_CORPUS.find((d) => d.name === 'discord-3.1');
      if (!doc) throw new Error('discord-3.1 is not in the corpus');
      expectTwoSided('discord-3.1', await runOnPrism(doc), PRISM_EXPECTED['discord-3.1']);
    },
    scaled(400_000),
  );
});
