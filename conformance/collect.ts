import type { Operation, SchemaValidator } from '../src/contract/index.js';
import { requestBodyOf } from './cases/inputs.js';
import { shrinkCandidates } from './cases/shrink.js';
import type { Check, CheckContext } from './checks/index.js';
import { toCurl } from './http/curl.js';
import type { Session } from './session.js';
import type { CheckOutcome, CheckResult, Exchange, GeneratedInput, ResultStatus } from './types.js';

/** A reason the runner planned no exchange for a cell (no key, no prerequisite...). */
export interface Note {
  readonly operation: string;
  readonly check: string;
  readonly reason: string;
}

export interface CollectInput {
  readonly session: Session;
  readonly ctx: CheckContext;
  readonly checks: readonly Check[];
  readonly operations: readonly Operation[];
  readonly exchanges: readonly Exchange[];
  readonly notes: readonly Note[];
  readonly strict: boolean;
  readonly validator: SchemaValidator;
  /** Called when judging an operation throws: the runner's own failure, not the server's. */
  readonly onInternalError?: (operation: string, error: unknown) => void;
}

/** RFC 6585 §4 / RFC 9110 §15.6.4: a rate limit (or a 503 that says when to come back) is not a defect; it cannot be judged. */
export function rateLimited(exchange: Exchange): string | undefined {
  const r = exchange.response;
  if (!r) return undefined;
  if (r.status === 429) return 'rate limited (429) even after waiting out Retry-After: cannot judge';
  if (r.status === 503 && r.headers['retry-after'] !== undefined) return 'temporarily unavailable (503 with Retry-After): cannot judge';
  return undefined;
}

/**
 * The path a request for `path` reaches: a fragment (`/files/{id}#get_shared_link`, as Box writes
 * variants of one endpoint) is never sent (RFC 3986 §3.5, RFC 9110 §7.1), so it names no resource.
 */
export function requestPath(path: string): string {
  const hash = path.indexOf('#');
  return hash < 0 ? path : path.slice(0, hash);
}

const siblingCache = new WeakMap<CheckContext, Map<string, readonly Operation[]>>();

/** The other operations of the contract that the same method on the same request path reaches. */
export function siblingsOf(op: Operation, ctx: CheckContext): readonly Operation[] {
  let byOp = siblingCache.get(ctx);
  if (!byOp) siblingCache.set(ctx, (byOp = new Map()));
  let hit = byOp.get(op.id);
  if (!hit) {
    const here = requestPath(op.path);
    hit = ctx.contract.operations.filter((o) => o.id !== op.id && o.method === op.method && requestPath(o.path) === here);
    byOp.set(op.id, hit);
  }
  return hit;
}

/** Checks of the answer alone: an answer valid for an operation the same request reaches is no defect. */
const ANSWER_CHECKS = new Set(['response_schema', 'status_code_documented', 'positive_data_accepted', 'content_type', 'response_headers', 'error_shape']);

function judgeOne(check: Check, exchange: Exchange, op: Operation, ctx: CheckContext): CheckOutcome | undefined {
  const outcome = check.judge(exchange, op, ctx);
  if (!outcome) return undefined;
  const limited = rateLimited(exchange);
  if (limited && outcome.status === 'fail') return { status: 'skip', reason: limited };
  if (outcome.status !== 'fail') return outcome;
  // Several operations of one method and request path (variants told apart by a fragment, a query
  // parameter or a header) cannot be told apart by the server from the path: it answers the one the
  // request matches, which need not be the one the runner meant. An answer another of them documents
  // is therefore conformant; an input invalid for one may be valid for another, so an accepted
  // "invalid" input proves nothing.
  const siblings = siblingsOf(op, ctx);
  if (siblings.length === 0) return outcome;
  if (check.name === 'negative_data_rejected') {
    return { status: 'skip', reason: `${op.method.toUpperCase()} ${requestPath(op.path)} is also documented as ${siblings.map((o) => o.id).join(', ')}: an input invalid for ${op.id} may be a valid request of those` };
  }
  if (ANSWER_CHECKS.has(check.name) && siblings.some((o) => check.judge(exchange, o, ctx)?.status === 'pass')) return { status: 'pass' };
  return outcome;
}

