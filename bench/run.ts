/**
 * `npm run bench`: our validating mock side by side with Prism's mock and two ceilings
 * (bare Express and bare node:http answering fixed bodies of the same size), in one run,
 * on the same contract, in alternating rounds; medians are reported. Load comes from this
 * process; every server runs in a process of its own. Ratios matter, not absolute figures:
 * the machine is a noisy 2-core one.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/contract/index.js';
import { runLoad, type LoadResult, type Workload } from './load.js';
import { peakRssMb, rssMb, startFixed, startOurs, startPrism, type RunningTarget } from './targets.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    output: { type: 'string', default: join(packageRoot, 'bench', 'results', 'latest.json') },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write('npm run bench -- [--duration S=4] [--rounds N=3] [--connections C=32] [--output FILE]\n');
  process.exit(0);
}
const durationS = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const API_KEY = 'dev-key';
const ORDER_PET = 2;

const workloads: Workload[] = [
  { name: 'list', description: 'GET /pets?limit=20', requests: [{ method: 'GET', path: '/pets?limit=20' }] },
  { name: 'read', description: 'GET /pets/1 (deprecated path)', requests: [{ method: 'GET', path: '/pets/1' }] },
  { name: 'create', description: 'POST /pets', requests: [{ method: 'POST', path: '/pets', body: { name: 'Bench', categoryId: 1 } }] },
  {
    name: 'order',
    description: 'POST /store/orders (takes stock)',
    requests: [{ method: 'POST', path: '/store/orders', body: { petId: ORDER_PET, quantity: 1 } }],
  },
  {
    name: 'mixed',
    description: '80% reads (list, read) / 20% creates',
    requests: [
      { method: 'GET', path: '/pets?limit=20' },
      { method: 'GET', path: '/pets/1' },
      { method: 'GET', path: '/pets?limit=20' },
      { method: 'GET', path: '/pets/1' },
      { method: 'POST', path: '/pets', body: { name: 'Bench', categoryId: 1 } },
    ],
  },
];

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

/** The bodies the ceilings answer with: our mock's real answers, so sizes match. */
async function captureBodies(ours: RunningTarget): Promise<string> {
  const bodies: Record<string, { status: number; body: string }> = {};
  for (const w of workloads) {
    for (const r of w.requests) {
      const key = `${r.method} ${r.path.split('?')[0]}`;
      if (bodies[key]) continue;
      const { status, text } = await call(`${ours.url}${r.path}`, r.method, r.body);
      bodies[key] = { status, body: text };
    }
  }
  const file = join(packageRoot, 'bench', 'results', 'fixed-bodies.tmp.json');
  writeFileSync(file, JSON.stringify(bodies));
  return file;
}

