// fixtures/holdout/stripe-v1.yaml (2.8 MB, 384 operations): the mock starts on it now (issue 22: in
// seconds, about 300 MB), but answering every operation does not fit yet: express-openapi-validator
// compiles the components each response reaches again per operation × status × media type (README,
// "The lazy engine"), so a run passes 1.7 GB and 20 minutes. Until then this is a visible to-do,
// never a pass. Run it by hand:
// `SELF_CONSISTENCY_STRIPE=1 npx vitest run test/self-consistency/holdout-stripe.test.ts`.
import { describe, it } from 'vitest';
import { selfConsistentFile } from './suite.js';

if (process.env['SELF_CONSISTENCY_STRIPE'] === '1') describe('self-consistency: holdout-stripe', () => selfConsistentFile('holdout-stripe', 1_800_000));
else it.todo('stripe-v1: the mock starts, but validating every operation passes 1.7 GB and 20 minutes (express-openapi-validator recompiles shared components per response: issue 22)');
