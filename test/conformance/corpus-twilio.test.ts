import { describe, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { judgeOnPrism } from './corpus-prism.js';

const twilio = CORPUS.find((d) => d.name === 'twilio-api-v2010');

describe('Twilio API v2010 served by Prism, all its operations', () => {
  it('twilio-api-v2010: no internal error, every operation exercised, exactly the failures where Prism breaks the contract', async () => {
    if (!twilio) throw new Error('twilio-api-v2010 is missing from fixtures/corpus');
    await judgeOnPrism(twilio.name, twilio.file);
  }, 600_000);
});
