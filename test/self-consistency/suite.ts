/**
 * The self-consistency suite's one test per document, shared by the files of this folder: one file
 * per group so that vitest runs them in parallel, the big documents in a file each.
 */
import { expect, it } from 'vitest';
import {
  describeFailures,
  disagreementKey,
  selfConsistency,
  SUITE_TIMEOUT_MS,
  type SelfConsistencyResult,
} from '../../bench/self-consistency.js';
import type { RunningMock } from '../../src/index.js';
import { CORPUS, VERSIONED_CORPUS } from '../../fixtures/corpus/index.js';
import { HOLDOUT } from '../../fixtures/holdout/index.js';
import { CONTRACT_DEFECTS } from './contract-defects.js';
import { OPEN_DISAGREEMENTS } from './open-disagreements.js';
import { scaled } from '../load-scale.js';

export interface SuiteDocument {
  readonly name: string;
  readonly file: string;
  readonly set: 'corpus' | 'holdout';
}

export const DOCUMENTS: readonly SuiteDocument[] = [
  ...[...CORPUS, ...VERSIONED_CORPUS].map((d) => ({ name: d.name, file: d.file, set: 'corpus' as const })),
  ...HOLDOUT.map((d) => ({ name: d.name, file: d.file, set: 'holdout' as const })),
];

/** The big documents, each in its own file (the name of the file, without .test.ts); the rest go to `corpus-small` / `holdout-medium`. */
export const OWN_FILE: Readonly<Record<string, string>> = {
  'ory-kratos': 'corpus-ory',
  'ory-hydra': 'corpus-ory',
  'twilio-api-v2010': 'corpus-twilio-api',
  'discord-3.1': 'corpus-versions-large',
  'docker-engine-2.0': 'corpus-versions-large',
  'stripe-v1': 'holdout-stripe',
  'pinterest-v5': 'holdout-pinterest',
  'clerk-frontend-api': 'holdout-clerk',
};

/** The file that runs a document. */
export const fileOf = (doc: SuiteDocument): string =>
  OWN_FILE[doc.name] ?? (doc.set === 'corpus' ? 'corpus-small' : 'holdout-medium');

/** For a file that runs more on its document: the mock to run on (else a fresh one), and each run's result. */
export interface SelfConsistencyHooks {
  readonly mock?: () => RunningMock | undefined;
  readonly onResult?: (result: SelfConsistencyResult) => void;
}

/**
 * The runner with every credential, composed as the CLI composes it, against the mock on the same
 * document: 0 failed results but the documented contract defects. Each file calls this with its name.
 */
export function selfConsistentFile(file: string, timeoutMs: number, hooks: SelfConsistencyHooks = {}): void {
  const docs = DOCUMENTS.filter((d) => fileOf(d) === file);
  it(`${file} runs at least one document`, () => expect(docs.length).toBeGreaterThan(0));
  for (const doc of docs) {
    const open = new Set(OPEN_DISAGREEMENTS[doc.name] ?? []);
    const title =
      open.size === 0
        ? `${doc.name}: the runner finds no fault in the mock`
        : `${doc.name}: the runner finds no fault in the mock beyond the ${open.size} open disagreement(s) of issue 18`;
    it(
      title,
      async () => {
        // A request the mock answers slowly because other work holds the cores is no fault of the mock:
        // the per-request limit stretches with the load (test/load-scale.ts), as the test's own limit does.
        const mock = hooks.mock?.();
        const result = await selfConsistency(doc.name, doc.file, {
          defects: CONTRACT_DEFECTS,
          timeoutMs: scaled(SUITE_TIMEOUT_MS),
          ...(mock ? { mock } : {}),
        });
        hooks.onResult?.(result);
        // A document of webhooks only (OAS 3.1) has no operation to judge; any other must be judged.
        if (result.operations > 0) expect(result.judged, `${doc.name}: the run judged nothing`).toBeGreaterThan(0);
        // Open disagreements (open-disagreements.ts) are known bugs of one half, still to fix: they are
        // listed, never passed. Any other failure is a new disagreement and fails the suite.
        const fresh = result.disagreements.filter((d) => !open.has(disagreementKey(d)));
        const gone = [...open].filter((key) => !result.disagreements.some((d) => disagreementKey(d) === key));
        if (gone.length > 0)
          console.log(
            `${doc.name}: ${gone.length} open disagreement(s) no longer seen; remove them from open-disagreements.ts: ${gone.join('; ')}`,
          );
        expect(
          fresh.length,
          `${doc.name}: ${fresh.length} new failed result(s) (check › operation: message):\n${describeFailures(fresh)}`,
        ).toBe(0);
      },
      scaled(timeoutMs),
    );
  }
}
