import { describe, expect, it } from 'vitest';
import { contractFromText, loadContract, SchemaValidator } from '../../../src/contract/index.js';
import { createFaker } from '../../../src/contract/index.js';
import { GenericStore } from '../../../src/mock/generic/store.js';
import { GenericRules, PetstoreRules, rulesFor, RuleStores } from '../../../src/mock/rules/index.js';
import { seedState } from '../../../src/mock/store/seed.js';
import { Store } from '../../../src/mock/store/store.js';

const GENERIC = `openapi: 3.0.3
info: { title: Notes, version: '1' }
paths:
  /notes:
    get:
      operationId: listNotes
      responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } } } }
    post:
      operationId: createNote
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } } }
  /notes/{id}:
    get:
      operationId: getNote
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }, '404': { description: none } }
components:
  schemas:
    Note: { type: object, required: [id, text], properties: { id: { type: integer }, text: { type: string } } }
`;

/** Stores that count what was built. */
function countingStores(): { stores: RuleStores; built: { petstore: number; generic: number } } {
  const built = { petstore: 0, generic: 0 };
  const stores = new RuleStores(
    () => {
      built.petstore++;
      return new Store(() => new Date(0));
    },
    () => seedState(7, 5),
    () => {
      built.generic++;
      return new GenericStore();
    },
  );
  return { stores, built };
}

const deps = (stores: RuleStores) => ({
  stores,
  validator: new SchemaValidator(),
  dice: { random: () => 0.5, faker: createFaker(1) },
  codeForStatus: (s: number) => `e${s}`,
  seed: 1,
  records: undefined,
});

describe('Rules: the app builds only the rules, and the store, its contract needs', () => {
  it('a contract without x-mock-rules gets GenericRules: no Petstore store is made, a neutral realm, its own collections', async () => {
    const { stores, built } = countingStores();
    const rules = rulesFor(await contractFromText(GENERIC), deps(stores));
    expect(rules).toBeInstanceOf(GenericRules);
    expect(built).toEqual({ petstore: 0, generic: 1 });
    expect(rules.realm).not.toMatch(/petstore/i);
    expect(rules.collections.map((c) => c.path)).toEqual(['/notes']);
    expect([...rules.statefulOperations].sort()).toEqual(['createNote', 'getNote', 'listNotes']);
    expect(() => rules.importState({})).toThrow(/Petstore rules/);
  });

  it('the bundled contract (x-mock-rules: petstore) gets PetstoreRules over a seeded Petstore store; reset loads its start again', async () => {
    const { stores, built } = countingStores();
    const rules = rulesFor(await loadContract(), deps(stores));
    expect(rules).toBeInstanceOf(PetstoreRules);
    expect(built).toEqual({ petstore: 1, generic: 0 });
    const start = JSON.stringify(rules.exportState());
    const made = rules.handlers['createPet']?.({
      operation: undefined as never,
      params: {},
      query: new URLSearchParams(),
      body: { name: 'Rex', categoryId: 1, status: 'available' },
      path: '/pets',
    });
    expect(made?.status).toBe(201);
    expect(JSON.stringify(rules.exportState())).not.toBe(start);
    rules.reset();
    expect(JSON.stringify(rules.exportState())).toBe(start);
  });

  it('a reset of the generic rules empties the store and seeds it again', async () => {
    const { stores } = countingStores();
    const rules = rulesFor(await contractFromText(GENERIC), deps(stores));
    const start = JSON.stringify(rules.exportState());
    stores.generic().clear();
    expect(JSON.stringify(rules.exportState())).not.toBe(start);
    rules.reset();
    expect(JSON.stringify(rules.exportState())).toBe(start);
  });
});

describe("the rules' realm in a challenge the validator's 401 gets", () => {
  it('is the realm the engine gives (mock for a generic contract), never a hard-coded petstore', async () => {
    const { toHttpError } = await import('../../../src/mock/errors.js');
    const ctx = {
      codeForStatus: () => 'unauthorized',
      allowFor: () => undefined,
      apiKeyHeader: () => 'X-Key',
      maxBodyBytes: () => 1024,
    };
    const refused = Object.assign(new Error('unauthorized'), { status: 401 });
    expect(toHttpError(refused, { path: '/x' }, { ...ctx, realm: () => 'mock' }).headers['WWW-Authenticate']).toBe(
      'ApiKey realm="mock", header="X-Key"',
    );
    expect(toHttpError(refused, { path: '/x' }, { ...ctx, realm: () => 'petstore' }).headers['WWW-Authenticate']).toBe(
      'ApiKey realm="petstore", header="X-Key"',
    );
  });
});
