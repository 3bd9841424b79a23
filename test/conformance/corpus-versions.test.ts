import { afterAll, describe, expect, it } from 'vitest';
import { VERSIONED_CORPUS } from '../../fixtures/corpus/index.js';
import { startPrism } from '../../fixtures/servers/prism.js';
import { PRISM_EXPECTED, PRISM_REFUSES } from './corpus-prism-expected.js';
import { expectTwoSided, runOnPrism } from './corpus-prism.js';
import { prismHost } from '../../fixtures/servers/prism-host.js';
import { scaled } from '../load-scale.js';

/**
 * The documents of other versions (3.1, 3.2, Swagger 2.0) served by Prism 5.14.2, two-sided as the
 * 3.0 corpus (corpus-prism.ts); where Prism refuses one, the refusal is asserted. Discord (242
 * operations) and Docker Engine (108) have files of their own.
 */
const LARGE = ['discord-3.1', 'docker-engine-2.0'];

describe('the runner on documents of other versions served by Prism', () => {
  // The documents are served one after another by one Prism process (fixtures/servers/prism-host.ts), each as `prism mock` serves it.
  const prisms = prismHost({ checkOwnAnswers: false });
  afterAll(async () => {
    await prisms.close();
  });

  it.each(
    VERSIONED_CORPUS.filter((d) => !LARGE.includes(d.name) && !PRISM_REFUSES[d.name]).map((d) => [d.name, d] as const),
  )(
    '%s: no internal error, exactly the expected failures',
    async (name, doc) => expectTwoSided(name, await runOnPrism(doc, undefined, prisms), PRISM_EXPECTED[name]),
    scaled(300_000),
  );

  it.each(Object.entries(PRISM_REFUSES))(
    '%s: Prism refuses to serve it, with its exit code and message',
    async (name, refusal) => {
      const doc = VERSIONED_CORPUS.find((d) => d.name === name);
      expect(doc, name).toBeDefined();
      await expect(startPrism({ mode: 'mock' }, doc?.file, 240_000)).rejects.toThrow(
        new RegExp(
          `Prism exited with ${refusal.exit} before listening:[\\s\\S]*${refusal.message.replace(/\./g, '\\.')}`,
        ),
      );
    },
    scaled(300_000),
  );
});
