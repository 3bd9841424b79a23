import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS, VERSIONED_CORPUS } from '../../fixtures/corpus/index.js';
import { PRISM_EXPECTED, PRISM_REFUSES } from './corpus-prism-expected.js';
import { expectTwoSided, runOnPrism, WHY } from './corpus-prism.js';
import { prismHost } from '../../fixtures/servers/prism-host.js';
import { scaled } from '../load-scale.js';

/**
 * The runner on the 3.0 documents of fixtures/corpus/ served by Prism's mock, two-sided: each
 * expected failure (with its reason) must happen, and nothing else may fail (corpus-prism.ts).
 * The other files: corpus-ory, corpus-paypal, corpus-twilio-api (Twilio API v2010, all 197 operations in
 * two halves), corpus-versions, corpus-discord, corpus-docker; vitest runs them side by side.
 */
const HERE = [
  'oai-petstore-expanded',
  'oai-uspto',
  'oai-link-example',
  'oai-api-with-examples',
  'oai-callback-example',
  'swagger-petstore-v3',
  'twilio-studio-v2',
];

describe('the runner on real contracts served by Prism', () => {
  // The documents are served one after another by one Prism process (fixtures/servers/prism-host.ts), each as `prism mock` serves it.
  const prisms = prismHost({ checkOwnAnswers: false });
  afterAll(async () => {
    await prisms.close();
  });

  it('has an expectation, or a refusal, for every corpus document, and a reason for every entry', () => {
    for (const doc of CORPUS) {
      const keys = doc.name === 'twilio-api-v2010' ? [`${doc.name} (1 of 2)`, `${doc.name} (2 of 2)`] : [doc.name];
      for (const key of keys) expect(PRISM_EXPECTED[key], key).toBeDefined();
    }
    for (const doc of VERSIONED_CORPUS)
      expect(PRISM_EXPECTED[doc.name] ?? PRISM_REFUSES[doc.name], doc.name).toBeDefined();
    for (const entry of Object.values(PRISM_EXPECTED).flatMap((e) => e.prism))
      expect(WHY[entry.why], entry.check).toBeTruthy();
    // Every 3.0 document is run by one of the files: here, corpus-ory, corpus-paypal, corpus-twilio-api.
    const elsewhere = (name: string): boolean =>
      name.startsWith('ory-') || name.startsWith('paypal-') || name === 'twilio-api-v2010';
    expect(CORPUS.filter((d) => !HERE.includes(d.name) && !elsewhere(d.name)).map((d) => d.name)).toEqual([]);
  });

  it.each(CORPUS.filter((d) => HERE.includes(d.name)).map((d) => [d.name, d] as const))(
    '%s: no internal error, every operation exercised, exactly the expected failures',
    async (name, doc) => expectTwoSided(name, await runOnPrism(doc, undefined, prisms), PRISM_EXPECTED[name]),
    scaled(300_000),
  );
});
