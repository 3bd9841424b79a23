import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  contractFromDocument,
  loadContract,
  parseSequence,
  schemeDeprecated,
  SchemaValidator,
} from '../../src/contract/index.js';
import { CredentialPlan } from '../../conformance/credentials.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import { operationOf } from '../../conformance/workflows/interpreter.js';
import type { Step } from '../../conformance/workflows/document.js';
import { createMockApp } from '../../src/index.js';
import { scaled } from '../load-scale.js';

/** A request of any method (supertest's agent names `query` after superagent's query-string setter). */
const send = (app: Parameters<typeof request>[0], method: string, path: string): request.Test =>
  new request.Test(app, method, path);

const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'versions', 'search-3.2.yaml');
const validator = new SchemaValidator('json-schema-2020-12');

describe('OpenAPI 3.2 QUERY and additionalOperations (OAS 3.2.0 §4.9.1)', () => {
  it('the kernel indexes them as operations of their method; a method Node cannot read is listed with why', async () => {
    const contract = await loadContract(fixture);
    expect(contract.operationsById.get('queryNotes')?.method).toBe('query');
    expect(contract.operationsById.get('purgeNotes')?.method).toBe('purge');
    expect(contract.operationsById.has('frobnicateNotes')).toBe(false);
    expect(contract.notExercised.join('\n')).toMatch(
      /FROBNICATE \/notes: FROBNICATE is not a method Node's HTTP parser reads/,
    );
    expect(contract.notExercised.join('\n')).not.toMatch(/QUERY|PURGE/);
  });

  it.each([
    ['petstore.yaml#/paths/~1notes/query', 'queryNotes'],
    ['petstore.yaml#/paths/~1notes/additionalOperations/PURGE', 'purgeNotes'],
    ['petstore.yaml#/paths/~1notes/get', 'listNotes'],
  ])('an Arazzo step naming %s runs %s', async (operationPath, id) => {
    const contract = await loadContract(fixture);
    expect(operationOf({ stepId: 's', operationPath } as Step, contract)?.id).toBe(id);
  });

  it.each(['operation', 'document'] as const)(
    'the mock routes QUERY, validates its content and answers it; PURGE too; Allow names both (validator dispatch by %s)',
    async (validatorDispatch) => {
      const app = await createMockApp({ spec: fixture, validatorDispatch });
      const ok = await send(app, 'QUERY', '/notes').send({ text: 'a' });
      expect(ok.status).toBe(200);
      const bad = await send(app, 'QUERY', '/notes').send([1]);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/body must be object/);
      expect((await send(app, 'PURGE', '/notes')).status).toBe(204);
      const options = await request(app).options('/notes');
      expect(options.headers['allow']).toMatch(/QUERY/);
      expect(options.headers['allow']).toMatch(/PURGE/);
      // The borrowed method stays the mock's business: POST is still not allowed on /notes.
      expect((await request(app).post('/notes').send({})).status).toBe(405);
    },
  );
});

describe('OpenAPI 3.2 itemSchema (OAS 3.2.0 §4.14.3): the mock writes a stream of items valid by it', () => {
  it.each([
    ['QUERY', '/notes', 'application/jsonl', 'json-lines'],
    ['GET', '/notes/events', 'text/event-stream', 'event-stream'],
  ] as const)('%s %s answers %s, each item valid', async (method, path, type, syntax) => {
    const contract = await loadContract(fixture);
    const app = await createMockApp({ spec: fixture });
    const answer = await send(app, method, path)
      .send(method === 'QUERY' ? { text: 'a' } : undefined)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain(type);
    const read = parseSequence(syntax, answer.body as string);
    expect(read.ok).toBe(true);
    const items = read.ok ? read.items : [];
    expect(items.length).toBeGreaterThan(0);
    const op = contract.operations.find((o) => o.path === path && o.method === method.toLowerCase())!;
    const itemSchema = (op.responses['200']!.content![type] as Record<string, unknown>)['itemSchema'] as Record<
      string,
      unknown
    >;
    for (const item of items) expect(validator.check(itemSchema, item, 'response')).toEqual({ valid: true });
  });
});

describe('OpenAPI 3.2 itemSchema on a request body: the mock reads the stream and checks each item', () => {
  it.each([
    ['{"text":"a"}\n{"text":"b"}\n', 204],
    ['{"text":"a"}\n{"text":""}\n', 400],
    ['{"text":"a"}\n{"text":', 400],
  ])('POST /notes/import %j → %i', async (body, status) => {
    const app = await createMockApp({ spec: fixture });
    const answer = await request(app).post('/notes/import').set('content-type', 'application/x-ndjson').send(body);
    expect(answer.status, answer.text).toBe(status);
  });
});

