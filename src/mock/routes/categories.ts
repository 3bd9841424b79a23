import type { Store } from '../store/store.js';
import { bodyString, pathId } from './input.js';
import { created, listReply, readPage } from './paging.js';
import type { HandlerInput, Handlers } from './types.js';

const newCategory = (input: HandlerInput) => ({
  name: bodyString(input, 'name') ?? '',
  description: bodyString(input, 'description'),
});

export function categoryHandlers(store: Store): Handlers {
  return {
    listCategories: (input) => {
      const request = readPage(input);
      return listReply(input, store.listCategories(request), request);
    },
    createCategory: (input) => {
      const category = store.createCategory(newCategory(input));
      return created(input, category.id, category);
    },
    getCategory: (input) => ({ status: 200, body: store.getCategory(pathId(input, 'categoryId')) }),
    replaceCategory: (input) => ({
      status: 200,
      body: store.replaceCategory(pathId(input, 'categoryId'), newCategory(input)),
    }),
    deleteCategory: (input) => {
      store.deleteCategory(pathId(input, 'categoryId'));
      return { status: 204 };
    },
  };
}
