// fixtures/holdout/stripe-v1.yaml (2.8 MB, 384 operations): the mock does not start on it yet (its
// start-up runs for more than 15 minutes with the event loop blocked). Serving it is issue 22's lazy
// engine; until then this is a visible to-do, never a pass. Run it by hand:
// `SELF_CONSISTENCY_STRIPE=1 npx vitest run test/self-consistency/holdout-stripe.test.ts`.
import { describe, it } from 'vitest';
import { selfConsistentFile } from './suite.js';

if (process.env['SELF_CONSISTENCY_STRIPE'] === '1') describe('self-consistency: holdout-stripe', () => selfConsistentFile('holdout-stripe', 1_800_000));
else it.todo('stripe-v1: the mock does not start on it yet (start-up blocks for over 15 minutes: issue 22)');
