/** A workflow document's plan: which of its workflows run under the run's selection, and which are skipped with why. */
import type { Contract } from '../../src/contract/index.js';
import type { WorkflowRun } from '../registry/types.js';
import type { ArazzoDocument } from './document.js';
import { checkAgainstContract, operationOf, Replays, type WorkflowPlan } from './interpreter.js';
import { workflowCheckName } from './options.js';

/** Whether a workflow's result is wanted under --checks / --skip-checks. */
export function workflowSelected(
  workflowId: string,
  checks: readonly string[] | undefined,
  skipChecks: readonly string[] | undefined,
): boolean {
  const name = workflowCheckName(workflowId);
  const matches = (n: string): boolean => n === name || n === 'workflow:*';
  if ((skipChecks ?? []).some(matches)) return false;
  if (!checks || checks.length === 0) return true;
  return checks.some(matches);
}

/** The operationIds a workflow's steps call, through the workflows it calls too. */
export function operationsOfWorkflow(
  doc: ArazzoDocument,
  workflowId: string,
  contract: Contract,
  seen: Set<string> = new Set(),
): string[] {
  if (seen.has(workflowId)) return [];
  seen.add(workflowId);
  const workflow = doc.workflows.find((w) => w.workflowId === workflowId);
  if (!workflow) return [];
  return workflow.steps.flatMap((step) =>
    step.workflowId !== undefined
      ? operationsOfWorkflow(doc, step.workflowId.replace(/^\$sourceDescriptions\.[^.]+\./, ''), contract, seen)
      : [operationOf(step, contract)?.id].filter((id): id is string => id !== undefined),
  );
}

/**
 * One document's plan: the workflows --checks / --skip-checks select that touch an operation
 * --operations selects run; the other selected ones are skipped with the reason (all of them when
 * the run's circuit breaker held the target back).
 */
export function planWorkflows(doc: ArazzoDocument, options: WorkflowRun): WorkflowPlan {
  checkAgainstContract(doc, options.contract);
  const selected = doc.workflows
    .map((w) => w.workflowId)
    .filter((id) => workflowSelected(id, options.checks, options.skipChecks));
  const base = {
    doc,
    contract: options.contract,
    target: options.target,
    credentials: options.credentials,
    headers: options.headers ?? {},
    replays: new Replays(),
  };
  if (options.heldBack !== undefined) {
    const message = options.heldBack;
    return { ...base, run: [], skip: selected.map((workflowId) => ({ workflowId, message })) };
  }
  const limit = options.operations && options.operations.length > 0 ? new Set(options.operations) : undefined;
  const touching = (id: string): boolean =>
    !limit || operationsOfWorkflow(doc, id, options.contract).some((op) => limit.has(op));
  const message = `not run: its steps call none of the operations --operations selects (${[...(limit ?? [])].join(', ')})`;
  return {
    ...base,
    run: selected.filter(touching),
    skip: selected.filter((id) => !touching(id)).map((workflowId) => ({ workflowId, message })),
  };
}
