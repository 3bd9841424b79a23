import { documentedResponse, type Operation } from '../../src/contract/index.js';
import { CellFold, checkContext, judgeOne } from '../judge/index.js';
import type { Check, CheckContext } from '../registry/index.js';
import { summaryOf } from '../report/index.js';
import type { CheckResult, RunReport } from '../types.js';
import { trafficChecks } from './checks.js';
import type { TrafficJudge, TrafficJudgeOptions } from './judge.js';
import type { TrafficCoverage, TrafficExchange } from './types.js';

/** A failed or warned result one exchange alone earns: what the proxy's --mark header names. */
export interface Violation {
  readonly check: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

/** One operation the traffic reached: a fold per applicable check, and the documented statuses its answers hit. */
interface OperationTally {
  readonly op: Operation;
  readonly cells: ReadonlyArray<{ readonly check: Check; readonly fold: CellFold }>;
  readonly statuses: Set<string>;
  /** What judging it threw, first: its results are then dropped and the run says so, as judge() does. */
  error?: unknown;
}

/**
 * Traffic judged one exchange at a time, as it comes: each exchange is folded into its operation's
 * cells (conformance/judge CellFold, the runner's own fold) and forgotten, so that what stays is one
 * cell per operation × check and the coverage, however long the traffic runs. The report is the
 * one judge() would give on all the exchanges at once (the tests compare the two).
 */
export class TrafficTally {
  private readonly ctx: CheckContext;
  private readonly checks: readonly Check[];
  /** The current exchange's reason its body is not judged, read by the body checks by seq. */
  private readonly unjudged = new Map<number, string>();
  private readonly reached = new Map<string, OperationTally>();
  private readonly unmatched: Array<{ method: string; url: string; reason: string }> = [];
  private seq = 0;

  constructor(
    private readonly judge: TrafficJudge,
    private readonly options: Omit<TrafficJudgeOptions, 'target' | 'startedAt' | 'contract'>,
  ) {
    const contract = judge.contract;
    this.checks = trafficChecks(options, this.unjudged);
    // The whole contract's context: the traffic checks read only the contract, the validator and the
    // error schema from it (pathRepresentatives, which depends on the selection, serves method_not_allowed,
    // a check of the runner's own probes that traffic never runs).
    this.ctx = checkContext(contract, judge.validator, contract.operations);
  }

  /** Exchanges added so far, those that named no operation included. */
  get requests(): number {
    return this.seq;
  }

  /**
   * Judges one exchange into the report. With `mark`, also returns what it earns on its own (the
   * results judge() would give on it alone, failed or warned), from the same judgement: an exchange
   * the proxy marks is judged once, not once for its header and again for the report.
   */
  add(t: TrafficExchange, mark?: false): undefined;
  add(t: TrafficExchange, mark: true): Violation[];
  add(t: TrafficExchange, mark = false): Violation[] | undefined {
    this.seq += 1;
    const c = this.judge.convert(t, this.seq);
    if ('reason' in c) {
      this.unmatched.push({ method: t.method.toUpperCase(), url: t.url, reason: c.reason });
      return mark
        ? [{ check: 'route', severity: 'warning', message: `${t.method.toUpperCase()} ${pathOf(t.url)}: ${c.reason}` }]
        : undefined;
    }
    const { op, exchange } = c;
    let tally = this.reached.get(op.id);
    if (!tally) {
      let cells: OperationTally['cells'] = [];
      let error: unknown;
      try {
        cells = this.checks
          .filter((check) => check.appliesTo(op, this.ctx))
          .map((check) => ({ check, fold: new CellFold() }));
      } catch (thrown) {
        error = thrown;
      }
      tally = { op, cells, statuses: new Set(), ...(error !== undefined ? { error } : {}) };
      this.reached.set(op.id, tally);
    }
    const key = exchange.response ? documentedResponse(op.responses, exchange.response.status)?.key : undefined;
    if (key !== undefined) tally.statuses.add(key);
    const violations: Violation[] | undefined = mark ? [] : undefined;
    if (tally.error !== undefined) return violations;
    if (c.unjudged !== undefined) this.unjudged.set(exchange.seq, c.unjudged);
    try {
      for (const { check, fold } of tally.cells) {
        const outcome = judgeOne(check, exchange, op, this.ctx);
        if (!outcome) continue;
        fold.add(exchange, outcome);
        if (violations && (outcome.status === 'fail' || outcome.status === 'warn')) {
          // This exchange's own result, as judge() gives it on the exchange alone (not strict, as Prism's header).
          const alone = new CellFold();
          alone.add(exchange, outcome);
          const { result } = alone.cell({ check, op, ctx: this.ctx, strict: false });
          if (result.status === 'failed' || result.status === 'warning')
            violations.push({
              check: result.check,
              severity: result.status === 'failed' ? 'error' : 'warning',
              message: result.message,
            });
        }
      }
    } catch (error) {
      tally.error = error;
    } finally {
      this.unjudged.delete(exchange.seq);
    }
    return violations;
  }

