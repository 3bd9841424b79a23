import { describe, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { PRISM_EXPECTED } from './corpus-prism-expected.js';
import { expectTwoSided, runOnPrism } from './corpus-prism.js';

// PayPal Invoicing v2 and Catalogs Products v1 (20 and 4 operations) served by Prism, in a file of their own (corpus.test.ts says why).
describe('the runner on PayPal contracts served by Prism', () => {
  it.each(CORPUS.filter((d) => d.name.startsWith('paypal-')).map((d) => [d.name, d] as const))(
    '%s: no internal error, every operation exercised, exactly the expected failures',
    async (name, doc) => expectTwoSided(name, await runOnPrism(doc), PRISM_EXPECTED[name]),
    300_000,
  );
});
