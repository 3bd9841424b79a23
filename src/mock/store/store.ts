import { HttpError } from '../errors.js';
import { ById } from './by-id.js';
import { RecordBudget, type StoreUsage } from './capacity.js';
import { SortedIndex, insertSorted, removeSorted } from './sorted.js';
import type {
  Category,
  InventoryItem,
  NextIds,
  Order,
  Page,
  PageRequest,
  Pet,
  PetStatus,
  StateSnapshot,
} from './types.js';

export interface NewCategory {
  name: string;
  description?: string | undefined;
}
export interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus | undefined;
}
export interface NewOrder {
  petId: number;
  quantity: number;
  shipDate?: string | undefined;
}

const notFound = (what: string, id: number): HttpError =>
  new HttpError(404, 'not_found', `${what} ${id} does not exist.`);
const conflict = (message: string): HttpError => new HttpError(409, 'conflict', message);
const unprocessable = (message: string): HttpError => new HttpError(422, 'unprocessable', message);

const units = (n: number): string => `${n} unit${n === 1 ? '' : 's'}`;

/** RFC 3339 date-time at second precision. */
export const toDateTime = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;

/** A pet as stored: its stock rides on the record (one object per pet, not a second map entry). */
interface PetRecord extends Pet {
  stock: number;
}

function page<T>(ids: readonly number[], request: PageRequest, read: (id: number) => T): Page<T> {
  const items = ids.slice(request.offset, request.offset + request.limit).map(read);
  return { items, total: ids.length };
}

/**
 * The in-memory state of one mock: categories, pets, stock and orders, with the transitions of
 * the contract's "States and transitions". Pure: no HTTP, no clock of its own (it is given one).
 * Every read returns copies, so nothing outside can change the state behind its back.
 */
export class Store {
  private nextIds: NextIds = { category: 1, pet: 1, order: 1 };
  private readonly categories = new ById<Category>();
  private categoryIds: number[] = [];
  private readonly pets = new ById<PetRecord>();
  private petIds: number[] = [];
  private readonly petsByStatus = new SortedIndex<PetStatus>();
  private readonly petsByCategory = new SortedIndex<number>();
  private readonly orders = new ById<Order>();
  private orderIds: number[] = [];
  private readonly ordersByComplete = new SortedIndex<boolean>();
  private readonly openOrdersByPet = new Map<number, number>();
  private lastShipDate = { second: Number.NaN, text: '' };

  private readonly budget: RecordBudget;

  /** `maxRecords`: categories, pets and orders held at most (a pet's stock rides on its record). */
  constructor(
    private readonly clock: () => Date,
    maxRecords = Number.POSITIVE_INFINITY,
  ) {
    this.budget = new RecordBudget(maxRecords);
  }

  /** How many records the store holds, against its cap. */
  usage(): StoreUsage {
    return this.budget.usage();
  }

  /**
   * Replaces the whole state. The snapshot must already be valid (see `validateState`). One over
   * the cap throws StoreFullError and leaves the state as it was.
   */
  load(snapshot: StateSnapshot): void {
    this.budget.restart(snapshot.categories.length + snapshot.pets.length + snapshot.orders.length);
    this.nextIds = { ...snapshot.nextIds };
    this.categories.clear();
    this.pets.clear();
    this.orders.clear();
    this.petsByStatus.clear();
    this.petsByCategory.clear();
    this.ordersByComplete.clear();
    this.openOrdersByPet.clear();
    this.categoryIds = [];
    this.petIds = [];
    this.orderIds = [];
    for (const c of [...snapshot.categories].sort((a, b) => a.id - b.id)) {
      this.categories.set(c.id, copyCategory(c));
      this.categoryIds.push(c.id);
    }
    for (const p of [...snapshot.pets].sort((a, b) => a.id - b.id)) {
      this.pets.set(p.id, { id: p.id, name: p.name, categoryId: p.categoryId, status: p.status, stock: 0 });
      this.petIds.push(p.id);
      this.petsByStatus.add(p.status, p.id);
      this.petsByCategory.add(p.categoryId, p.id);
    }
    for (const item of snapshot.inventory) {
      const pet = this.pets.get(item.petId);
      if (pet) pet.stock = item.quantity;
    }
    for (const o of [...snapshot.orders].sort((a, b) => a.id - b.id)) {
      this.orders.set(o.id, { ...o });
      this.orderIds.push(o.id);
      this.ordersByComplete.add(o.complete, o.id);
      if (!o.complete) this.openOrdersByPet.set(o.petId, (this.openOrdersByPet.get(o.petId) ?? 0) + 1);
    }
  }

  export(): StateSnapshot {
    return {
      nextIds: { ...this.nextIds },
      categories: this.categoryIds.map((id) => this.readCategory(id)),
      pets: this.petIds.map((id) => this.readPet(id)),
      inventory: this.petIds.map((id) => this.readInventory(id)),
      orders: this.orderIds.map((id) => this.readOrder(id)),
    };
  }