  /** The report of the traffic so far: results of the operations it reached (contract order), coverage and notices. */
  report(
    options: Pick<TrafficJudgeOptions, 'target' | 'startedAt'>,
  ): RunReport & { readonly traffic: TrafficCoverage } {
    const contract = this.judge.contract;
    const strict = this.options.strict ?? false;
    const operations = contract.operations.filter((o) => this.reached.has(o.id));
    const results: CheckResult[] = [];
    const internalErrors: string[] = [];
    for (const op of operations) {
      const tally = this.reached.get(op.id) as OperationTally;
      if (tally.error !== undefined) {
        const e = tally.error;
        internalErrors.push(`${op.id}: internal error while judging it: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      for (const { check, fold } of tally.cells) results.push(fold.cell({ check, op, ctx: this.ctx, strict }).result);
    }
    const coverage = this.coverage();
    const notices = [...coverageNotices(coverage), ...internalErrors];
    return {
      target: options.target,
      seed: 0,
      examples: 0,
      strict,
      startedAt: options.startedAt.toISOString(),
      durationMs: Date.now() - options.startedAt.getTime(),
      operations: operations.map((o) => o.id),
      checks: this.checks.map((c) => c.name),
      results,
      summary: summaryOf(results),
      requests: this.seq,
      notices,
      ...(internalErrors.length > 0 ? { internalErrors } : {}),
      traffic: coverage,
    };
  }

  /** Operations and documented statuses (each response key: code, range, default) reached, and those never reached. */
  coverage(): TrafficCoverage {
    const contract = this.judge.contract;
    const unseenOps = contract.operations.filter((o) => !this.reached.has(o.id)).map((o) => o.id);
    const unseenStatuses: Array<{ operation: string; status: string }> = [];
    let documented = 0;
    for (const op of contract.operations) {
      for (const key of Object.keys(op.responses)) {
        documented += 1;
        if (!this.reached.get(op.id)?.statuses.has(key)) unseenStatuses.push({ operation: op.id, status: key });
      }
    }
    return {
      operations: { seen: this.reached.size, total: contract.operations.length, unseen: unseenOps },
      statuses: { seen: documented - unseenStatuses.length, documented, unseen: unseenStatuses },
      unmatched: [...this.unmatched],
      outside: this.options.outside ?? [],
    };
  }
}

const pathOf = (url: string): string => (URL.canParse(url) ? new URL(url).pathname : url);

/** The coverage in words, for every reporter (notices come first in each). */
export function coverageNotices(c: TrafficCoverage): string[] {
  const list = (items: readonly string[], n = 12): string =>
    `${items.slice(0, n).join(', ')}${items.length > n ? `, and ${items.length - n} more` : ''}`;
  const out = [
    `traffic reached ${c.operations.seen} of ${c.operations.total} operations and ${c.statuses.seen} of ${c.statuses.documented} documented statuses`,
  ];
  if (c.operations.unseen.length > 0) out.push(`operations no traffic reached: ${list(c.operations.unseen)}`);
  if (c.statuses.unseen.length > 0)
    out.push(
      `documented statuses no traffic reached: ${list(c.statuses.unseen.map((s) => `${s.operation} ${s.status}`))}`,
    );
  if (c.unmatched.length > 0)
    out.push(
      `${c.unmatched.length} request(s) named no operation of the contract (not judged): ${list(
        c.unmatched.map((u) => `${u.method} ${u.url} (${u.reason})`),
        5,
      )}`,
    );
  if (c.outside.length > 0)
    out.push(
      `${c.outside.length} recorded request(s) outside the contract's servers (not judged): ${list(
        c.outside.map((u) => `${u.method} ${u.url}`),
        5,
      )}`,
    );
  return out;
}
