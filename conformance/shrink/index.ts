import type { SchemaValidator } from '../../src/contract/index.js';
import { requestBodyOf } from '../cases/inputs.js';
import { shrinkCandidates } from '../cases/shrink.js';
import type { CheckContext } from '../registry/index.js';
import { failureResult, type FailedCell, type Judgement } from '../judge/index.js';
import type { Session } from '../session.js';
import type { CheckResult, Exchange, GeneratedInput } from '../types.js';

const SHRINK_BUDGET = 24;

export interface ShrinkInput {
  readonly judgement: Judgement;
  readonly session: Session;
  readonly ctx: CheckContext;
  readonly validator: SchemaValidator;
  /** Called when shrinking a cell throws: the runner's own failure; the cell keeps its unshrunk input. */
  readonly onInternalError?: (operation: string, error: unknown) => void;
}

/**
 * The step after judging: each failed cell whose first failing request was a generated body is
 * sent again in smaller variants (optional fields dropped, values simplified) while the same check
 * still fails, and the result shows the smallest. Variants are sent unrecorded: they are not part
 * of what was judged.
 */
export async function shrinkFailures(input: ShrinkInput): Promise<CheckResult[]> {
  const results = [...input.judgement.results];
  for (const cell of input.judgement.failed) {
    try {
      const shrunk = await shrinkCell(input, cell);
      if (shrunk) results[cell.index] = failureResult(cell, input.ctx, shrunk);
    } catch (error) {
      input.onInternalError?.(cell.op.id, error);
    }
  }
  return results;
}

async function shrinkCell(input: ShrinkInput, cell: FailedCell): Promise<Exchange | undefined> {
  const { op, check } = cell;
  const failing = cell.first.exchange;
  if (
    (failing.kind !== 'positive' && failing.kind !== 'negative') ||
    !failing.input ||
    failing.input.rawBody !== undefined
  )
    return undefined;
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
      if (
        check.judge(exchange, op, input.ctx)?.status === 'fail' &&
        exchange.response?.status === failing.response?.status
      ) {
        best = exchange;
        current = next;
        improved = true;
        break;
      }
    }
  }
  return best;
}
