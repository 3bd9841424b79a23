/**
 * Collections whose identifier names another collection's records. apideck's
 * `GET /hris/payrolls/employees/{employee_id}` reads the payrolls of an employee `POST /hris/employees`
 * makes; elmah.io's `/v3/messages/{logId}` the messages of a log `POST /v3/logs` makes. The model
 * reads `/hris/payrolls/employees` and `/v3/messages` as collections of their own, which nothing
 * creates in: their items exist exactly when the collection the identifier refers to holds that
 * record (the kernel's reference rule, references.ts: `employee_id` → the create on `/employees`).
 */
import {
  referenceBase,
  referencedCreate,
  type Collection,
  type Contract,
  type GenericModel,
} from '../../contract/index.js';
import type { GenericStore } from './store.js';

/** Computed once per model: the model is immutable once inferred. */
const cache = new WeakMap<GenericModel, ReadonlyMap<Collection, Collection>>();

/**
 * Each collection that nothing creates in (no create, no replace that could make an item) whose
 * identifier parameter refers, by its name, to the records of an unscoped collection that has a
 * create, mapped to that collection.
 */
export function identifierOwners(contract: Contract, model: GenericModel): ReadonlyMap<Collection, Collection> {
  const known = cache.get(model);
  if (known) return known;
  const makes = new Set<Collection>();
  for (const binding of model.bindings.values())
    if (binding.kind === 'create' || binding.kind === 'replace') makes.add(binding.collection);
  const owners = new Map<Collection, Collection>();
  for (const collection of model.collections) {
    if (collection.singleton === true || makes.has(collection)) continue;
    const base = referenceBase(collection.idParam);
    const create = base === undefined ? undefined : referencedCreate(contract, base);
    const binding = create === undefined ? undefined : model.bindings.get(create.id);
    if (binding?.kind !== 'create') continue;
    const owner = binding.collection;
    if (owner === collection || owner.scopeParams.length > 0 || owner.singleton === true) continue;
    owners.set(collection, owner);
  }
  cache.set(model, owners);
  return owners;
}

/** Whether the collection an identifier refers to holds that record (the owner is unscoped: its scope is ''). */
export function ownerHolds(
  contract: Contract,
  model: GenericModel,
  store: GenericStore,
  collection: Collection,
  id: string,
): boolean {
  const owner = identifierOwners(contract, model).get(collection);
  return owner !== undefined && store.get(owner.path, '', id) !== undefined;
}
