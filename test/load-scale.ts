import { availableParallelism, loadavg } from 'node:os';

/**
 * How much slower than an otherwise idle machine the suite runs now: the factor every time limit of
 * the suite is multiplied by (vitest's testTimeout and hookTimeout in vitest.config.ts, and the limits
 * tests pass themselves: `scaled(ms)`). A limit exists to end a hung test, not to judge the machine's
 * speed: on a machine whose cores other work keeps busy, a test that is correct but starved of CPU
 * must not fail on time. What a test means (an order, a count, the report naming a timeout) is
 * asserted exactly, at any load; only the time it may take stretches.
 *
 * The factor is the larger of two measures, each ≥ 1:
 * - the run queue: (cores + 1-minute load average) / cores, i.e. how many runnable threads share a core
 *   (an idle machine: 1; one CPU-bound process beside us on 2 cores: 1.5; load 20 on 2 cores: 11);
 * - a 100 ms CPU-bound loop's wall time over its CPU time: the share of a core a busy thread gets
 *   right now. The load average is an average over a minute and lags a load that has just started;
 *   this loop does not.
 * clamped to MAX_FACTOR, so a hung test still ends. `TEST_TIME_SCALE=<n>` sets a floor (CI on a
 * machine known to be slow). It is measured once, by vitest.config.ts in the main process, and handed
 * to the test workers in the environment (LOAD_FACTOR_ENV), so every file uses the same figure; a
 * worker may raise it (never lower it) from the load average when its file starts, for load that
 * arrived during the run.
 */
export const LOAD_FACTOR_ENV = 'VITEST_LOAD_FACTOR';
export const MAX_FACTOR = 12;

const clamp = (x: number): number => Math.min(MAX_FACTOR, Math.max(1, Number.isFinite(x) ? x : 1));

/** (cores + load average) / cores, over the last minute. 1 where the platform has no load average (Windows: 0). */
export function runQueueFactor(): number {
  const cores = availableParallelism();
  return clamp((cores + (loadavg()[0] ?? 0)) / cores);
}

/** A busy loop of `ms` of wall time: wall time over the CPU time this thread got in it. */
export function spinFactor(ms = 100): number {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let x = 0;
  while (performance.now() - t0 < ms) x += Math.sqrt(x + 1);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // Only this thread runs here (the config is loaded before any worker starts), so user + system is its CPU time.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return x < 0 ? 1 : clamp(wall / Math.max(cpuMs, 1));
}

function floor(): number {
  const given = Number(process.env['TEST_TIME_SCALE']);
  return Number.isFinite(given) && given > 0 ? given : 1;
}

/** The factor measured now (both measures, see above), never below TEST_TIME_SCALE. */
export function measureLoadFactor(): number {
  return clamp(Math.max(floor(), runQueueFactor(), spinFactor()));
}

/**
 * The factor for this process: the one vitest.config.ts measured and put in the environment, raised
 * by the load average now if that is higher; measured afresh where nobody did (a script run alone).
 */
export function loadFactor(): number {
  const handed = Number(process.env[LOAD_FACTOR_ENV]);
  if (Number.isFinite(handed) && handed >= 1) return clamp(Math.max(handed, runQueueFactor()));
  const measured = measureLoadFactor();
  process.env[LOAD_FACTOR_ENV] = measured.toFixed(2);
  return measured;
}

/** A time limit (ms) for a test, hook, child process or request, stretched by the machine's load. */
export function scaled(ms: number, factor = loadFactor()): number {
  return Math.ceil(ms * factor);
}
