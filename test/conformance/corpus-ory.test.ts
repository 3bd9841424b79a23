import { afterAll, describe, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { PRISM_EXPECTED } from './corpus-prism-expected.js';
import { expectTwoSided, runOnPrism } from './corpus-prism.js';
import { prismHost } from '../../fixtures/servers/prism-host.js';
import { scaled } from '../load-scale.js';

// Ory Kratos and Hydra (60 and 52 operations) served by Prism, in a file of their own (corpus.test.ts says why).
describe('the runner on Ory contracts served by Prism', () => {
  // The documents are served one after another by one Prism process (fixtures/servers/prism-host.ts), each as `prism mock` serves it.
  const prisms = prismHost({ checkOwnAnswers: false });
  afterAll(async () => {
    await prisms.close();
  });

  it.each(CORPUS.filter((d) => d.name.startsWith('ory-')).map((d) => [d.name, d] as const))(
    '%s: no internal error, every operation exercised, exactly the expected failures',
    async (name, doc) => expectTwoSided(name, await runOnPrism(doc, undefined, prisms), PRISM_EXPECTED[name]),
    scaled(300_000),
  );
});
