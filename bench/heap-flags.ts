/**
 * V8 flags for the CLI's process, compared in one run: `node dist/bench/heap-flags.js SECONDS ROUNDS
 * FLAGS…` (each FLAGS one argument, '' for V8's defaults, e.g. '' '--heap-growing-percent=100';
 * `bin` for bin/petstore-mock.js as it is, with the flags it sets and when).
 * Each round starts the mock's CLI once per FLAGS, in turn, with those flags set by
 * `v8.setFlagsFromString` before the CLI runs (so the flags the bin script sets are replaced, not
 * added to), sends the five workloads of `npm run bench` with wrk (32 connections, SECONDS each), and
 * prints per FLAGS: RSS at ready, peak RSS (VmHWM), and the server's CPU per request
 * (/proc/PID/stat, what a loaded machine distorts least) and p99 per workload.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/contract/index.js';
import { ORDER_PET, WORKLOADS } from './workloads.js';
import { peakRssMb, rssMb, startProcess } from './targets.js';
import { runWrk } from './wrk.js';

const [seconds = '3', rounds = '2', ...configs] = process.argv.slice(2);
if (configs.length === 0) configs.push('', '--heap-growing-percent=100');
const API_KEY = 'dev-key';
const workloads = WORKLOADS;

/** User + system CPU of a process in ms (Linux: /proc/PID/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// An entry like bin/petstore-mock.js that sets the flags under test instead of the bin's own.
const entry = join(packageRoot, 'dist', 'bench', 'heap-flags-entry.tmp.js');
writeFileSync(
  entry,
  [
    "import { setFlagsFromString } from 'node:v8';",
    "setFlagsFromString(process.env.HEAP_FLAGS || '--heap-growing-percent=0');",
    "const { runCli } = await import('../src/cli/mock.js');",
    'await runCli();',
    '',
  ].join('\n'),
);

try {
  for (let round = 0; round < Number(rounds); round++) {
    for (const flags of configs) {
      process.env['HEAP_FLAGS'] = flags;
      const target = await startProcess(
        'ours',
        [flags === 'bin' ? join(packageRoot, 'bin', 'petstore-mock.js') : entry, '--port', '0'],
        (line) => /^Petstore mock listening on (http:\/\/\S+)$/.exec(line)?.[1],
        '/pets?limit=1',
      );
      // Enough stock for every order, as in bench/run.ts.
      await fetch(`${target.url}/store/inventory/${ORDER_PET}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: JSON.stringify({ quantity: 1_000_000 }),
      });
      const ready = rssMb(target.pid) ?? Number.NaN;
      const cells: string[] = [];
      let cpuSum = 0;
      for (const w of workloads) {
        const before = cpuMs(target.pid);
        const r = await runWrk(target.url, w, 32, Number(seconds), API_KEY);
        const usPerRequest = ((cpuMs(target.pid) - before) * 1000) / r.total;
        cpuSum += usPerRequest;
        cells.push(`${w.name} ${usPerRequest.toFixed(0)} µs p99 ${r.p99} ms`);
      }
      const peak = peakRssMb(target.pid) ?? Number.NaN;
      await target.stop();
      process.stdout.write(
        `[${flags || 'V8 defaults'}] round ${round + 1}: ready ${ready.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, CPU per request summed ${cpuSum.toFixed(0)} µs | ${cells.join(' | ')}\n`,
      );
    }
  }
} finally {
  rmSync(entry, { force: true });
}
