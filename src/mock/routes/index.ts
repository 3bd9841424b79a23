import type { Store } from '../store/store.js';
import { categoryHandlers } from './categories.js';
import { inventoryHandlers } from './inventory.js';
import { orderHandlers } from './orders.js';
import { petHandlers } from './pets.js';
import type { Handlers } from './types.js';

/** Every operation's handler of the Petstore's business rules, by operationId. */
export function allHandlers(store: Store): Handlers {
  return { ...petHandlers(store), ...categoryHandlers(store), ...orderHandlers(store), ...inventoryHandlers(store) };
}
