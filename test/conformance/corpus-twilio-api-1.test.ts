import { describe, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { PRISM_EXPECTED } from './corpus-prism-expected.js';
import { expectTwoSided, halfOfOperations, runOnPrism } from './corpus-prism.js';

// Twilio API v2010 (197 operations) served by Prism: half 1 of its operations, grouped by resource
// (/2010-04-01/Accounts/{AccountSid}/<resource>…) so a create and the reads of what it made stay
// together; the other half is corpus-twilio-api-2.test.ts, run side by side.
describe('the runner on Twilio API v2010 served by Prism, half 1', () => {
  it('twilio-api-v2010 (1 of 2): no internal error, every operation exercised, exactly the expected failures', async () => {
    const doc = CORPUS.find((d) => d.name === 'twilio-api-v2010');
    if (!doc) throw new Error('twilio-api-v2010 is not in the corpus');
    const name = 'twilio-api-v2010 (1 of 2)';
    expectTwoSided(name, await runOnPrism(doc, halfOfOperations(0)), PRISM_EXPECTED[name]);
  }, 400_000);
});
