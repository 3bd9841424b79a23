import { createFaker } from '../../contract/index.js';
import { toDateTime } from './store.js';
import type { Category, InventoryItem, Order, Pet, PetStatus, StateSnapshot } from './types.js';

/** Kinds of animal the categories are drawn from. */
const KINDS: readonly { name: string; description: string }[] = [
  { name: 'Dogs', description: 'Loyal companions of every size, from lap dogs to shepherds.' },
  { name: 'Cats', description: 'Independent, curious and fond of warm windowsills.' },
  { name: 'Birds', description: 'Songbirds and parrots, some of them talkative.' },
  { name: 'Fish', description: 'Freshwater and marine fish for every aquarium.' },
  { name: 'Rabbits', description: 'Gentle, social animals that need room to hop.' },
  { name: 'Reptiles', description: 'Lizards, snakes and tortoises for patient keepers.' },
  { name: 'Rodents', description: 'Hamsters, guinea pigs and other small friends.' },
  { name: 'Horses', description: 'Ponies and horses for riders of every level.' },
];

const CATEGORY_COUNT = 6;

/**
 * Ship dates are derived from this fixed instant, never from the wall clock, so the same seed
 * gives byte-identical data on every run.
 */
const BASE_DATE = Date.UTC(2026, 0, 15, 9, 0, 0);
const HOUR_MS = 60 * 60 * 1000;

/**
 * The seeded state: a handful of categories, `petCount` pets with believable names, a stock entry
 * per pet and orders consistent with stock and statuses (a pet is pending exactly while an order
 * for it is open, else available with stock and sold without). Its own faker, seeded from `seed`.
 */
export function seedState(seed: number, petCount: number): StateSnapshot {
  const faker = createFaker(seed);

  const categories: Category[] = faker.helpers
    .arrayElements(KINDS, CATEGORY_COUNT)
    .map((kind, i) => ({ id: i + 1, name: kind.name, description: kind.description }));

  const pets: Pet[] = new Array<Pet>(petCount);
  const inventory: InventoryItem[] = new Array<InventoryItem>(petCount);
  const orders: Order[] = [];
  const order = (petId: number, quantity: number, complete: boolean): void => {
    const shipDate = toDateTime(new Date(BASE_DATE + faker.number.int({ min: 0, max: 60 * 24 }) * HOUR_MS));
    orders.push({ id: orders.length + 1, petId, quantity, shipDate, complete });
  };

  for (let i = 0; i < petCount; i++) {
    const id = i + 1;
    // Cheap draws per pet (a name and a few integers) keep 100,000 pets well under a second.
    const name = faker.animal.petName();
    const categoryId = faker.number.int({ min: 1, max: categories.length });
    let stock = faker.number.int({ min: 0, max: 6 });
    const roll = faker.number.int({ min: 0, max: 99 });
    if (roll < 30 && stock > 0) {
      const quantity = faker.number.int({ min: 1, max: Math.min(2, stock) });
      order(id, quantity, true);
      stock -= quantity;
    }
    let open = false;
    if (roll % 7 === 0 && stock > 0) {
      const quantity = faker.number.int({ min: 1, max: Math.min(2, stock) });
      order(id, quantity, false);
      stock -= quantity;
      open = true;
    }
    const status: PetStatus = open ? 'pending' : stock > 0 ? 'available' : 'sold';
    pets[i] = { id, name, categoryId, status };
    inventory[i] = { petId: id, quantity: stock, status };
  }

  return {
    nextIds: { category: categories.length + 1, pet: petCount + 1, order: orders.length + 1 },
    categories,
    pets,
    inventory,
    orders,
  };
}
