import type { Contract } from '../src/contract/index.js';
import type { CheckResult, ContractInfo, Exchange, ExchangeKind, RunReport } from './types.js';

/**
 * Run-level diagnostics: what a whole run says that no single cell does (the
 * key refused everywhere, a wrong base path, nothing judged), and the report of
 * a run that ended without a verdict. Pure functions of the report, the
 * exchanges and the contract; the CLI prints them.
 */

/** The operation and check of the one failed result a run without a verdict reports. */
export const RUN_OPERATION = '(run)';
export const RUN_CHECK = 'run';

/** Exchanges whose 404 is expected or plausible, so they say nothing about the base path. */
const MAY_BE_404: ReadonlySet<ExchangeKind> = new Set(['unknown_id', 'read_after_delete', 'wrong_method']);

function byOperation(exchanges: readonly Exchange[], keep: (e: Exchange) => boolean): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const e of exchanges) {
    const op = e.requestedOperationId;
    if (op === undefined || !e.response || !keep(e)) continue;
    const list = out.get(op) ?? [];
    list.push(e.response.status);
    out.set(op, list);
  }
  return out;
}

/** Exchanges the runner sends with the valid credentials (the others test their absence or a wrong key). */
const WITH_CREDENTIALS: ReadonlySet<ExchangeKind> = new Set([
  'positive',
  'negative',
  'malformed_json',
  'non_utf8',
  'unknown_id',
  'read_back',
  'list_back',
  'read_after_delete',
  'prerequisite',
]);

/**
 * "Credentials refused": credentials were given and no secured operation accepted them: each one
 * reached answered 401 or 403 (RFC 9110 §15.5.2, §15.5.4) to requests carrying them and never a
 * 2xx. Such a run says nothing about the server's conformance (a rotated secret is not a server
 * regression): the run has no verdict (exit 2), and this line says why.
 */
export function refusedCredentials(
  exchanges: readonly Exchange[],
  contract: Contract,
  flagsGiven: readonly string[],
): string | undefined {
  if (flagsGiven.length === 0) return undefined;
  const secured = byOperation(
    exchanges,
    (e) =>
      WITH_CREDENTIALS.has(e.kind) && contract.operationsById.get(e.requestedOperationId ?? '')?.requiresAuth === true,
  );
  if (secured.size === 0) return undefined;
  for (const statuses of secured.values()) {
    if (!statuses.some((s) => s === 401 || s === 403) || statuses.some((s) => s >= 200 && s < 300)) return undefined;
  }
  const ops = [...secured.keys()];
  return `credentials refused: check ${flagsGiven.join(', ')} (${ops.length} secured operation(s) answered 401/403 to requests carrying them, and none accepted them: ${ops.slice(0, 4).join(', ')}${ops.length > 4 ? ', …' : ''})`;
}

/** "Wrong base path": most operations answered 404 to every request, even valid ones. */
export function basePathNotice(exchanges: readonly Exchange[], target: string, contract: Contract): string | undefined {
  const perOp = byOperation(exchanges, (e) => !MAY_BE_404.has(e.kind));
  if (perOp.size === 0) return undefined;
  const notFound = [...perOp.entries()].filter(([, statuses]) => statuses.every((s) => s === 404)).map(([op]) => op);
  if (notFound.length * 2 <= perOp.size) return undefined;
  const sample = exchanges.find((e) => e.requestedOperationId === notFound[0] && e.response?.status === 404)?.request
    .url;
  const targetPath = URL.canParse(target) ? new URL(target).pathname : '';
  const declared =
    contract.basePath && !targetPath.startsWith(contract.basePath)
      ? `; the contract's servers entry has the base path ${contract.basePath}`
      : '';
  return `${notFound.length} of ${perOp.size} operations answered 404 to every request: --target may carry a wrong base path (e.g. ${sample ?? target})${declared}`;
}

/** Results that judged something: a run with none of them has no verdict (PRODUCT.md §4: exit 2). */
export function judgedCount(report: RunReport): number {
  return report.summary.passed + report.summary.failed + report.summary.warnings;
}

