import {
  badRequestStatuses,
  collectionNameOf,
  statedReferenceStatus,
  collectionNames,
  referenceBase,
  type Contract,
  type Operation,
} from '../../src/contract/index.js';
import { asSchema } from '../cases/schema.js';
import { judgeRefusal, REFUSALS } from '../checks/refusal.js';
import type { ProbeCheck, ProbeRequest, ProbeVerdict as Verdict, Sent } from '../registry/types.js';
import type { Exchange } from '../types.js';
import { acceptedBody, collections, creates, needsKey, properties, successSchema } from './util.js';

/** The collection a `…Id` field names: `categoryId` → the create on `/categories`. */
function collectionFor(contract: Contract, field: string): Operation | undefined {
  const base = referenceBase(field);
  if (!base) return undefined;
  const plurals = collectionNames(base);
  return collections(contract).find(
    (c) => c.item && plurals.includes(collectionNameOf(c.create.path)?.toLowerCase() ?? ''),
  )?.create;
}

/**
 * Pure: the verdict on a create whose `field` named nothing that exists, or undefined when the answer
 * refuses it with one of the documented 4xx, as the contract-first rule (checks/refusal.ts
 * REFUSALS.reference) judges a refusal. A failure where a documented 4xx says references must exist
 * (`stated`) or the server erred; otherwise a warning: refusing is policy, not the contract.
 */
export function judgeReference(
  probe: {
    operation: Operation;
    field: string;
    value: unknown;
    target: string | undefined;
    documented: readonly string[];
    stated: { status: string; says: string } | undefined;
    fields: number;
  },
  e: Exchange,
): Verdict | undefined {
  const status = e.response?.status;
  // The refusal is judged among the 4xx the plan kept for a bad request (not 401, 403, 406, 413,
  // 415, 429: those refuse something else than the body's reference), exactly or by a range.
  const responses = Object.fromEntries(
    probe.documented.flatMap((d) => {
      const response = probe.operation.responses[d];
      return response ? [[d, response]] : [];
    }),
  );
  const rule = REFUSALS.reference(
    probe.documented.filter((d) => /^\d+$/.test(d)).map(Number),
    `a body naming no existing ${probe.target ?? 'resource'}`,
  );
  const verdict = status === undefined ? undefined : judgeRefusal(probe.operation, rule, status, responses).verdict;
  if (verdict === 'documented' || verdict === 'other') return undefined;
  const message = `${probe.field}: ${JSON.stringify(probe.value)} (no such ${probe.target ?? 'resource'}) answered ${status ?? e.error?.message ?? '?'}, expected one of the documented ${probe.documented.join(', ')}`;
  return probe.stated || status === undefined || status >= 500
    ? {
        status: 'failed',
        message: `${message}${probe.stated ? ` (its ${probe.stated.status} says: ${probe.stated.says})` : ''}`,
        exchange: e,
        judged: probe.fields,
      }
    : {
        status: 'warning',
        message: `${message}; a warning: no documented 4xx of ${probe.operation.id} says a reference must exist, so refusing it is policy, not the contract`,
        exchange: e,
        judged: probe.fields,
      };
}

interface ReferencesPlan {
  readonly create: Operation;
  readonly body: Record<string, unknown>;
  /** One probe per field: its name, a value naming nothing, and the collection it names. */
  readonly fields: readonly { readonly name: string; readonly unknown: unknown; readonly target: string | undefined }[];
  /** The 4xx statuses the create documents for a bad request. */
  readonly documented: readonly string[];
  /** A documented 4xx whose description says references must exist. */
  readonly stated: { readonly status: string; readonly says: string } | undefined;
}

/** A create whose `field` names nothing that exists. */
interface ReferenceRequest extends ProbeRequest {
  readonly field: string;
}

const verdictOn = (plan: ReferencesPlan, s: Sent<ReferenceRequest>): Verdict | undefined => {
  const field = plan.fields.find((f) => f.name === s.request.field);
  return (
    field &&
    judgeReference(
      {
        operation: plan.create,
        field: field.name,
        value: field.unknown,
        target: field.target,
        documented: plan.documented,
        stated: plan.stated,
        fields: plan.fields.length,
      },
      s.exchange,
    )
  );
};

