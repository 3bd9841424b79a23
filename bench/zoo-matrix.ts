/**
 * The seeded-defect and benign matrix of issue 30 item 7: each zoo service behind the test proxy
 * (fixtures/broken/proxy.ts) in each mode of test/zoo/defect-modes.ts, judged by the runner on the
 * service's own document. A defect is caught when a cell of its checks fails that the clean run
 * passes, or fails on more exchanges than the clean run's (defectFailures); a benign variation
 * passes when no cell fails that the clean run passes, and it is judged on as many cells.
 *
 *   npm run zoo-matrix [-- NAME…]      (npm run build && node dist/bench/zoo-matrix.js)
 */
import { loadContract, type Contract } from '../src/contract/index.js';
import { startDefectProxy, type Upstream } from '../fixtures/broken/proxy.js';
import type { CheckResult, RunReport } from '../conformance/types.js';
import { CHECK_NAMES } from '../conformance/registry/index.js';
import { startProxy } from '../conformance/proxy/server.js';
import { TRAFFIC_CHECK_NAMES } from '../conformance/traffic/checks.js';
import { ZOO, zooService, type RunningZooService, type ZooService } from '../fixtures/zoo/services.js';
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
  /**
   * Issue 32: the same run judged from its traffic by `petstore-conformance proxy` in front of the
   * (defective) service: a defect whose checks judge answers is caught there too, on the exchanges
   * that show it; a benign variation adds no failure there. Undefined where traffic cannot show it
   * (a defect only a rule or a request-side check catches) or the mode does not apply.
   */
  readonly traffic?: Verdict;
  readonly trafficDetail?: string;
}

const failed = (r: RunReport): Set<string> =>
  new Set(r.results.filter((x) => x.status === 'failed').map((x) => `${x.operation} › ${x.check}`));

