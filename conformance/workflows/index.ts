import { CredentialPlan } from '../credentials.js';
import { DEFAULT_BREAKER, Session, type BuiltRequestSender } from '../session.js';
import { executeWorkflows } from '../execute/probes.js';
import type { WorkflowRun } from '../registry/types.js';
import type { CheckResult } from '../types.js';
import type { ArazzoDocument } from './document.js';
import { workflows } from './entry.js';
import { isWorkflowCheckName, workflowCheckName } from './options.js';

export { ArazzoError, loadArazzo, parseArazzo, type ArazzoDocument } from './document.js';
export { defaultWorkflowFiles, isWorkflowCheckName, workflowCheckName, type WorkflowCredentials } from './options.js';
export { operationsOfWorkflow, planWorkflows, workflowSelected } from './plan.js';

/** A standalone run of workflows (no runner around): the documents and how to reach the target. */
export interface RunWorkflowsOptions extends WorkflowRun {
  readonly documents: readonly ArazzoDocument[];
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /**
   * The run's session: steps are sent through it (the runner passes its own, so timeouts, the
   * circuit breaker and Retry-After waits are the run's). Without one, a session of their own.
   */
  readonly transport?: BuiltRequestSender;
}

/** Names that --checks / --skip-checks may give for these documents. */
export function workflowCheckNames(documents: readonly ArazzoDocument[]): string[] {
  return ['workflow:*', ...documents.flatMap((d) => d.workflows.map((w) => workflowCheckName(w.workflowId)))];
}

export const isKnownWorkflowCheck = (name: string, documents: readonly ArazzoDocument[]): boolean =>
  isWorkflowCheckName(name) && workflowCheckNames(documents).includes(name);

/**
 * Runs every selected workflow of every document, each on resources it creates itself, as the
 * runner does (the registry entry's plan, the executor's send loop, its judge) but without the
 * judge's policies. Throws ArazzoError, before sending anything, when a step names no operation of
 * the contract (the file does not fit the contract).
 */
export async function runWorkflows(options: RunWorkflowsOptions): Promise<CheckResult[]> {
  const plans = options.documents.map((doc) => workflows.plan(doc, options));
  // Standalone (no runner around): a session of their own, with the runner's defaults for breaker and retries.
  const own = options.transport
    ? undefined
    : new Session(
        options.contract,
        {
          target: options.target,
          credentials: new CredentialPlan(options.contract, {}),
          headers: {},
          timeoutMs: options.timeoutMs,
          maxResponseBytes: options.maxResponseBytes,
          wrongKey: '',
          circuitBreaker: DEFAULT_BREAKER,
        },
        () => undefined,
      );
  const transport = options.transport ?? (own as Session);
  const results: CheckResult[] = [];
  try {
    for (const { plan, sent } of await executeWorkflows(workflows, plans, transport))
      results.push(...workflows.judge(plan, sent));
  } finally {
    own?.close();
  }
  return results;
}
