/**
 * A big contract's start-up and memory (issue 22): `node dist/bench/big-contract.js SPEC [all]`
 * starts the mock in this process on SPEC with credentials (bearer `t`, basic `u:p`, API key `k`),
 * prints the time to listening and the RSS; with `all`, then sends each operation once (its path
 * with `x1` for every parameter, the first documented media type with an empty body) and prints
 * the time, the RSS after the last answer and the statuses. Run it under `/usr/bin/time -v` for
 * the peak RSS and the CPU time. One JSON line per phase.
 */
import { performance } from 'node:perf_hooks';

const spec = process.argv[2];
if (spec === undefined) throw new Error('usage: node dist/bench/big-contract.js SPEC [all]');
const started = performance.now();
const { start } = await import('../src/index.js');
const { loadContract } = await import('../src/contract/index.js');
const mock = await start({ port: 0, spec, tokens: ['t'], basic: ['u:p'], apiKeys: ['k'] });
const rssMb = (): number => Math.round(process.memoryUsage().rss / 1048576);
process.stdout.write(`${JSON.stringify({ readyMs: Math.round(performance.now() - started), rssReadyMb: rssMb() })}\n`);
if (process.argv[3] === 'all') {
  const contract = await loadContract(spec);
  const statuses: Record<string, number> = {};
  const sent = performance.now();
  for (const op of contract.operations) {
    const type = op.requestBody ? Object.keys(op.requestBody.content)[0] : undefined;
    const res = await fetch(`${mock.url}${contract.basePath}${op.path.replace(/\{[^}]+\}/g, 'x1')}`, {
      method: op.method.toUpperCase(),
      headers: { authorization: 'Bearer t', ...(type ? { 'content-type': type } : {}) },
      ...(type && !['get', 'head'].includes(op.method) ? { body: '' } : {}),
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  process.stdout.write(
    `${JSON.stringify({ operations: contract.operations.length, allOperationsMs: Math.round(performance.now() - sent), rssAfterAllMb: rssMb(), statuses })}\n`,
  );
}
await mock.close();
