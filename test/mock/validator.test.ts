import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { readFile } from 'node:fs/promises';
import { bundledContractPath, contractFromText } from '../../src/contract/index.js';
import { validatorMiddleware } from '../../src/mock/validator.js';
import { expectError } from './helpers.js';

// Apps built from the same contract share express-openapi-validator's compiled validators
// (src/mock/validator.ts); what is per app must stay per app.

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

  it('the same contract text gives the same middleware; a changed text a new one', async () => {
    const text = await readFile(bundledContractPath, 'utf8');
    const first = await validatorMiddleware(await contractFromText(text));
    expect(await validatorMiddleware(await contractFromText(text, '/elsewhere/petstore.yaml'))).toBe(first);
    const changed = await validatorMiddleware(await contractFromText(`${text}\n# an edit\n`));
    expect(changed).not.toBe(first);
  });

  it('a contract the validator refuses is one line naming the construct and where, and is not kept', async () => {
    const text =
      'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { description: ok, content: { application/json: { schema: { type: object, required: [] } } } }\n';
    const contract = await contractFromText(text);
    const first = validatorMiddleware(contract);
    await expect(first).rejects.toThrow(/^the contract cannot be served: .*required/);
    expect(validatorMiddleware(contract)).not.toBe(first);
  });
});
