import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledContractPath, loadContract } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { operationValidators } from '../../src/mock/operation-validators.js';

// Issue 22: nothing of the validator is compiled before it is needed. The validators are counted
// where express-openapi-validator keeps them: one entry per operation (route and media type) it
// has compiled a request or a response validator for.

describe('validators are compiled per operation, on its first request', () => {
  let dir: string;
  let spec: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lazy-validators-'));
    spec = join(dir, 'petstore.yaml');
    // A text of its own, so no other test's app has built validators for this document already.
    await writeFile(spec, `${await readFile(bundledContractPath, 'utf8')}\n# lazy-validators.test.ts\n`);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('none at start; each operation compiles its own on its first request and reuses them after', async () => {
    const app = await createMockApp({ spec });
    const validators = await operationValidators(await loadContract(spec));
    // Nothing of the validator exists before a request: not even its document state.
    expect(validators.started).toBe(false);
    expect(await validators.compiled()).toEqual({ request: [], response: [] });

    await request(app).get('/pets?limit=1').expect(200);
    const afterList = await validators.compiled();
    expect(afterList.request).toHaveLength(1);
    expect(afterList.request[0]).toMatch(/^GET-\/pets-/);
    expect(afterList.response).toHaveLength(1);
    expect(afterList.response[0]).toMatch(/^GET-\/pets-/);

    // The same operation again: nothing new compiled.
    await request(app).get('/pets?limit=2').expect(200);
    expect(await validators.compiled()).toEqual(afterList);

    // Another operation compiles its own, and only its own.
    await request(app).get('/categories/1').expect(200);
    const afterRead = await validators.compiled();
    expect(afterRead.request).toHaveLength(2);
    expect(afterRead.request.filter((key) => !afterList.request.includes(key))).toEqual([
      expect.stringMatching(/^GET-\/categories\/:categoryId-/),
    ]);
    expect(afterRead.response).toHaveLength(2);

    // A request the mock answers before validation (404, 405, 401) compiles nothing.
    await request(app).get('/nowhere').expect(404);
    await request(app).delete('/categories').expect(405);
    await request(app).post('/pets').send({ name: 'Rex', categoryId: 1 }).expect(401);
    expect(await validators.compiled()).toEqual(afterRead);
  });

  it('a second app of the same document reuses what the first compiled', async () => {
    const validators = await operationValidators(await loadContract(spec));
    const before = await validators.compiled();
    const app = await createMockApp({ spec, seed: 7 });
    await request(app).get('/pets?limit=1').expect(200);
    expect(await validators.compiled()).toEqual(before);
  });
});
