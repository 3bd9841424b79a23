import createClient from 'openapi-fetch';
import type { paths } from '../../../src/generated/petstore-api.js';
const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });
export const p = api.POST('/store/orders', { body: { petId: 1 } });
export const q = api.POST('/store/orders', { body: { petId: 1, quantity: 'one' } });
