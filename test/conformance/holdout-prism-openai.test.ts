import { describe, it } from 'vitest';
import { holdoutOnPrism } from './holdout-prism.js';
import { scaled } from '../load-scale.js';

// One hold-out document served by Prism, in a file of its own (holdout-prism.test.ts says why).
describe('the runner on a hold-out contract served by Prism', () => {
  it(
    'openai-v1: no internal error, every operation exercised, exactly the expected failures',
    () => holdoutOnPrism('openai-v1'),
    scaled(420_000),
  );
});
