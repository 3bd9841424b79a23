// A consumer's file: every write operation of the contract called through openapi-fetch with the
// generated types. test/docs/typed-writes.test.ts type-checks it on its own under strict settings
// (as a consumer project would) and runs it against the mock.
import createClient from 'openapi-fetch';
import type { paths } from '../../../src/generated/petstore-api.js'; // what the package exports as its types

export interface WriteStatuses {
  readonly [operationId: string]: number;
}

/** The answer's body, or a throw with its status: one check per call, none per field. */
function ok<T>(result: { data?: T; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.url}: ${result.response.status}`);
  return result.data;
}

export async function callEveryWrite(baseUrl: string, apiKey: string): Promise<WriteStatuses> {
  const api = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } });

  const category = await api.POST('/categories', {
    body: { name: 'Typed birds', description: 'Created by a typed client.' },
  });
  const categoryId = ok(category).id; // required in the answer: a number, no `!`, no `??`
  const replacedCategory = await api.PUT('/categories/{categoryId}', {
    params: { path: { categoryId } },
    body: { name: 'Typed birds (renamed)' },
  });

  const pet = await api.POST('/pets', { body: { name: 'Typed Tweety', categoryId, status: 'available' } });
  const petId = ok(pet).id;
  const replacedPet = await api.PUT('/pets/{petId}', {
    params: { path: { petId } },
    body: { name: 'Typed Tweety II', categoryId },
  });
  const stock = await api.PUT('/store/inventory/{petId}', { params: { path: { petId } }, body: { quantity: 3 } });

  // The body the issue named: placing an order with only the required fields.
  const order = await api.POST('/store/orders', { body: { petId, quantity: 1 } });
  const secondOrder = await api.POST('/store/orders', {
    body: { petId, quantity: 1, shipDate: '2030-01-02T03:04:05Z' },
  });
  const cancelled = await api.DELETE('/store/orders/{orderId}', { params: { path: { orderId: ok(order).id } } });
  const completed = await api.POST('/store/orders/{orderId}/complete', {
    params: { path: { orderId: ok(secondOrder).id } },
  });
  // Every field of an answered order is there (PlacedOrder): its state reads without a guard.
  const fulfilled: boolean = ok(completed).complete;
  if (!fulfilled) throw new Error('the completed order is not complete');

  const other = await api.POST('/pets', { body: { name: 'Typed Goner', categoryId } });
  const deletedPet = await api.DELETE('/pets/{petId}', { params: { path: { petId: ok(other).id } } });
  const spare = await api.POST('/categories', { body: { name: 'Typed spare' } });
  const deletedCategory = await api.DELETE('/categories/{categoryId}', {
    params: { path: { categoryId: ok(spare).id } },
  });

  return {
    createCategory: category.response.status,
    replaceCategory: replacedCategory.response.status,
    createPet: pet.response.status,
    replacePet: replacedPet.response.status,
    setStock: stock.response.status,
    placeOrder: order.response.status,
    cancelOrder: cancelled.response.status,
    completeOrder: completed.response.status,
    deletePet: deletedPet.response.status,
    deleteCategory: deletedCategory.response.status,
  };
}
