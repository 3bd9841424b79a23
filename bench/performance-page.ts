/**
 * docs/performance.md, written by the bench from its own results (`npm run bench -- --markdown
 * docs/performance.md`, or again from a results file with `--from-json FILE`): the command that ran,
 * the machine it ran on, and the tables. Every figure on the page comes from `results`; the text
 * around the tables says only how things were measured. Pure: no clock, no file, no process.
 */
import { costCurveMarkdown, type CurveRow } from './cost-curve.js';

/** One server's figures on one workload (medians of the rounds; non-2xx and errors summed). */
export interface WorkloadStat {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

export interface WorkloadRow {
  readonly workload: string;
  readonly description: string;
  readonly targets: Readonly<Record<string, WorkloadStat>>;
}

/** A target: our figure, the same figure for each other server where it applies, met or not (undefined: not run). */
export interface Goal {
  readonly name: string;
  readonly target: string;
  readonly values: Readonly<Record<string, string>>;
  readonly met: boolean | undefined;
}

/** What the machine was while the bench ran: the facts that explain its figures. */
export interface Machine {
  readonly node: string;
  readonly cpus: number;
  readonly model: string | undefined;
  /** One-minute load average when the bench started and when it ended (os.loadavg()). */
  readonly loadAtStart?: number;
  readonly loadAtEnd?: number;
}

/** The validating proxy's added latency at a fixed rate (bench/proxy-overhead.ts). */
export interface ProxyOverhead {
  readonly rate: number;
  readonly seconds: number;
  readonly connections: number;
  readonly rows: ReadonlyArray<{
    readonly name: string;
    readonly p50: number;
    readonly p99: number;
    readonly rps: number;
    readonly non2xx: number;
    readonly errors: number;
    readonly cpuUsPerRequest?: number;
  }>;
  /** p99 through each proxy minus the lower of the two direct runs' p99, in ms. */
  readonly addedP99: { readonly ours: number; readonly prism: number };
}

export interface BenchResults {
  readonly date: string;
  /** The command line that produced these results, as a user would type it. */
  readonly command: string;
  readonly machine: Machine;
  readonly settings: {
    readonly durationS: number;
    readonly rounds: number;
    readonly connections: number;
    readonly loadGenerator: string;
  };
  /** The servers side by side, in column order. */
  readonly servers: readonly string[];
  readonly goals: readonly Goal[];
  readonly workloads: readonly WorkloadRow[];
  readonly startupMs: Readonly<Record<string, number>>;
  readonly peakRssMb: Readonly<Record<string, number | undefined>>;
  readonly readyRssMb: Readonly<Record<string, number | undefined>>;
  /** Spawn to first answer, ours over bare Express, in the same run. */
  readonly startupRatio?: number;
  readonly inProcess: {
    readonly importMs: number;
    readonly firstStartMs: number;
    readonly firstAnswerMs: number;
    readonly furtherMedianMs: number;
    readonly furtherMaxMs: number;
    readonly rssAfterFirstMb: number;
    readonly ownStores: boolean;
  };
  readonly seeded100k: {
    readonly startupMs: number;
    readonly readyRssMb?: number | undefined;
    readonly peakRssMb?: number | undefined;
    readonly listRps: number;
    readonly listP99: number;
    readonly readRps: number;
    readonly readP99: number;
  };
  readonly runnerDefaultRunS?: number | undefined;
  readonly costCurve: readonly CurveRow[];
  readonly curveTimeoutS?: number;
  readonly svg?: string | undefined;
  readonly proxy?: ProxyOverhead | undefined;
}

const fmt = (n: number | undefined, digits = 0): string =>
  n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits);
const verdict = (g: Goal): string => (g.met === undefined ? 'not run' : g.met ? 'met' : 'MISSED');
const LABELS: Readonly<Record<string, string>> = {
  ours: 'ours',
  prism: 'Prism',
  'express+EOV': 'Express + EOV',
  express: 'Express',
  'node:http': 'node:http',
};
const label = (name: string): string => LABELS[name] ?? name;

