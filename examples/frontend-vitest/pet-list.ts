/**
 * The application code under test: what a frontend's pet list screen needs from the Petstore,
 * through a client typed by the contract. Nothing here knows about the mock.
 */
import createClient from 'openapi-fetch';
// In your project: import type { components, paths } from 'petstore-contract-kit';
import type { components, paths } from '../../src/index.js';

export type Pet = components['schemas']['Pet'];
export type PetstoreClient = ReturnType<typeof createClient<paths>>;

export function petstoreClient(baseUrl: string, apiKey?: string): PetstoreClient {
  return createClient<paths>({ baseUrl, headers: apiKey === undefined ? {} : { 'X-API-Key': apiKey } });
}

/** What the screen shows: one page of names and the total, or an error message. */
export type PetListView =
  | { readonly kind: 'pets'; readonly names: string[]; readonly total: number }
  | { readonly kind: 'error'; readonly message: string };

export async function loadPetList(
  client: PetstoreClient,
  page: { limit: number; offset: number } = { limit: 20, offset: 0 },
): Promise<PetListView> {
  const result = await client.GET('/pets', { params: { query: page } });
  if (result.error !== undefined) return { kind: 'error', message: `${result.error.message} (${result.error.code})` };
  const total = Number(result.response.headers.get('X-Total-Count') ?? result.data.length);
  return { kind: 'pets', names: result.data.map((pet) => pet.name), total };
}

export async function addPet(client: PetstoreClient, name: string, categoryId: number): Promise<Pet> {
  const result = await client.POST('/pets', { body: { name, categoryId } });
  if (result.error !== undefined)
    throw new Error(`could not add ${name}: ${result.error.message} (${result.error.code})`);
  return result.data;
}
