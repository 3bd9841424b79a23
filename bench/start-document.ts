/**
 * One document's load and mock start-up, timed apart, in this process (`npm run build && node
 * --max-old-space-size=3072 dist/bench/start-document.js FILE`): `loadContract` (what the sweep's
 * worker does for the runner), then `start({ port: 0 })` (the mock loads it again and builds its
 * engine), then the process's CPU time and memory. One JSON line. The sweep's huge documents
 * (docs/directory.md, "Start-up on the largest documents") were measured with it.
 */
import { cpuUsage, memoryUsage } from 'node:process';
import { loadContract } from '../src/contract/index.js';
import { start } from '../src/index.js';

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write('usage: node dist/bench/start-document.js FILE\n');
  process.exit(2);
}
const began = performance.now();
const contract = await loadContract(file);
const loaded = performance.now();
const mock = await start({ port: 0, spec: file });
const started = performance.now();
const cpu = cpuUsage();
const memory = memoryUsage();
await mock.close();
process.stdout.write(
  `${JSON.stringify({
    file,
    operations: contract.operations.length,
    loadMs: Math.round(loaded - began),
    startMs: Math.round(started - loaded),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    heapMB: Math.round(memory.heapUsed / 1e6),
    rssMB: Math.round(memory.rss / 1e6),
  })}\n`,
);
