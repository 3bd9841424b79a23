import type { Operation } from '../../src/contract/index.js';
import { toCurl } from '../http/curl.js';
import type { WorkflowCell } from '../execute/probes.js';
import type { CheckContext, ProbeCheck, ProbePlan, ProbeVerdict, Sent } from '../registry/types.js';
import type { CheckResult } from '../types.js';
import { underPolicies } from './policies.js';

/** One probe check on one operation: its plan, and what the executor sent for it (conformance/execute/probes.ts). */
export interface ProbeCell {
  readonly probe: ProbeCheck;
  readonly op: Operation;
  readonly planned: ProbePlan<unknown>;
  readonly sent: readonly Sent[];
}

function resultOf(name: string, op: Operation, v: ProbeVerdict): CheckResult {
  const base = { check: name, operation: op.id, smallestInput: undefined } as const;
  if (v.status === 'skipped')
    return { ...base, status: 'skipped', message: v.message, exchange: v.exchange, reproduce: undefined, judged: 0 };
  if (v.status === 'passed')
    return {
      ...base,
      status: 'passed',
      message: v.message,
      exchange: undefined,
      reproduce: undefined,
      judged: v.judged,
    };
  return {
    ...base,
    status: v.status,
    message: v.message,
    exchange: v.exchange,
    reproduce: v.status === 'failed' && v.exchange ? toCurl(v.exchange.request) : undefined,
    judged: v.judged,
  };
}

/**
 * One result per probe cell, in the order given: the probe's pure judge of what was sent (or its
 * plan's reason to skip), under the judge's policies (policies.ts). Pure: sends nothing.
 */
export function judgeProbes(
  cells: readonly ProbeCell[],
  ctx: CheckContext,
  strict: boolean,
): { results: CheckResult[]; internalErrors: Array<{ operation: string; error: unknown }> } {
  const results: CheckResult[] = [];
  const internalErrors: Array<{ operation: string; error: unknown }> = [];
  for (const { probe, op, planned, sent } of cells) {
    try {
      const verdict: ProbeVerdict = planned.ok
        ? probe.judge(planned.plan, sent)
        : { status: 'skipped', message: planned.reason, exchange: planned.exchange };
      results.push(underPolicies(resultOf(probe.name, op, verdict), probe, op, ctx, strict));
    } catch (error) {
      internalErrors.push({ operation: op.id, error });
    }
  }
  return { results, internalErrors };
}

/**
 * One result per workflow of each cell, in the order given: the entry's pure judge of what was sent,
 * each under the judge's policies about its failing step's operation (its x-stability, the
 * contract-first rule for the refusal it asked for, a step still rate limited). Pure: sends nothing.
 */
export function judgeWorkflowCells(cells: readonly WorkflowCell[], ctx: CheckContext, strict: boolean): CheckResult[] {
  return cells.flatMap(({ entry, plan, sent }) =>
    entry
      .judge(plan, sent)
      .map((r) =>
        underPolicies(
          r,
          entry,
          r.exchange ? ctx.contract.operationsById.get(r.exchange.operationId) : undefined,
          ctx,
          strict,
        ),
      ),
  );
}
