import type { Store } from '../store/store.js';
import { bodyInteger, bodyString, pathId, queryBoolean } from './input.js';
import { created, listReply, readPage } from './paging.js';
import type { Handlers } from './types.js';

export function orderHandlers(store: Store): Handlers {
  return {
    listOrders: (input) => {
      const request = readPage(input);
      return listReply(input, store.listOrders({ complete: queryBoolean(input, 'complete') }, request), request);
    },
    placeOrder: (input) => {
      const order = store.placeOrder({
        petId: bodyInteger(input, 'petId') ?? 0,
        quantity: bodyInteger(input, 'quantity') ?? 0,
        shipDate: bodyString(input, 'shipDate'),
      });
      return created(input, order.id, order);
    },
    getOrder: (input) => ({ status: 200, body: store.getOrder(pathId(input, 'orderId')) }),
    cancelOrder: (input) => {
      store.cancelOrder(pathId(input, 'orderId'));
      return { status: 204 };
    },
    completeOrder: (input) => ({ status: 200, body: store.completeOrder(pathId(input, 'orderId')) }),
  };
}