const SHRINK_BUDGET = 24;

/**
 * Folds the outcomes of every exchange into one result per operation × check:
 * failed when any exchange fails, passed when some pass and none fail, skipped
 * otherwise (with the reason). Failures of `x-stability` operations become
 * warnings unless strict. The first failing generated input is shrunk.
 */
export async function collect(input: CollectInput): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const op of input.operations) {
    try {
      results.push(...(await collectOperation(input, op)));
    } catch (error) {
      input.onInternalError?.(op.id, error);
    }
  }
  return results;
}

async function collectOperation(input: CollectInput, op: Operation): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  {
    const all = input.exchanges.filter((e) => e.operationId === op.id);
    // Requests the circuit breaker held back have no outcome to judge: they count as neither pass nor fail.
    const mine = all.filter((e) => e.error?.kind !== 'not_sent');
    const held = all.find((e) => e.error?.kind === 'not_sent')?.error?.message;
    const heldNote = held ? `; ${all.length - mine.length} request(s) of ${op.id} not sent (${held.replace(/^not sent: /, '')})` : '';
    for (const check of input.checks) {
      if (!check.appliesTo(op, input.ctx)) continue;
      const judged: Array<{ exchange: Exchange; outcome: CheckOutcome }> = [];
      for (const exchange of mine) {
        const outcome = judgeOne(check, exchange, op, input.ctx);
        if (outcome) judged.push({ exchange, outcome });
      }
      // The testcase time of JUnit: wall time of the answers this check judged (transport errors carry none).
      const durationMs = judged.reduce((sum, j) => sum + (j.exchange.response?.durationMs ?? 0), 0);
      const failures = judged.filter((j) => j.outcome.status === 'fail');
      const passes = judged.filter((j) => j.outcome.status === 'pass');
      const warns = judged.filter((j) => j.outcome.status === 'warn');
      if (failures.length === 0 && warns.length > 0) {
        const first = warns[0] as { exchange: Exchange; outcome: CheckOutcome };
        const reasons = [...new Set(warns.map((w) => (w.outcome.status === 'warn' ? w.outcome.reason : '')))];
        results.push({
          check: check.name,
          operation: op.id,
          status: 'warning',
          message: `${reasons.slice(0, 3).join('; ')}${passes.length > 0 ? ` (${passes.length} other exchange(s) conform)` : ''}`,
          exchange: first.exchange,
          smallestInput: undefined,
          reproduce: toCurl(first.exchange.request),
          judged: judged.length,
        });
      } else if (failures.length > 0) {
        const first = failures[0] as { exchange: Exchange; outcome: CheckOutcome };
        const shrunk = await shrink(input, check, op, first.exchange);
        const shown = shrunk ?? first.exchange;
        const outcome = shrunk ? (check.judge(shrunk, op, input.ctx) ?? first.outcome) : first.outcome;
        const violations = outcome.status === 'fail' ? outcome.violations.map((v) => v.message) : [];
        const distinct = new Set(failures.flatMap((f) => (f.outcome.status === 'fail' ? f.outcome.violations.map((v) => v.message) : [])));
        let message = violations.slice(0, 5).join('; ');
        if (failures.length > 1) message += ` (${failures.length} of ${judged.length} exchanges failed, ${distinct.size} distinct violations)`;
        if (shrunk?.input) message += `; smallest failing input: ${describeInput(shrunk.input)}`;
        else if (first.exchange.input && (first.exchange.kind === 'negative' || first.exchange.kind === 'positive')) message += `; failing input: ${describeInput(first.exchange.input)}`;
        const status: ResultStatus = op.stability && !input.strict ? 'warning' : 'failed';
        message += heldNote;
        if (status === 'warning') message = `[x-stability: ${op.stability}] ${message}`;
        results.push({
          check: check.name,
          operation: op.id,
          status,
          message,
          exchange: shown,
          smallestInput: shrunk?.input,
          reproduce: toCurl(shown.request),
          judged: judged.length,
          durationMs,
        });
      } else if (passes.length > 0) {
        const skipped = judged.length - passes.length;
        results.push({
          check: check.name,
          operation: op.id,
          status: 'passed',
          message: `${passes.length} exchange(s) conform${skipped > 0 ? `, ${skipped} not judged` : ''}${heldNote}`,
          exchange: undefined,
          smallestInput: undefined,
          reproduce: undefined,
          judged: judged.length,
          durationMs,
        });
      } else {
        const firstSkip = judged.find((j) => j.outcome.status === 'skip')?.outcome;
        const reason =
          (judged.length === 0 ? held : undefined) ??
          (firstSkip?.status === 'skip' ? firstSkip.reason : undefined) ??
          input.notes.find((n) => n.operation === op.id && n.check === check.name)?.reason ??
          'no exchange of this run concerned it';
        results.push({ check: check.name, operation: op.id, status: 'skipped', message: reason, exchange: undefined, smallestInput: undefined, reproduce: undefined, judged: judged.length, durationMs });
      }
    }
  }
  return results;
}