  // Categories

  listCategories(request: PageRequest): Page<Category> {
    return page(this.categoryIds, request, (id) => this.readCategory(id));
  }

  getCategory(id: number): Category {
    if (!this.categories.has(id)) throw notFound('Category', id);
    return this.readCategory(id);
  }

  createCategory(body: NewCategory): Category {
    this.budget.take();
    const id = this.nextIds.category++;
    this.categories.set(id, copyCategory({ id, ...body }));
    insertSorted(this.categoryIds, id);
    return this.readCategory(id);
  }

  /** A replacement takes the creation shape: an absent description is removed. */
  replaceCategory(id: number, body: NewCategory): Category {
    if (!this.categories.has(id)) throw notFound('Category', id);
    this.categories.set(id, copyCategory({ id, ...body }));
    return this.readCategory(id);
  }

  deleteCategory(id: number): void {
    if (!this.categories.has(id)) throw notFound('Category', id);
    const used = this.petsByCategory.get(id).length;
    if (used > 0) throw conflict(`Category ${id} is used by ${used} pet${used === 1 ? '' : 's'}.`);
    this.categories.delete(id);
    removeSorted(this.categoryIds, id);
    this.budget.give();
  }

  // Pets

  listPets(
    filter: { status?: PetStatus | undefined; categoryId?: number | undefined },
    request: PageRequest,
  ): Page<Pet> {
    let ids: readonly number[];
    if (filter.status !== undefined && filter.categoryId !== undefined) {
      // Walk the smaller index and check the other field.
      const byStatus = this.petsByStatus.get(filter.status);
      const byCategory = this.petsByCategory.get(filter.categoryId);
      ids =
        byStatus.length <= byCategory.length
          ? byStatus.filter((id) => this.pets.get(id)!.categoryId === filter.categoryId)
          : byCategory.filter((id) => this.pets.get(id)!.status === filter.status);
    } else if (filter.status !== undefined) ids = this.petsByStatus.get(filter.status);
    else if (filter.categoryId !== undefined) ids = this.petsByCategory.get(filter.categoryId);
    else ids = this.petIds;
    return page(ids, request, (id) => this.readPet(id));
  }

  getPet(id: number): Pet {
    if (!this.pets.has(id)) throw notFound('Pet', id);
    return this.readPet(id);
  }

  /** A new pet is `available` unless its body names a status, with a stock of 1. */
  createPet(body: NewPet): Pet {
    this.requireCategory(body.categoryId);
    this.budget.take();
    const id = this.nextIds.pet++;
    const pet: PetRecord = {
      id,
      name: body.name,
      categoryId: body.categoryId,
      status: body.status ?? 'available',
      stock: 1,
    };
    this.pets.set(id, pet);
    insertSorted(this.petIds, id);
    this.petsByStatus.add(pet.status, id);
    this.petsByCategory.add(pet.categoryId, id);
    return this.readPet(id);
  }

  /**
   * A replacement takes the creation shape; an absent status is left as it is. While an order for
   * the pet is open the status rule wins: the pet stays pending whatever the body says (found by
   * the property tests: `available` with an open order broke the invariant and the state export).
   */
  replacePet(id: number, body: NewPet): Pet {
    const pet = this.pets.get(id);
    if (!pet) throw notFound('Pet', id);
    this.requireCategory(body.categoryId);
    this.petsByCategory.remove(pet.categoryId, id);
    this.petsByCategory.add(body.categoryId, id);
    pet.name = body.name;
    pet.categoryId = body.categoryId;
    if (body.status !== undefined)
      this.setStatus(pet, (this.openOrdersByPet.get(id) ?? 0) > 0 ? 'pending' : body.status);
    return this.readPet(id);
  }

  /** Deletes the pet and its inventory entry; completed orders keep their petId as history. */
  deletePet(id: number): void {
    const pet = this.pets.get(id);
    if (!pet) throw notFound('Pet', id);
    const open = this.openOrdersByPet.get(id) ?? 0;
    if (open > 0)
      throw conflict(
        `Pet ${id} has ${open} open order${open === 1 ? '' : 's'}; cancel or complete ${open === 1 ? 'it' : 'them'} first.`,
      );
    this.pets.delete(id);
    removeSorted(this.petIds, id);
    this.budget.give();
    this.petsByStatus.remove(pet.status, id);
    this.petsByCategory.remove(pet.categoryId, id);
  }

  // Orders

  listOrders(filter: { complete?: boolean | undefined }, request: PageRequest): Page<Order> {
    const ids = filter.complete === undefined ? this.orderIds : this.ordersByComplete.get(filter.complete);
    return page(ids, request, (id) => this.readOrder(id));
  }

  getOrder(id: number): Order {
    if (!this.orders.has(id)) throw notFound('Order', id);
    return this.readOrder(id);
  }

