import { writableInRequest, type Operation } from '../../src/contract/index.js';
import { isRecord } from '../cases/schema.js';
import { judgeRefusal, REFUSALS } from '../checks/refusal.js';
import type { ProbeCheck, ProbeVerdict as Verdict } from '../registry/types.js';
import type { Exchange } from '../types.js';
import { acceptedBody, creates, json, needsKey, properties, successSchema } from './util.js';

const same = (a: unknown, b: unknown): boolean => a !== undefined && b !== undefined && String(a) === String(b);

/**
 * Pure: the verdict on a create that carried client-chosen readOnly identifiers (`sent`). A refusal
 * is judged by the contract-first rule (checks/refusal.ts) where the create `op` is given: a
 * validation status other than the one it documents breaks its promise; a 4xx of no documented kind
 * where it documents none is a warning naming the omission.
 */
export function judgeReadOnly(sent: Readonly<Record<string, unknown>>, e: Exchange, op?: Operation): Verdict {
  const status = e.response?.status;
  if (status === undefined || status >= 500)
    return {
      status: 'skipped',
      message: `no judgeable answer (${status ?? e.error?.message ?? '?'}): not_a_server_error reports server errors`,
      exchange: e,
    };
  if (status >= 400) {
    const refusal = op
      ? judgeRefusal(
          op,
          REFUSALS.validation(`a create carrying a client-chosen readOnly ${Object.keys(sent).join(', ')}`),
          status,
        )
      : undefined;
    if (refusal?.verdict === 'undocumented')
      return { status: 'failed', message: refusal.message, exchange: e, judged: 1 };
    if (refusal?.verdict === 'omitted') return { status: 'warning', message: refusal.message, exchange: e, judged: 1 };
    return { status: 'passed', message: `refused with ${status}`, judged: 1 };
  }
  const answer = json(e);
  // An answer that carries none of them says nothing of what was kept: no pass without the evidence.
  const carried = Object.keys(sent).filter((k) => isRecord(answer) && answer[k] !== undefined);
  if (carried.length === 0)
    return {
      status: 'skipped',
      message: `the ${status} answer carries none of ${Object.keys(sent).join(', ')}: whether the client's values were kept cannot be told from it`,
      exchange: e,
    };
  const echoed = carried.filter((k) => isRecord(answer) && same(answer[k], sent[k]));
  return echoed.length > 0
    ? {
        status: 'failed',
        message: `the server kept the client's readOnly ${echoed.map((k) => `${k}=${JSON.stringify(sent[k])}`).join(', ')}`,
        exchange: e,
        judged: 1,
      }
    : { status: 'passed', message: `readOnly ${Object.keys(sent).join(', ')} sent by the client ignored`, judged: 1 };
}

interface ReadOnlyPlan {
  readonly create: Operation;
  readonly body: Record<string, unknown>;
  /** The readOnly identifiers sent, with values a server assigning its own would not pick. */
  readonly sent: Readonly<Record<string, unknown>>;
}

/** A readOnly identifier sent by a client (OpenAPI 3.0.3 §4.7.25.1 readOnly) is refused or ignored, never echoed. */
export const readOnlyNotHonoured: ProbeCheck<ReadOnlyPlan> = {
  kind: 'probe',
  name: 'read_only_not_honoured',
  description:
    'A create body carrying a readOnly identifier chosen by the client: refused (4xx) or ignored, never echoed as given.',
  needs: ['positive'],
  siblings: 'input',
  subjects: creates,
  plan(op, run) {
    // A field the request's own schema declares writable is the client's to send, readOnly in the
    // answer or not (OAS 3.0.3 §4.7.24: readOnly binds the schema that declares it).
    const writable = writableInRequest(op.requestBody?.content);
    const fields = [...properties(successSchema(op)).entries()].filter(
      ([name, s]) =>
        s.readOnly === true &&
        !writable.has(name) &&
        (name === 'id' || /id$/i.test(name) || s.format === 'uuid') &&
        (s.type === 'integer' || s.type === 'string'),
    );
    if (fields.length === 0) return { ok: false, reason: `the answer of ${op.id} declares no readOnly identifier` };
    if (needsKey(run, op)) return { ok: false, reason: run.credentials.missing(op) };
    const body = acceptedBody(run, op);
    if (!body)
      return {
        ok: false,
        reason: `no request to ${op.id} was accepted in this run, so there is no body to add the field to`,
      };
    const sent: Record<string, unknown> = {};
    for (const [name, s] of fields) {
      // Values a server assigning its own identifiers would not pick.
      sent[name] =
        s.type === 'integer'
          ? Math.min(s.maximum ?? 987_654_321, 987_654_321)
          : s.format === 'uuid'
            ? '0c1e0c1e-0000-4000-8000-00000000beef'
            : 'client-chosen-id';
    }
    return { ok: true, plan: { create: op, body, sent } };
  },
  next: (plan, sent) => (sent.length === 0 ? { op: plan.create, body: { ...plan.body, ...plan.sent } } : undefined),
  judge(plan, sent) {
    const e = sent[0]?.exchange;
    return e ? judgeReadOnly(plan.sent, e, plan.create) : { status: 'skipped', message: 'no create was sent' };
  },
};
