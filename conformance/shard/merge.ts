import { CHECK_NAMES, PROBES } from '../registry/index.js';
import { summaryOf } from '../report/index.js';
import type {
  CheckResult,
  Coverage,
  Exchange,
  ExchangeKind,
  RecordedRequest,
  RunReport,
  TransportError,
} from '../types.js';
import type { TrafficCoverage } from '../traffic/types.js';
import { SHARD_NOTICE } from './shard.js';

/** A report `merge` cannot use: one line naming the file and why. */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' ? v : fallback);

/** One JSON report (report/formats/json.ts) read back into the run's report. */
export function readJsonReport(text: string, file: string): RunReport {
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch (error) {
    throw new MergeError(`${file} is not JSON: ${(error as Error).message.replace(/\s+/g, ' ')}`);
  }
  if (!isRecord(doc) || !Array.isArray(doc['results']) || !isRecord(doc['summary']))
    throw new MergeError(`${file} is not a petstore-conformance JSON report (no summary and results)`);
  if (!isRecord(doc['run']))
    throw new MergeError(
      `${file} has no "run" member: it was written by an older petstore-conformance; write it again with --reporter json`,
    );
  const run = doc['run'];
  const meta = Array.isArray(run['results']) ? run['results'] : [];
  const results = doc['results'].map((r: unknown, i): CheckResult => {
    if (!isRecord(r)) throw new MergeError(`${file}: results[${i}] is not an object`);
    const m = isRecord(meta[i]) ? (meta[i] as Record<string, unknown>) : {};
    const operation = str(r['operation']);
    const request = isRecord(r['request']) ? (r['request'] as unknown as RecordedRequest) : undefined;
    const response = isRecord(r['response']) ? r['response'] : undefined;
    const exchange: Exchange | undefined = request
      ? {
          seq: 0,
          operationId: operation,
          requestedOperationId: operation,
          kind: (typeof m['kind'] === 'string' ? m['kind'] : 'positive') as ExchangeKind,
          request,
          response:
            response && typeof response['status'] === 'number'
              ? {
                  status: response['status'],
                  headers: (isRecord(response['headers']) ? response['headers'] : {}) as Record<string, string>,
                  body: str(response['body']),
                  durationMs: 0,
                }
              : undefined,
          error: response && isRecord(response['error']) ? (response['error'] as unknown as TransportError) : undefined,
          input: undefined,
          context: {},
        }
      : undefined;
    const status = str(r['status']);
    if (status !== 'passed' && status !== 'failed' && status !== 'skipped' && status !== 'warning')
      throw new MergeError(`${file}: results[${i}] has no status`);
    return {
      check: str(r['check']),
      operation,
      status,
      message: str(r['message']),
      exchange,
      smallestInput: undefined,
      reproduce: typeof r['reproduce'] === 'string' ? r['reproduce'] : undefined,
      judged: num(m['judged']),
      durationMs: num(m['durationMs']),
    };
  });
  const order = Array.isArray(run['order'])
    ? run['order'].filter((o): o is string => typeof o === 'string')
    : undefined;
  const shard = typeof doc['shard'] === 'string' ? { label: doc['shard'], order: order ?? [] } : undefined;
  return {
    target: str(run['target']),
    seed: num(run['seed']),
    examples: num(run['examples']),
    strict: run['strict'] === true,
    startedAt: str(run['startedAt'], new Date(0).toISOString()),
    durationMs: num(run['durationMs']),
    operations: Array.isArray(run['operations'])
      ? run['operations'].filter((o): o is string => typeof o === 'string')
      : [],
    checks: Array.isArray(run['checks']) ? run['checks'].filter((o): o is string => typeof o === 'string') : [],
    results,
    summary: summaryOf(results),
    requests: num(run['requests']),
    notices: Array.isArray(doc['notices']) ? doc['notices'].filter((n): n is string => typeof n === 'string') : [],
    ...(isRecord(run['coverage']) ? { coverage: run['coverage'] as unknown as Coverage } : {}),
    ...(isRecord(run['contract']) ? { contract: run['contract'] as unknown as RunReport['contract'] & object } : {}),
    ...(typeof run['credentialsRefused'] === 'string' ? { credentialsRefused: run['credentialsRefused'] } : {}),
    ...(Array.isArray(run['internalErrors'])
      ? { internalErrors: run['internalErrors'].filter((e): e is string => typeof e === 'string') }
      : {}),
    ...(isRecord(doc['coverage']) ? { traffic: doc['coverage'] as unknown as TrafficCoverage } : {}),
    ...(shard ? { shard } : {}),
  };
}

/** Traffic coverage of several reports: what any of them reached is reached. */
function mergeTraffic(all: readonly TrafficCoverage[]): TrafficCoverage | undefined {
  const [first] = all;
  if (!first) return undefined;
  const unseenOps = first.operations.unseen.filter((o) => all.every((c) => c.operations.unseen.includes(o)));
  const key = (s: { operation: string; status: string }): string => `${s.operation} ${s.status}`;
  const unseenStatuses = first.statuses.unseen.filter((s) =>
    all.every((c) => c.statuses.unseen.some((t) => key(t) === key(s))),
  );
  return {
    operations: { seen: first.operations.total - unseenOps.length, total: first.operations.total, unseen: unseenOps },
    statuses: {
      seen: first.statuses.documented - unseenStatuses.length,
      documented: first.statuses.documented,
      unseen: unseenStatuses,
    },
    unmatched: all.flatMap((c) => c.unmatched),
    outside: all.flatMap((c) => c.outside),
  };
}

