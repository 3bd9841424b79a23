import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp, type MockEvent } from '../../src/index.js';
import { ready, spawnMock } from './cli-helpers.js';
import { ROOT, type App } from './helpers.js';
import { scaled } from '../load-scale.js';

// An answer the mock breaks (fixtures/mock-contracts/internal-error.yaml, an example asked for that breaks
// its schema): an internal error. Beside it, an answer no value can satisfy: the document's fault, named.
const DOC = join(ROOT, 'fixtures', 'mock-contracts', 'internal-error.yaml');

describe('an internal error names its cause to the operator, never to the client (issue 29 item 4)', () => {
  let app: App;
  const events: MockEvent[] = [];
  beforeAll(async () => {
    app = await createMockApp({ spec: DOC, onEvent: (event) => events.push(event) });
  });

  it("the client gets the contract's error shape without a stack; the journal and onEvent say why", async () => {
    const res = await request(app).get('/labels/a').set('prefer', 'example=broken').expect(500);
    expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect(res.text).not.toMatch(/node_modules|\.[jt]s:\d|\n\s+at /);
    const [entry] = (await request(app).get('/__mock/requests?limit=1').expect(200)).body as {
      status: number;
      error: string;
    }[];
    expect(entry).toMatchObject({
      status: 500,
      error: expect.stringMatching(/Cause: .*must NOT have (fewer|more) than/),
    });
    expect(events).toContainEqual({
      type: 'internal-error',
      method: 'GET',
      url: '/labels/a',
      operationId: 'getLabel',
      cause: expect.stringMatching(/must NOT have (fewer|more) than/),
    });
  });

  describe('through the CLI', () => {
    const child = spawnMock(['--port', '0', '--spec', DOC]);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let url = '';
    beforeAll(async () => {
      url = /http:\/\/\S+/.exec(await ready(child))![0];
    });
    afterAll(() => {
      child.kill();
    });

    it('writes the cause of a 500 to stderr', async () => {
      expect((await fetch(`${url}/labels/b`, { headers: { prefer: 'example=broken' } })).status).toBe(500);
      await expect
        .poll(() => stderr, { timeout: scaled(10_000) })
        .toMatch(/petstore-mock: 500 on GET \/labels\/b \(getLabel\): .*must NOT have/);
    });

    it('writes a document fault to stderr, the answer sent with its documented status', async () => {
      const answer = await fetch(`${url}/sizes/b`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-mock-document-fault')).toMatch(/\/minLength: minLength 5 is over maxLength 2$/);
      await expect
        .poll(() => stderr, { timeout: scaled(10_000) })
        .toMatch(
          /petstore-mock: document fault on GET \/sizes\/b \(getSize\): answered 200 .*minLength 5 is over maxLength 2/,
        );
    });
  });
});
