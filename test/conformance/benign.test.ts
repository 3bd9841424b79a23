import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { startDefectProxy } from '../../fixtures/broken/proxy.js';
import { BENIGN_VARIATIONS, originOf, type BenignVariation } from '../../fixtures/broken/benign.js';
import { failures, run } from './helpers.js';
import { bundledWorkflows } from '../workflows/helpers.js';
import { scaled } from '../load-scale.js';

/** Every check, rule and workflow that passes: the cells a benign variation must pass again. */
const passedCells = (r: Awaited<ReturnType<typeof run>>): string[] =>
  r.results
    .filter((x) => x.status === 'passed')
    .map((x) => `${x.operation} › ${x.check}`)
    .sort();

/** A run through the variation in front of `target`, and how many exchanges it changed. */
async function throughVariation(
  target: string,
  variation: BenignVariation,
): Promise<{ report: Awaited<ReturnType<typeof run>>; changed: number }> {
  let changed = 0;
  const gate = variation.gate?.();
  const proxy = await startDefectProxy(target, {
    name: variation.name,
    description: variation.why,
    operation: '-',
    check: '-',
    request: (req) => {
      const refused = gate?.(req);
      if (refused) changed++;
      return refused ?? req;
    },
    response: async (req, res) => {
      const out = await variation.response(req, res, originOf(req));
      if (JSON.stringify(out) !== JSON.stringify(res) || variation.name === 'slow') changed++;
      return out;
    },
  });
  try {
    return { report: await run(proxy.url, { extra: { documents: [await bundledWorkflows()] } }), changed };
  } finally {
    await proxy.close();
  }
}

/**
 * No false alarms: each benign variation (fixtures/broken/benign.ts) in front of the mock passes
 * everything the clean mock passes, workflows included, and is judged on as many cells.
 */
describe('benign variations pass the gate', () => {
  let mock: RunningMock;
  let clean: Awaited<ReturnType<typeof run>>;
  // The variations that wait (rate limiters with Retry-After 1 s and 2 s): each on a mock of its own,
  // started with the suite, so that their waits overlap the other variations' runs.
  const waiting = BENIGN_VARIATIONS.filter((v) => v.waits === true);
  const started = new Map<string, Promise<{ report: Awaited<ReturnType<typeof run>>; changed: number } | Error>>();
  const own: RunningMock[] = [];

  beforeAll(async () => {
    mock = await start({ port: 0 });
    for (const variation of waiting) {
      const fresh = await start({ port: 0 });
      own.push(fresh);
      // Held as a value until its test reads it: a failure is the test's, never an unhandled rejection.
      started.set(
        variation.name,
        throughVariation(fresh.url, variation).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
      );
    }
    clean = await run(mock.url, { extra: { documents: [await bundledWorkflows()] } });
  }, scaled(120_000));
  afterAll(async () => {
    await Promise.all([...started.values()]);
    await Promise.all([mock, ...own].map((m) => m?.close()));
  });

  it('the clean mock passes', () => {
    expect(failures(clean)).toEqual([]);
  });

  const judge = (outcome: { report: Awaited<ReturnType<typeof run>>; changed: number }): void => {
    expect(outcome.changed, 'the variation was applied').toBeGreaterThan(5);
    expect(failures(outcome.report)).toEqual([]);
    // Nothing judged before is skipped now: a variation must not hide a check either.
    // Cell by cell: every check, rule and workflow the clean mock passes passes here too.
    expect(passedCells(outcome.report)).toEqual(passedCells(clean));
    expect(outcome.report.summary.passed).toBe(clean.summary.passed);
  };

  it.each(BENIGN_VARIATIONS.filter((v) => v.waits !== true).map((v) => [v.name, v] as const))(
    '%s',
    { timeout: scaled(120_000) },
    async (_name, variation) => {
      judge(await throughVariation(mock.url, variation));
    },
  );

  it.each(waiting.map((v) => [v.name] as const))(
    '%s (on a mock of its own, beside the others)',
    { timeout: scaled(180_000) },
    async (name) => {
      const outcome = await started.get(name);
      if (outcome === undefined) throw new Error(`${name} was not started`);
      if (outcome instanceof Error) throw outcome;
      judge(outcome);
    },
  );

  // Another implementation's data: empty at start, or many more records under another seed.
  it.each([
    ['an empty store', { pets: 0 }],
    ['300 pets under another seed', { pets: 300, seed: 7 }],
  ] as const)('%s', { timeout: scaled(120_000) }, async (_name, options) => {
    const other = await start({ port: 0, ...options });
    try {
      const report = await run(other.url, { extra: { documents: [await bundledWorkflows()] } });
      expect(failures(report)).toEqual([]);
      expect(report.summary.failed).toBe(0);
      expect(report.summary.passed).toBeGreaterThan(clean.summary.passed * 0.9);
    } finally {
      await other.close();
    }
  });
});
