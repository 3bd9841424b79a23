/**
 * The cost curve (issue 22 item 4): start-up time and memory against document size, for the
 * documents of fixtures/corpus and fixtures/holdout from `--min-kb` (20) up to the largest, for
 * three programs, each in a fresh process of its own and each under a time limit:
 * - the mock: `node bin/petstore-mock.js --spec F --port 0`, from spawn to its first answer to one
 *   of the contract's GET operations (any status counts as an answer), RSS at that moment, then
 *   RSS after one request to every operation (each built by the planning step from the operation's
 *   first valid input);
 * - Prism 5.14.2: `prism mock F --port P`, likewise (RSS at its first answer);
 * - the runner's planning step (bench/plan.ts): contract load, contract check and the generation of
 *   every input and mutation, nothing sent; wall time of the process and its RSS at the end.
 * A program that is not ready in time gives the row "not ready in N s" with its RSS at that moment,
 * and is killed. Every spawned process is killed before the curve returns.
 *
 * `node dist/bench/cost-curve.js [--timeout S=60] [--min-kb 20] [--only NAME,…] [--skip prism,mock,plan]`
 * writes bench/results/cost-curve.json, bench/results/cost-curve.md and bench/results/cost-curve.svg;
 * `--svg FILE` writes the plot elsewhere too (docs/cost-curve.svg). `npm run bench` runs it as well.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { PlannedRequest } from './plan.js';
import { CORPUS, VERSIONED_CORPUS } from '../fixtures/corpus/index.js';
import { HOLDOUT } from '../fixtures/holdout/index.js';
import { freePort } from '../fixtures/servers/prism.js';
import { bundledContractPath, packageRoot } from '../src/contract/index.js';
import { renderCostCurveSvg } from './cost-curve-svg.js';
import { rssMb } from './targets.js';

export interface CurveDocument {
  readonly name: string;
  readonly file: string;
  readonly bytes: number;
  readonly operations: number;
  readonly version: string;
}

/** One program on one document: ready in `ms`, or not (`outcome` says why). */
export interface CurvePoint {
  readonly outcome: 'ready' | 'timeout' | 'failed';
  /** Spawn to first answer (ready), or the time limit (timeout), or spawn to exit (failed). */
  readonly ms: number;
  /** RSS in MB at ready, or at the moment the time limit struck. */
  readonly rssMb?: number;
  readonly detail?: string;
}

export interface MockPoint extends CurvePoint {
  /** RSS in MB after one request to each operation, and the statuses those requests got. */
  readonly rssAfterEveryOperationMb?: number;
  readonly statuses?: Record<string, number>;
  readonly everyOperationMs?: number;
}

export interface PlanPoint extends CurvePoint {
  readonly loadMs?: number;
  readonly checkMs?: number;
  readonly generateMs?: number;
  readonly inputs?: number;
  readonly mutations?: number;
}

export interface CurveRow {
  readonly document: CurveDocument;
  readonly mock?: MockPoint;
  readonly prism?: CurvePoint;
  readonly plan?: PlanPoint;
}

export interface CurveOptions {
  readonly timeoutS: number;
  readonly minKb: number;
  readonly only?: readonly string[];
  readonly skip?: readonly string[];
  readonly log?: (line: string) => void;
}

/** The documents of the curve, smallest first: the bundled contract, fixtures/corpus and fixtures/holdout. */
export function curveDocuments(minKb: number, only?: readonly string[]): CurveDocument[] {
  const all = [
    { name: 'petstore (bundled)', file: bundledContractPath, operations: 0, version: '3.0' },
    ...CORPUS,
    ...VERSIONED_CORPUS,
    ...HOLDOUT,
  ];
  return all
    .map((d) => ({
      name: d.name,
      file: d.file,
      operations: d.operations,
      version: d.version,
      bytes: statSync(d.file).size,
    }))
    .filter((d) =>
      only && only.length > 0
        ? only.some((o) => d.name.includes(o))
        : d.bytes >= minKb * 1024 || d.file === bundledContractPath,
    )
    .sort((a, b) => a.bytes - b.bytes);
}

/** Every child this module spawned and has not seen exit yet: killed on the way out, whatever happens. */
const live = new Set<ChildProcess>();

