import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { startDefectProxy } from '../../fixtures/broken/proxy.js';
import { BENIGN_VARIATIONS, originOf } from '../../fixtures/broken/benign.js';
import { failures, run } from './helpers.js';
import { bundledWorkflows } from '../workflows/helpers.js';
import { scaled } from '../load-scale.js';

/**
 * No false alarms: each benign variation (fixtures/broken/benign.ts) in front of the mock passes
 * everything the clean mock passes, workflows included, and is judged on as many cells.
 */
describe('benign variations pass the gate', () => {
  let mock: RunningMock;
  let clean: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    mock = await start({ port: 0 });
    clean = await run(mock.url, { extra: { documents: [await bundledWorkflows()] } });
  }, scaled(120_000));
  afterAll(async () => {
    await mock?.close();
  });

  it('the clean mock passes', () => {
    expect(failures(clean)).toEqual([]);
  });

  it.each(BENIGN_VARIATIONS.map((v) => [v.name, v] as const))(
    '%s',
    { timeout: scaled(120_000) },
    async (name, variation) => {
      let changed = 0;
      const gate = variation.gate?.();
      const proxy = await startDefectProxy(mock.url, {
        name,
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
        const report = await run(proxy.url, { extra: { documents: [await bundledWorkflows()] } });
        expect(changed, 'the variation was applied').toBeGreaterThan(5);
        expect(failures(report)).toEqual([]);
        // Nothing judged before is skipped now: a variation must not hide a check either.
        // Cell by cell: every check, rule and workflow the clean mock passes passes here too.
        const passedCells = (r: typeof clean): string[] =>
          r.results
            .filter((x) => x.status === 'passed')
            .map((x) => `${x.operation} › ${x.check}`)
            .sort();
        expect(passedCells(report)).toEqual(passedCells(clean));
        expect(report.summary.passed).toBe(clean.summary.passed);
      } finally {
        await proxy.close();
      }
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
