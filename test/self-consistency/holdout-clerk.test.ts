// fixtures/holdout/clerk-frontend-api.yml (192 operations: form and multipart bodies, cookie and
// query API keys, server variables), and the shard equality of issue 32 on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUITE_TIMEOUT_MS, type SelfConsistencyResult } from '../../bench/self-consistency.js';
import { shardEquivalence, startMockFor } from '../../bench/shard-equivalence.js';
import { HOLDOUT } from '../../fixtures/holdout/index.js';
import type { RunningMock } from '../../src/index.js';
import { scaled } from '../load-scale.js';
import { expectShardsEqualWhole } from '../traffic/shard-expect.js';
import { selfConsistentFile } from './suite.js';

const clerk = HOLDOUT.find((d) => d.name === 'clerk-frontend-api');

describe('self-consistency: holdout-clerk', () => {
  // One mock for the whole run and the four shards, reset to its seeded state before each run.
  let mock: RunningMock | undefined;
  let whole: SelfConsistencyResult | undefined;
  beforeAll(async () => {
    if (clerk) mock = await startMockFor(clerk.file);
  }, scaled(120_000));
  afterAll(async () => {
    await mock?.close();
  });

  selfConsistentFile('holdout-clerk', 900_000, {
    mock: () => mock,
    onResult: (result) => {
      whole = result;
    },
  });

  // Issue 32: CI's matrix of 4 jobs joined by `merge` gives the whole run's report. The whole run is
  // the self-consistency run above (the same document, workflows, credentials, seed and examples, from
  // the same seeded state); each shard judges its share and replays the other shares' writes. Here on
  // Clerk (was Stripe, whose four shards cost 27 s of CPU, a second whole run of the suite's largest
  // document: `npx vitest run test/self-consistency/holdout-stripe.test.ts` with and without them,
  // 52.8 and 25.9 s; Clerk's four: about 9 s, `node dist/bench/shard-equivalence.js
  // fixtures/holdout/clerk-frontend-api.yml 4 3`). The Petstore's matrix runs through the CLI in
  // test/traffic/shard.test.ts and docs/traffic.md's recipes in test/readme/ci-recipe.test.ts.
  it('clerk-frontend-api as 4 shards merged equals the whole run, result for result', {
    timeout: scaled(900_000),
  }, async () => {
    if (!clerk) throw new Error('clerk-frontend-api is not among the holdout documents');
    const result = await shardEquivalence(clerk.file, {
      n: 4,
      timeoutMs: scaled(SUITE_TIMEOUT_MS),
      ...(mock ? { mock } : {}),
      // Without the run above (a filtered run of this test alone), shardEquivalence makes the whole run itself.
      ...(whole ? { whole: whole.report } : {}),
    });
    expect(result.sizes.every((size) => size > 0)).toBe(true);
    expect(result.wholeCells.length).toBeGreaterThan(2000);
    expectShardsEqualWhole(result);
  });
});
