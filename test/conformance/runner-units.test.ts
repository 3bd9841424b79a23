import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { contractFromDocument, sampleValue } from '../../src/contract/index.js';
import { effectiveBasePath, runConformance } from '../../conformance/runner.js';
import { exitCodeFor } from '../../conformance/report/verdict.js';
import { serialiseCookie, serialiseHeader, serialisePath, serialiseQuery } from '../../src/contract/index.js';
import { encodeBody } from '../../conformance/http/body.js';
import { Random } from '../../conformance/cases/random.js';
import { validParams } from '../../conformance/cases/inputs.js';
import { SchemaValidator } from '../../src/contract/index.js';
import { listItems, identifierOf, isCreate } from '../../src/contract/index.js';
import { CONSTRUCTS } from '../../fixtures/constructs/cases.js';
import { serve } from '../../fixtures/constructs/server.js';
import type { RunReport } from '../../conformance/types.js';

const p = (over: Partial<OpenAPIV3.ParameterObject>): OpenAPIV3.ParameterObject => ({
  name: 'id',
  in: 'path',
  ...over,
});

describe('parameter serialisation (OAS 3.0.3 §4.7.12.4)', () => {
  it.each([
    ['path simple array', serialisePath(p({}), [3, 4, 5]), '3,4,5'],
    [
      'path simple object explode',
      serialisePath(p({ explode: true }), { role: 'admin', first: 'Alex' }),
      'role=admin,first=Alex',
    ],
    ['path label array', serialisePath(p({ style: 'label' }), [3, 4]), '.3,4'],
    ['path label explode', serialisePath(p({ style: 'label', explode: true }), [3, 4]), '.3.4'],
    ['path matrix primitive', serialisePath(p({ style: 'matrix' }), 5), ';id=5'],
    ['path matrix array explode', serialisePath(p({ style: 'matrix', explode: true }), [3, 4]), ';id=3;id=4'],
    ['query form explode array', serialiseQuery(p({ in: 'query' }), 'id', [3, 4]).join('&'), 'id=3&id=4'],
    [
      'query form no explode array',
      serialiseQuery(p({ in: 'query', explode: false }), 'id', [3, 4]).join('&'),
      'id=3,4',
    ],
    ['query form explode object', serialiseQuery(p({ in: 'query' }), 'id', { a: 1, b: 'x' }).join('&'), 'a=1&b=x'],
    [
      'query spaceDelimited',
      serialiseQuery(p({ in: 'query', style: 'spaceDelimited', explode: false }), 'id', [3, 4]).join('&'),
      'id=3%204',
    ],
    [
      'query pipeDelimited',
      serialiseQuery(p({ in: 'query', style: 'pipeDelimited', explode: false }), 'id', [3, 4]).join('&'),
      'id=3%7C4',
    ],
    [
      'query deepObject',
      serialiseQuery(p({ in: 'query', style: 'deepObject', explode: true }), 'id', { role: 'admin' }).join('&'),
      'id%5Brole%5D=admin',
    ],
    ['header array', serialiseHeader(p({ in: 'header' }), [3, 4]), '3,4'],
    ['cookie primitive', serialiseCookie(p({ in: 'cookie' }), 'x y').join('; '), 'id=x%20y'],
  ])('%s', (_name, got, want) => expect(got).toBe(want));
});

describe('parameter values', () => {
  it('a required array parameter gets at least one item (an empty one would serialise to nothing), an optional one may be empty', () => {
    const validator = new SchemaValidator();
    const array: OpenAPIV3.ArraySchemaObject = { type: 'array', items: { type: 'string', enum: ['a', 'b'] } };
    for (let seed = 1; seed <= 20; seed++) {
      const values = validParams(
        [{ name: 'ids', in: 'query', required: true, schema: array }],
        new Random(seed),
        'min',
        validator,
      );
      expect((values['ids'] as unknown[]).length, `seed ${seed}`).toBeGreaterThanOrEqual(1);
    }
    const optional = validParams(
      [{ name: 'ids', in: 'query', required: false, schema: array }],
      new Random(3),
      'max',
      validator,
    );
    expect(Array.isArray(optional['ids'])).toBe(true);
  });
});

