/**
 * A run split into N shards and merged equals the whole run, result for result (issue 32): the
 * whole run and each shard each against a fresh mock of the document (so every run starts from the
 * same seeded state), every shard's report written as JSON and read back as `merge` reads it.
 * Used by test/traffic/shard.test.ts (small documents), test/self-consistency/holdout-clerk.test.ts and
 * `node dist/bench/shard-equivalence.js FILE [N] [EXAMPLES]`.
 */
import { performance } from 'node:perf_hooks';
import { loadContract, type Contract } from '../src/contract/index.js';
import { start, type RunningMock } from '../src/index.js';
import { runComposed } from '../conformance/composed-run.js';
import { verdictOf } from '../conformance/report/verdict.js';
import { jsonReport } from '../conformance/report/formats/json.js';
import { DEFAULTS } from '../conformance/runner.js';
import { mergeReports, readJsonReport } from '../conformance/shard/merge.js';
import {
  ownedResults,
  shardReport,
  shardRuns,
  shardSelection,
  wholeOrder,
  type Shard,
} from '../conformance/shard/shard.js';
import type { RunReport } from '../conformance/types.js';
import type { ArazzoDocument } from '../conformance/workflows/document.js';
import { loadWorkflows } from '../conformance/workflows/load.js';
import { bundledContractPath } from '../src/contract/index.js';
import { CREDENTIALS, SUITE_TIMEOUT_MS } from './self-consistency.js';

export interface ShardEquivalence {
  readonly whole: RunReport;
  readonly merged: RunReport;
  /** `check › operation: status` of each result, in report order. */
  readonly wholeCells: readonly string[];
  readonly mergedCells: readonly string[];
  /** Results whose message differs (a shard withholds the other shards' safe requests, so the values an unknown-id probe avoids may differ). */
  readonly messageDiffs: number;
  readonly wholeExit: number;
  readonly mergedExit: number;
  /** Shards that had no operation. */
  readonly sizes: readonly number[];
  readonly wholeMs: number;
  readonly shardMs: readonly number[];
  /** Requests sent by the whole run and by each shard (a shard replays the others' writes). */
  readonly wholeRequests: number;
  readonly shardRequests: readonly number[];
}

/** The mock a run is given: CREDENTIALS accepted, the document served, `apiKey` instead of CREDENTIALS.apiKey if given. */
export function startMockFor(file: string, apiKey?: string): Promise<RunningMock> {
  return start({
    port: 0,
    spec: file,
    apiKeys: [apiKey ?? CREDENTIALS.apiKey],
    tokens: [CREDENTIALS.bearer],
    basic: [CREDENTIALS.basic],
  });
}

/** Puts a mock back in its seeded starting state (`POST /__mock/reset`), as a fresh one starts. */
export async function resetMock(mock: RunningMock): Promise<void> {
  const res = await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`POST ${mock.url}/__mock/reset answered ${res.status}`);
}

async function oneRun(
  file: string,
  contract: Contract,
  documents: readonly ArazzoDocument[],
  examples: number,
  share: readonly string[] | undefined,
  apiKey: string | undefined,
  shared: RunningMock | undefined,
  timeoutMs: number,
): Promise<RunReport> {
  // A shared mock is reset first, so every run starts from the same seeded state, as on a fresh one.
  if (shared) await resetMock(shared);
  const mock = shared ?? (await startMockFor(file, apiKey));
  try {
    const { report } = await runComposed({
      target: mock.url,
      contract,
      contractSource: file,
      documents,
      apiKey: apiKey ?? CREDENTIALS.apiKey,
      bearer: CREDENTIALS.bearer,
      basic: CREDENTIALS.basic,
      auth: {},
      headers: {},
      timeoutMs,
      seed: DEFAULTS.seed,
      examples,
      strict: false,
      shareOf: share,
    });
    return report;
  } finally {
    if (!shared) await mock.close();
  }
}

const cellsOf = (r: RunReport): string[] => r.results.map((x) => `${x.check} › ${x.operation}: ${x.status}`);

export interface ShardEquivalenceOptions {
  readonly n?: number;
  readonly examples?: number;
  readonly apiKey?: string;
  /**
   * One mock (startMockFor) for every run, reset before each (`POST /__mock/reset`) instead of a fresh
   * mock per run: a large document is loaded and served once. Left running.
   */
  readonly mock?: RunningMock;
  /**
   * The whole run, already made by the caller under the same conditions (the same document, workflows,
   * credentials, seed and examples, from the seeded state): it is not run again (the Clerk
   * self-consistency test's run, test/self-consistency/holdout-clerk.test.ts).
   */
  readonly whole?: RunReport;
  /** Per-request time limit (SUITE_TIMEOUT_MS unless given). */
  readonly timeoutMs?: number;
}

