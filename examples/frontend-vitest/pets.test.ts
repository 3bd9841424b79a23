/**
 * A frontend project's tests against the Petstore mock, with vitest: start the mock once, reset
 * it before every test, force an error with `Prefer`, stop it at the end.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// In your project: import { start, type RunningMock } from 'petstore-contract-kit';
import { start, type RunningMock } from '../../src/index.js';
import { addPet, loadPetList, petstoreClient } from './pet-list.js';

let mock: RunningMock;
let seededTotal: number;

beforeAll(async () => {
  // Once per file, on a free port; seeded (seed 42 by default), so every run sees the same data.
  mock = await start({ port: 0 });
  const first = await loadPetList(petstoreClient(mock.url));
  if (first.kind !== 'pets') throw new Error(first.message);
  seededTotal = first.total;
});

beforeEach(async () => {
  // Back to the seeded state: no test sees what another one created.
  const reset = await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
  expect(reset.status).toBe(204);
});

afterAll(async () => {
  await mock.close();
});

describe('the pet list screen', () => {
  it('shows the first page of names and the total', async () => {
    const view = await loadPetList(petstoreClient(mock.url));
    expect(view.kind).toBe('pets');
    if (view.kind !== 'pets') return;
    expect(view.total).toBe(seededTotal);
    expect(view.names).toHaveLength(Math.min(20, seededTotal));
  });

  it('shows a pet once it is added', async () => {
    const client = petstoreClient(mock.url, 'dev-key');
    const pet = await addPet(client, 'Biscuit', 1);
    expect(pet).toMatchObject({ name: 'Biscuit', categoryId: 1, status: 'available' });
    // Lists are ordered by id, and a new pet gets the next one: it is on the last page.
    const lastPage = await loadPetList(client, { limit: 1, offset: seededTotal });
    expect(lastPage).toEqual({ kind: 'pets', names: ['Biscuit'], total: seededTotal + 1 });
  });

  it('starts every test from the seeded data (the reset in beforeEach)', async () => {
    const view = await loadPetList(petstoreClient(mock.url), { limit: 1, offset: 0 });
    expect(view).toMatchObject({ kind: 'pets', total: seededTotal });
  });

  it('shows an error message when the server fails (forced with Prefer: code=500)', async () => {
    const client = petstoreClient(mock.url);
    // openapi-fetch middleware: this client asks the mock for its documented 500 answer.
    client.use({
      onRequest({ request }) {
        request.headers.set('Prefer', 'code=500');
        return request;
      },
    });
    const view = await loadPetList(client);
    expect(view.kind).toBe('error');
    if (view.kind !== 'error') return;
    expect(view.message).toMatch(/\(internal\)$/);
  });
});
