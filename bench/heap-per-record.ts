/**
 * What the mock keeps, counted rather than timed: `node --expose-gc dist/bench/heap-per-record.js [N]`
 * starts the mock in this process and prints one JSON line with
 * - the heap retained per created pet and per placed order (heapUsed after full collections,
 *   before and after N requests, divided by N);
 * - the heap the journal retains per entry when every request carries a 60 KB body (each entry
 *   keeps at most BODY_CAP characters of it);
 * - the CPU time of a `GET /pets?limit=20` with 100 pets and with 100,000 (a page is a slice of
 *   the id index, so the two should be close).
 * Peak RSS under load is not this: it is garbage waiting for a mark-compact (see the README).
 */
import { Agent, request } from 'node:http';
import { start } from '../src/index.js';

const N = Number(process.argv[2] ?? 20_000);
const CONCURRENCY = 8;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  process.stderr.write('run with node --expose-gc\n');
  process.exit(2);
}
const collect = (): number => {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
};

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(base: string, method: string, path: string, body?: string): Promise<number> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { accept: 'application/json', 'x-api-key': 'dev-key' };
    if (body !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `count` requests, CONCURRENCY at a time; returns the statuses seen. */
async function many(count: number, next: (i: number) => Promise<number>): Promise<Set<number>> {
  const statuses = new Set<number>();
  for (let i = 0; i < count; i += CONCURRENCY) {
    for (const s of await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - i) }, (_, j) => next(i + j))))
      statuses.add(s);
  }
  return statuses;
}

/** Heap bytes retained per request of `next`, after a warm-up of the same requests. */
async function retainedPer(
  count: number,
  next: (i: number) => Promise<number>,
): Promise<{ bytes: number; statuses: number[] }> {
  await many(Math.min(count, 2000), next);
  const before = collect();
  const statuses = await many(count, next);
  return { bytes: Math.round((collect() - before) / count), statuses: [...statuses] };
}

const mock = await start({ port: 0 });
const pet = await retainedPer(N, (i) =>
  send(mock.url, 'POST', '/pets', JSON.stringify({ name: `Rex ${i}`, categoryId: 1 })),
);
await send(mock.url, 'PUT', '/store/inventory/1', JSON.stringify({ quantity: 1_000_000 }));
const order = await retainedPer(N, () =>
  send(mock.url, 'POST', '/store/orders', JSON.stringify({ petId: 1, quantity: 1 })),
);

// The journal (200 entries by default): fill it with small requests, then with 60 KB bodies (refused
// with 400, journaled all the same); the difference per entry is what a big body costs it.
const small = JSON.stringify({ name: 'Rex', categoryId: 1 });
const big = JSON.stringify({ name: 'Rex', categoryId: 1, notes: 'x'.repeat(60_000) });
const journalSize = 200;
await many(journalSize, () => send(mock.url, 'POST', '/pets', small));
const withSmall = collect();
const bigStatuses = await many(journalSize, () => send(mock.url, 'POST', '/pets', big));
const journalBytesPerBigEntry = Math.round((collect() - withSmall) / journalSize);
await mock.close();

/** Process CPU microseconds per list request (client and server both here; the same client for both stores). */
async function listCpu(pets: number): Promise<number> {
  const m = await start({ port: 0, pets });
  const list = () => send(m.url, 'GET', '/pets?limit=20');
  await many(500, list);
  const cpu = process.cpuUsage();
  await many(2000, list);
  const used = process.cpuUsage(cpu);
  await m.close();
  return Math.round((used.user + used.system) / 2000);
}
const listCpuSmallUs = await listCpu(100);
const listCpuBigUs = await listCpu(100_000);
agent.destroy();

process.stdout.write(
  `${JSON.stringify({
    n: N,
    heapPerPetBytes: pet.bytes,
    petStatuses: pet.statuses,
    heapPerOrderBytes: order.bytes,
    orderStatuses: order.statuses,
    journalBytesPerBigEntry,
    bigBodyStatuses: [...bigStatuses],
    listCpuUsAt100Pets: listCpuSmallUs,
    listCpuUsAt100000Pets: listCpuBigUs,
  })}\n`,
);
