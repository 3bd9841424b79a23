/**
 * CLI start-up alone (`npm run build && node dist/bench/startup-cli.js [ROUNDS=6]`): the mock's CLI
 * and a bare Express app (bench/servers/fixed-body.ts) started in fresh processes, alternately, each
 * timed from spawn to its first answer as bench/run.ts times them; the process's CPU time at that
 * answer (Linux /proc) beside it, which a loaded machine distorts less than wall time. Prints the
 * medians and the median of the per-round ratios, ours over Express, as one JSON line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFixed, startOurs, type RunningTarget } from './targets.js';

const ROUNDS = Number(process.argv[2] ?? 6);
const dir = mkdtempSync(join(tmpdir(), 'startup-cli-'));
const bodies = join(dir, 'bodies.json');
// The probe the fixed server answers (targets.ts startFixed asks GET /pets).
writeFileSync(bodies, JSON.stringify({ 'GET /pets': { status: 200, body: '[]' } }));

/** User + system CPU of a process so far, in ms (Linux); NaN elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime (fields 14 and 15 of stat) in clock ticks, 100 a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const starters = [
  ['ours', () => startOurs()],
  ['express', () => startFixed('express', bodies)],
] as const;
const wall: Record<string, number[]> = { ours: [], express: [] };
const cpu: Record<string, number[]> = { ours: [], express: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, start] of round % 2 === 0 ? starters : [...starters].reverse()) {
      const target: RunningTarget = await start();
      cpu[name]!.push(cpuMs(target.pid));
      wall[name]!.push(target.startupMs);
      await target.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const ratio = (xs: Record<string, number[]>): number => median(xs['ours']!.map((ours, i) => ours / xs['express']![i]!));
const round1 = (n: number): number => Math.round(n * 10) / 10;
process.stdout.write(
  `${JSON.stringify({
    rounds: ROUNDS,
    oursMs: round1(median(wall['ours']!)),
    expressMs: round1(median(wall['express']!)),
    ratio: Math.round(ratio(wall) * 100) / 100,
    oursCpuMs: round1(median(cpu['ours']!)),
    expressCpuMs: round1(median(cpu['express']!)),
    cpuRatio: Math.round(ratio(cpu) * 100) / 100,
  })}\n`,
);
