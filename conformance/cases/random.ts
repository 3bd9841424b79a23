/** The runner's seeded PRNG is the kernel's (src/contract/sample/dice.ts): one stream per run, forked per part. */
export { Random } from '../../src/contract/index.js';
