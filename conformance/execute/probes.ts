import type { Contract, Operation } from '../../src/contract/index.js';
import type { CredentialPlan } from '../credentials.js';
import type { ProbeCell } from '../judge/probes.js';
import { acceptedPathParams } from '../probes/util.js';
import type { ProbeCheck, ProbeRequest, Sent, Stepwise, WorkflowFamily } from '../registry/types.js';
import type { BuiltRequestSender, Session } from '../session.js';
import type { Exchange } from '../types.js';
import type { WorkflowPlan, WorkflowRequest } from '../workflows/interpreter.js';

export interface ProbeExecution {
  readonly probes: readonly ProbeCheck[];
  readonly contract: Contract;
  /** The selected operations: a probe judges only these. */
  readonly operations: readonly Operation[];
  readonly session: Session;
  readonly credentials: CredentialPlan;
}

/**
 * Sends what each probe check's plan asks for, one request at a time (`next` reads what was sent
 * so far), through the run's session, unrecorded: the per-operation checks never judge these.
 * Judges nothing: the cells go to the judge (judge/probes.ts).
 */
export async function executeProbes(input: ProbeExecution): Promise<ProbeCell[]> {
  const { session, contract } = input;
  const selected = new Set(input.operations.map((op) => op.id));
  const cells: ProbeCell[] = [];
  for (const probe of input.probes) {
    for (const op of probe.subjects?.(contract) ?? contract.operations) {
      if (!selected.has(op.id)) continue;
      const planned = probe.plan(op, { contract, exchanges: session.exchanges, credentials: input.credentials });
      if (!planned) continue;
      const sent = planned.ok
        ? await sendStepwise(probe, planned.plan, (request) => send(session, probe.name, request))
        : [];
      cells.push({ probe, op, planned, sent });
    }
  }
  return cells;
}

/** One workflow document's plan, and what the executor sent for it. */
export interface WorkflowCell {
  readonly entry: WorkflowFamily;
  readonly plan: WorkflowPlan;
  readonly sent: readonly Sent<WorkflowRequest>[];
}

/**
 * Sends what each workflow plan asks for, one request at a time, as probes are sent: `next` reads the
 * answers so far (an Arazzo step's criteria choose the next step). Through the run's session (or a
 * sender standing in for it): its timeouts, circuit breaker and Retry-After waits. Judges nothing.
 */
export async function executeWorkflows(
  entry: WorkflowFamily,
  plans: readonly WorkflowPlan[],
  sender: BuiltRequestSender,
): Promise<WorkflowCell[]> {
  const cells: WorkflowCell[] = [];
  for (const plan of plans)
    cells.push({ entry, plan, sent: await sendStepwise(entry, plan, (request) => sendBuilt(sender, request)) });
  return cells;
}

/** The one send loop of every entry that sends its own requests: ask `next`, send it, until it says done. */
export async function sendStepwise<P, R>(
  entry: Stepwise<P, R, unknown>,
  plan: P,
  send: (request: R) => Promise<Exchange>,
): Promise<Sent<R>[]> {
  const sent: Sent<R>[] = [];
  for (let request = entry.next(plan, sent); request !== undefined; request = entry.next(plan, sent))
    sent.push({ request, exchange: await send(request) });
  return sent;
}

/**
 * A workflow step's request, sent as its author built it (URL, headers, body), after the wait a
 * retry action asked for (Arazzo 1.0.1 §4.6.17 retryAfter). Unrecorded: the per-operation checks
 * never judge it; the exchange carries what was sent and got, for `next` and `judge` only.
 */
async function sendBuilt(sender: BuiltRequestSender, request: WorkflowRequest): Promise<Exchange> {
  if (request.waitMs !== undefined && request.waitMs > 0) await new Promise((r) => setTimeout(r, request.waitMs));
  const outcome = await sender.sendBuilt(request.built, request.route);
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
 * One probe request, with credentials where the contract says. Path parameters the request does not
 * give are those of an accepted request of the run: a probe is never sent with a raw `{id}` template.
 */
function send(session: Session, name: string, request: ProbeRequest): ReturnType<Session['send']> {
  const { op } = request;
  const pathParams = { ...(acceptedPathParams(session.exchanges, op) ?? {}), ...(request.pathParams ?? {}) };
  const media = Object.keys(op.requestBody && 'content' in op.requestBody ? (op.requestBody.content ?? {}) : {})[0];
  return session.send({
    reportAs: op.id,
    operation: op,
    kind: 'rule',
    method: op.method,
    path: op.path,
    input: {
      pathParams,
      query: request.query ?? {},
      body: request.body,
      contentType: request.body !== undefined ? (media ?? 'application/json') : undefined,
    },
    auth: 'valid',
    context: { defect: name },
    unrecorded: true,
  });
}
