/**
 * A frontend's tests against the mock of its own contract (here FastAPI's document of the Tasks
 * service, openapi.json), through a client typed by that contract (api.ts, from openapi-typescript).
 * Start the mock once, reset it before every test, force an answer with `Prefer`, stop it at the end.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// In your project: import { start, type RunningMock } from 'petstore-contract-kit';
import { start, type RunningMock } from '../../src/index.js';
import type { paths } from './api.js';

const spec = new URL('./openapi.json', import.meta.url).pathname;
let mock: RunningMock;

beforeAll(async () => {
  mock = await start({ spec, port: 0 }); // a free port; the same seed (42) gives the same tasks every run
});

beforeEach(async () => {
  expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
});

afterAll(async () => {
  await mock.close();
});

describe('the task list, against the mock of its FastAPI contract', () => {
  it('adds a task and reads it back, typed by the contract', async () => {
    const api = createClient<paths>({ baseUrl: mock.url });
    const { data: created, response } = await api.POST('/tasks', {
      body: { title: 'Water the plants', status: 'todo' },
    });
    expect(response.status).toBe(201);
    expect(created?.title).toBe('Water the plants');
    const { data: read } = await api.GET('/tasks/{task_id}', { params: { path: { task_id: created!.id } } });
    expect(read).toEqual(created);
    const { data: list } = await api.GET('/tasks');
    expect(list?.map((t) => t.id)).toContain(created!.id);
  });

  it('an unknown task is the documented 404', async () => {
    const api = createClient<paths>({ baseUrl: mock.url });
    const { response } = await api.GET('/tasks/{task_id}', { params: { path: { task_id: 999_999 } } });
    expect(response.status).toBe(404);
  });

  it('a refused body is the 422 FastAPI documents (HTTPValidationError), forced with Prefer', async () => {
    const api = createClient<paths>({ baseUrl: mock.url, headers: { Prefer: 'code=422' } });
    const { error, response } = await api.POST('/tasks', { body: { title: 'x', status: 'todo' } });
    expect(response.status).toBe(422);
    expect(Array.isArray(error?.detail)).toBe(true);
  });

  it('every test starts from the seeded tasks (the reset in beforeEach)', async () => {
    const api = createClient<paths>({ baseUrl: mock.url });
    const { data } = await api.GET('/tasks');
    expect(data?.length).toBeGreaterThan(0);
    expect(data?.every((t) => t.title !== 'Water the plants')).toBe(true);
  });
});