/** Why a run judged nothing, in one line; undefined when it judged something. */
export function nothingJudgedReason(report: RunReport): string | undefined {
  if (judgedCount(report) > 0) return undefined;
  const ops =
    report.operations.slice(0, 6).join(', ') +
    (report.operations.length > 6 ? `, and ${report.operations.length - 6} more` : '');
  if (report.checks.length === 0) return 'nothing was judged: --checks and --skip-checks leave no check to run';
  // A document with no operations (OAS 3.1: only webhooks or components) has nothing to send.
  if (report.operations.length === 0)
    return `nothing was judged: the contract has no operations to call${report.notices?.some((n) => n.startsWith('webhooks')) ? ' (its webhooks are requests the API sends, not ones it serves)' : ''}`;
  if (report.results.length === 0)
    return `nothing was judged: the selected checks (${report.checks.join(', ')}) do not apply to the selected operations (${ops})`;
  const reasons = [...new Set(report.results.map((r) => r.message))];
  const shown =
    reasons.slice(0, 3).join('; ') + (reasons.length > 3 ? `; and ${reasons.length - 3} other reason(s)` : '');
  return `nothing was judged: all ${report.results.length} result(s) were skipped (${shown})`;
}

/** The report with run-level notices appended to those it has (shown first by every reporter). */
export function withNotices(report: RunReport, notices: readonly (string | undefined)[]): RunReport {
  const add = notices.filter((n): n is string => n !== undefined && !(report.notices ?? []).includes(n));
  return add.length === 0 ? report : { ...report, notices: [...(report.notices ?? []), ...add] };
}

/** Every notice this module knows how to give about a finished run (refused credentials are the runner's own: RunReport.credentialsRefused). */
export function runNotices(report: RunReport, exchanges: readonly Exchange[], contract: Contract): RunReport {
  return withNotices(report, [basePathNotice(exchanges, report.target, contract)]);
}

export interface RunBasics {
  readonly target: string;
  readonly seed: number;
  readonly examples: number;
  readonly strict: boolean;
  readonly startedAt: Date;
  readonly contract?: ContractInfo | undefined;
}

/** What the reports' headers say about the contract. */
export function contractInfo(contract: Contract, source: string): ContractInfo {
  return { title: contract.document.info.title, version: contract.document.info.version, source };
}

/**
 * The report of a run that ended without a verdict (target unreachable or speaking the
 * wrong protocol, nothing judged, internal error): one failed result that says why, before
 * whatever the run did judge, so that the JUnit, HTML and JSON files CI uploads still exist
 * and say so (issue 13, item 12).
 */
export function runFailureReport(basics: RunBasics | RunReport, reason: string): RunReport {
  const previous = 'results' in basics ? basics : undefined;
  const startedAt = 'results' in basics ? basics.startedAt : basics.startedAt.toISOString();
  const failure: CheckResult = {
    check: RUN_CHECK,
    operation: RUN_OPERATION,
    status: 'failed',
    message: reason,
    exchange: undefined,
    smallestInput: undefined,
    reproduce: undefined,
    judged: 0,
  };
  const results = [failure, ...(previous?.results ?? [])];
  const summary = previous?.summary ?? { passed: 0, failed: 0, skipped: 0, warnings: 0 };
  return {
    target: basics.target,
    seed: basics.seed,
    examples: basics.examples,
    strict: basics.strict,
    startedAt,
    durationMs: previous ? previous.durationMs : Date.now() - new Date(startedAt).getTime(),
    operations: [RUN_OPERATION, ...(previous?.operations ?? [])],
    checks: [RUN_CHECK, ...(previous?.checks ?? [])],
    results,
    summary: { ...summary, failed: summary.failed + 1 },
    requests: previous?.requests ?? 0,
    ...(previous?.notSent !== undefined ? { notSent: previous.notSent } : {}),
    ...(previous?.circuitBreaker !== undefined ? { circuitBreaker: previous.circuitBreaker } : {}),
    ...(previous?.coverage !== undefined ? { coverage: previous.coverage } : {}),
    ...(basics.contract !== undefined ? { contract: basics.contract } : {}),
    notices: [reason, ...(previous?.notices ?? []).filter((n) => n !== reason)],
  };
}
