// fixtures/holdout/stripe-v1.yaml (2.8 MB YAML, 384 operations, form bodies with deepObject; the
// holdout copy of Stripe's 4.2 MB spec3.json): the lazy engine (issue 22) serves it. With one
// generated case per operation (`--examples 1`) the run took 314 s on this shared machine at load
// average 20+ (mock ready in 6.4 s, 4,110 results judged, 562 MB for mock and runner in one
// process); the default 3 examples was not timed (up to three times the generated cases), so 1 is
// used for it (EXAMPLES_PER_DOCUMENT in bench/self-consistency.ts, which the table script reads too).
// The shard equality of issue 32 runs on Clerk (holdout-clerk.test.ts says why).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: holdout-stripe', () => selfConsistentFile('holdout-stripe', 900_000));