describe('OpenAPI 3.2 in: querystring (OAS 3.2.0 §4.12.1): the mock reads the whole query string by its media type', () => {
  it.each([
    ['/notes/search?text=a+b&limit=2', 200],
    ['/notes/search', 200],
    ['/notes/search?limit=0', 400],
    ['/notes/search?text=a&text=b', 400],
    ['/notes/search?other=1', 400],
    [`/notes/by-json?${encodeURIComponent(JSON.stringify({ ids: [1, 2] }))}`, 200],
    [`/notes/by-json?${encodeURIComponent(JSON.stringify({ ids: [] }))}`, 400],
    ['/notes/by-json?%7Bnot-json', 400],
    ['/notes/by-json', 400],
  ])('GET %s → %i', async (path, status) => {
    const app = await createMockApp({ spec: fixture });
    const answer = await request(app).get(path);
    expect(answer.status, answer.text).toBe(status);
  });
});

describe('a querystring parameter shared through components/parameters', () => {
  it('is read by the mock as the inline one is', async () => {
    const document = {
      openapi: '3.2.0',
      info: { title: 't', version: '1' },
      components: {
        parameters: {
          Filter: {
            name: 'filter',
            in: 'querystring',
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false },
              },
            },
          },
        },
      },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            parameters: [{ $ref: '#/components/parameters/Filter' }],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } },
          },
        },
      },
    };
    const dir = mkdtempSync(join(tmpdir(), 'v32-'));
    const spec = join(dir, 'shared-querystring.json');
    writeFileSync(spec, JSON.stringify(document));
    const app = await createMockApp({ spec });
    rmSync(dir, { recursive: true });
    expect((await request(app).get('/things?n=2')).status).toBe(200);
    expect((await request(app).get('/things?n=two')).status).toBe(400);
    expect((await request(app).get('/things?m=2')).status).toBe(400);
  });
});

describe('OpenAPI 3.2 deprecated security schemes (OAS 3.2.0 §4.27.1)', () => {
  const document = {
    openapi: '3.2.0',
    info: { title: 't', version: '1' },
    components: {
      securitySchemes: {
        key: { type: 'apiKey', in: 'header', name: 'X-Key', deprecated: true },
        token: { type: 'http', scheme: 'bearer' },
      },
    },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          security: [{ key: [] }, { token: [] }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };

  it('the runner meets another requirement when it can, the deprecated one only when it must; the notices say so', async () => {
    const contract = await contractFromDocument(document);
    const op = contract.operationsById.get('listThings')!;
    expect(new CredentialPlan(contract, { apiKey: 'k', bearer: 't' }).valid(op)?.map((p) => p.name)).toEqual([
      'authorization',
    ]);
    expect(new CredentialPlan(contract, { apiKey: 'k' }).valid(op)?.map((p) => p.name)).toEqual(['X-Key']);
    expect(contract.notExercised.join('\n')).toMatch(/security scheme key is deprecated/);
  });

  it.each([
    [{ deprecated: true }, true],
    [{ deprecated: false }, false],
    [{}, false],
    [undefined, false],
  ])('schemeDeprecated(%j) is %s', (scheme, expected) => {
    expect(schemeDeprecated(scheme)).toBe(expected);
  });
});

describe('the runner against the mock on a 3.2 document of these features', () => {
  it(
    '0 failures, and QUERY, PURGE, the SSE stream and both query strings (valid and invalid) are judged',
    async () => {
      const result = await selfConsistency('search-3.2', fixture);
      expect(result.failures.map((f) => `${f.operation} › ${f.check}: ${f.message}`)).toEqual([]);
      const passed = (operation: string, check: string): boolean =>
        result.report.results.some((r) => r.operation === operation && r.check === check && r.status === 'passed');
      expect(passed('queryNotes', 'response_schema')).toBe(true);
      expect(passed('queryNotes', 'negative_data_rejected')).toBe(true);
      expect(passed('purgeNotes', 'positive_data_accepted')).toBe(true);
      expect(passed('noteEvents', 'response_schema')).toBe(true);
      expect(passed('notesByJson', 'positive_data_accepted')).toBe(true);
      expect(passed('searchNotes', 'positive_data_accepted')).toBe(true);
      // Invalid query strings (a broken field, a missing required one) are refused.
      expect(passed('notesByJson', 'negative_data_rejected')).toBe(true);
      expect(passed('searchNotes', 'negative_data_rejected')).toBe(true);
      // A request stream is written by the runner and read by the mock.
      expect(passed('importNotes', 'positive_data_accepted')).toBe(true);
    },
    scaled(60_000),
  );
});
