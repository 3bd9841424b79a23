/** The mock's faker is the kernel's (src/contract/sample/dice.ts), the one the sampler draws from. */
export { createFaker } from '../contract/index.js';
