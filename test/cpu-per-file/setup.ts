/**
 * Per-file CPU of a whole-suite run, for `vitest.cpu.config.ts` only (never part of `npm test`):
 * before and after each file, the worker's own CPU and its reaped children's (Linux /proc/self/stat
 * fields utime, stime, cutime, cstime: proc(5)), so the servers and CLIs a file spawns count too.
 * One JSON line per file in test-artifacts/cpu-per-file/<worker pid>.jsonl (or $CPU_PER_FILE_DIR).
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** [own, children] CPU seconds of this process so far. */
function cpuSeconds(): [number, number] {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return [
    (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  ];
}

let start: [number, number] = [0, 0];
let startedAt = 0;
beforeAll(() => {
  start = cpuSeconds();
  startedAt = performance.now();
});
afterAll(() => {
  const [own, children] = cpuSeconds();
  const dir = process.env['CPU_PER_FILE_DIR'] ?? join(process.cwd(), 'test-artifacts', 'cpu-per-file');
  mkdirSync(dir, { recursive: true });
  const line = {
    file: expect.getState().testPath ?? 'unknown',
    own: own - start[0],
    children: children - start[1],
    wall: (performance.now() - startedAt) / 1000,
  };
  appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
});
