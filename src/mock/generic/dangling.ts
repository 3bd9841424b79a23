/**
 * Creates naming a record that does not exist, where the contract says such a create is refused:
 * a body field named like a reference (`site_id` → the records `POST /phone/sites` makes, the
 * kernel's reference rule, references.ts) holding an identifier the store does not hold, on an
 * operation whose documented 4xx says a referenced thing must exist (Zoom's 400 "Site does not
 * exist"; the kernel's statedReferenceStatus, the rule the runner's references_checked judges by).
 * Without such words refusing is policy, and the create is kept as sent.
 */
import {
  referenceBase,
  referencedCreate,
  statedReferenceStatus,
  type Collection,
  type Contract,
  type GenericModel,
  type Operation,
} from '../../contract/index.js';
import { HttpError } from '../errors.js';
import type { GenericStore, RecordValue } from './store.js';

/** The unscoped collection whose create makes the records a field's name refers to, other than `own`. */
function referredCollection(
  contract: Contract,
  model: GenericModel,
  own: Collection,
  field: string,
): Collection | undefined {
  const base = referenceBase(field);
  const create = base === undefined ? undefined : referencedCreate(contract, base);
  const binding = create === undefined ? undefined : model.bindings.get(create.id);
  if (binding?.kind !== 'create') return undefined;
  const owner = binding.collection;
  return owner === own || owner.scopeParams.length > 0 || owner.singleton === true ? undefined : owner;
}

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
  const stated = statedReferenceStatus(operation);
  if (stated === undefined) return undefined;
  for (const [field, value] of Object.entries(sent)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const owner = referredCollection(deps.contract, deps.model, collection, field);
    if (owner === undefined || deps.store.get(owner.path, '', String(value)) !== undefined) continue;
    const status = statusOf(stated);
    return new HttpError(
      status,
      deps.codeForStatus(status),
      `${field} ${JSON.stringify(value).slice(0, 100)} names no record of ${owner.path}: it does not exist.`,
    );
  }
  return undefined;
}
