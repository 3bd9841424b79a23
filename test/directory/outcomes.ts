/** One document's outcome in the suite's table: what must hold, in a form that compares exactly. */
import type { DocumentOutcome } from '../../bench/sweep/document.js';

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