export function describeInput(input: GeneratedInput): string {
  const parts: string[] = [];
  if (Object.keys(input.pathParams).length > 0) parts.push(`path ${JSON.stringify(input.pathParams)}`);
  if (Object.keys(input.query).length > 0) parts.push(`query ${JSON.stringify(input.query)}`);
  if (input.rawBody !== undefined) parts.push(`body ${JSON.stringify(input.rawBody)} as ${input.contentType ?? '(no type)'}`);
  else if (input.body !== undefined) parts.push(`body ${JSON.stringify(input.body)}`);
  return parts.join(', ') || '(no input)';
}

/**
 * Re-sends smaller variants of a failing generated input (optional fields
 * dropped, values simplified) while the same check still fails, keeping valid
 * inputs valid and invalid ones invalid. Bounded by a request budget.
 */
async function shrink(input: CollectInput, check: Check, op: Operation, failing: Exchange): Promise<Exchange | undefined> {
  if ((failing.kind !== 'positive' && failing.kind !== 'negative') || !failing.input || failing.input.rawBody !== undefined) return undefined;
  // Shrinking a timeout would cost --timeout per attempt: report the input as sent.
  if (failing.error?.kind === 'timeout') return undefined;
  const body = requestBodyOf(op);
  if (!body || typeof failing.input.body !== 'object' || failing.input.body === null) return undefined;
  const mustBeValid = failing.kind === 'positive';
  let best: Exchange | undefined;
  let current = failing.input;
  let budget = SHRINK_BUDGET;
  let improved = true;
  while (improved && budget > 0) {
    improved = false;
    for (const candidate of shrinkCandidates(current.body, body.schema)) {
      if (budget <= 0) break;
      const valid = input.validator.check(body.schema, candidate, 'request').valid;
      if (valid !== mustBeValid) continue;
      budget--;
      const next: GeneratedInput = { ...current, body: candidate };
      const exchange = await input.session.send({
        reportAs: op.id,
        operation: op,
        kind: failing.kind,
        method: op.method,
        path: op.path,
        input: next,
        auth: 'valid',
        context: failing.context,
        unrecorded: true,
      });
      // The same failure, smaller: a candidate failing with another status (a 413 shrunk into a 404) is another defect, not this one made smaller.
      if (check.judge(exchange, op, input.ctx)?.status === 'fail' && exchange.response?.status === failing.response?.status) {
        best = exchange;
        current = next;
        improved = true;
        break;
      }
    }
  }
  return best;
}