/** How many exchanges a failed result's cell failed: the judge's "(N of M exchanges failed, …)" tally, else one. */
export function failingExchanges(result: Pick<CheckResult, 'message'>): number {
  const tally = /\((\d+) of \d+ exchanges failed/.exec(result.message);
  return tally ? Number(tally[1]) : 1;
}

/**
 * The cells of `checks` a defect makes fail: those the clean run passes, and those it already fails on
 * fewer exchanges. A service's own deviation can fail the very cells a defect would (the error handler
 * of the tsoa docs answers a JSON string body 500, so every write's negative_data_rejected fails on the
 * clean run); the defect still shows as more exchanges failing there, where a cell-level comparison
 * alone calls it missed.
 */
export function defectFailures(
  clean: Pick<RunReport, 'results'>,
  report: Pick<RunReport, 'results'>,
  checks: readonly string[],
): string[] {
  const before = new Map(
    clean.results.filter((r) => r.status === 'failed').map((r) => [`${r.operation} › ${r.check}`, failingExchanges(r)]),
  );
  return report.results
    .filter((r) => r.status === 'failed' && checks.includes(r.check))
    .flatMap((r) => {
      const cell = `${r.operation} › ${r.check}`;
      const was = before.get(cell);
      if (was === undefined) return [cell];
      const now = failingExchanges(r);
      return now > was ? [`${cell} (${was} → ${now} exchanges failed)`] : [];
    });
}

const passedCells = (r: RunReport): Set<string> =>
  new Set(r.results.filter((x) => x.status === 'passed').map((x) => `${x.operation} › ${x.check}`));

/** A run and the same run judged from its traffic. */
interface Judged {
  readonly report: RunReport;
  readonly traffic: RunReport;
}

/** Runs `run` through `petstore-conformance proxy` in front of `upstream`, and judges what passed through. */
async function throughTrafficProxy(
  contract: Contract,
  upstream: string,
  run: (target: string) => Promise<RunReport>,
): Promise<Judged> {
  const proxy = await startProxy({ contract, upstream, port: 0 });
  try {
    const report = await run(proxy.url);
    return {
      report,
      traffic: proxy.report({ target: upstream, startedAt: new Date() }),
    };
  } finally {
    await proxy.close();
  }
}

/** The traffic's verdict on a mode: new failures of the mode's answer-judging checks (a defect), or none at all (benign). */
function trafficVerdict(
  mode: Mode,
  contract: Contract,
  clean: RunReport,
  traffic: RunReport,
): Pick<MatrixCell, 'traffic' | 'trafficDetail'> {
  const before = failed(clean);
  const fresh = [...failed(traffic)].filter((c) => !before.has(c));
  if (mode.kind === 'benign')
    return fresh.length > 0
      ? { traffic: 'false alarm', trafficDetail: fresh.slice(0, 4).join('; ') }
      : { traffic: 'passed', trafficDetail: `${traffic.requests} exchanges judged` };
  const judging = (mode.caughtBy ?? []).filter((c) => TRAFFIC_CHECK_NAMES.includes(c));
  if (judging.length === 0 || mode.showsInTraffic?.(contract) === false) return {};
  const by = fresh.filter((c) => judging.includes(c.split(' › ')[1] ?? ''));
  return by.length > 0
    ? { traffic: 'caught', trafficDetail: by.slice(0, 3).join('; ') }
    : {
        traffic: 'missed',
        trafficDetail:
          fresh.length > 0 ? `failed elsewhere only: ${fresh.slice(0, 3).join('; ')}` : 'no new failure from traffic',
      };
}

/**
 * One mode in front of a fresh instance of the service (the clean report is the baseline). Never a
 * shared one: a service's own deviation leaves records that break later runs (Nest stores the
 * `{"name": null}` of a negative PATCH, and every later list fails response_schema), which would be
 * counted against the mode. `fresh` gives the instance (default `zoo.start`, a process of its own;
 * the matrix passes its host's, a new app with new state in one long-lived process).
 */
export async function judgeMode(
  zoo: ZooService,
  contract: Contract,
  baseline: Judged,
  mode: Mode,
  fresh: () => Promise<RunningZooService> = () => zoo.start(),
): Promise<MatrixCell> {
  const clean = baseline.report;
  const base = { service: zoo.name, mode: mode.name, kind: mode.kind };
  const why = mode.notApplicable(contract);
  if (why !== undefined) return { ...base, verdict: 'n/a', detail: why };
  const running = await fresh();
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
    const judged = await throughTrafficProxy(contract, proxy.url, (target) =>
      judgeZooService(
        zoo,
        contract,
        target,
        mode.kind === 'defect' && (mode.caughtBy ?? []).every((c) => CHECK_NAMES.includes(c))
          ? { checks: mode.caughtBy }
          : {},
        running.url,
      ),
    );
    const report = judged.report;
    const traffic = trafficVerdict(mode, contract, baseline.traffic, judged.traffic);
    const before = failed(clean);
    const fresh = [...failed(report)].filter((c) => !before.has(c));
    if (changed === 0)
      return { ...base, verdict: 'n/a', detail: `the mode found nothing to change in ${report.requests} exchanges` };
    const withTraffic = (cell: MatrixCell): MatrixCell => ({ ...cell, ...traffic });
    if (mode.kind === 'defect') {
      const by = defectFailures(clean, report, mode.caughtBy ?? []);
      return withTraffic(
        by.length > 0
          ? { ...base, verdict: 'caught', detail: `${changed} exchanges changed; ${by.slice(0, 3).join('; ')}` }
          : {
              ...base,
              verdict: 'missed',
              detail: fresh.length > 0 ? `failed elsewhere only: ${fresh.slice(0, 3).join('; ')}` : 'no new failure',
            },
      );
    }
    if (fresh.length > 0) return withTraffic({ ...base, verdict: 'false alarm', detail: fresh.slice(0, 4).join('; ') });
    const lost = [...passedCells(clean)].filter((c) => !passedCells(report).has(c));
    return withTraffic(
      lost.length > 0
        ? { ...base, verdict: 'false alarm', detail: `no longer judged: ${lost.slice(0, 4).join('; ')}` }
        : {
            ...base,
            verdict: 'passed',
            detail: `${changed} exchanges changed, ${passedCells(report).size} cells passed`,
          },
    );
  } finally {
    await proxy.close();
    await running.close();
  }
}

/**
 * The clean run, then every mode, each on an instance of its own, `concurrency` at a time. The
 * instances are fresh apps served by one host process (ZooService.startHost): starting the
 * interpreter and importing the framework once, not once per mode, was most of the matrix's CPU.
 */
export async function zooMatrix(
  zoo: ZooService,
  options: { readonly concurrency?: number; readonly modes?: readonly Mode[]; readonly startTimeoutMs?: number } = {},
): Promise<{ readonly clean: RunReport; readonly cells: readonly MatrixCell[] }> {
  const contract = await loadContract(zoo.document);
  const host = await zoo.startHost(options.startTimeoutMs);
  try {
    return await matrixOn(zoo, contract, () => host.start(), options);
  } finally {
    await host.close();
  }
}

