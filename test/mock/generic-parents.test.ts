import { connect } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockApp, start } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import { ROOT, type App } from './helpers.js';
import { scaled } from '../load-scale.js';

// Parent scopes of the generic engine (issue 18 item 1) and the one deprecation rule
// (src/contract/deprecation.ts), on fixtures/mock-contracts/parents.yaml.
const PARENTS = join(ROOT, 'fixtures', 'mock-contracts', 'parents.yaml');

describe('the generic engine answers for the parent a path names', () => {
  let app: App;
  beforeEach(async () => {
    app = await createMockApp({ spec: PARENTS });
  });

  it('an action on an unknown item is its documented 404 (4XX), on a known one its success', async () => {
    const unknown = await request(app).post('/boards/no-such-board/archive').expect(404);
    expect(unknown.body).toEqual({ code: expect.any(String), message: expect.stringContaining('no-such-board') });
    const board = (await request(app).post('/boards').send({ name: 'b' }).expect(201)).body as { id: string };
    await request(app).post(`/boards/${board.id}/archive`).expect(200);
  });

  it('a list and a create under an unknown parent are 404; under a known one they keep their scope', async () => {
    await request(app).get('/boards/no-such-board/sections').expect(404);
    await request(app).post('/boards/no-such-board/sections').send({ title: 't' }).expect(404);
    const board = (await request(app).post('/boards').send({ name: 'b' }).expect(201)).body as { id: string };
    const section = (await request(app).post(`/boards/${board.id}/sections`).send({ title: 't' }).expect(201)).body as {
      id: string;
    };
    expect((await request(app).get(`/boards/${board.id}/sections`).expect(200)).body).toEqual({
      items: [{ id: section.id, title: 't' }],
    });
    // A deleted parent takes its scope with it: its sections are no longer reachable.
    await request(app).delete(`/boards/${board.id}`).expect(204);
    await request(app).get(`/boards/${board.id}/sections/${section.id}`).expect(404);
  });

  it('an operation that documents no 404 is never answered 404, whatever the parent', async () => {
    const stats = await request(app).get('/boards/no-such-board/stats').expect(200);
    expect(stats.body).toEqual({ pins: expect.any(Number) });
  });

  it("a new identifier never repeats a seeded one, even when the schema's only draw is its example, and reads back as created", async () => {
    const created = await request(app).post('/pins').send({ title: 't' }).expect(201);
    const id = (created.body as { id: string }).id;
    expect(id).toMatch(/^\d+$/);
    expect(id).not.toBe('549755885175');
    // Nothing made up, but what the document says a left-out field is: `privacy` takes its default
    // as a service applies it (OAS 3.1 §4.8.24 Schema Object `default`; issue 29, defaults on create).
    expect(created.body).toEqual({ id, title: 't', privacy: 'PUBLIC' });
    expect((await request(app).get(`/pins/${id}`).expect(200)).body).toEqual({ id, title: 't', privacy: 'PUBLIC' });
    expect((await request(app).get('/pins/549755885175').expect(200)).body).toEqual({
      id: '549755885175',
      title: 'seeded',
    });
  });

  it('a record that is one of several shapes (oneOf) is kept: create → read → list → delete → 404', async () => {
    const created = (await request(app).post('/feeds').send({ url: 'u' }).expect(201)).body as { id: string };
    expect(created).toEqual({ id: expect.any(String), url: 'u' });
    expect((await request(app).get(`/feeds/${created.id}`).expect(200)).body).toEqual(created);
    expect(((await request(app).get('/feeds').expect(200)).body as { items: unknown[] }).items).toContainEqual(created);
    await request(app).delete(`/feeds/${created.id}`).expect(204);
    await request(app).get(`/feeds/${created.id}`).expect(404);
  });

  it('a deprecated operation without x-deprecated-at sends no Deprecation: there is no date to send (RFC 9745 §2.1)', async () => {
    const board = (await request(app).post('/boards').send({ name: 'b' }).expect(201)).body as { id: string };
    const legacy = await request(app).get(`/boards/${board.id}/legacy`).expect(200);
    expect(legacy.headers['deprecation']).toBeUndefined();
  });
});

describe('the runner agrees with the mock on the parent-scope constructs', () => {
  it(
    '0 failed results (runner with every credential against the mock on parents.yaml)',
    async () => {
      const result = await selfConsistency('parents', PARENTS);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      // The deprecated operation without a date is a warning, not a pass in silence.
      expect(
        result.report.results.find((r) => r.check === 'deprecation_headers' && r.operation === 'legacyBoard')?.status,
      ).toBe('warning');
      // The unknown-parent probe engaged and passed.
      expect(
        result.report.results.find((r) => r.check === 'not_found_for_unknown_id' && r.operation === 'archiveBoard')
          ?.status,
      ).toBe('passed');
    },
    scaled(60_000),
  );
});

describe("a request Node's parser refuses still gets the contract's error body", () => {
  it("431 for a request line over the limit: the operation's documented 4XX body, JSON (RFC 9110 §15.5)", async () => {
    const mock = await start({ port: 0, spec: PARENTS, maxHeaderBytes: 1024 });
    try {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(mock.port, '127.0.0.1', () =>
          socket.write(`POST /boards/${'x'.repeat(4000)}/archive HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/content-type: application\/json; charset=utf-8/i);
      expect(JSON.parse(body!)).toEqual({
        code: expect.any(String),
        message: expect.stringContaining('over the limit'),
      });
    } finally {
      await mock.close();
    }
  });
});