/** References are checked: a body field naming another resource by id gets a documented 4xx when that id does not exist. */
export const referencesChecked: ProbeCheck<ReferencesPlan, ReferenceRequest> = {
  kind: 'probe',
  name: 'references_checked',
  description:
    "A create body whose …Id field names a collection of the contract, given an id that does not exist: a documented 4xx. A failure only where a documented 4xx says so (its description speaks of something referred to that does not exist, as the Petstore's 422, or it is a 404 on a create whose own target cannot be missing); otherwise a warning.",
  needs: ['positive'],
  siblings: 'input',
  subjects: creates,
  plan(op, run) {
    const all = collections(run.contract);
    if (!all.some((c) => c.create === op)) return undefined;
    const bodySchema =
      op.requestBody && 'content' in op.requestBody
        ? asSchema(Object.values(op.requestBody.content ?? {})[0]?.schema)
        : undefined;
    // A field naming the very kind of resource being created (`client_id` on POST /clients, or on a
    // registration endpoint answering the same client schema) is the new resource's own identifier,
    // chosen by the client: not a reference to check.
    const created = successSchema(op);
    const ownKind = (target: Operation): boolean => {
      if (target.path === op.path) return true;
      const item = all.find((other) => other.create === target)?.item;
      return created !== undefined && item !== undefined && successSchema(item.op) === created;
    };
    const fields = [...properties(bodySchema).entries()].filter(([name, s]) => {
      const target = s.readOnly !== true ? collectionFor(run.contract, name) : undefined;
      return target !== undefined && !ownKind(target);
    });
    if (fields.length === 0) return { ok: false, reason: `the body of ${op.id} names no other collection by id` };
    const documented = badRequestStatuses(op);
    if (documented.length === 0) return { ok: false, reason: `${op.id} documents no 4xx for a bad request` };
    if (needsKey(run, op)) return { ok: false, reason: run.credentials.missing(op) };
    const body = acceptedBody(run, op);
    if (!body)
      return { ok: false, reason: `no request to ${op.id} was accepted in this run, so there is no body to change` };
    // Whether an unknown reference must be refused is policy unless the contract says so: a documented
    // 4xx whose words are about a referenced thing not existing (the bundled Petstore's 422 "The body
    // refers to a category or pet that does not exist"). Without such words an accepted probe is a warning.
    // A 404 is about the target resource (RFC 9110 §15.5.5: "did not find a current representation
    // for the target resource"): "Resource not found" restates that, and only words about what the
    // body refers to make it a statement about references, or a target that cannot be missing (a create
    // at a path without parameters whose list documents no 404: the kernel's bodyNotFound).
    const statedStatus = statedReferenceStatus(op, run.contract);
    const stated =
      statedStatus === undefined
        ? undefined
        : { status: statedStatus, says: op.responses[statedStatus]?.description?.trim().split('\n')[0] ?? '' };
    const probes = fields.map(([name, s]) => ({
      name,
      unknown:
        s.type === 'integer' || s.type === 'number'
          ? Math.min(s.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)
          : s.format === 'uuid'
            ? 'ffffffff-ffff-4fff-bfff-ffffffffffff'
            : 'conformance-unknown-00000000',
      target: collectionFor(run.contract, name)?.path,
    }));
    return { ok: true, plan: { create: op, body, fields: probes, documented, stated } };
  },
  next(plan, sent) {
    // One field at a time, until one is not refused as documented.
    if (sent.some((s) => verdictOn(plan, s) !== undefined)) return undefined;
    const field = plan.fields[sent.length];
    return field && { op: plan.create, field: field.name, body: { ...plan.body, [field.name]: field.unknown } };
  },
  judge(plan, sent) {
    for (const s of sent) {
      const failure = verdictOn(plan, s);
      if (failure) return failure;
    }
    if (sent.length < plan.fields.length)
      return { status: 'skipped', message: `${plan.fields.length - sent.length} field(s) were not probed` };
    return {
      status: 'passed',
      message: `${plan.fields.map((f) => f.name).join(', ')} naming nothing: a documented 4xx`,
      judged: plan.fields.length,
    };
  },
};