async function matrixOn(
  zoo: ZooService,
  contract: Contract,
  fresh: () => Promise<RunningZooService>,
  options: { readonly concurrency?: number; readonly modes?: readonly Mode[] },
): Promise<{ readonly clean: RunReport; readonly cells: readonly MatrixCell[] }> {
  const running = await fresh();
  let clean: RunReport;
  let cleanTraffic: RunReport;
  try {
    ({ report: clean, traffic: cleanTraffic } = await throughTrafficProxy(contract, running.url, (target) =>
      judgeZooService(zoo, contract, target, {}, running.url),
    ));
  } finally {
    await running.close();
  }
  const modes = options.modes ?? MODES;
  const cells: MatrixCell[] = new Array<MatrixCell>(modes.length);
  // The modes that wait (rate limiters) first: their waits then overlap the other modes' runs.
  const order = modes
    .map((_m, i) => i)
    .sort((a, b) => Number(modes[b]!.waits === true) - Number(modes[a]!.waits === true));
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let k = next++; k < order.length; k = next++) {
      const i = order[k]!;
      cells[i] = await judgeMode(zoo, contract, { report: clean, traffic: cleanTraffic }, modes[i]!, fresh);
    }
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
  for (const m of modes)
    lines.push(
      `| ${at(services[0] ?? '', m)?.kind === 'benign' ? 'benign' : 'defect'}: ${m} | ${services
        .map((s) => {
          const c = at(s, m);
          return c ? `${c.verdict}${c.traffic ? ` (traffic: ${c.traffic})` : ''}` : '-';
        })
        .join(' | ')} |`,
    );
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('zoo-matrix.js')) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--markdown');
  const markdown = at >= 0 ? args[at + 1] : undefined;
  const names = args.filter((_a, i) => at < 0 || (i !== at && i !== at + 1));
  const all: MatrixCell[] = [];
  for (const zoo of names.length > 0 ? names.map(zooService) : ZOO) {
    const reason = zoo.unavailable();
    if (reason !== undefined) {
      process.stdout.write(`${zoo.name}: cannot run: ${reason}\n`);
      continue;
    }
    const t0 = performance.now();
    const { cells } = await zooMatrix(zoo);
    process.stdout.write(
      `${zoo.name} (${zoo.framework}): ${Math.round(performance.now() - t0)} ms\n${cells.map((c) => `  ${c.kind} ${c.mode}: ${c.verdict} — ${c.detail}${c.traffic ? ` | from traffic: ${c.traffic} — ${c.trafficDetail ?? ''}` : ''}`).join('\n')}\n`,
    );
    all.push(...cells);
  }
  const defects = all.filter((c) => c.kind === 'defect' && c.verdict !== 'n/a');
  const benign = all.filter((c) => c.kind === 'benign' && c.verdict !== 'n/a');
  const summary = `defects caught ${defects.filter((c) => c.verdict === 'caught').length} of ${defects.length} applicable (from traffic: ${all.filter((c) => c.traffic === 'caught').length} of ${all.filter((c) => c.kind === 'defect' && c.traffic !== undefined).length} that show in answers); benign passed ${benign.filter((c) => c.verdict === 'passed').length} of ${benign.length} (from traffic: ${all.filter((c) => c.kind === 'benign' && c.traffic === 'passed').length})`;
  process.stdout.write(`\n${matrixTable(all)}\n\n${summary}\n`);
  if (markdown !== undefined) {
    const { writeFile } = await import('node:fs/promises');
    const why = all.filter((c) => c.verdict === 'n/a').map((c) => `- ${c.service}, ${c.mode}: ${c.detail}`);
    await writeFile(
      markdown,
      `# The zoo's seeded-defect and benign matrix\n\nWritten by \`npm run zoo-matrix -- --markdown ${markdown}\` on ${new Date().toISOString().slice(0, 10)}. Each cell: the runner's verdict, and in brackets the same run judged from its traffic by \`petstore-conformance proxy\`. See [zoo-runner.md](zoo-runner.md).\n\n${matrixTable(all)}\n\n${summary}.\n\nWhere a mode does not apply:\n\n${why.join('\n')}\n`,
    );
  }
}
