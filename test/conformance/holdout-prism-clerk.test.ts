import { afterAll, beforeAll, describe, it } from 'vitest';
import { halfOfOperations, type ServedByPrism } from './corpus-prism.js';
import { holdoutOnPrism, serveHoldout } from './holdout-prism.js';
import { scaled } from '../load-scale.js';

// Clerk's 192 operations in two halves grouped by resource path (one run of all took over 6 minutes
// under load), both sent to one Prism: its mock is stateless, so a second Prism on the same
// document would only repeat its start (5 s of CPU) and the validators it compiles.
describe('the runner on a hold-out contract served by Prism', () => {
  let served: ServedByPrism | undefined;
  beforeAll(async () => {
    served = await serveHoldout('clerk-frontend-api');
  }, scaled(300_000));
  afterAll(async () => {
    await served?.prism.close();
  });

  it(
    'clerk-frontend-api (1 of 2): no internal error, every operation exercised, exactly the expected failures',
    () => holdoutOnPrism('clerk-frontend-api', 'clerk-frontend-api (1 of 2)', halfOfOperations(0), served),
    scaled(420_000),
  );
  it(
    'clerk-frontend-api (2 of 2): no internal error, every operation exercised, exactly the expected failures',
    () => holdoutOnPrism('clerk-frontend-api', 'clerk-frontend-api (2 of 2)', halfOfOperations(1), served),
    scaled(420_000),
  );
});
