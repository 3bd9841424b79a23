/** One document's outcome in the suite's table: what must hold, in a form that compares exactly. */
import { join } from 'node:path';
import { expect } from 'vitest';
import { SWEEP_DEFAULTS, sweepDocument, type DocumentOutcome } from '../../bench/sweep/document.js';
import { packageRoot } from '../../src/contract/index.js';

export interface TableRow {
  readonly stage: DocumentOutcome['stage'];
  /** Plain GETs answered 5xx, of those sent. */
  readonly fiveXx: string;
  /** Each failing result, `check › operation`, sorted. */
  readonly failures: readonly string[];
}

export const rowOf = (o: DocumentOutcome): TableRow => ({
  stage: o.stage,
  fiveXx: `${o.plainGets5xx}/${o.plainGets}`,
  failures: o.failedKeys,
});

/**
 * A construct of fixtures/constructs/directory/ swept as `npm run sweep` sweeps a document: the mock
 * starts, no plain GET answers 5xx, the runner judges something and finds no failure.
 */
export async function expectCleanSweep(name: string): Promise<void> {
  const outcome = await sweepDocument(
    name,
    join(packageRoot, 'fixtures', 'constructs', 'directory', name),
    SWEEP_DEFAULTS,
  );
  expect({
    stage: outcome.stage,
    reason: outcome.reason,
    fiveXx: outcome.fiveXx,
    failures: outcome.failures,
  }).toEqual({ stage: 'ok', reason: undefined, fiveXx: [], failures: [] });
  expect(outcome.judged).toBeGreaterThan(0);
}
