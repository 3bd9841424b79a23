/**
 * Creates naming a record that does not exist, where the contract says such a create is refused:
 * a body field named like a reference (`site_id` → the records `POST /phone/sites` makes, the
 * kernel's reference rule, references.ts) holding an identifier the store does not hold, on an
 * operation whose documented 4xx says a referenced thing must exist (Zoom's 400 "Site does not
 * exist"; the kernel's statedReferenceStatus, the rule the runner's references_checked judges by).
 * Without such words refusing is policy, and the create is kept as sent.
 */
import {
  statedReferenceStatus,
  type Collection,
  type Contract,
  type GenericModel,
  type Operation,
} from '../../contract/index.js';
import { HttpError } from '../errors.js';
import { referencedOwners } from './owners.js';
import type { GenericStore, RecordValue } from './store.js';

/** `400` for `400`, `400` for a `4XX` range (OAS 3.0.3 §4.7.16.2): the status to answer a stated refusal with. */
const statusOf = (documented: string): number => (/^\d+$/.test(documented) ? Number(documented) : 400);

/** The refusal of a create whose sent record names a record of another collection that the store does not hold, where the contract states it. */
export function danglingReference(
  deps: {
    readonly contract: Contract;
    readonly model: GenericModel;
    readonly store: GenericStore;
    readonly codeForStatus: (status: number) => string;
  },
  operation: Operation,
  collection: Collection,
  sent: Readonly<RecordValue>,
): HttpError | undefined {
  const stated = statedReferenceStatus(operation, deps.contract);
  if (stated === undefined) return undefined;
  for (const [field, value] of Object.entries(sent)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    // The field may name the records of several collections of that name (sendgrid's `/senders`
    // and `/marketing/senders`): dangling only where none of them holds the value.
    const owners = referencedOwners(deps.contract, deps.model, collection, field);
    if (owners.length === 0 || owners.some((o) => deps.store.get(o.path, '', String(value)) !== undefined)) continue;
    const status = statusOf(stated);
    return new HttpError(
      status,
      deps.codeForStatus(status),
      `${field} ${JSON.stringify(value).slice(0, 100)} names no record of ${owners.map((o) => o.path).join(' or ')}: it does not exist.`,
    );
  }
  return undefined;
}
