import { afterEach, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOAD_FACTOR_ENV,
  loadFactor,
  MAX_FACTOR,
  measureLoadFactor,
  runQueueFactor,
  scaled,
  spinFactor,
} from './load-scale.js';
import { unscaledLimits } from './unscaled-limits.js';

const saved = { handed: process.env[LOAD_FACTOR_ENV], floor: process.env['TEST_TIME_SCALE'] };
const restore = (name: string, value: string | undefined): void => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};
afterEach(() => {
  restore(LOAD_FACTOR_ENV, saved.handed);
  restore('TEST_TIME_SCALE', saved.floor);
});

describe('time limits stretched with the machine load (test/load-scale.ts)', () => {
  it('scales a limit by the factor, rounding up', () => {
    expect(scaled(30_000, 1)).toBe(30_000);
    expect(scaled(1000, 2.5)).toBe(2500);
    expect(scaled(333, 1.5)).toBe(500);
  });

  it('each measure is at least 1 and at most MAX_FACTOR', () => {
    for (const f of [runQueueFactor(), spinFactor(20), measureLoadFactor()]) {
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThanOrEqual(MAX_FACTOR);
    }
  });

  it('TEST_TIME_SCALE is a floor, still clamped', () => {
    process.env['TEST_TIME_SCALE'] = '3';
    expect(measureLoadFactor()).toBeGreaterThanOrEqual(3);
    process.env['TEST_TIME_SCALE'] = '1000';
    expect(measureLoadFactor()).toBe(MAX_FACTOR);
  });

  it('a worker uses the figure the config handed it, raised by the load average, never lowered', () => {
    process.env[LOAD_FACTOR_ENV] = '5';
    expect(loadFactor()).toBeGreaterThanOrEqual(5);
    process.env[LOAD_FACTOR_ENV] = '1';
    // The load average moves only every 5 s: one reading each side of the call brackets it.
    const before = runQueueFactor();
    const factor = loadFactor();
    expect(factor).toBeGreaterThanOrEqual(Math.min(before, runQueueFactor()));
  });
});

describe('no test of the suite keeps a bare time limit (issue 31, item 8)', () => {
  it('finds one where it is written, and none in the suite', async () => {
    expect(
      unscaledLimits(
        'x.test.ts',
        "it('a', async () => {}, 60_000);\nbeforeAll(() => {}, scaled(9000));\nawait expect.poll(f, { timeout: 5000 }).toBe(1);\nit.each([[1000]])('%s', { timeout: 2000 }, () => {});",
      ),
    ).toEqual(['x.test.ts:1: 60_000', 'x.test.ts:3: 5000', 'x.test.ts:4: 2000']);
    const root = join(dirname(fileURLToPath(import.meta.url)), '..');
    const listed = await Promise.all(
      ['test', 'src', 'conformance'].map(async (dir) =>
        (await readdir(join(root, dir), { recursive: true })).map((f) => `${dir}/${f.split('\\').join('/')}`),
      ),
    );
    // The suite's files and their helpers; the soak's one long limit is its length (vitest.soak.config.ts).
    const files = listed
      .flat()
      .filter((f) =>
        f.startsWith('test/') ? f.endsWith('.ts') && !f.startsWith('test/soak/') : f.endsWith('.test.ts'),
      );
    const found = (
      await Promise.all(files.map(async (f) => unscaledLimits(f, await readFile(join(root, f), 'utf8'))))
    ).flat();
    // A limit is there to end a hung test, and a loaded machine is not a hung test: write scaled(ms).
    expect(found).toEqual([]);
  });
});