/** The page, from the bench's results. */
export function renderPerformancePage(r: BenchResults): string {
  const m = r.machine;
  const s = r.settings;
  const load = (n: number | undefined): string => (n === undefined ? 'unknown' : n.toFixed(1));
  const out: string[] = [
    '# Performance',
    '',
    '<!-- Written by the bench (bench/performance-page.ts): do not edit by hand; run the command below again. -->',
    '',
    'Every figure on this page was measured by one run of the command below and written here by it.',
    'Ratios between servers measured in the same run matter more than absolute figures, which move',
    "with the machine's load.",
    '',
    '## The run',
    '',
    // A text block, not `sh`: the docs' commands test runs every `sh` command, and this one is minutes of load.
    '```text',
    r.command,
    '```',
    '',
    `- Date: ${r.date}`,
    `- Machine: ${m.cpus} × ${m.model ?? 'unknown CPU'}, Node ${m.node}`,
    `- Load average (1 min) when the bench started: ${load(m.loadAtStart)}; when it ended: ${load(m.loadAtEnd)}`,
    `- Load: ${s.loadGenerator === 'wrk' ? 'wrk (a process of its own, one thread)' : 'autocannon (in the bench process)'}, ${s.connections} connections, ${s.rounds} alternating rounds of ${s.durationS} s per cell, medians`,
    '- Servers, each a process of its own: ours (`petstore-mock`, validating requests and responses); Prism (`prism mock`); Express + express-openapi-validator validating requests and responses around fixed bodies (EOV); bare Express and bare `node:http` answering fixed bodies of the same size as ours.',
    '',
    '## Targets, side by side',
    '',
    `| target | goal | ${r.servers.map(label).join(' | ')} | |`,
    `|---|---|${r.servers.map(() => '---:').join('|')}|---|`,
    ...r.goals.map(
      (g) => `| ${g.name} | ${g.target} | ${r.servers.map((n) => g.values[n] ?? '–').join(' | ')} | ${verdict(g)} |`,
    ),
    '',
    `CLI start-up (spawn to first answer), ours over bare Express in this run: ${r.startupRatio === undefined ? '–' : `${fmt(r.startupRatio, 2)}×`} (goal ≤ 1.5×).`,
    '',
    '## Throughput and latency',
    '',
    `| workload | ${r.servers.map((n) => `${label(n)} req/s`).join(' | ')} | ${r.servers.map((n) => `${label(n)} p50/p99 ms`).join(' | ')} |`,
    `|---|${r.servers.map(() => '---:').join('|')}|${r.servers.map(() => '---:').join('|')}|`,
    ...r.workloads.map((w) => {
      const stat = (n: string): WorkloadStat | undefined => w.targets[n];
      return `| ${w.workload}: ${w.description} | ${r.servers.map((n) => fmt(stat(n)?.rps)).join(' | ')} | ${r.servers.map((n) => `${fmt(stat(n)?.p50, 2)}/${fmt(stat(n)?.p99, 2)}`).join(' | ')} |`;
    }),
    '',
    '## Start-up and memory',
    '',
    `Spawn to first answer: the median of ${s.rounds + 1} fresh starts of each server, alternating (Prism: its one start). Peak RSS: VmHWM after every round of every workload.`,
    '',
    '| server | spawn to first answer | RSS at ready | peak RSS under the load |',
    '|---|---:|---:|---:|',
    ...r.servers.map(
      (n) => `| ${label(n)} | ${fmt(r.startupMs[n])} ms | ${fmt(r.readyRssMb[n])} MB | ${fmt(r.peakRssMb[n])} MB |`,
    ),
    '',
    `In process (\`start({ port: 0 })\` in fresh processes, medians of ${s.rounds}): import ${fmt(r.inProcess.importMs)} ms; first start ${fmt(r.inProcess.firstStartMs)} ms, to its first answer ${fmt(r.inProcess.firstAnswerMs)} ms; each further app to its first answer ${fmt(r.inProcess.furtherMedianMs, 1)} ms (slowest of 9: ${fmt(r.inProcess.furtherMaxMs, 1)} ms); RSS after the first app ${fmt(r.inProcess.rssAfterFirstMb)} MB; every app kept its own store: ${r.inProcess.ownStores ? 'yes' : 'NO'}.`,
    '',
    `\`--pets 100000\`: spawn to first answer ${fmt(r.seeded100k.startupMs)} ms, RSS at ready ${fmt(r.seeded100k.readyRssMb)} MB, peak RSS under load ${fmt(r.seeded100k.peakRssMb)} MB; list ${fmt(r.seeded100k.listRps)} req/s (p99 ${fmt(r.seeded100k.listP99, 2)} ms), read ${fmt(r.seeded100k.readRps)} req/s (p99 ${fmt(r.seeded100k.readP99, 2)} ms).`,
    '',
    `Conformance runner, default run against the mock: ${r.runnerDefaultRunS === undefined ? 'failed' : `${fmt(r.runnerDefaultRunS, 2)} s`}.`,
    '',
    '## Validating proxy overhead',
    '',
  ];
  if (r.proxy) {
    const p = r.proxy;
    out.push(
      `The Petstore at a fixed ${p.rate} requests a second for ${p.seconds} s per row, at most ${p.connections} keep-alive connections, open loop (each request sent when due, at an even pace, and timed from its due time: \`bench/paced-load.ts\`): straight to the mock, through \`petstore-conformance proxy\` and through Prism's \`prism proxy\` in front of the same mock, then straight again, in alternating rounds (\`--proxy-rounds\`, default 3), each figure the median of its rounds. Added p99 = p99 through the proxy − the lower direct p99 of the round (goal for ours: ≤ 2 ms).`,
      '',
      '| path | p50 ms | p99 ms | req/s | non-2xx | errors | proxy CPU per request |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...p.rows.map(
        (row) =>
          `| ${row.name} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} | ${fmt(row.rps)} | ${row.non2xx} | ${row.errors} | ${row.cpuUsPerRequest === undefined ? '–' : `${fmt(row.cpuUsPerRequest)} µs`} |`,
      ),
      '',
      `Added p99: petstore-conformance proxy ${fmt(p.addedP99.ours, 1)} ms (${p.addedP99.ours <= 2 ? 'met' : 'MISSED'}), prism proxy ${fmt(p.addedP99.prism, 1)} ms.`,
      '',
    );
  } else {
    out.push('Not run in this run (`--no-proxy`).', '');
  }
  out.push('## Cost curve: start-up and memory against document size', '');
  if (r.costCurve.length > 0) {
    out.push(
      `The bundled contract and every document of \`fixtures/corpus/\` and \`fixtures/holdout/\` from 20 KB up, one program at a time, each in a fresh process, killed at ${fmt(r.curveTimeoutS)} s: the mock (spawn to its first answer, RSS then, and RSS after one request to every operation), Prism's mock, and the runner's planning step (\`bench/plan.ts\`).`,
      '',
      costCurveMarkdown(r.costCurve).trimEnd(),
      '',
    );
    if (r.svg) out.push(`![Cost curve: time to first answer and RSS at ready against document size](${r.svg})`, '');
  } else {
    out.push('Not run in this run (`--no-curve`).', '');
  }
  return `${out.join('\n')}`;
}

/** The page's skeleton: its headings and the header row of each table, for comparing a page with what the writer produces. */
export function pageStructure(page: string): string[] {
  const lines = page.split('\n');
  return lines.filter(
    (line, i) => line.startsWith('#') || (line.startsWith('|') && lines[i + 1]?.startsWith('|---') === true),
  );
}
