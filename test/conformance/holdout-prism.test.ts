import { describe, it } from 'vitest';
import { holdoutOnPrism } from './holdout-prism.js';
import { scaled } from '../load-scale.js';

// The hold-out set served by Prism (issue 19's "done when"): Lob here; OpenAI, Miro, Pinterest and
// Clerk in files of their own so that vitest runs them side by side. Stripe is not
// served by Prism within the suite's limits (README, "The hold-out set served by Prism").
describe('the runner on hold-out contracts served by Prism', () => {
  it.each(['lob-v1'])(
    '%s: no internal error, every operation exercised, exactly the expected failures',
    (name) => holdoutOnPrism(name),
    scaled(300_000),
  );
});
