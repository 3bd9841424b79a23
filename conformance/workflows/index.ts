import type { Contract } from '../../src/contract/index.js';
import { CredentialPlan } from '../credentials.js';
import { DEFAULT_BREAKER, Session, type BuiltRequestSender } from '../session.js';
import type { CheckResult, Exchange } from '../types.js';
import type { ArazzoDocument } from './document.js';
import {
  checkAgainstContract,
  judgeWorkflows,
  nextWorkflowRequest,
  operationOf,
  Replays,
  type WorkflowPlan,
  type WorkflowRequest,
} from './interpreter.js';
import type { Sent } from '../registry/types.js';
import { isWorkflowCheckName, workflowCheckName, type WorkflowCredentials } from './options.js';

export { ArazzoError, loadArazzo, parseArazzo, type ArazzoDocument } from './document.js';
export { defaultWorkflowFiles, isWorkflowCheckName, workflowCheckName, type WorkflowCredentials } from './options.js';

export interface RunWorkflowsOptions {
  readonly documents: readonly ArazzoDocument[];
  readonly contract: Contract;
  readonly target: string;
  readonly credentials: WorkflowCredentials;
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** --checks: when it names any workflow (or `workflow:*`), only those run; when it names only other checks, none. */
  readonly checks?: readonly string[] | undefined;
  readonly skipChecks?: readonly string[] | undefined;
  /** --operations: only workflows whose steps (or the workflows they call) touch one of these run; the others are skipped with the reason. */
  readonly operations?: readonly string[] | undefined;
  /**
   * The run's session: steps are sent through it (the runner passes its own, so timeouts, the
   * circuit breaker and Retry-After waits are the run's). Without one, a session of their own.
   */
  readonly transport?: BuiltRequestSender;
  /** Set when the runner stopped sending to the target (its circuit breaker): every workflow is skipped with it. */
  readonly heldBack?: string | undefined;
}

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

/** Names that --checks / --skip-checks may give for these documents. */
export function workflowCheckNames(documents: readonly ArazzoDocument[]): string[] {
  return ['workflow:*', ...documents.flatMap((d) => d.workflows.map((w) => workflowCheckName(w.workflowId)))];
}

export const isKnownWorkflowCheck = (name: string, documents: readonly ArazzoDocument[]): boolean =>
  isWorkflowCheckName(name) && workflowCheckNames(documents).includes(name);

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
export function planWorkflows(
  doc: ArazzoDocument,
  options: Pick<
    RunWorkflowsOptions,
    'contract' | 'target' | 'credentials' | 'headers' | 'checks' | 'skipChecks' | 'operations' | 'heldBack'
  >,
): WorkflowPlan {
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

/** A workflow step's request, sent as its author built it, after the wait a retry action asked for. */
async function sendStep(transport: BuiltRequestSender, request: WorkflowRequest): Promise<Exchange> {
  if (request.waitMs !== undefined && request.waitMs > 0) await new Promise((r) => setTimeout(r, request.waitMs));
  const outcome = await transport.sendBuilt(request.built, request.route);
  return {
    seq: 0,
    operationId: request.op.id,
    requestedOperationId: request.op.id,
    kind: 'workflow',
    request: request.built,
    response: outcome.ok ? outcome.response : undefined,
    error: outcome.ok ? undefined : outcome.error,
    input: undefined,
    context: {},
  };
}

/**
 * Runs every selected workflow of every document, after the per-operation
 * checks, each on resources it creates itself. Throws ArazzoError when a step
 * names no operation of the contract (the file does not fit the contract).
 */
export async function runWorkflows(options: RunWorkflowsOptions): Promise<CheckResult[]> {
  for (const doc of options.documents) checkAgainstContract(doc, options.contract);
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
    for (const doc of options.documents) {
      const plan = planWorkflows(doc, options);
      const sent: Sent<WorkflowRequest>[] = [];
      for (let request = nextWorkflowRequest(plan, sent); request; request = nextWorkflowRequest(plan, sent))
        sent.push({ request, exchange: await sendStep(transport, request) });
      results.push(...judgeWorkflows(plan, sent));
    }
  } finally {
    own?.close();
  }
  return results;
}
