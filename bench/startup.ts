/**
 * In-process start-up, as a test suite sees it: run as a fresh process (`node dist/bench/startup.js
 * [APPS]`), it times `import` of the package, the first `start({ port: 0 })` and then each further
 * app from the same contract, each to its first answer, and checks that every app kept its own
 * store. Prints one JSON line; `cpuToFirstAnswerMs` is the process's CPU time from its start to the
 * first answer (import and start included).
 */
import { get } from 'node:http';

const APPS = Number(process.argv[2] ?? 10);
const mb = (bytes: number): number => Math.round((bytes / 1048576) * 10) / 10;

const importStarted = performance.now();
const { start } = await import('../src/index.js');
const importMs = performance.now() - importStarted;

// node:http, not fetch: the first fetch loads Node's fetch implementation (undici) into this very
// process, which is the client's cost, not the server's start.
function firstAnswer(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(`${url}/pets?limit=1`, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`first answer ${res.statusCode}`))));
      res.once('error', reject);
    }).once('error', reject);
  });
}

const mocks: Awaited<ReturnType<typeof start>>[] = [];
const startMs: number[] = [];
const answerMs: number[] = [];
let rssAfterFirstMb = 0;
let cpuToFirstAnswerMs = 0;
for (let i = 0; i < APPS; i++) {
  const started = performance.now();
  // Different options per app: each keeps its own seed, store size and faker.
  const mock = await start({ port: 0, seed: i + 1, pets: 10 + i });
  startMs.push(performance.now() - started);
  await firstAnswer(mock.url);
  answerMs.push(performance.now() - started);
  mocks.push(mock);
  if (i === 0) {
    rssAfterFirstMb = mb(process.memoryUsage().rss);
    // CPU, not wall time: what a loaded machine distorts least (Node's own start included).
    const cpu = process.cpuUsage();
    cpuToFirstAnswerMs = (cpu.user + cpu.system) / 1000;
  }
}

// Each app keeps its own store: a write to one shows in no other.
await fetch(`${mocks[0]!.url}/pets`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' },
  body: JSON.stringify({ name: 'Only here', categoryId: 1 }),
});
const totals = await Promise.all(
  mocks.map(async (m) => Number((await fetch(`${m.url}/pets?limit=1`)).headers.get('x-total-count'))),
);
const ownStores = totals.every((total, i) => total === 10 + i + (i === 0 ? 1 : 0));
for (const m of mocks) await m.close();

const further = answerMs.slice(1).sort((a, b) => a - b);
const round = (n: number) => Math.round(n * 10) / 10;
process.stdout.write(
  `${JSON.stringify({
    apps: APPS,
    importMs: round(importMs),
    firstStartMs: round(startMs[0]!),
    firstAnswerMs: round(answerMs[0]!),
    cpuToFirstAnswerMs: round(cpuToFirstAnswerMs),
    furtherMedianMs: round(further[Math.floor(further.length / 2)] ?? Number.NaN),
    furtherMaxMs: round(further[further.length - 1] ?? Number.NaN),
    rssAfterFirstMb,
    rssAfterAllMb: mb(process.memoryUsage().rss),
    ownStores,
  })}\n`,
);
