import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { sharedValidatorMiddleware } from '../../src/mock/validator-cache.js';
import { CONTRACT, expectError } from './helpers.js';

// Apps built from the same contract share express-openapi-validator's compiled validators
// (src/mock/validator-cache.ts); what is per app must stay per app.

const body = { name: 'Rex', categoryId: 1 };

describe('validators shared between apps of one contract', () => {
  it('each app accepts its own API keys and refuses the other’s', async () => {
    const [a, b] = await Promise.all([createMockApp({ apiKeys: ['key-a'] }), createMockApp({ apiKeys: ['key-b'] })]);
    await request(a).post('/pets').set('X-API-Key', 'key-a').send(body).expect(201);
    await request(b).post('/pets').set('X-API-Key', 'key-b').send(body).expect(201);
    expectError(await request(a).post('/pets').set('X-API-Key', 'key-b').send(body), 401, 'unauthorized');
    expectError(await request(b).post('/pets').set('X-API-Key', 'key-a').send(body), 401, 'unauthorized');
  });

  it('each app keeps its own store', async () => {
    const [a, b] = await Promise.all([createMockApp({ pets: 3 }), createMockApp({ pets: 5 })]);
    await request(a).post('/pets').set('X-API-Key', 'dev-key').send(body).expect(201);
    expect((await request(a).get('/pets?limit=1')).headers['x-total-count']).toBe('4');
    expect((await request(b).get('/pets?limit=1')).headers['x-total-count']).toBe('5');
  });

  it('an app built from the cache still validates requests', async () => {
    await createMockApp(); // warms the cache
    const app = await createMockApp();
    const res = await request(app).post('/pets').set('X-API-Key', 'dev-key').send({ categoryId: 1 });
    expectError(res, 400, 'validation_failed');
    expect(JSON.stringify(res.body)).toMatch(/name/);
  });

  const options = (keys: Record<string, () => boolean>) => ({
    apiSpec: structuredClone(CONTRACT.document) as never,
    validateRequests: true,
    validateResponses: true,
    validateSecurity: { handlers: keys },
  });

  it('the same options give the same validator; other options or handler names do not', () => {
    const first = sharedValidatorMiddleware(options({ ApiKeyAuth: () => true }));
    const again = sharedValidatorMiddleware(options({ ApiKeyAuth: () => false }));
    const renamed = sharedValidatorMiddleware(options({ Other: () => true }));
    const noResponses = sharedValidatorMiddleware({ ...options({ ApiKeyAuth: () => true }), validateResponses: false });
    // [0] notes the app's handlers per request; the rest is express-openapi-validator's.
    expect(again.slice(1)).toEqual(first.slice(1));
    expect(again[0]).not.toBe(first[0]);
    expect(renamed[1]).not.toBe(first[1]);
    expect(noResponses[1]).not.toBe(first[1]);
  });

  it('options holding a function (other than security handlers) are never shared', () => {
    const withHook = { ...options({}), ignorePaths: (path: string) => path.startsWith('/x') };
    expect(sharedValidatorMiddleware(withHook)[1]).not.toBe(sharedValidatorMiddleware(withHook)[1]);
  });
});
