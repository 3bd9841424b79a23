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
  referencedCreates,
  namesUnderItem,
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
    const owner = referencedOwner(contract, model, collection, collection.idParam);
    if (owner !== undefined) owners.set(collection, owner);
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

/** Computed once per model: each collection's scope parameters that name another collection's record. */
const scopeCache = new WeakMap<GenericModel, Map<Collection, ReadonlyMap<string, Collection>>>();

/**
 * The scope parameters of a collection that no parent collection of the model holds, but whose
 * name refers to the records of an unscoped collection that has a create (elmah.io's
 * `/v3/messages/{logId}/{id}`, the messages of a log `POST /v3/logs` makes, listed by
 * `GET /v3/messages/{logId}`): each mapped to that collection. A scope of a record it does not hold
 * names nothing, as an item of it would not (the same reference rule as identifierOwners).
 */
export function scopeOwners(
  contract: Contract,
  model: GenericModel,
  collection: Collection,
): ReadonlyMap<string, Collection> {
  const byModel = scopeCache.get(model) ?? new Map<Collection, ReadonlyMap<string, Collection>>();
  scopeCache.set(model, byModel);
  const known = byModel.get(collection);
  if (known) return known;
  const owners = new Map<string, Collection>();
  for (const param of collection.scopeParams) {
    // A parent collection at the scope's own path (`/users/{userId}` of `/users/{userId}/posts`) says
    // it, by the segment whatever either template calls it (namesUnderItem: `/continuous_projects/{id}`
    // of `/continuous_projects/{projectId}/documents`, where the name would say the `/projects`).
    if (
      model.collections.some(
        (c) => c !== collection && namesUnderItem(collection.path, c.itemPath)?.get(c.idParam) === param,
      )
    )
      continue;
    const owner = referencedOwner(contract, model, collection, param);
    if (owner !== undefined) owners.set(param, owner);
  }
  byModel.set(collection, owners);
  return owners;
}

/**
 * The unscoped collection whose create makes the records a parameter's or a field's name refers to
 * (`{logId}` → `POST /v3/logs`, `site_id` → `POST /phone/sites`), other than the collection itself;
 * undefined where the name refers to none.
 */
export function referencedOwner(
  contract: Contract,
  model: GenericModel,
  collection: Collection,
  param: string,
): Collection | undefined {
  const base = referenceBase(param);
  const create = base === undefined ? undefined : referencedCreate(contract, base);
  const binding = create === undefined ? undefined : model.bindings.get(create.id);
  if (binding?.kind !== 'create') return undefined;
  const owner = binding.collection;
  return owner === collection || owner.scopeParams.length > 0 || owner.singleton === true ? undefined : owner;
}

/**
 * Every collection a reference-like field may name (sendgrid's `sender_id`: the records `POST /senders`
 * and `POST /marketing/senders` make), each as referencedOwner admits it: a value is a record that
 * exists when any of them holds it, and dangling only when none does.
 */
export function referencedOwners(
  contract: Contract,
  model: GenericModel,
  collection: Collection,
  param: string,
): Collection[] {
  const base = referenceBase(param);
  const owners: Collection[] = [];
  for (const create of base === undefined ? [] : referencedCreates(contract, base)) {
    const binding = model.bindings.get(create.id);
    if (binding?.kind !== 'create') continue;
    const owner = binding.collection;
    if (owner !== collection && owner.scopeParams.length === 0 && owner.singleton !== true && !owners.includes(owner))
      owners.push(owner);
  }
  return owners;
}
