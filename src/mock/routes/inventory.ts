import type { Store } from '../store/store.js';
import { bodyInteger, pathId, queryStatus } from './input.js';
import { listReply, readPage } from './paging.js';
import type { Handlers } from './types.js';

export function inventoryHandlers(store: Store): Handlers {
  return {
    listInventory: (input) => {
      const request = readPage(input);
      return listReply(input, store.listInventory({ status: queryStatus(input) }, request), request);
    },
    getInventoryItem: (input) => ({ status: 200, body: store.getInventoryItem(pathId(input, 'petId')) }),
    setStock: (input) => ({
      status: 200,
      body: store.setStock(pathId(input, 'petId'), bodyInteger(input, 'quantity') ?? 0),
    }),
  };
}
