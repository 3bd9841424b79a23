/**
 * The seeded-defect and benign matrix of issue 30 item 7: each zoo service behind the test proxy
 * (fixtures/broken/proxy.ts) in each mode of test/zoo/defect-modes.ts, judged by the runner on the
 * service's own document. A defect is caught when a cell of its checks fails that the clean run
 * passes; a benign variation passes when no cell fails that the clean run passes, and it is judged
 * on as many cells.
 *
 *   npm run zoo-matrix [-- NAME…]      (npm run build && node dist/bench/zoo-matrix.js)
 */
import { loadContract, type Contract } from '../src/contract/index.js';
import { startDefectProxy, type Upstream } from '../fixtures/broken/proxy.js';
import type { RunReport } from '../conformance/types.js';
import { CHECK_NAMES } from '../conformance/registry/index.js';
import { ZOO, zooService, type ZooService } from '../fixtures/zoo/services.js';
import { MODES, type Mode } from '../test/zoo/defect-modes.js';
import { judgeZooService } from './zoo-runner.js';

export type Verdict = 'caught' | 'missed' | 'passed' | 'false alarm' | 'n/a';

export interface MatrixCell {
  readonly service: string;
  readonly mode: string;
  readonly kind: Mode['kind'];
  readonly verdict: Verdict;
  /** What caught it, what failed, or why the mode does not apply. */
  readonly detail: string;
}

const failed = (r: RunReport): Set<string> => new Set(r.results.filter((x) => x.status === 'failed').map((x) => `${x.operation} › ${x.check}`));
const passedCells = (r: RunReport): Set<string> => new Set(r.results.filter((x) => x.status === 'passed').map((x) => `${x.operation} › ${x.check}`));

/**
 * One mode in front of a fresh instance of the service (the clean report is the baseline). Never a
 * shared one: a service's own deviation leaves records that break later runs (Nest stores the
 * `{"name": null}` of a negative PATCH, and every later list fails response_schema), which would be
 * counted against the mode.
 */
export async function judgeMode(zoo: ZooService, contract: Contract, clean: RunReport, mode: Mode): Promise<MatrixCell> {
  const base = { service: zoo.name, mode: mode.name, kind: mode.kind };
  const why = mode.notApplicable(contract);
  if (why !== undefined) return { ...base, verdict: 'n/a', detail: why };
  const running = await zoo.start();
  // How many exchanges the mode changed: a variation that changed nothing proved nothing.
  let changed = 0;
  const made = mode.make(contract);
  const counted =
    (upstream: Upstream): Upstream =>
    (request) => {
      changed++;
      return upstream(request);
    };
  const proxy = await startDefectProxy(running.url, {
    name: mode.name,
    description: mode.what,
    operation: '-',
    check: '-',
    // A side request to the service (a record deleted behind the client's back) is a change too.
    request: async (req, upstream) => {
      const out = made.request ? await made.request(req, counted(upstream)) : req;
      if (JSON.stringify(out) !== JSON.stringify(req)) changed++;
      return out;
    },
    response: async (req, res, upstream) => {
      const out = made.response ? await made.response(req, res, counted(upstream)) : res;
      if (JSON.stringify(out) !== JSON.stringify(res)) changed++;
      return out;
    },
  });
  try {
    // A defect is judged by the checks that catch it (the clean run judged them all; a rule, which
    // reads the lists the checks made, runs with everything); a benign
    // variation by everything, since it must not raise any false alarm.
    const report = await judgeZooService(zoo, contract, proxy.url, mode.kind === 'defect' && (mode.caughtBy ?? []).every((c) => CHECK_NAMES.includes(c)) ? { checks: mode.caughtBy } : {}, running.url);
    const before = failed(clean);
    const fresh = [...failed(report)].filter((c) => !before.has(c));
    if (changed === 0) return { ...base, verdict: 'n/a', detail: `the mode found nothing to change in ${report.requests} exchanges` };
    if (mode.kind === 'defect') {
      const by = fresh.filter((c) => (mode.caughtBy ?? []).includes(c.split(' › ')[1] ?? ''));
      return by.length > 0 ? { ...base, verdict: 'caught', detail: `${changed} exchanges changed; ${by.slice(0, 3).join('; ')}` } : { ...base, verdict: 'missed', detail: fresh.length > 0 ? `failed elsewhere only: ${fresh.slice(0, 3).join('; ')}` : 'no new failure' };
    }
    if (fresh.length > 0) return { ...base, verdict: 'false alarm', detail: fresh.slice(0, 4).join('; ') };
    const lost = [...passedCells(clean)].filter((c) => !passedCells(report).has(c));
    return lost.length > 0 ? { ...base, verdict: 'false alarm', detail: `no longer judged: ${lost.slice(0, 4).join('; ')}` } : { ...base, verdict: 'passed', detail: `${changed} exchanges changed, ${passedCells(report).size} cells passed` };
  } finally {
    await proxy.close();
    await running.close();
  }
}

/** The clean run, then every mode, each on an instance of its own, `concurrency` at a time. */
export async function zooMatrix(zoo: ZooService, options: { readonly concurrency?: number; readonly modes?: readonly Mode[] } = {}): Promise<{ readonly clean: RunReport; readonly cells: readonly MatrixCell[] }> {
  const contract = await loadContract(zoo.document);
  const running = await zoo.start();
  let clean: RunReport;
  try {
    clean = await judgeZooService(zoo, contract, running.url);
  } finally {
    await running.close();
  }
  const modes = options.modes ?? MODES;
  const cells: MatrixCell[] = new Array<MatrixCell>(modes.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < modes.length; i = next++) cells[i] = await judgeMode(zoo, contract, clean, modes[i]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return { clean, cells };
}

/** The matrix as a Markdown table: one row per mode, one column per service. */
export function matrixTable(cells: readonly MatrixCell[]): string {
  const services = [...new Set(cells.map((c) => c.service))];
  const modes = [...new Set(cells.map((c) => c.mode))];
  const at = (s: string, m: string): MatrixCell | undefined => cells.find((c) => c.service === s && c.mode === m);
  const lines = [`| mode | ${services.join(' | ')} |`, `|---|${services.map(() => '---').join('|')}|`];
  for (const m of modes) lines.push(`| ${at(services[0] ?? '', m)?.kind === 'benign' ? 'benign' : 'defect'}: ${m} | ${services.map((s) => at(s, m)?.verdict ?? '-').join(' | ')} |`);
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('zoo-matrix.js')) {
  const names = process.argv.slice(2);
  const all: MatrixCell[] = [];
  for (const zoo of names.length > 0 ? names.map(zooService) : ZOO) {
    const reason = zoo.unavailable();
    if (reason !== undefined) {
      process.stdout.write(`${zoo.name}: cannot run: ${reason}\n`);
      continue;
    }
    const t0 = performance.now();
    const { cells } = await zooMatrix(zoo);
    process.stdout.write(`${zoo.name} (${zoo.framework}): ${Math.round(performance.now() - t0)} ms\n${cells.map((c) => `  ${c.kind} ${c.mode}: ${c.verdict} — ${c.detail}`).join('\n')}\n`);
    all.push(...cells);
  }
  const defects = all.filter((c) => c.kind === 'defect' && c.verdict !== 'n/a');
  const benign = all.filter((c) => c.kind === 'benign' && c.verdict !== 'n/a');
  process.stdout.write(`\n${matrixTable(all)}\n\ndefects caught ${defects.filter((c) => c.verdict === 'caught').length} of ${defects.length} applicable; benign passed ${benign.filter((c) => c.verdict === 'passed').length} of ${benign.length}\n`);
}
