import { describe, it } from 'vitest';
import { halfOfOperations } from './corpus-prism.js';
import { holdoutOnPrism } from './holdout-prism.js';

// Clerk's 192 operations in two halves grouped by resource path (one took over 6 minutes under load), each in a file of its own.
describe('the runner on a hold-out contract served by Prism', () => {
  it('clerk-frontend-api (1 of 2): no internal error, every operation exercised, exactly the expected failures', () => holdoutOnPrism('clerk-frontend-api', 'clerk-frontend-api (1 of 2)', halfOfOperations(0)), 420_000);
});
