import { Random } from '../contract/index.js';

/**
 * The mock's own dice (latency, chaos): the kernel's seeded PRNG (mulberry32), one per app, so
 * runs with the same seed and the same request sequence draw the same numbers.
 */
export function seededRandom(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}
