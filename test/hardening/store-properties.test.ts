import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../../src/contract/index.js';
import { HttpError } from '../../src/mock/errors.js';
import { seedState } from '../../src/mock/store/seed.js';
import { Store } from '../../src/mock/store/store.js';
import type { PetStatus, StateSnapshot } from '../../src/mock/store/types.js';
import { validateState } from '../../src/mock/store/validate-state.js';
import { CONTRACT } from '../mock/helpers.js';

const clock = (): Date => new Date('2026-03-01T12:00:00Z');
const validator = new SchemaValidator();

/** Numbers of runs, reported in the README's figures. */
const RUNS = { sequences: 400, maxCommands: 60 } as const;

// Ids are drawn from a small range so that operations mostly hit things that exist.
const id = fc.integer({ min: 1, max: 12 });
const status = fc.constantFrom<PetStatus>('available', 'pending', 'sold');
const name = fc.string({ minLength: 1, maxLength: 100 });

type Command =
  | { op: 'createPet'; name: string; categoryId: number; status: PetStatus | undefined }
  | { op: 'replacePet'; id: number; name: string; categoryId: number; status: PetStatus | undefined }
  | { op: 'deletePet'; id: number }
  | { op: 'createCategory'; name: string }
  | { op: 'deleteCategory'; id: number }
  | { op: 'placeOrder'; petId: number; quantity: number }
  | { op: 'cancelOrder'; id: number }
  | { op: 'completeOrder'; id: number }
  | { op: 'setStock'; petId: number; quantity: number }
  | { op: 'roundTrip' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('createPet' as const),
    name,
    categoryId: id,
    status: fc.option(status, { nil: undefined }),
  }),
  fc.record({
    op: fc.constant('replacePet' as const),
    id,
    name,
    categoryId: id,
    status: fc.option(status, { nil: undefined }),
  }),
  fc.record({ op: fc.constant('deletePet' as const), id }),
  fc.record({ op: fc.constant('createCategory' as const), name }),
  fc.record({ op: fc.constant('deleteCategory' as const), id }),
  fc.record({ op: fc.constant('placeOrder' as const), petId: id, quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('cancelOrder' as const), id }),
  fc.record({ op: fc.constant('completeOrder' as const), id }),
  fc.record({ op: fc.constant('setStock' as const), petId: id, quantity: fc.integer({ min: 0, max: 5 }) }),
  fc.constant({ op: 'roundTrip' as const }),
);

function apply(store: Store, c: Command): void {
  switch (c.op) {
    case 'createPet':
      store.createPet({ name: c.name, categoryId: c.categoryId, status: c.status });
      return;
    case 'replacePet':
      store.replacePet(c.id, { name: c.name, categoryId: c.categoryId, status: c.status });
      return;
    case 'deletePet':
      store.deletePet(c.id);
      return;
    case 'createCategory':
      store.createCategory({ name: c.name });
      return;
    case 'deleteCategory':
      store.deleteCategory(c.id);
      return;
    case 'placeOrder':
      store.placeOrder({ petId: c.petId, quantity: c.quantity });
      return;
    case 'cancelOrder':
      store.cancelOrder(c.id);
      return;
    case 'completeOrder':
      store.completeOrder(c.id);
      return;
    case 'setStock':
      store.setStock(c.petId, c.quantity);
      return;
    case 'roundTrip': {
      // Export → import into a new store → export: identical.
      const exported = store.export();
      const other = new Store(clock);
      other.load(exported);
      expect(other.export()).toEqual(exported);
      return;
    }
  }
}

/** The invariants every reachable state keeps. */
function checkInvariants(state: StateSnapshot, issued: Record<'category' | 'pet' | 'order', Set<number>>): void {
  const petsById = new Map(state.pets.map((p) => [p.id, p]));
  for (const item of state.inventory) {
    expect(item.quantity).toBeGreaterThanOrEqual(0);
    expect(item.status).toBe(petsById.get(item.petId)?.status);
  }
  expect(state.inventory.map((i) => i.petId)).toEqual(state.pets.map((p) => p.id));
  for (const o of state.orders)
    if (!o.complete) expect(petsById.get(o.petId)?.status, `pet ${o.petId} has an open order`).toBe('pending');
  for (const [kind, list] of [
    ['category', state.categories],
    ['pet', state.pets],
    ['order', state.orders],
  ] as const) {
    const ids = list.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const i of ids) expect(i).toBeLessThan(state.nextIds[kind]);
    for (const i of ids) issued[kind].add(i);
    // Never reused: the next id is beyond every id ever handed out.
    expect(Math.max(0, ...issued[kind])).toBeLessThan(state.nextIds[kind]);
  }
  expect(() => validateState(JSON.parse(JSON.stringify(state)), CONTRACT, validator)).not.toThrow();
}

describe('Store invariants under random operation sequences (fast-check)', () => {
  it(`hold after every step of ${RUNS.sequences} sequences of up to ${RUNS.maxCommands} operations`, () => {
    let steps = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 8 }),
        fc.array(command, { minLength: 1, maxLength: RUNS.maxCommands, size: 'max' }),
        (seed, pets, commands) => {
          const store = new Store(clock);
          store.load(seedState(seed, pets));
          const issued = { category: new Set<number>(), pet: new Set<number>(), order: new Set<number>() };
          checkInvariants(store.export(), issued);
          for (const c of commands) {
            const before = JSON.stringify(store.export());
            try {
              apply(store, c);
            } catch (error) {
              if (!(error instanceof HttpError)) throw error;
              expect([404, 409, 422]).toContain(error.status);
              // A refused operation changes nothing.
              expect(JSON.stringify(store.export())).toBe(before);
              refused++;
            }
            steps++;
            checkInvariants(store.export(), issued);
          }
        },
      ),
      { numRuns: RUNS.sequences, seed: 20260301 },
    );
    expect(steps).toBeGreaterThan(RUNS.sequences);
    expect(refused).toBeGreaterThan(0);
  });

  it('stock never goes negative and orders never oversell, whatever the quantities', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 40 }),
        (stock, quantities) => {
          const store = new Store(clock);
          store.load(seedState(1, 0));
          const pet = store.createPet({ name: 'Rex', categoryId: 1 });
          store.setStock(pet.id, stock);
          let sold = 0;
          for (const q of quantities) {
            try {
              store.placeOrder({ petId: pet.id, quantity: q });
              sold += q;
            } catch (error) {
              expect(error).toBeInstanceOf(HttpError);
              expect((error as HttpError).status).toBe(409);
            }
          }
          expect(sold).toBeLessThanOrEqual(stock);
          expect(store.getInventoryItem(pet.id).quantity).toBe(stock - sold);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });
});
