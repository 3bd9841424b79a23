/**
 * What "4 shards merged equal the whole run" asserts (issue 32), shared by the files that measure it
 * (test/traffic/shard.test.ts on small documents, test/self-consistency/holdout-clerk.test.ts on Clerk).
 */
import { expect } from 'vitest';
import type { ShardEquivalence } from '../../bench/shard-equivalence.js';
import type { RunReport } from '../../conformance/types.js';

/** Result for result and in order, the same messages, coverage and exit code. */
export function expectShardsEqualWhole(result: ShardEquivalence): void {
  expect(result.mergedCells).toEqual(result.wholeCells);
  // The same exchanges, so the same messages, but for the server's clock: a Date header (RFC 9110
  // §6.6.1) read seconds apart.
  const said = (r: RunReport): string[] =>
    r.results.map((x) => x.message.replace(/\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/g, '<date>'));
  expect(said(result.merged)).toEqual(said(result.whole));
  expect(result.merged.coverage).toEqual(result.whole.coverage);
  expect(result.mergedExit).toBe(result.wholeExit);
}