export async function shardEquivalence(file: string, options: ShardEquivalenceOptions = {}): Promise<ShardEquivalence> {
  const n = options.n ?? 4;
  const examples = options.examples ?? DEFAULTS.examples;
  const timeoutMs = options.timeoutMs ?? SUITE_TIMEOUT_MS;
  const contract = await loadContract(file);
  const documents = await loadWorkflows({ files: undefined, disabled: false }, file, bundledContractPath, contract);
  let t = performance.now();
  const whole =
    options.whole ??
    (await oneRun(file, contract, documents, examples, undefined, options.apiKey, options.mock, timeoutMs));
  const wholeMs = options.whole ? Number.NaN : performance.now() - t;
  const shardMs: number[] = [];
  const shardRequests: number[] = [];
  const sizes: number[] = [];
  const written: Array<{ report: RunReport; file: string }> = [];
  for (let k = 1; k <= n; k++) {
    const shard: Shard = { k, n };
    const operations = shardSelection(contract, shard, undefined);
    sizes.push(operations.length);
    t = performance.now();
    // As the CLI does (conformance/shard shardRuns): a shard with an empty share writes an empty report,
    // but shard 1, the owner of the results under no operation, runs whatever its share.
    const runs = shardRuns(shard, operations);
    const report = runs
      ? await oneRun(file, contract, documents, examples, operations, options.apiKey, options.mock, timeoutMs)
      : { ...whole, results: [], operations: [] };
    shardMs.push(performance.now() - t);
    shardRequests.push(runs ? report.requests : 0);
    const mine = shardReport(
      report,
      shard,
      ownedResults(report.results, contract, documents, shard),
      wholeOrder(contract, documents),
    );
    // As CI hands them to `merge`: JSON files.
    written.push({ report: readJsonReport(jsonReport(mine), `shard-${k}.json`), file: `shard-${k}.json` });
  }
  const merged = mergeReports(written);
  const wholeCells = cellsOf(whole);
  const mergedCells = cellsOf(merged);
  const messageDiffs = whole.results.filter((r, i) => merged.results[i]?.message !== r.message).length;
  return {
    whole,
    merged,
    wholeCells,
    mergedCells,
    messageDiffs,
    wholeExit: verdictOf(whole).exitCode,
    mergedExit: verdictOf(merged).exitCode,
    sizes,
    wholeMs,
    shardMs,
    wholeRequests: whole.requests,
    shardRequests,
  };
}

// `node dist/bench/shard-equivalence.js FILE [N] [EXAMPLES]`: prints the comparison.
if (process.argv[1]?.endsWith('shard-equivalence.js')) {
  const [file, n, examples] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node dist/bench/shard-equivalence.js FILE [N=4] [EXAMPLES=3]\n');
    process.exit(2);
  }
  // Each run has its own mock, on its own port: a reason that quotes a request's URL names it.
  const coverageOf = (r: RunReport): string =>
    JSON.stringify(r.coverage).replace(/http:\/\/127\.0\.0\.1:\d+/g, '<mock>');
  const result = await shardEquivalence(file, { n: Number(n ?? 4), examples: Number(examples ?? DEFAULTS.examples) });
  const same = JSON.stringify(result.wholeCells) === JSON.stringify(result.mergedCells);
  process.stdout.write(
    `${file}: whole run ${result.wholeCells.length} results (${(result.wholeMs / 1000).toFixed(1)} s, ${result.wholeRequests} requests, exit ${result.wholeExit}); ` +
      `${n ?? 4} shards of ${result.sizes.join('/')} operations (${result.shardMs.map((ms) => (ms / 1000).toFixed(1)).join(' + ')} s; ${result.shardRequests.join(' + ')} requests) merged: ${result.mergedCells.length} results, exit ${result.mergedExit}; ` +
      `result for result ${same ? 'EQUAL' : 'DIFFERENT'}; ${result.messageDiffs} message(s) differ; coverage ${coverageOf(result.whole) === coverageOf(result.merged) ? 'EQUAL' : 'DIFFERENT'}\n`,
  );
  if (!same) {
    const a = new Set(result.wholeCells);
    const b = new Set(result.mergedCells);
    process.stdout.write(
      `only in the whole run: ${result.wholeCells
        .filter((c) => !b.has(c))
        .slice(0, 20)
        .join('; ')}\nonly merged: ${result.mergedCells
        .filter((c) => !a.has(c))
        .slice(0, 20)
        .join('; ')}\n`,
    );
  }
  const differing = result.whole.results.flatMap((r, i) =>
    result.merged.results[i]?.message !== r.message
      ? [`${r.check} › ${r.operation}: "${r.message}" / "${result.merged.results[i]?.message ?? ''}"`]
      : [],
  );
  if (differing.length > 0) process.stdout.write(`messages that differ: ${differing.slice(0, 10).join('; ')}\n`);
  if (coverageOf(result.whole) !== coverageOf(result.merged))
    process.stdout.write(
      `coverage: whole ${coverageOf(result.whole).slice(0, 2000)}\nmerged ${coverageOf(result.merged).slice(0, 2000)}\n`,
    );
  process.exitCode = same && result.wholeExit === result.mergedExit ? 0 : 1;
}