async function runnerSeconds(): Promise<number> {
  const target = await startOurs();
  try {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [join(packageRoot, 'bin', 'petstore-conformance.js'), '--target', target.url, '--api-key', API_KEY, '--reporter', 'json'],
        { stdio: ['ignore', 'ignore', 'ignore'] },
      );
      child.once('exit', (code) => (code === 0 || code === 1 ? resolve() : reject(new Error(`runner exited ${code}`))));
    });
    return (performance.now() - started) / 1000;
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  mkdirSync(join(packageRoot, 'bench', 'results'), { recursive: true });
  const log = (line: string) => process.stderr.write(`${line}\n`);

  log('starting servers…');
  const ours = await startOurs();
  const oursReadyRssMb = rssMb(ours.pid);
  // Enough stock that every order of the run succeeds: the store grows across rounds, as users' stores do.
  await call(`${ours.url}/store/inventory/${ORDER_PET}`, 'PUT', { quantity: 1_000_000 });
  const bodiesFile = await captureBodies(ours);
  const targets: RunningTarget[] = [
    ours,
    await startPrism(),
    await startFixed('validated', bodiesFile),
    await startFixed('express', bodiesFile),
    await startFixed('http', bodiesFile),
  ];

  const samples = new Map<string, LoadResult[]>();
  for (let round = 0; round < rounds; round++) {
    for (const w of workloads) {
      // Alternate the order of targets each round so no target always runs on a warmer or cooler machine.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const t of order) {
        const r = await runLoad(t.url, w, connections, durationS, API_KEY);
        const key = `${t.name}|${w.name}`;
        samples.set(key, [...(samples.get(key) ?? []), r]);
        log(`round ${round + 1}/${rounds} ${w.name.padEnd(6)} ${t.name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx || r.errors ? `  non-2xx ${r.non2xx} errors ${r.errors}` : ''}`);
      }
    }
  }
  const rss = Object.fromEntries(targets.map((t) => [t.name, peakRssMb(t.pid)]));
  const startup = Object.fromEntries(targets.map((t) => [t.name, Math.round(t.startupMs)]));
  for (const t of targets) await t.stop();

  log('seeding 100,000 pets…');
  const big = await startOurs(['--pets', '100000']);
  const bigReadyRssMb = rssMb(big.pid);
  const bigList = await runLoad(big.url, workloads[0]!, connections, durationS, API_KEY);
  const bigRead = await runLoad(big.url, workloads[1]!, connections, durationS, API_KEY);
  const seeded = { startupMs: Math.round(big.startupMs), readyRssMb: bigReadyRssMb, peakRssMb: peakRssMb(big.pid), listRps: bigList.rps, listP99: bigList.p99, readRps: bigRead.rps, readP99: bigRead.p99 };
  await big.stop();

  log('timing the conformance runner…');
  const runnerS = await runnerSeconds().catch((e: unknown) => {
    log(`runner: ${String(e)}`);
    return undefined;
  });

  interface Stat {
    rps: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
  }
  const table = workloads.map((w) => {
    const m = (name: string): Stat => {
      const s = samples.get(`${name}|${w.name}`) ?? [];
      return { rps: median(s.map((x) => x.rps)), p50: median(s.map((x) => x.p50)), p99: median(s.map((x) => x.p99)), non2xx: s.reduce((a, x) => a + x.non2xx, 0), errors: s.reduce((a, x) => a + x.errors, 0) };
    };
    const byTarget: Record<string, Stat> = Object.fromEntries(targets.map((t) => [t.name, m(t.name)]));
    const rps = (name: string) => byTarget[name]?.rps ?? Number.NaN;
    return {
      workload: w.name,
      description: w.description,
      targets: byTarget,
      oursOverPrism: rps('ours') / rps('prism'),
      oursOverValidated: rps('ours') / rps('express+EOV'),
      oursOverExpress: rps('ours') / rps('express'),
      oursOverNode: rps('ours') / rps('node:http'),
    };
  });

  const result = {
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: (await import('node:os')).cpus().length, model: (await import('node:os')).cpus()[0]?.model },
    settings: { durationS, rounds, connections },
    workloads: table,
    startupMs: startup,
    peakRssMb: rss,
    oursReadyRssMb,
    seeded100k: seeded,
    runnerDefaultRunS: runnerS,
  };
  writeFileSync(values.output, `${JSON.stringify(result, null, 2)}\n`);

  const fmt = (n: number, d = 0) => n.toFixed(d);
  const lines = [
    `| workload | ours req/s | Prism req/s | Express+EOV req/s | Express req/s | node:http req/s | ours p50/p99 ms | Prism p50/p99 ms | ours/Prism | ours/(Express+EOV) | ours/Express | ours/node |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...table.map((row) => {
      const none: Stat = { rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, non2xx: 0, errors: 0 };
      const o = row.targets['ours'] ?? none;
      const p = row.targets['prism'] ?? none;
      const v = row.targets['express+EOV'] ?? none;
      const e = row.targets['express'] ?? none;
      const n = row.targets['node:http'] ?? none;
      return `| ${row.workload} | ${fmt(o.rps)} | ${fmt(p.rps)} | ${fmt(v.rps)} | ${fmt(e.rps)} | ${fmt(n.rps)} | ${o.p50}/${o.p99} | ${p.p50}/${p.p99} | ${fmt(row.oursOverPrism, 2)}× | ${fmt(row.oursOverValidated * 100)} % | ${fmt(row.oursOverExpress * 100)} % | ${fmt(row.oursOverNode * 100)} % |`;
    }),
    '',
    `start-up to first answer (ms): ${Object.entries(startup).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `peak RSS under load (MB): ${Object.entries(rss).map(([k, v]) => `${k} ${v?.toFixed(0)}`).join(', ')}; ours at ready ${oursReadyRssMb?.toFixed(0)} MB`,
    `--pets 100000: start-up ${seeded.startupMs} ms, RSS at ready ${seeded.readyRssMb?.toFixed(0)} MB, peak RSS under load ${seeded.peakRssMb?.toFixed(0)} MB, list ${fmt(seeded.listRps)} req/s (p99 ${seeded.listP99} ms), read ${fmt(seeded.readRps)} req/s (p99 ${seeded.readP99} ms)`,
    `conformance runner, default run against the mock: ${runnerS === undefined ? 'failed' : `${runnerS.toFixed(2)} s`}`,
    ...table.flatMap((row) =>
      Object.entries(row.targets)
        .filter(([name, stat]) => name === 'ours' && (stat.non2xx > 0 || stat.errors > 0))
        .map(([name, stat]) => `WARNING: ${name} answered ${stat.non2xx} non-2xx and had ${stat.errors} errors on ${row.workload}`),
    ),
    `(${durationS} s × ${rounds} rounds per cell, ${connections} connections, medians; JSON in ${values.output})`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
