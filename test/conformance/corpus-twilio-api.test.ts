import { afterAll, beforeAll, describe, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { PRISM_EXPECTED } from './corpus-prism-expected.js';
import { expectTwoSided, halfOfOperations, runAgainstPrism, servePrism, type ServedByPrism } from './corpus-prism.js';
import { scaled } from '../load-scale.js';

// Twilio API v2010 (197 operations) served by Prism, judged in two halves of its operations, grouped
// by resource (/2010-04-01/Accounts/{AccountSid}/<resource>…) so a create and the reads of what it
// made stay together, each half with its own expectations. Prism's mock is stateless, so both halves
// share one Prism (one start-up and one load of the 1.5 MB document, not two).
describe('the runner on Twilio API v2010 served by Prism', () => {
  let served: ServedByPrism | undefined;
  beforeAll(async () => {
    const doc = CORPUS.find((d) => d.name === 'twilio-api-v2010');
    if (!doc) throw new Error('twilio-api-v2010 is not in the corpus');
    served = await servePrism(doc);
  }, scaled(300_000));
  afterAll(async () => {
    await served?.prism.close();
  });

  it.each([
    [1, 0],
    [2, 1],
  ] as const)(
    'twilio-api-v2010 (%i of 2): no internal error, every operation exercised, exactly the expected failures',
    async (n, half) => {
      if (!served) throw new Error('Prism did not start');
      const name = `twilio-api-v2010 (${n} of 2)`;
      expectTwoSided(name, await runAgainstPrism(served, halfOfOperations(half)), PRISM_EXPECTED[name]);
    },
    scaled(400_000),
  );
});
