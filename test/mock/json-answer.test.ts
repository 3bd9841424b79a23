import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';

// JSON answers are checked by express-openapi-validator's response check called directly and
// written by the mock (src/mock/json-answer.ts), not through Express's res.json → res.send with
// the validator's hook on it. The whole-document middleware (`validatorDispatch: 'document'`)
// still goes through res.json: both must write the same answers, header for header.

const document = {
  openapi: '3.0.3',
  info: { title: 'Things', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'Things',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
                examples: {
                  good: { value: [{ id: 1, name: 'één' }] },
                  // Breaks the schema: asked for by name, it is answered as written, and the response check refuses it.
                  broken: { value: [{ id: 'one', name: 5 }] },
                },
              },
            },
          },
        },
      },
    },
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A thing',
            content: {
              'application/vnd.thing+json': {
                schema: { $ref: '#/components/schemas/Thing' },
                example: { id: 1, name: 'x'.repeat(1200) },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
};

interface Seen {
  readonly status: number;
  readonly type: string | null;
  readonly length: string | null;
  readonly body: string;
}

async function see(mock: RunningMock, path: string, init: RequestInit = {}): Promise<Seen> {
  const res = await fetch(`${mock.url}${path}`, init);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    body: await res.text(),
  };
}

describe('JSON answers written by the mock', () => {
  let dir: string;
  let mocks: { document: RunningMock; operation: RunningMock };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'json-answer-'));
    const spec = join(dir, 'things.json');
    await writeFile(spec, JSON.stringify(document));
    const [whole, perOperation] = await Promise.all([
      start({ spec, port: 0, validatorDispatch: 'document' }),
      start({ spec, port: 0, validatorDispatch: 'operation' }),
    ]);
    mocks = { document: whole, operation: perOperation };
  });
  afterAll(async () => {
    await Promise.all([mocks?.document.close(), mocks?.operation.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('carry the same status, Content-Type, Content-Length and body as through res.json, the first time and after', async () => {
    const asks: [string, RequestInit][] = [
      ['/things', { headers: { prefer: 'example=good' } }],
      ['/things/1', {}],
      ['/things/1', { headers: { accept: 'application/*' } }],
    ];
    for (const [path, init] of asks) {
      const reference = await see(mocks.document, path, init);
      expect(reference.status).toBe(200);
      // Twice: the first answer of a Content-Type goes through Express, the next ones are written directly.
      for (let i = 0; i < 2; i++) expect(await see(mocks.operation, path, init)).toEqual(reference);
    }
    const thing = await see(mocks.operation, '/things/1');
    expect(thing.type).toBe('application/vnd.thing+json; charset=utf-8');
    expect(Number(thing.length)).toBe(Buffer.byteLength(thing.body));
    const list = await see(mocks.operation, '/things', { headers: { prefer: 'example=good' } });
    expect(list.type).toBe('application/json; charset=utf-8');
    // Multi-byte characters: Content-Length counts bytes.
    expect(Number(list.length)).toBe(Buffer.byteLength(list.body));
    expect(Number(list.length)).toBeGreaterThan(list.body.length);
  });

  it('a HEAD carries the GET’s headers and no body', async () => {
    const get = await see(mocks.operation, '/things/1');
    const head = await see(mocks.operation, '/things/1', { method: 'HEAD' });
    expect(head).toEqual({ status: 200, type: get.type, length: get.length, body: '' });
    expect(head).toEqual(await see(mocks.document, '/things/1', { method: 'HEAD' }));
  });

  it('an answer that breaks the contract is the same 500 as under the validator’s hook', async () => {
    const reference = await see(mocks.document, '/things', { headers: { prefer: 'example=broken' } });
    expect(reference.status).toBe(500);
    expect(JSON.parse(reference.body)).toMatchObject({
      message: expect.stringMatching(/^The response breaks the contract/),
    });
    // The pointer into the answer names what broke (a JSON pointer, not a file path to scrub).
    expect(JSON.parse(reference.body).message).toContain('/response/0/id must be integer');
    expect(await see(mocks.operation, '/things', { headers: { prefer: 'example=broken' } })).toEqual(reference);
  });

  it('a conditional request (If-None-Match, If-Modified-Since) is answered as Express answers it', async () => {
    for (const headers of [
      { 'if-none-match': '*' },
      { 'if-modified-since': 'Tue, 24 Nov 2026 10:00:00 GMT' },
    ] as Record<string, string>[]) {
      const reference = await see(mocks.document, '/things/1', { headers });
      expect(await see(mocks.operation, '/things/1', { headers })).toEqual(reference);
    }
  });

  it('the journal keeps the body written', async () => {
    const written = await see(mocks.operation, '/things/1');
    const entries = (await (await fetch(`${mocks.operation.url}/__mock/requests?limit=1`)).json()) as
      | { responseBody?: string }[]
      | { requests: { responseBody?: string }[] };
    const entry = Array.isArray(entries) ? entries[0] : entries.requests[0];
    expect(entry?.responseBody?.startsWith(written.body.slice(0, 100))).toBe(true);
  });
});
