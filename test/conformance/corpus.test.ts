import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { EXPECTED, judgeOnPrism, PRISM } from './corpus-prism.js';

// The 197-operation Twilio API v2010 runs on all its operations in its own file (corpus-twilio.test.ts).
const HERE = CORPUS.filter((d) => d.name !== 'twilio-api-v2010');

describe('the runner on real contracts served by Prism', () => {
  it('has a reason for every check Prism is expected to fail', () => {
    const reasons = Object.values(PRISM).join('\n');
    for (const check of new Set(Object.values(EXPECTED).flat())) expect(reasons, check).toContain(check);
    for (const doc of CORPUS) expect(EXPECTED[doc.name], doc.name).toBeDefined();
  });

  it.each(HERE.map((d) => [d.name, d] as const))('%s: no internal error, every operation exercised, exactly the failures where Prism breaks the contract', async (name, doc) => judgeOnPrism(name, doc.file), 180_000);
});