  /** Takes the quantity from the stock and makes the pet pending; shipDate defaults to two days after the clock. */
  placeOrder(body: NewOrder): Order {
    const pet = this.pets.get(body.petId);
    if (!pet) throw unprocessable(`Pet ${body.petId} does not exist.`);
    const inStock = pet.stock;
    if (inStock < body.quantity)
      throw conflict(`Pet ${pet.id} has ${units(inStock)} in stock; ${body.quantity} were ordered.`);
    this.budget.take();
    const id = this.nextIds.order++;
    const order: Order = {
      id,
      petId: pet.id,
      quantity: body.quantity,
      shipDate: body.shipDate ?? this.defaultShipDate(),
      complete: false,
    };
    this.orders.set(id, order);
    insertSorted(this.orderIds, id);
    this.ordersByComplete.add(false, id);
    pet.stock = inStock - body.quantity;
    this.openOrdersByPet.set(pet.id, (this.openOrdersByPet.get(pet.id) ?? 0) + 1);
    this.recompute(pet.id);
    return this.readOrder(id);
  }

  /** Cancelling returns the quantity to the stock. */
  cancelOrder(id: number): void {
    const order = this.orders.get(id);
    if (!order) throw notFound('Order', id);
    if (order.complete) throw conflict(`Order ${id} is complete and cannot be cancelled.`);
    this.orders.delete(id);
    removeSorted(this.orderIds, id);
    this.budget.give();
    this.ordersByComplete.remove(false, id);
    this.closeOpenOrder(order.petId);
    const pet = this.pets.get(order.petId);
    if (pet) pet.stock += order.quantity;
    this.recompute(order.petId);
  }

  completeOrder(id: number): Order {
    const order = this.orders.get(id);
    if (!order) throw notFound('Order', id);
    if (order.complete) throw conflict(`Order ${id} is already complete.`);
    order.complete = true;
    this.ordersByComplete.remove(false, id);
    this.ordersByComplete.add(true, id);
    this.closeOpenOrder(order.petId);
    this.recompute(order.petId);
    return this.readOrder(id);
  }

  // Inventory

  listInventory(filter: { status?: PetStatus | undefined }, request: PageRequest): Page<InventoryItem> {
    const ids = filter.status === undefined ? this.petIds : this.petsByStatus.get(filter.status);
    return page(ids, request, (id) => this.readInventory(id));
  }

  getInventoryItem(petId: number): InventoryItem {
    if (!this.pets.has(petId)) throw notFound('Pet', petId);
    return this.readInventory(petId);
  }

  setStock(petId: number, quantity: number): InventoryItem {
    const pet = this.pets.get(petId);
    if (!pet) throw notFound('Pet', petId);
    pet.stock = quantity;
    this.recompute(petId);
    return this.readInventory(petId);
  }

  // Internals

  /**
   * Two days after the clock, at second precision. Orders placed in the same second share one
   * string rather than each keeping its own copy (about a quarter of an order's heap).
   */
  private defaultShipDate(): string {
    const ms = this.clock().getTime() + TWO_DAYS_MS;
    const second = Math.floor(ms / 1000);
    if (second !== this.lastShipDate.second) this.lastShipDate = { second, text: toDateTime(new Date(ms)) };
    return this.lastShipDate.text;
  }

  private requireCategory(id: number): void {
    if (!this.categories.has(id)) throw unprocessable(`Category ${id} does not exist.`);
  }

  private closeOpenOrder(petId: number): void {
    const open = (this.openOrdersByPet.get(petId) ?? 1) - 1;
    if (open > 0) this.openOrdersByPet.set(petId, open);
    else this.openOrdersByPet.delete(petId);
  }

  /** The status rule: pending while an order is open, else available with stock, sold without. */
  private recompute(petId: number): void {
    const pet = this.pets.get(petId);
    if (!pet) return;
    const status: PetStatus =
      (this.openOrdersByPet.get(petId) ?? 0) > 0 ? 'pending' : pet.stock > 0 ? 'available' : 'sold';
    this.setStatus(pet, status);
  }

  private setStatus(pet: PetRecord, status: PetStatus): void {
    if (pet.status === status) return;
    this.petsByStatus.remove(pet.status, pet.id);
    this.petsByStatus.add(status, pet.id);
    pet.status = status;
  }

  private readCategory(id: number): Category {
    return copyCategory(this.categories.get(id)!);
  }

  private readPet(id: number): Pet {
    const p = this.pets.get(id)!;
    return { id: p.id, name: p.name, categoryId: p.categoryId, status: p.status };
  }

  private readOrder(id: number): Order {
    const o = this.orders.get(id)!;
    return { id: o.id, petId: o.petId, quantity: o.quantity, shipDate: o.shipDate, complete: o.complete };
  }

  private readInventory(petId: number): InventoryItem {
    const pet = this.pets.get(petId)!;
    return { petId, quantity: pet.stock, status: pet.status };
  }
}

function copyCategory(c: { id: number; name: string; description?: string | undefined }): Category {
  return c.description === undefined
    ? { id: c.id, name: c.name }
    : { id: c.id, name: c.name, description: c.description };
}