describe('bodies', () => {
  it('writes form-urlencoded with repeated names for arrays', () => {
    expect(encodeBody({ a: 'x y', tags: ['p', 'q'] }, 'application/x-www-form-urlencoded').body).toBe(
      'a=x+y&tags=p&tags=q',
    );
  });
  it('writes multipart/form-data parts with a boundary, objects as JSON', () => {
    const { body, contentType } = encodeBody({ name: 'n', meta: { a: 1 } }, 'multipart/form-data');
    const boundary = /boundary=(\S+)/.exec(contentType)?.[1] ?? '';
    expect(boundary).not.toBe('');
    expect(body).toContain(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: text/plain\r\n\r\nn\r\n`,
    );
    expect(body).toContain('Content-Type: application/json\r\n\r\n{"a":1}');
    expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });
});

describe('contract roles', () => {
  it('generates strings for identifier-shaped patterns', () => {
    const value = sampleValue({ type: 'string', pattern: '^AC[0-9a-fA-F]{32}$' }, { dice: new Random(1) });
    expect(value).toMatch(/^AC[0-9a-fA-F]{32}$/);
    expect(sampleValue({ type: 'string', pattern: '^(a|b)$' }, { dice: new Random(1) })).toMatch(/^(a|b)$/);
  });
  it('walks wrapped lists and finds identifiers by the parameter name', () => {
    expect(listItems({ flows: [{ sid: 'FW1' }], meta: { page: 0 } })).toEqual([{ sid: 'FW1' }]);
    expect(identifierOf({ sid: 'FW1' }, 'FlowSid', undefined, undefined, 'http://h/')).toBe('FW1');
    expect(identifierOf({ petId: 7, id: 1 }, 'petId', undefined, undefined, 'http://h/')).toBe(7);
    expect(identifierOf({}, 'x', undefined, '/things/abc', 'http://h/things')).toBe('abc');
  });
  it('a POST is a create only with 201, Location or links', async () => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things': {
          post: {
            operationId: 'make',
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: { '201': { description: 'made' } },
          },
        },
        '/search': {
          post: {
            operationId: 'search',
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: { '200': { description: 'found' } },
          },
        },
      },
    });
    expect(isCreate(contract.operationsById.get('make')!, contract)).toBe(true);
    expect(isCreate(contract.operationsById.get('search')!, contract)).toBe(false);
  });
  it('a POST answered 200 with the record is a create when the answer carries the identifier its item path takes (issue 19 §5)', async () => {
    const json = (schema: unknown): unknown => ({ content: { 'application/json': { schema } } });
    const record = { type: 'object', properties: { thingId: { type: 'integer' }, name: { type: 'string' } } };
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things': {
          post: {
            operationId: 'make',
            requestBody: json({ type: 'object' }),
            responses: { '200': { description: 'made', ...(json(record) as object) } },
          },
        },
        '/things/{thingId}': {
          get: {
            operationId: 'read',
            parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { '200': { description: 'one', ...(json(record) as object) } },
          },
        },
        '/search': {
          post: {
            operationId: 'search',
            requestBody: json({ type: 'object' }),
            responses: {
              '200': {
                description: 'found',
                ...(json({ type: 'object', properties: { id: { type: 'integer' } } }) as object),
              },
            },
          },
        },
        '/notes': {
          post: {
            operationId: 'note',
            requestBody: json({ type: 'object' }),
            responses: {
              '200': {
                description: 'noted',
                ...(json({ type: 'object', properties: { text: { type: 'string' } } }) as object),
              },
            },
          },
        },
        '/notes/{noteId}': {
          get: {
            operationId: 'readNote',
            parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { '200': { description: 'one' } },
          },
        },
      },
    });
    expect(isCreate(contract.operationsById.get('make')!, contract)).toBe(true);
    // An identifier but no item path to read it through: an action.
    expect(isCreate(contract.operationsById.get('search')!, contract)).toBe(false);
    // An item path but no identifier in the answer: nothing to read back by.
    expect(isCreate(contract.operationsById.get('note')!, contract)).toBe(false);
  });
});

describe('base path', () => {
  it.each([
    ['http://h:1', '/api/v3', undefined, '/api/v3'],
    ['http://h:1/api/v3', '/api/v3', undefined, ''],
    ['http://h:1/', '', undefined, ''],
    ['http://h:1', '/api/v3', '/', ''],
    ['http://h:1', '/api/v3', 'v9', '/v9'],
  ])('%s with servers path %s and --base-path %s → %s', (target, contractPath, override, want) => {
    expect(effectiveBasePath(target, contractPath, override)).toBe(want);
  });
});

describe('verdict', () => {
  const report = (over: Partial<RunReport>): RunReport => ({
    target: 't',
    seed: 1,
    examples: 1,
    strict: false,
    startedAt: '',
    durationMs: 0,
    operations: [],
    checks: [],
    results: [],
    requests: 0,
    summary: { passed: 1, failed: 0, skipped: 0, warnings: 0 },
    ...over,
  });
  it('exits 3 on an internal error, 1 under --strict when operations were not exercised', () => {
    expect(exitCodeFor(report({ internalErrors: ['x'] }))).toBe(3);
    const partial = { exercised: 1, total: 2, notExercised: [{ operation: 'b', reason: 'r' }] };
    expect(exitCodeFor(report({ coverage: partial }))).toBe(0);
    expect(exitCodeFor(report({ coverage: partial, strict: true }))).toBe(1);
  });
});

describe('credentials given with --header', () => {
  const bearer = CONSTRUCTS.find((c) => c.name === 'http bearer');
  it('count as credentials, and are removed from the probes without / with wrong credentials', async () => {
    if (!bearer) throw new Error('bearer construct missing');
    for (const [routes, expectFailure] of [
      [bearer.correct, false],
      [bearer.broken, true],
    ] as const) {
      const server = await serve(routes);
      try {
        const contract = await contractFromDocument(structuredClone(bearer.document));
        const report = await runConformance({
          target: server.url,
          contract,
          examples: 1,
          headers: { Authorization: 'Bearer good' },
        });
        expect(report.coverage?.exercised).toBe(1);
        const auth = report.results.find((r) => r.check === 'auth_enforced');
        expect(auth?.status).toBe(expectFailure ? 'failed' : 'passed');
      } finally {
        await server.close();
      }
    }
  });
});
