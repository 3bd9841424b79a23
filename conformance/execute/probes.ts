import type { Contract, Operation } from '../../src/contract/index.js';
import type { CredentialPlan } from '../credentials.js';
import type { ProbeCell } from '../judge/probes.js';
import { acceptedPathParams } from '../probes/util.js';
import type { ProbeCheck, ProbeRequest, Sent } from '../registry/types.js';
import type { Session } from '../session.js';

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
      const sent: Sent[] = [];
      if (planned.ok) {
        for (let request = probe.next(planned.plan, sent); request; request = probe.next(planned.plan, sent))
          sent.push({ request, exchange: await send(session, probe.name, request) });
      }
      cells.push({ probe, op, planned, sent });
    }
  }
  return cells;
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
