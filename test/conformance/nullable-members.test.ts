// The runner's positive cases send null where the contract admits it (OAS 3.0.3 §4.7.24, 3.1's
// type arrays): a server that crashes on a documented null (the FastAPI template's PATCH of a
// nullable column answered 500) is caught, and a server that stores the null but leaves null
// members out of its answers (Jackson's NON_NULL, Go's omitempty) is not blamed for it.
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../../src/contract/index.js';
import { runConformance } from '../../conformance/runner.js';
import { json, serve, type Routes } from '../../fixtures/constructs/server.js';
import { scaled } from '../load-scale.js';

const note = {
  type: 'object',
  required: ['title'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string' },
    body: { type: 'string', nullable: true },
    due: { type: 'string', format: 'date-time', nullable: true },
    rank: { type: 'integer', nullable: true },
  },
};
const error = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const content = (schema: unknown) => ({ 'application/json': { schema } });
const document = {
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: content(note) },
        responses: {
          '201': { description: 'created', content: content(note) },
          '400': { description: 'bad', content: content(error) },
          '415': { description: 'not JSON', content: content(error) },
        },
      },
    },
    '/notes/{noteId}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'ok', content: content(note) },
          '404': { description: 'none', content: content(error) },
        },
      },
    },
  },
};

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

/** Notes kept as sent; `crashesOnNull`: a null member gets a 500, as an unguarded column write does. */
function notes(crashesOnNull: boolean): Routes {
  const store = new Map<string, Record<string, unknown>>();
  let next = 1;
  // Null members left out of every answer: absent and null both say "no value" to this server.
  const withoutNulls = (n: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(n).filter(([, v]) => v !== null));
  return {
    '/notes': {
      POST: (req) => {
        if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return json(415, { message: 'JSON only' });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(req.body) as Record<string, unknown>;
        } catch {
          return json(400, { message: 'malformed JSON' });
        }
        if (typeof body !== 'object' || body === null || typeof body['title'] !== 'string')
          return json(400, { message: 'title: string required' });
        if ('body' in body && body['body'] !== null && typeof body['body'] !== 'string')
          return json(400, { message: 'body: string' });
        if ('due' in body && body['due'] !== null && !(typeof body['due'] === 'string' && RFC3339.test(body['due'])))
          return json(400, { message: 'due: RFC 3339 date-time' });
        if ('rank' in body && body['rank'] !== null && !Number.isInteger(body['rank']))
          return json(400, { message: 'rank: integer' });
        if (crashesOnNull && Object.values(body).includes(null))
          return json(500, { message: 'NOT NULL constraint failed' });
        const id = `n${next++}`;
        const { title, body: text, due, rank } = body;
        store.set(id, { id, title, body: text, due, rank });
        return json(201, withoutNulls(store.get(id)!));
      },
    },
    '/notes/:noteId': {
      GET: (req) => {
        const found = store.get(req.url.pathname.split('/').pop() ?? '');
        return found ? json(200, withoutNulls(found)) : json(404, { message: 'no such note' });
      },
    },
  };
}

async function run(routes: Routes, seed: number) {
  const server = await serve(routes);
  try {
    const contract = await contractFromDocument(structuredClone(document));
    return await runConformance({ target: server.url, contract, examples: 3, seed, timeoutMs: scaled(3000) });
  } finally {
    await server.close();
  }
}

describe('null members the contract admits, in the positive cases', () => {
  it('a server storing nulls and leaving them out of its answers passes; one crashing on them fails not_a_server_error on a null', {
    timeout: scaled(60_000),
  }, async () => {
    let sentNull = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const good = await run(notes(false), seed);
      expect(good.results.filter((r) => r.status === 'failed').map((r) => `${r.check}: ${r.message}`)).toEqual([]);
      const broken = await run(notes(true), seed);
      const failed = broken.results.filter((r) => r.status === 'failed');
      // The broken server differs from the correct one only on a null member: whatever fails, fails on one.
      for (const r of failed)
        expect(`${r.check}: ${r.exchange?.request.body ?? ''}`).toMatch(
          /^(not_a_server_error|status_code_documented|positive_data_accepted): .*:\s*null\b/,
        );
      if (failed.length > 0) expect(failed.map((r) => r.check)).toContain('not_a_server_error');
      if (failed.length > 0) sentNull++;
    }
    // Half of the null-admitting members are null in a random case: most seeds send one.
    expect(sentNull).toBeGreaterThanOrEqual(3);
  });
});
