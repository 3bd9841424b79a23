/**
 * A CPU profile per test file, for `vitest.profile.config.ts` only (never part of `npm test`): V8's
 * sampling profiler (node:inspector) started before the file's tests and stopped after them, written
 * to test-artifacts/cpu-profiles/<file>-<pid>.cpuprofile (or $CPU_PROFILE_DIR), to open in Chrome's
 * DevTools or read with any .cpuprofile tool. Samples are wall-clock: on a loaded machine, time a
 * thread waits for a core counts against whatever it was running, so read shares, not seconds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const session = new Session();

beforeAll(async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 }); // µs
  await session.post('Profiler.start');
});

afterAll(async () => {
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const dir = process.env['CPU_PROFILE_DIR'] ?? join(process.cwd(), 'test-artifacts', 'cpu-profiles');
  mkdirSync(dir, { recursive: true });
  const file = basename(expect.getState().testPath ?? 'unknown');
  writeFileSync(join(dir, `${file}-${process.pid}.cpuprofile`), JSON.stringify(profile));
});
