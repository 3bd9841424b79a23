// fixtures/holdout/stripe-v1.yaml (2.8 MB, 384 operations): the mock starts on it now (issue 22: in
// seconds, about 300 MB) and answers every operation within 700 MB, but the runner's judgement of
// it has not been measured inside the 10 minutes the issue asks on this (shared, loaded) machine,
// and its disagreements are not listed in open-disagreements.ts yet. Until then this is a visible
// to-do, never a pass. Run it by hand:
// `SELF_CONSISTENCY_STRIPE=1 npx vitest run test/self-consistency/holdout-stripe.test.ts`.
import { describe, it } from 'vitest';
import { selfConsistentFile } from './suite.js';

if (process.env['SELF_CONSISTENCY_STRIPE'] === '1') describe('self-consistency: holdout-stripe', () => selfConsistentFile('holdout-stripe', 1_800_000));
else it.todo('stripe-v1: the mock starts and answers every operation (issue 22); the run is not yet timed within 10 minutes nor its disagreements listed');
