/**
 * What judging costs the proxy, per exchange, in CPU time (process.cpuUsage: a figure the machine's
 * load inflates far less than latency). The proxy judges each exchange on its event loop, in batches
 * of at most half a millisecond (conformance/proxy/server.ts): this says how many exchanges such a
 * batch holds. The traffic is the overhead bench's three GETs, recorded through the proxy.
 *
 *   npm run build && node dist/bench/proxy-judge-cost.js [EXCHANGES=3000] [ROUNDS=3]
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startProxy } from '../conformance/proxy/server.js';
import { bundledContractPath, loadContract } from '../src/contract/index.js';
import { start } from '../src/index.js';

export interface JudgeCost {
  readonly exchanges: number;
  /** CPU microseconds per exchange, one figure per round (the first includes compiling the validators). */
  readonly cpuUsPerExchange: readonly number[];
}

export async function measureJudgeCost(count: number, rounds: number): Promise<JudgeCost> {
  const contract = await loadContract(bundledContractPath);
  const mock = await start({ port: 0 });
  const proxy = await startProxy({ contract, upstream: mock.url, port: 0, retain: true });
  const paths = ['/pets?limit=5', '/pets/1', '/categories'];
  try {
    for (let i = 0; i < count; i++)
      await (
        await fetch(`${proxy.url}${paths[i % paths.length]}`, { headers: { accept: 'application/json' } })
      ).arrayBuffer();
  } finally {
    await proxy.close();
    await mock.close();
  }
  const cpuUsPerExchange: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const tally = proxy.judge.tally({});
    const before = process.cpuUsage();
    for (const t of proxy.exchanges) tally.add(t);
    const used = process.cpuUsage(before);
    cpuUsPerExchange.push((used.user + used.system) / proxy.exchanges.length);
  }
  return { exchanges: proxy.exchanges.length, cpuUsPerExchange };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await measureJudgeCost(Number(process.argv[2] ?? 3000), Number(process.argv[3] ?? 3));
  process.stdout.write(
    `judging ${result.exchanges} recorded Petstore exchanges: ${result.cpuUsPerExchange.map((us) => us.toFixed(0)).join(', ')} µs of CPU per exchange (round by round); load average ${loadavg()[0]?.toFixed(1) ?? '?'}\n`,
  );
}
