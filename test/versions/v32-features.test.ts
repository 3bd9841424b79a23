import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';

/** A request of any method (supertest's agent names `query` after superagent's query-string setter). */
const send = (app: Parameters<typeof request>[0], method: string, path: string): request.Test => new request.Test(app, method, path);

const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'versions', 'search-3.2.yaml');

describe('OpenAPI 3.2 QUERY and additionalOperations (OAS 3.2.0 §4.9.1)', () => {
  it('the kernel indexes them as operations of their method', async () => {
    const contract = await loadContract(fixture);
    expect(contract.operationsById.get('queryNotes')?.method).toBe('query');
    expect(contract.operationsById.get('purgeNotes')?.method).toBe('purge');
  });

  it('the mock routes QUERY, validates its body and answers it', async () => {
    const app = await createMockApp({ spec: fixture });
    const ok = await send(app, 'QUERY', '/notes').send({ text: 'a' });
    expect(ok.status).toBe(200);
    const bad = await send(app, 'QUERY', '/notes').send([1]);
    expect(bad.status).toBe(400);
    const purge = await send(app, 'PURGE', '/notes');
    expect(purge.status).toBe(204);
    const options = await request(app).options('/notes');
    expect(options.headers['allow']).toMatch(/QUERY/);
    expect(options.headers['allow']).toMatch(/PURGE/);
  });
});
