import { afterEach, describe, expect, it } from 'vitest';
import { LOAD_FACTOR_ENV, loadFactor, MAX_FACTOR, measureLoadFactor, runQueueFactor, scaled, spinFactor } from './load-scale.js';

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