function spawnTracked(args: readonly string[]): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2000).unref();
  });
}

/** Kills every child still running (SIGTERM, then SIGKILL after 2 s). */
export async function killAll(): Promise<void> {
  await Promise.all([...live].map(kill));
}

/** Resolves with the first capture of `pattern` in the child's output, or undefined on exit or at `deadline`. */
function waitFor(child: ChildProcess, pattern: RegExp, deadline: number): Promise<RegExpExecArray | undefined> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: RegExpExecArray | undefined): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => finish(undefined), Math.max(0, deadline - Date.now()));
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        const found = pattern.exec(line);
        if (found) finish(found);
      });
    }
    child.once('exit', () => finish(undefined));
  });
}

/** Polls `url` until any HTTP answer comes back; undefined at `deadline`. */
async function firstAnswer(
  url: string,
  deadline: number,
  headers: Record<string, string> = {},
): Promise<number | undefined> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return undefined;
}

function collectOutput(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer): void => {
    text = (text + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

const lastLine = (text: string): string => text.trim().split('\n').filter(Boolean).pop()?.slice(0, 200) ?? '';

/** The planning step in a fresh process (bench/plan.ts); with `requests`, one request per operation too. */
async function planPoint(
  doc: CurveDocument,
  timeoutS: number,
): Promise<{ point: PlanPoint; requests: PlannedRequest[] }> {
  const started = performance.now();
  const child = spawnTracked([join(packageRoot, 'dist', 'bench', 'plan.js'), doc.file, '3', '--requests']);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  const output = collectOutput(child);
  const exited = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutS * 1000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  const ms = Math.round(performance.now() - started);
  if (!exited) {
    const rss = child.pid ? rssMb(child.pid) : undefined;
    await kill(child);
    return {
      point: { outcome: 'timeout', ms: timeoutS * 1000, ...(rss === undefined ? {} : { rssMb: Math.round(rss) }) },
      requests: [],
    };
  }
  try {
    const parsed = JSON.parse(out.trim().split('\n').pop() ?? '') as {
      loadMs: number;
      checkMs: number;
      generateMs: number;
      inputs: number;
      mutations: number;
      rssMb: number;
      requests: PlannedRequest[];
    };
    return {
      point: {
        outcome: 'ready',
        ms,
        rssMb: Math.round(parsed.rssMb),
        loadMs: parsed.loadMs,
        checkMs: parsed.checkMs,
        generateMs: parsed.generateMs,
        inputs: parsed.inputs,
        mutations: parsed.mutations,
      },
      requests: parsed.requests,
    };
  } catch {
    return { point: { outcome: 'failed', ms, detail: lastLine(output()) }, requests: [] };
  }
}

/** The probe: the first GET the planning step made without path parameters, else the first GET, else `/`. */
function probeOf(requests: readonly PlannedRequest[], templated: (path: string) => boolean): PlannedRequest {
  const gets = requests.filter((r) => r.method === 'GET');
  return gets.find((r) => !templated(r.path)) ?? gets[0] ?? { method: 'GET', path: '/' };
}

/**
 * A spawned server's point once it answered or could not: spawn to its first answer and its RSS
 * then; else a failure (it exited) or a time-out with its RSS when the limit struck. One reading
 * for the mock and Prism, so their figures compare.
 */
function readiness(
  child: ChildProcess,
  output: () => string,
  answered: boolean,
  started: number,
  timeoutS: number,
): CurvePoint {
  const ms = Math.round(performance.now() - started);
  const rss = child.pid && child.exitCode === null ? rssMb(child.pid) : undefined;
  const rssPart = rss === undefined ? {} : { rssMb: Math.round(rss) };
  if (answered) return { outcome: 'ready', ms, ...rssPart };
  if (child.exitCode !== null) return { outcome: 'failed', ms, detail: lastLine(output()) };
  return { outcome: 'timeout', ms: timeoutS * 1000, ...rssPart };
}

async function mockPoint(
  doc: CurveDocument,
  requests: readonly PlannedRequest[],
  probe: PlannedRequest,
  timeoutS: number,
): Promise<MockPoint> {
  const started = performance.now();
  const deadline = Date.now() + timeoutS * 1000;
  // The credentials the planning step placed in its requests (bench/plan.ts CREDENTIALS).
  const child = spawnTracked([
    join(packageRoot, 'bin', 'petstore-mock.js'),
    '--spec',
    doc.file,
    '--port',
    '0',
    '--api-key',
    'k',
    '--token',
    't',
    '--basic',
    'u:p',
  ]);
  const output = collectOutput(child);
  try {
    // The address from the readiness line, the base path from the notice beside it (src/cli/readiness.ts).
    const [listening, under] = await Promise.all([
      waitFor(child, /listening on (http:\/\/\S+)$/, deadline),
      waitFor(child, /, paths under (\S+)$/, deadline),
    ]);
    const base = listening && under ? `${listening[1]}${under[1] === '/' ? '' : under[1]}` : undefined;
    const status = base === undefined ? undefined : await firstAnswer(`${base}${probe.path}`, deadline, probe.headers);
    const point = readiness(child, output, status !== undefined, started, timeoutS);
    if (point.outcome !== 'ready' || base === undefined) return point;
    // One request to every operation, so that everything built on demand is built once.
    const statuses: Record<string, number> = {};
    const wokeStarted = performance.now();
    for (const r of requests) {
      if (Date.now() > deadline + timeoutS * 1000) break;
      let key = 'no answer';
      try {
        const res = await fetch(`${base}${r.path}`, {
          method: r.method,
          headers: {
            accept: 'application/json',
            ...(r.contentType ? { 'content-type': r.contentType } : {}),
            ...r.headers,
          },
          ...(r.body === undefined ? {} : { body: r.body }),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        key = `${Math.floor(res.status / 100)}xx`;
      } catch {
        // counted as no answer
      }
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    const everyOperationMs = Math.round(performance.now() - wokeStarted);
    const after = child.pid && child.exitCode === null ? rssMb(child.pid) : undefined;
    // Without the planning step's requests (it was not ready), there is no "after every operation" figure.
    if (requests.length === 0) return point;
    return {
      ...point,
      statuses,
      everyOperationMs,
      ...(after === undefined ? {} : { rssAfterEveryOperationMb: Math.round(after) }),
    };
  } finally {
    await kill(child);
  }
}

async function prismPoint(doc: CurveDocument, probe: PlannedRequest, timeoutS: number): Promise<CurvePoint> {
  const started = performance.now();
  const deadline = Date.now() + timeoutS * 1000;
  const port = await freePort();
  const main = join(packageRoot, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  // Prism's entry point run with this node, so the pid is Prism's own process (not a shell wrapper).
  const child = spawnTracked([main, 'mock', doc.file, '--port', String(port), '--host', '127.0.0.1']);
  const output = collectOutput(child);
  try {
    const listening = await waitFor(child, /Prism is listening/, deadline);
    // Prism's mock serves the contract's paths without the servers entry's base path.
    const status = listening
      ? await firstAnswer(`http://127.0.0.1:${port}${probe.path}`, deadline, probe.headers)
      : undefined;
    return readiness(child, output, status !== undefined, started, timeoutS);
  } finally {
    await kill(child);
  }
}

/** Runs the curve, document by document, one program at a time (no two share the CPU). */
export async function runCostCurve(options: CurveOptions): Promise<CurveRow[]> {
  const log = options.log ?? ((): void => undefined);
  const skip = new Set(options.skip ?? []);
  const rows: CurveRow[] = [];
  const stopping = (): void => void killAll().finally(() => process.exit(130));
  process.once('SIGINT', stopping);
  process.once('SIGTERM', stopping);
  try {
    for (const doc of curveDocuments(options.minKb, options.only)) {
      log(`cost curve: ${doc.name} (${Math.round(doc.bytes / 1024)} KB)…`);
      // The planning step runs first: it also yields the probe and the per-operation requests.
      const planned = await planPoint(doc, options.timeoutS);
      const templated = (path: string): boolean => /\{[^}]+\}/.test(path);
      const probe = probeOf(planned.requests, templated);
      const mock = skip.has('mock') ? undefined : await mockPoint(doc, planned.requests, probe, options.timeoutS);
      const prism = skip.has('prism') ? undefined : await prismPoint(doc, probe, options.timeoutS);
      const row: CurveRow = {
        document: { ...doc, operations: doc.operations || planned.requests.length },
        ...(mock ? { mock } : {}),
        ...(prism ? { prism } : {}),
        ...(skip.has('plan') ? {} : { plan: planned.point }),
      };
      rows.push(row);
      log(`  ${cell(mock)} mock · ${cell(prism)} Prism · ${cell(planned.point)} plan`);
    }
  } finally {
    await killAll();
    process.removeListener('SIGINT', stopping);
    process.removeListener('SIGTERM', stopping);
  }
  return rows;
}

/** One cell of the table: "1.2 s / 85 MB", "not ready in 60 s (1900 MB)" or "failed: …". */
export function cell(point: CurvePoint | undefined): string {
  if (!point) return '–';
  const rss = point.rssMb === undefined ? '' : `${point.rssMb} MB`;
  if (point.outcome === 'ready') return `${(point.ms / 1000).toFixed(point.ms < 10_000 ? 2 : 1)} s / ${rss || '?'}`;
  if (point.outcome === 'timeout') return `not ready in ${Math.round(point.ms / 1000)} s${rss ? ` (${rss} then)` : ''}`;
  return `failed: ${(point.detail ?? '').replace(/\|/g, '/').slice(0, 80)}`;
}

export function costCurveMarkdown(rows: readonly CurveRow[]): string {
  const lines = [
    '| document | size | operations | mock: ready / RSS | mock: RSS after every operation | Prism: ready / RSS | runner plan: time / RSS |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const every = r.mock?.rssAfterEveryOperationMb === undefined ? '–' : `${r.mock.rssAfterEveryOperationMb} MB`;
      return `| ${r.document.name} (${r.document.version}) | ${kb(r.document.bytes)} | ${r.document.operations} | ${cell(r.mock)} | ${every} | ${cell(r.prism)} | ${cell(r.plan)} |`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}

const kb = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      timeout: { type: 'string', default: '60' },
      'min-kb': { type: 'string', default: '20' },
      only: { type: 'string' },
      skip: { type: 'string' },
      svg: { type: 'string' },
      output: { type: 'string', default: join(packageRoot, 'bench', 'results', 'cost-curve.json') },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'node dist/bench/cost-curve.js [--timeout S=60] [--min-kb 20] [--only NAME,…] [--skip prism,mock,plan] [--svg FILE] [--output FILE]\n',
    );
    return;
  }
  const rows = await runCostCurve({
    timeoutS: Number(values.timeout),
    minKb: Number(values['min-kb']),
    ...(values.only ? { only: values.only.split(',') } : {}),
    ...(values.skip ? { skip: values.skip.split(',') } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  writeCostCurve(rows, values.output, Number(values.timeout), values.svg);
  process.stdout.write(costCurveMarkdown(rows));
}

/** Writes the JSON, the markdown table and the plot beside it (and the plot to `svg` too when given). */
export function writeCostCurve(rows: readonly CurveRow[], output: string, timeoutS: number, svg?: string): void {
  mkdirSync(join(packageRoot, 'bench', 'results'), { recursive: true });
  const machine = { node: process.version, cpus: cpus().length, model: cpus()[0]?.model };
  writeFileSync(output, `${JSON.stringify({ date: new Date().toISOString(), machine, timeoutS, rows }, null, 2)}\n`);
  writeFileSync(output.replace(/\.json$/, '.md'), costCurveMarkdown(rows));
  const plot = renderCostCurveSvg(rows, {
    timeoutS,
    caption: `${machine.cpus} × ${machine.model ?? 'CPU'}, Node ${machine.node}, ${new Date().toISOString().slice(0, 10)}`,
  });
  writeFileSync(output.replace(/\.json$/, '.svg'), plot);
  if (svg) writeFileSync(svg, plot);
  process.stderr.write(`cost curve: ${relative(packageRoot, output)} (and .md, .svg)${svg ? `, ${svg}` : ''}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch(async (error: unknown) => {
    await killAll();
    process.stderr.write(
      `cost curve failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
