/** The resources as the contract shapes them; key order here is the order bodies are written in. */

export type PetStatus = 'available' | 'pending' | 'sold';
export const PET_STATUSES: readonly PetStatus[] = ['available', 'pending', 'sold'];

export interface Category {
  id: number;
  name: string;
  description?: string;
}

export interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
}

export interface Order {
  id: number;
  petId: number;
  quantity: number;
  shipDate: string;
  complete: boolean;
}

export interface InventoryItem {
  petId: number;
  quantity: number;
  status: PetStatus;
}

export interface NextIds {
  category: number;
  pet: number;
  order: number;
}

/** The whole state, as `GET /__mock/state` exports it and `PUT /__mock/state` / `--state FILE` import it. */
export interface StateSnapshot {
  nextIds: NextIds;
  categories: Category[];
  pets: Pet[];
  inventory: InventoryItem[];
  orders: Order[];
}

/** A state as a caller may give it: `nextIds` may be left out (then max id + 1). Checked by `validateState`. */
export type StateSnapshotInput = Omit<StateSnapshot, 'nextIds'> & { nextIds?: Partial<NextIds> };

export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}
