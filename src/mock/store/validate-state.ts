import type { OpenAPIV3 } from 'openapi-types';
import { isRecord, type Contract, type SchemaValidator } from '../../contract/index.js';
import { HttpError, type ErrorDetail } from '../errors.js';
import type { Category, InventoryItem, NextIds, Order, Pet, StateSnapshot } from './types.js';

const COLLECTIONS = [
  ['categories', 'Category'],
  ['pets', 'Pet'],
  ['inventory', 'InventoryItem'],
  ['orders', 'Order'],
] as const;

/**
 * Checks a state to import against the contract's schemas (each item as a response would carry it)
 * and the invariants of the store: unique ids, references that resolve, one inventory entry per
 * pet whose status equals the pet's, a pet with an open order is pending, and next ids beyond the
 * ids in use (ids are never reused). Returns the state with `nextIds` completed; throws a 400
 * `validation_failed` listing every problem otherwise.
 */
export function validateState(input: unknown, contract: Contract, validator: SchemaValidator): StateSnapshot {
  const problems: ErrorDetail[] = [];
  const fail = (location: string, message: string): void => {
    if (problems.length < 50) problems.push({ location, message });
  };
  if (!isRecord(input)) throw invalid([{ location: 'state', message: 'must be an object' }]);

  const schemas = contract.resolved.components?.schemas ?? {};
  for (const [key, schemaName] of COLLECTIONS) {
    const list = input[key];
    if (!Array.isArray(list)) {
      fail(`state.${key}`, 'must be an array');
      continue;
    }
    const schema = schemas[schemaName] as OpenAPIV3.SchemaObject | undefined;
    if (!schema) continue;
    list.forEach((item: unknown, i) => {
      const check = validator.check(schema, item, 'response');
      if (!check.valid)
        for (const v of check.violations) fail(`state.${key}[${i}]${v.path.replaceAll('/', '.')}`, v.message);
    });
  }
  if (problems.length > 0) throw invalid(problems);

  const categories = input['categories'] as Category[];
  const pets = input['pets'] as Pet[];
  const inventory = input['inventory'] as InventoryItem[];
  const orders = input['orders'] as Partial<Order>[];

  const unique = (items: readonly { id: number }[], key: string): Set<number> => {
    const seen = new Set<number>();
    items.forEach((item, i) => {
      if (seen.has(item.id)) fail(`state.${key}[${i}].id`, `id ${item.id} is used twice`);
      seen.add(item.id);
    });
    return seen;
  };
  const categoryIds = unique(categories, 'categories');
  const petsById = new Map(pets.map((p) => [p.id, p]));
  unique(pets, 'pets');
  pets.forEach((p, i) => {
    if (!categoryIds.has(p.categoryId)) fail(`state.pets[${i}].categoryId`, `category ${p.categoryId} does not exist`);
  });

  const stocked = new Set<number>();
  inventory.forEach((item, i) => {
    const pet = petsById.get(item.petId);
    if (!pet) fail(`state.inventory[${i}].petId`, `pet ${item.petId} does not exist`);
    else if (item.status !== pet.status)
      fail(`state.inventory[${i}].status`, `must equal the status of pet ${pet.id} (${pet.status})`);
    if (stocked.has(item.petId)) fail(`state.inventory[${i}].petId`, `pet ${item.petId} has two inventory entries`);
    stocked.add(item.petId);
  });
  for (const p of pets) if (!stocked.has(p.id)) fail('state.inventory', `pet ${p.id} has no inventory entry`);

  const complete: Order[] = [];
  orders.forEach((o, i) => {
    for (const field of ['id', 'petId', 'quantity', 'shipDate', 'complete'] as const) {
      if (o[field] === undefined) fail(`state.orders[${i}].${field}`, 'is required in a stored order');
    }
    if (
      o.id === undefined ||
      o.petId === undefined ||
      o.quantity === undefined ||
      o.shipDate === undefined ||
      o.complete === undefined
    )
      return;
    complete.push({ id: o.id, petId: o.petId, quantity: o.quantity, shipDate: o.shipDate, complete: o.complete });
    if (!o.complete) {
      const pet = petsById.get(o.petId);
      if (!pet) fail(`state.orders[${i}].petId`, `open order for pet ${o.petId}, which does not exist`);
      else if (pet.status !== 'pending')
        fail(`state.orders[${i}]`, `pet ${pet.id} has an open order, so its status must be pending`);
    }
  });
  unique(complete, 'orders');

  const nextIds = readNextIds(input['nextIds'], { category: categories, pet: pets, order: complete }, fail);
  if (problems.length > 0) throw invalid(problems);
  return { nextIds, categories, pets, inventory, orders: complete };
}

function readNextIds(
  value: unknown,
  used: Record<keyof NextIds, readonly { id: number }[]>,
  fail: (location: string, message: string) => void,
): NextIds {
  if (value !== undefined && !isRecord(value)) fail('state.nextIds', 'must be an object');
  const given = isRecord(value) ? value : {};
  const out: NextIds = { category: 1, pet: 1, order: 1 };
  for (const key of ['category', 'pet', 'order'] as const) {
    const floor = used[key].reduce((max, item) => Math.max(max, item.id), 0) + 1;
    const v = given[key];
    if (v === undefined) out[key] = floor;
    else if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < floor) {
      fail(`state.nextIds.${key}`, `must be an integer ≥ ${floor} (ids are never reused)`);
    } else out[key] = v;
  }
  return out;
}

function invalid(details: ErrorDetail[]): HttpError {
  return new HttpError(
    400,
    'validation_failed',
    `The state breaks the contract or the store's rules (${details.length} problem${details.length === 1 ? '' : 's'}).`,
    details,
  );
}
