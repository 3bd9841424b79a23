/**
 * The hold-out set (fixtures/holdout/) served by Prism, asserted two-sided like the corpus
 * (corpus-prism.ts). With HOLDOUT_PRISM_TABLE=1 each run also prints its counts: operations, results
 * judged, failed results, and the failing checks with counts (docs/prism.md's hold-out table names the checks).
 */
import { HOLDOUT } from '../../fixtures/holdout/index.js';
import type { Contract } from '../../src/contract/index.js';
import { expectTwoSided, runAgainstPrism, runOnPrism, servePrism, type ServedByPrism } from './corpus-prism.js';
import { HOLDOUT_PRISM_EXPECTED } from './holdout-prism-expected.js';

function holdoutDocument(name: string): (typeof HOLDOUT)[number] {
  const doc = HOLDOUT.find((d) => d.name === name);
  if (!doc) throw new Error(`${name} is not in the hold-out set`);
  return doc;
}

/** One Prism on a hold-out document, for several runs (slices of its operations) to share: Prism's mock is stateless. */
export const serveHoldout = (name: string): Promise<ServedByPrism> => servePrism(holdoutDocument(name));

/** The runner on a hold-out document served by Prism (`served`, else a Prism of its own), judged two-sided. */
export async function holdoutOnPrism(
  name: string,
  label = name,
  pick?: (contract: Contract) => readonly string[],
  served?: ServedByPrism,
): Promise<void> {
  const doc = holdoutDocument(name);
  const run = served ? await runAgainstPrism(served, pick) : await runOnPrism(doc, pick);
  if (process.env['HOLDOUT_PRISM_TABLE'] === '1') {
    const failed = run.report.results.filter((r) => r.status === 'failed');
    const byCheck = new Map<string, number>();
    for (const r of failed) byCheck.set(r.check, (byCheck.get(r.check) ?? 0) + 1);
    const checks = [...byCheck]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    console.log(
      `| ${label} | ${pick ? pick(run.contract).length : run.contract.operations.length} | ${run.report.results.length} | ${failed.length} | ${checks} |`,
    );
  }
  expectTwoSided(label, run, HOLDOUT_PRISM_EXPECTED[label]);
}
