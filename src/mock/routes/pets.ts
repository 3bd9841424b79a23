import type { Store } from '../store/store.js';
import { bodyInteger, bodyStatus, bodyString, pathId, queryInteger, queryStatus } from './input.js';
import { created, listReply, readPage } from './paging.js';
import type { HandlerInput, Handlers } from './types.js';

const newPet = (input: HandlerInput) => ({
  name: bodyString(input, 'name') ?? '',
  categoryId: bodyInteger(input, 'categoryId') ?? 0,
  status: bodyStatus(input),
});

export function petHandlers(store: Store): Handlers {
  return {
    listPets: (input) => {
      const request = readPage(input);
      return listReply(
        input,
        store.listPets({ status: queryStatus(input), categoryId: queryInteger(input, 'categoryId') }, request),
        request,
      );
    },
    createPet: (input) => {
      const pet = store.createPet(newPet(input));
      return created(input, pet.id, pet);
    },
    getPet: (input) => ({ status: 200, body: store.getPet(pathId(input, 'petId')) }),
    replacePet: (input) => ({ status: 200, body: store.replacePet(pathId(input, 'petId'), newPet(input)) }),
    deletePet: (input) => {
      store.deletePet(pathId(input, 'petId'));
      return { status: 204 };
    },
  };
}