/**
 * Joins reports into the one the whole run would have written: the results of every shard, in the
 * whole run's order (operations in contract order, then workflows and rules as each shard listed
 * them); counts, coverage and notices joined. Shards must be all N of one split, each once.
 */
export function mergeReports(reports: readonly { readonly report: RunReport; readonly file: string }[]): RunReport {
  if (reports.length === 0) throw new MergeError('merge needs at least one JSON report');
  const sharded = reports.filter((r) => r.report.shard !== undefined);
  let order: readonly string[] = [];
  if (sharded.length > 0) {
    if (sharded.length !== reports.length)
      throw new MergeError(
        `${reports.find((r) => !r.report.shard)?.file ?? ''} is not a shard, but the others are: merge the shards of one run`,
      );
    const labels = sharded.map((r) => r.report.shard?.label ?? '');
    const n = Number(labels[0]?.split('/')[1]);
    const seen = new Map<number, string>();
    for (const { report, file } of sharded) {
      const [k, of] = (report.shard?.label ?? '').split('/').map(Number);
      if (of !== n)
        throw new MergeError(
          `${file} is shard ${report.shard?.label ?? ''}, but ${reports[0]?.file ?? ''} is one of ${n}: merge the shards of one split`,
        );
      if (k === undefined || seen.has(k))
        throw new MergeError(`shard ${k ?? '?'}/${n} is given twice (${seen.get(k ?? 0) ?? ''} and ${file})`);
      seen.set(k, file);
    }
    const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !seen.has(k));
    if (missing.length > 0)
      throw new MergeError(
        `shard(s) ${missing.map((k) => `${k}/${n}`).join(', ')} missing: the whole run cannot be judged from part of it`,
      );
    order = sharded[0]?.report.shard?.order ?? [];
  }
  // The whole run's order (runner.ts): the checks of each operation in contract order, then the
  // workflows in document order, then each generic rule over the operations in contract order.
  const position = new Map(order.map((id, i) => [id, i]));
  const ruleNames = PROBES.map((r) => r.name);
  const group = (r: CheckResult): number =>
    CHECK_NAMES.includes(r.check) ? 0 : r.check.startsWith('workflow:') ? 1 : ruleNames.includes(r.check) ? 2 : 3;
  const rank = (r: CheckResult): number[] => {
    const g = group(r);
    const at = position.get(g === 1 ? r.check : r.operation) ?? Number.MAX_SAFE_INTEGER;
    return g === 0
      ? [0, at, CHECK_NAMES.indexOf(r.check)]
      : g === 1
        ? [1, at, 0]
        : g === 2
          ? [2, ruleNames.indexOf(r.check), at]
          : [3, 0, 0];
  };
  const compare = (a: CheckResult, b: CheckResult): number => {
    const x = rank(a);
    const y = rank(b);
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  };
  const all = reports.flatMap((r) => r.report.results);
  // Array.prototype.sort is stable: results a shard listed in one place keep their order.
  const results = order.length === 0 ? all : [...all].sort(compare);
  const checkOrder = [...new Set(reports.flatMap((r) => r.report.checks))];
  const first = reports[0]!.report;
  const coverages = reports.map((r) => r.report.coverage).filter((c): c is Coverage => c !== undefined);
  const traffic = mergeTraffic(
    reports.map((r) => r.report.traffic).filter((c): c is TrafficCoverage => c !== undefined),
  );
  const refused = reports.map((r) => r.report.credentialsRefused).filter((c): c is string => c !== undefined);
  const internalErrors = reports.flatMap((r) => r.report.internalErrors ?? []);
  const operations =
    order.length > 0
      ? order
          .filter((id) => !id.startsWith('workflow:'))
          .filter((id) => reports.some((r) => r.report.operations.includes(id)))
      : [...new Set(reports.flatMap((r) => r.report.operations))];
  return {
    target: first.target,
    seed: first.seed,
    examples: first.examples,
    strict: reports.some((r) => r.report.strict),
    startedAt: reports.map((r) => r.report.startedAt).sort()[0] ?? first.startedAt,
    // The jobs of a matrix run side by side: the whole took as long as the longest.
    durationMs: Math.max(...reports.map((r) => r.report.durationMs)),
    operations,
    checks: checkOrder,
    results,
    summary: summaryOf(results),
    requests: reports.reduce((n, r) => n + r.report.requests, 0),
    // A shard's notices about itself (an empty share, nothing judged of its own) are not the whole run's.
    notices: [...new Set(reports.flatMap((r) => r.report.notices ?? []))].filter((n) => !SHARD_NOTICE.test(n)),
    ...(coverages.length > 0
      ? {
          coverage: {
            exercised: coverages.reduce((n, c) => n + c.exercised, 0),
            total: coverages.reduce((n, c) => n + c.total, 0),
            notExercised: coverages
              .flatMap((c) => c.notExercised)
              .sort((a, b) => (position.get(a.operation) ?? 0) - (position.get(b.operation) ?? 0)),
          },
        }
      : {}),
    ...(first.contract ? { contract: first.contract } : {}),
    // Refused credentials leave a run without verdict only when every shard saw them refused.
    ...(refused.length === reports.length && refused[0] !== undefined ? { credentialsRefused: refused[0] } : {}),
    ...(internalErrors.length > 0 ? { internalErrors } : {}),
    ...(traffic ? { traffic } : {}),
  };
}
