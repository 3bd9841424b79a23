import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { start, type components, type paths, type RunningMock } from '../../src/index.js';

type Pet = components['schemas']['Pet'];
type ErrorBody = components['schemas']['Error'];

// The generated types, exported by the package, drive openapi-fetch against the running mock.
describe('typed client (openapi-fetch + the exported contract types) against the running mock', () => {
  let mock: RunningMock;
  let api: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    mock = await start({ port: 0 });
    api = createClient<paths>({ baseUrl: mock.url });
  });

  afterAll(async () => {
    await mock?.close();
  });

  it('creates a pet (with the API key), then reads it back, typed', async () => {
    const { data: categories } = await api.GET('/categories', { params: { query: { limit: 1 } } });
    const categoryId = categories?.[0]?.id;
    expect(categoryId).toBeTypeOf('number');

    const created = await api.POST('/pets', {
      body: { name: 'Typed Rex', categoryId: categoryId! },
      headers: { 'X-API-Key': 'dev-key' },
    });
    expect(created.response.status).toBe(201);
    expectTypeOf(created.data).not.toBeAny();
    expectTypeOf(created.data).toExtend<Pet | undefined>();
    expect(created.data).toMatchObject({ name: 'Typed Rex', categoryId, status: 'available' });
    const id = created.data!.id;
    expect(created.response.headers.get('Location')).toBe(`/pets/${id}`);

    const read = await api.GET('/pets/{petId}', { params: { path: { petId: id } } });
    expect(read.response.status).toBe(200);
    expectTypeOf(read.data).toExtend<Pet | undefined>();
    expect(read.error).toBeUndefined();
    expect(read.data).toEqual(created.data);
    // The operation is deprecated: its answers say so (RFC 9745, RFC 8594).
    expect(read.response.headers.get('Deprecation')).toMatch(/^@\d+$/);
    expect(read.response.headers.get('Sunset')).toMatch(/GMT$/);
  });

  it('a 404 comes back as the typed Error body', async () => {
    const { data, error, response } = await api.GET('/pets/{petId}', { params: { path: { petId: 987_654_321 } } });
    expect(response.status).toBe(404);
    expect(data).toBeUndefined();
    expectTypeOf(error).not.toBeAny();
    expectTypeOf(error).toExtend<ErrorBody | undefined>();
    expect(error?.code).toBe('not_found');
    expect(error?.status).toBe(404);
    expect(error?.message).toBeTypeOf('string');
  });

  it('a write without the API key comes back as the typed Error body (401 unauthorized)', async () => {
    const { error, response } = await api.POST('/pets', { body: { name: 'No key', categoryId: 1 } });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBeTruthy();
    expect(error?.code).toBe('unauthorized');
  });
});
