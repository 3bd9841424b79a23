import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { identifierEvidence } from '../../conformance/cases/unknown-id.js';
import { readerOfCreated } from '../../conformance/execute/follow-ups.js';
import { itemSchemaOf, itemsOf } from '../../conformance/probes/lists.js';
import type { Exchange } from '../../conformance/types.js';
import { pagingPlan } from '../../conformance/probes/paging.js';
import type { Request } from 'express';
import {
  collectionNameOf,
  contractFromDocument,
  inferModel,
  isCreate,
  itemRead,
  itemSegment,
  listItems,
  listParameterRole,
  pageBase,
  postCollections,
  referencedCreate,
  requestPath,
  resourcePath,
  SchemaValidator,
  writeRole,
  type Contract,
} from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { reflectFilters } from '../../src/mock/reflect-filters.js';
import { representationOf } from '../../src/mock/stages/answer.js';

/**
 * One model of resources (issue 31 item 3): the same path and operation shapes fed to every
 * consumer of the kernel's item-path rule, create/replace/delete notion and list vocabulary (the
 * mock's model and engine, the runner's follow-ups, unknown-id probes, list rules, paging plan and
 * the mock's generated lists) must get the same answer from each. A consumer that reads a shape
 * its own way fails its row.
 */

type Doc = Record<string, unknown>;
const json = (schema: unknown, type = 'application/json'): Doc => ({ content: { [type]: { schema } } });
const answer = (status: string, schema: unknown, type?: string): Doc => ({
  [status]: { description: 'ok', ...json(schema, type) },
});
const pathParam = (name: string): Doc => ({ name, in: 'path', required: true, schema: { type: 'string' } });

interface Shape {
  readonly construct: string;
  readonly paths: Doc;
  /** The create, item read and item delete by operationId; the expected item path, its parameter and collection. */
  readonly create: string;
  readonly read: string;
  readonly remove: string;
  readonly itemPath: string;
  readonly param: string;
  readonly collection: string;
  /** A body the create takes, and where its answer holds the identifier. */
  readonly body: unknown;
  readonly idOf: (created: unknown) => unknown;
  /** Path prefix under which the mock is asked (parent scope values filled). */
  readonly fill?: Readonly<Record<string, string>>;
}

/** A record type whose identifier is `id` (read-only: the server assigns it). */
const record = (id = 'id'): Doc => ({
  type: 'object',
  required: [id],
  properties: { [id]: { type: 'string', readOnly: true }, name: { type: 'string' } },
});
const writable = { type: 'object', properties: { name: { type: 'string' } } };
/** The collection and item operations of one shape. */
function resource(
  collection: string,
  itemPath: string,
  _param: string,
  rec: Doc,
  ops: { create?: string; list?: string; read: string; remove: string; listWrapper?: string },
  media?: string,
): Doc {
  const params = [...itemPath.matchAll(/\{([^}]+)\}/g)].map((m) => pathParam(m[1]!));
  const ownParams = params.slice(0, -1);
  const listSchema = ops.listWrapper
    ? { type: 'object', properties: { [ops.listWrapper]: { type: 'array', items: rec } } }
    : { type: 'array', items: rec };
  return {
    [collection]: {
      ...(ops.create
        ? {
            post: {
              operationId: ops.create,
              parameters: ownParams,
              requestBody: { required: true, ...json(writable, media) },
              responses: { ...answer('201', rec, media) },
            },
          }
        : {}),
      ...(ops.list
        ? { get: { operationId: ops.list, parameters: ownParams, responses: answer('200', listSchema, media) } }
        : {}),
    },
    [itemPath]: {
      parameters: params,
      get: { operationId: ops.read, responses: { ...answer('200', rec, media), '404': { description: 'none' } } },
      delete: {
        operationId: ops.remove,
        responses: { '204': { description: 'gone' }, '404': { description: 'none' } },
      },
    },
  };
}

const jsonApiResource = {
  type: 'object',
  required: ['id', 'type'],
  properties: {
    id: { type: 'string', readOnly: true },
    type: { type: 'string' },
    attributes: { type: 'object', properties: { title: { type: 'string' } } },
  },
};
const jsonApi = { type: 'object', required: ['data'], properties: { data: jsonApiResource } };
const JSON_API = 'application/vnd.api+json';

const SHAPES: readonly Shape[] = [
  {
    construct: 'a plain collection (`/things` + `/things/{thingId}`)',
    paths: resource('/things', '/things/{thingId}', 'thingId', record(), {
      create: 'make',
      list: 'list',
      read: 'read',
      remove: 'drop',
    }),
    create: 'make',
    read: 'read',
    remove: 'drop',
    itemPath: '/things/{thingId}',
    param: 'thingId',
    collection: '/things',
    body: { name: 'a' },
    idOf: (c) => (c as { id: unknown }).id,
  },
  {
    construct: 'a format extension on the item (`/Calls.json` + `/Calls/{Sid}.json`, Twilio)',
    paths: resource('/Calls.json', '/Calls/{Sid}.json', 'Sid', record('sid'), {
      create: 'makeCall',
      list: 'listCalls',
      read: 'readCall',
      remove: 'dropCall',
      listWrapper: 'calls',
    }),
    create: 'makeCall',
    read: 'readCall',
    remove: 'dropCall',
    itemPath: '/Calls/{Sid}.json',
    param: 'Sid',
    collection: '/Calls.json',
    body: { name: 'a' },
    idOf: (c) => (c as { sid: unknown }).sid,
  },
  {
    construct: 'a trailing slash on the collection (`/tasks/` + `/tasks/{task_id}`, FastAPI)',
    paths: resource('/tasks/', '/tasks/{task_id}', 'task_id', record(), {
      create: 'makeTask',
      list: 'listTasks',
      read: 'readTask',
      remove: 'dropTask',
    }),
    create: 'makeTask',
    read: 'readTask',
    remove: 'dropTask',
    itemPath: '/tasks/{task_id}',
    param: 'task_id',
    collection: '/tasks',
    body: { name: 'a' },
    idOf: (c) => (c as { id: unknown }).id,
  },
  {
    construct: 'a nested item (`/users/{userId}/posts/{postId}`)',
    paths: resource('/users/{userId}/posts', '/users/{userId}/posts/{postId}', 'postId', record(), {
      create: 'makePost',
      list: 'listPosts',
      read: 'readPost',
      remove: 'dropPost',
    }),
    create: 'makePost',
    read: 'readPost',
    remove: 'dropPost',
    itemPath: '/users/{userId}/posts/{postId}',
    param: 'postId',
    collection: '/users/{userId}/posts',
    body: { name: 'a' },
    idOf: (c) => (c as { id: unknown }).id,
    fill: { userId: 'u1' },
  },
  {
    construct: 'JSON:API documents (`{data: {id, type, attributes}}`, JSON:API 1.1 §7.1)',
    paths: {
      '/articles': {
        post: {
          operationId: 'makeArticle',
          requestBody: {
            required: true,
            ...json(
              {
                type: 'object',
                properties: {
                  data: {
                    type: 'object',
                    properties: {
                      type: { type: 'string' },
                      attributes: { type: 'object', properties: { title: { type: 'string' } } },
                    },
                  },
                },
              },
              JSON_API,
            ),
          },
          responses: answer('201', jsonApi, JSON_API),
        },
        get: {
          operationId: 'listArticles',
          responses: answer(
            '200',
            { type: 'object', properties: { data: { type: 'array', items: jsonApiResource } } },
            JSON_API,
          ),
        },
      },
      '/articles/{id}': {
        parameters: [pathParam('id')],
        get: {
          operationId: 'readArticle',
          responses: { ...answer('200', jsonApi, JSON_API), '404': { description: 'none' } },
        },
        delete: {
          operationId: 'dropArticle',
          responses: { '204': { description: 'gone' }, '404': { description: 'none' } },
        },
      },
    },
    create: 'makeArticle',
    read: 'readArticle',
    remove: 'dropArticle',
    itemPath: '/articles/{id}',
    param: 'id',
    collection: '/articles',
    body: { data: { type: 'articles', attributes: { title: 'a' } } },
    idOf: (c) => (c as { data: { id: unknown } }).data.id,
  },
  {
    construct: 'a fragment on the create key (`/groups#clientToken`, never sent: RFC 3986 §3.5)',
    paths: resource('/groups#clientToken', '/groups/{name}', 'name', record('name'), {
      create: 'makeGroup',
      read: 'readGroup',
      remove: 'dropGroup',
    }),
    create: 'makeGroup',
    read: 'readGroup',
    remove: 'dropGroup',
    itemPath: '/groups/{name}',
    param: 'name',
    collection: '/groups',
    body: { name: 'g1' },
    idOf: (c) => (c as { name: unknown }).name,
  },
  {
    construct: 'a collection at the root (`/` + `/{uuid}`)',
    paths: resource('/', '/{uuid}', 'uuid', record(), {
      create: 'makeRoot',
      list: 'listRoot',
      read: 'readRoot',
      remove: 'dropRoot',
    }),
    create: 'makeRoot',
    read: 'readRoot',
    remove: 'dropRoot',
    itemPath: '/{uuid}',
    param: 'uuid',
    collection: '/',
    body: { name: 'a' },
    idOf: (c) => (c as { id: unknown }).id,
  },
];

const documentOf = (paths: Doc): Doc => ({
  openapi: '3.0.3',
  info: { title: 'shape', version: '1' },
  paths: structuredClone(paths),
});
const dir = mkdtempSync(join(tmpdir(), 'resource-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const op = (contract: Contract, id: string) => contract.operationsById.get(id)!;

describe('every consumer reads an item path, its collection and its create alike (issue 31 item 3)', () => {
  it.each(SHAPES.map((s) => [s.construct, s] as const))('%s', async (_construct, shape) => {
    const contract = await contractFromDocument(documentOf(shape.paths));
    const create = op(contract, shape.create);
    const read = op(contract, shape.read);
    const remove = op(contract, shape.remove);
    const expected = { collection: shape.collection, param: shape.param };

    // The kernel's rule itself.
    const segment = itemSegment(shape.itemPath);
    expect({ collection: segment?.collection, param: segment?.param }, 'kernel itemSegment').toEqual(expected);
    // The mock's model (the engine binds by it).
    const model = inferModel(contract);
    const collection = model.collections.find((c) => c.itemPath === resourcePath(shape.itemPath));
    expect({ collection: collection?.path, param: collection?.idParam }, 'mock model collection').toEqual(expected);
    expect(
      [model.bindings.get(create.id)?.kind, model.bindings.get(read.id)?.kind, model.bindings.get(remove.id)?.kind],
      'mock model bindings',
    ).toEqual(['create', 'read', 'delete']);
    // The runner's one notion of writes: the plan's phases and the follow-ups choose by it.
    expect(
      [isCreate(create, contract), writeRole(create, contract), writeRole(remove, contract), writeRole(read, contract)],
      'writeRole',
    ).toEqual([true, 'create', 'delete', undefined]);
    // The item read of the collection, as the rules (postCollections) and the read-back (follow-ups) find it.
    const item = itemRead(contract, create.path);
    expect({ path: item?.op.path, param: item?.param }, 'kernel itemRead').toEqual({
      path: shape.itemPath,
      param: shape.param,
    });
    if (!create.path.includes('{'))
      expect(
        postCollections(contract).find((c) => c.create.id === create.id)?.item?.op.id,
        'rules postCollections',
      ).toBe(read.id);
    const reader = readerOfCreated(
      contract,
      create,
      { id: 'x7', sid: 'x7', name: 'x7', data: { id: 'x7' } },
      `http://h${shape.itemPath.replace(`{${shape.param}}`, 'x7')}`,
      'http://h/',
    );
    expect({ path: reader?.op.path, params: reader?.params }, 'follow-ups readerOfCreated').toEqual({
      path: shape.itemPath,
      params: { [shape.param]: 'x7' },
    });
    // The unknown-id probe's evidence that the parameter names a resource: the same create and item.
    const evidence = identifierEvidence(contract, remove, remove.parameters.find((p) => p.name === shape.param)!);
    expect(evidence, 'unknown-id identifierEvidence').toMatch(
      new RegExp(`^${shape.create} creates the items ${shape.read} reads by ${shape.param}$`),
    );
    // The list rules: the item read answers one record, not a list.
    expect(itemSchemaOf(read), 'rules itemSchemaOf(item read)').toBeUndefined();

    // The running mock: what the create made is read back at the item path, and gone after the delete.
    const file = join(dir, `${shape.create}.json`);
    writeFileSync(file, JSON.stringify(documentOf(shape.paths)));
    const app = await createMockApp({ spec: file });
    const fill = (template: string, id?: unknown): string =>
      requestPath(template).replace(/\{([^}]+)\}/g, (_m, name: string) =>
        encodeURIComponent(name === shape.param ? String(id) : (shape.fill?.[name] ?? '')),
      );
    const made = await request(app)
      .post(fill(create.path))
      .set('content-type', Object.keys(create.requestBody!.content)[0]!)
      .send(JSON.stringify(shape.body));
    expect(made.status, `mock POST ${create.path}: ${made.text}`).toBe(201);
    const id = shape.idOf(JSON.parse(made.text));
    expect(id, 'the created identifier').toBeDefined();
    expect((await request(app).get(fill(shape.itemPath, id))).status, 'mock reads the created item').toBe(200);
    expect((await request(app).delete(fill(shape.itemPath, id))).status, 'mock deletes it').toBe(204);
    expect((await request(app).get(fill(shape.itemPath, id))).status, 'mock reads it no more').toBe(404);
  });
});

/** Shapes that are not one item of a collection, whatever parameters they hold. */
const NOT_ITEMS: ReadonlyArray<readonly [string, string]> = [
  ['a custom method on an item (Google AIP-136)', '/v1/things/{name}:cancel'],
  ['an action named in a fragment at the root (`/#Action=…`, AWS query APIs)', '/#Action=PurgeQueue'],
  ['two parameters in one segment', '/files/{stem}-{ext}'],
  ['a literal segment after the item', '/pets/{petId}/photos'],
  ['the root itself', '/'],
];

describe('every consumer reads a path that names no item alike', () => {
  it.each(NOT_ITEMS)('%s: %s', async (_construct, path) => {
    const list = { type: 'object', properties: { things: { type: 'array', items: record() } } };
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => pathParam(m[1]!));
    const contract = await contractFromDocument(
      documentOf({
        [path]: {
          parameters: params,
          get: { operationId: 'look', responses: answer('200', list) },
          post: {
            operationId: 'act',
            requestBody: { required: true, ...json(writable) },
            responses: answer('201', record()),
          },
          delete: { operationId: 'clear', responses: { '204': { description: 'cleared' } } },
        },
      }),
    );
    expect(itemSegment(path), 'kernel itemSegment').toBeUndefined();
    expect(
      inferModel(contract).collections.map((c) => c.itemPath),
      'mock model',
    ).not.toContain(resourcePath(path));
    // A POST there may create (201), but never an item it is itself the path of; a DELETE there removes members.
    expect([writeRole(op(contract, 'act'), contract), writeRole(op(contract, 'clear'), contract)], 'writeRole').toEqual(
      ['create', 'remove-members'],
    );
    expect(itemSchemaOf(op(contract, 'look')), 'rules itemSchemaOf: a list answer here is a list').toBeDefined();
  });
});

/** Paging parameters: the names and the page base every consumer reads. */
const PAGING: ReadonlyArray<{
  readonly construct: string;
  readonly size: string;
  readonly page?: { readonly name: string; readonly schema: Doc; readonly base: 0 | 1 };
  readonly offset?: string;
}> = [
  {
    construct: '`per_page` and `page` with nothing said: pages from 1',
    size: 'per_page',
    page: { name: 'page', schema: { type: 'integer' }, base: 1 },
  },
  {
    construct: '`PageSize` and `Page` with minimum 0: pages from 0',
    size: 'PageSize',
    page: { name: 'Page', schema: { type: 'integer', minimum: 0 }, base: 0 },
  },
  {
    construct: '`limit` and `page_number` defaulting to 0: pages from 0',
    size: 'limit',
    page: { name: 'page_number', schema: { type: 'integer', default: 0 }, base: 0 },
  },
  {
    construct: '`maxResults` and `pageIndex` with minimum 1 beside a default 0: the minimum wins',
    size: 'maxResults',
    page: { name: 'pageIndex', schema: { type: 'integer', minimum: 1, default: 0 }, base: 1 },
  },
  { construct: '`$top` and `$skip` (OData): an offset', size: '$top', offset: '$skip' },
];

describe('every consumer reads the paging vocabulary and the page base alike', () => {
  const validator = new SchemaValidator();
  it.each(PAGING.map((row) => [row.construct, row] as const))('%s', async (_construct, row) => {
    const parameters = [
      { name: row.size, in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
      ...(row.page ? [{ name: row.page.name, in: 'query', schema: row.page.schema }] : []),
      ...(row.offset ? [{ name: row.offset, in: 'query', schema: { type: 'integer', minimum: 0 } }] : []),
    ];
    const rec = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', readOnly: true }, n: { type: 'integer' } },
    };
    const paths = {
      '/rows': {
        get: { operationId: 'rows', parameters, responses: answer('200', { type: 'array', items: rec }) },
        post: {
          operationId: 'addRow',
          requestBody: { required: true, ...json({ type: 'object', properties: { n: { type: 'integer' } } }) },
          responses: answer('201', rec),
        },
      },
      '/rows/{id}': { parameters: [pathParam('id')], get: { operationId: 'row', responses: answer('200', rec) } },
    };
    const contract = await contractFromDocument(documentOf(paths));
    const list = op(contract, 'rows');
    // Page 2 of 3-item pages, in each consumer's own terms.
    const query = new URLSearchParams({
      [row.size]: '3',
      ...(row.page ? { [row.page.name]: String(row.page.base + 1) } : {}),
      ...(row.offset ? { [row.offset]: '3' } : {}),
    });
    const second = [3, 4, 5];

    // The kernel.
    expect(listParameterRole(row.size), 'kernel: page size').toBe('limit');
    if (row.page)
      expect([listParameterRole(row.page.name), pageBase(row.page.schema)], 'kernel: page number and base').toEqual([
        'page',
        row.page.base,
      ]);
    if (row.offset) expect(listParameterRole(row.offset), 'kernel: offset').toBe('offset');
    // The runner's paging rule plans its pages from the same names and base.
    const planned = pagingPlan(list);
    expect(planned.ok && planned.plan.limits.map((p) => p.name), 'runner pagingPlan: size').toEqual([row.size]);
    if (row.page) expect(planned.ok && planned.plan.page?.first, 'runner pagingPlan: first page').toBe(row.page.base);
    if (row.offset) expect(planned.ok && planned.plan.offset?.name, 'runner pagingPlan: offset').toBe(row.offset);
    // The mock's generated lists (no state behind them) are cut as a store would.
    const generated = Array.from({ length: 10 }, (_, n) => ({ id: `r${n}`, n }));
    const cut = reflectFilters(list, { status: 200, body: generated }, query, validator).body as Array<{ n: number }>;
    expect(
      cut.map((r) => r.n),
      'mock reflectFilters',
    ).toEqual(second);
    // The mock's stored lists (the generic handlers) page the records created.
    const file = join(dir, `paging-${row.size.replace(/\W/g, '')}.json`);
    writeFileSync(file, JSON.stringify(documentOf(paths)));
    const app = await createMockApp({ spec: file });
    for (let n = 0; n < 10; n++) await request(app).post('/rows').send({ n }).expect(201);
    // The store's order, its seeded records among them: page 2 of 3 is the fourth to sixth.
    const all = (await request(app).get('/rows').expect(200)).body as Array<{ id: string }>;
    const page = await request(app).get(`/rows?${query.toString()}`).expect(200);
    expect(
      (page.body as Array<{ id: string }>).map((r) => r.id),
      'mock generic handlers',
    ).toEqual(all.slice(3, 6).map((r) => r.id));
  });
});

/**
 * The name a path gives its collection (the kernel's collectionNameOf): the list member a page is
 * read from when an answer holds several arrays, the XML root of an answer, the collection a
 * `<base>Id` field names. Each row's list answers `{links: [...], <name>: [...]}`, the named member
 * second, so a consumer that takes the first array, or names the collection its own way, fails.
 */
const NAMES: ReadonlyArray<{
  readonly construct: string;
  readonly path: string;
  readonly name: string | undefined;
  /** The `<base>Id` field that refers to this collection, where one can (referencedCreate). */
  readonly base?: string;
}> = [
  { construct: 'a plain collection (PayPal)', path: '/v2/invoicing/templates', name: 'templates', base: 'template' },
  { construct: 'a format extension (`/Calls.json`, Twilio)', path: '/Calls.json', name: 'Calls', base: 'call' },
  { construct: 'a trailing slash (`/tasks/`, FastAPI)', path: '/tasks/', name: 'tasks', base: 'task' },
  { construct: 'a nested collection', path: '/users/{userId}/posts', name: 'posts' },
  {
    construct: 'a fragment on the key (never sent: RFC 3986 §3.5)',
    path: '/groups#clientToken',
    name: 'groups',
    base: 'group',
  },
  {
    construct: 'a dot inside a name (Slack methods), not a format',
    path: '/api/conversations.list',
    name: 'conversations.list',
  },
  { construct: 'a parameter inside the last segment', path: '/things/{stem}-{ext}', name: 'things' },
  { construct: 'the root', path: '/', name: undefined },
];

describe('every consumer names a collection by its path alike (the kernel collectionNameOf)', () => {
  const validator = new SchemaValidator();
  it.each(NAMES.map((row) => [row.construct, row] as const))('%s', async (_construct, row) => {
    const member = row.name ?? 'items';
    const item = (field: string): Doc => ({
      type: 'object',
      properties: { id: { type: 'string' }, [field]: { type: 'string' } },
    });
    const page = {
      type: 'object',
      properties: { links: { type: 'array', items: item('other') }, [member]: { type: 'array', items: item('mine') } },
    };
    const params = [...row.path.matchAll(/\{([^}]+)\}/g)].map((m) => pathParam(m[1]!));
    const collection = resourcePath(row.path);
    const contract = await contractFromDocument(
      documentOf({
        [row.path]: {
          parameters: params,
          get: {
            operationId: 'list',
            parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: page }, 'application/xml': { schema: page } },
              },
            },
          },
          ...(params.length === 0
            ? {
                post: {
                  operationId: 'make',
                  requestBody: { required: true, ...json(writable) },
                  responses: answer('201', record()),
                },
              }
            : {}),
        },
        ...(params.length === 0 && collection !== '/'
          ? {
              [`${collection}/{id}`]: {
                parameters: [pathParam('id')],
                get: { operationId: 'read', responses: answer('200', record()) },
              },
            }
          : {}),
      }),
    );
    const list = op(contract, 'list');
    const body = {
      links: [
        { id: 'l1', other: 'x' },
        { id: 'l2', other: 'y' },
      ],
      [member]: [
        { id: 'm1', mine: 'a' },
        { id: 'm2', mine: 'b' },
      ],
    };

    // The kernel.
    expect(collectionNameOf(row.path), 'kernel collectionNameOf').toBe(row.name);
    // The mock's answers: an XML answer's root is named like the collection (`body` where none is).
    const xml = representationOf(
      { headers: { accept: 'application/xml' }, method: 'GET' } as unknown as Request,
      list,
      { status: 200, body },
    );
    expect(xml.kind === 'bytes' && String(xml.body), 'mock answer stage: the XML root').toContain(
      `<${row.name ?? 'body'}>`,
    );
    if (row.name === undefined) return;
    // The runner's follow-ups walk a list by the kernel's listItems, given the collection's name.
    expect(listItems(body, collectionNameOf(list.path)), 'follow-ups list walk (listItems)').toEqual(body[member]);
    // The runner's list rules: the items' schema and the items of a recorded answer.
    expect(Object.keys(itemSchemaOf(list)?.properties ?? {}), 'rules itemSchemaOf').toContain('mine');
    const exchange = {
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        durationMs: 1,
      },
    } as unknown as Exchange;
    expect(itemsOf(list, exchange), 'rules itemsOf').toEqual(body[member]);
    // The mock's generated lists: the page size cuts the collection's member, not the other array.
    const cut = reflectFilters(list, { status: 200, body }, new URLSearchParams({ limit: '1' }), validator)
      .body as Record<string, unknown[]>;
    expect([cut[member]?.length, cut['links']?.length], 'mock reflectFilters').toEqual([1, 2]);
    // The reference probes: a `<base>Id` field names this collection's create.
    if (row.base) expect(referencedCreate(contract, row.base)?.id, 'kernel referencedCreate').toBe('make');
  });
});

/**
 * Lists in envelopes (issue 29 item 4): the same list answers fed to the kernel's one envelope rule
 * (envelopes.ts listMember), the mock's model and running engine, and the runner's list walk
 * (listItems) and list rules (itemSchemaOf). Each row names the member that holds the list, or
 * none where the answer is one record carrying sub-items. The first rows failed before the rule:
 * the mock answered those lists stateless, so a created record was never listed.
 */
interface EnvelopeRow {
  readonly construct: string;
  readonly collection: string;
  readonly param: string;
  /** The record as the item read answers it. */
  readonly record: Doc;
  /** The list answer's schema on the collection's own path. */
  readonly list: Doc;
  /** The member holding the list, and the field its items carry the created identifier in; undefined: no list. */
  readonly member: string | undefined;
  readonly itemId?: string;
  /** The list holds the identifiers alone. */
  readonly identifiers?: true;
}

const str = { type: 'string' };
const ENVELOPES: readonly EnvelopeRow[] = [
  {
    construct: 'AWS summaries naming the identifier `id` (EMR Serverless `{applications, nextToken}`)',
    collection: '/applications',
    param: 'applicationId',
    record: {
      type: 'object',
      required: ['applicationId'],
      properties: {
        applicationId: { ...str, readOnly: true },
        name: str,
        arn: str,
        state: str,
        tags: { type: 'object' },
      },
    },
    list: {
      type: 'object',
      required: ['applications'],
      properties: {
        applications: {
          type: 'array',
          items: { type: 'object', required: ['id'], properties: { id: str, name: str, arn: str, state: str } },
        },
        nextToken: str,
      },
    },
    member: 'applications',
    itemId: 'id',
  },
  {
    construct:
      'look-alike items under the plural of a singular collection, beside a list of names (`/reportDefinition`)',
    collection: '/reportDefinition',
    param: 'reportId',
    record: {
      type: 'object',
      properties: { reportId: { ...str, readOnly: true }, name: str, createdAt: str, lastUpdated: str },
    },
    list: {
      type: 'object',
      properties: {
        reportIds: { type: 'array', items: str },
        reportDefinitions: {
          type: 'array',
          items: { type: 'object', properties: { reportId: str, name: str, createdAt: str, lastUpdatedAt: str } },
        },
        nextToken: str,
      },
    },
    member: 'reportDefinitions',
  },
  {
    construct: 'summaries beside an `errors` array of other objects and a cursor (`{customers, cursor, errors}`)',
    collection: '/customers',
    param: 'customer_id',
    record: {
      type: 'object',
      properties: { id: { ...str, readOnly: true }, name: str, email_address: str, note: str },
    },
    list: {
      type: 'object',
      properties: {
        errors: { type: 'array', items: { type: 'object', properties: { code: str, detail: str } } },
        customers: { type: 'array', items: { type: 'object', properties: { id: str, name: str, nickname: str } } },
        cursor: str,
      },
    },
    member: 'customers',
  },
  {
    construct: 'the identifiers alone beside a page object (GoDaddy `{ticketIds: [string], pagination}`)',
    collection: '/tickets',
    param: 'ticketId',
    record: {
      type: 'object',
      properties: { ticketId: { ...str, readOnly: true }, name: str, target: str },
    },
    list: {
      type: 'object',
      required: ['ticketIds'],
      properties: {
        ticketIds: { type: 'array', items: str },
        pagination: { type: 'object', properties: { next: str, total: { type: 'integer' } } },
      },
    },
    member: 'ticketIds',
    identifiers: true,
  },
  {
    construct: 'one record carrying sub-items is not a list of them (an order and its `lines`)',
    collection: '/orders',
    param: 'orderId',
    record: {
      type: 'object',
      properties: { id: { ...str, readOnly: true }, name: str, total: { type: 'number' } },
    },
    list: {
      type: 'object',
      properties: {
        id: str,
        lines: {
          type: 'array',
          items: { type: 'object', properties: { id: str, name: str, quantity: { type: 'integer' } } },
        },
      },
    },
    member: undefined,
  },
];

describe('every consumer finds the list inside its envelope alike (the kernel listMember)', () => {
  it.each(ENVELOPES.map((row) => [row.construct, row] as const))('%s', async (_construct, row) => {
    const itemPath = `${row.collection}/{${row.param}}`;
    const paths: Doc = {
      [row.collection]: {
        post: {
          operationId: 'make',
          requestBody: { required: true, ...json(writable) },
          responses: answer('201', row.record),
        },
        get: { operationId: 'list', responses: answer('200', row.list) },
      },
      [itemPath]: {
        parameters: [pathParam(row.param)],
        get: { operationId: 'read', responses: { ...answer('200', row.record), '404': { description: 'none' } } },
      },
    };
    const contract = await contractFromDocument(documentOf(paths));
    const list = op(contract, 'list');
    const binding = inferModel(contract).bindings.get('list');
    // The mock's model: the list binding and the member it reads.
    const bound = binding?.kind === 'list' && binding.shape.kind === 'wrapped' ? binding.shape.property : undefined;
    expect(bound, 'mock model listShape').toBe(row.member);
    if (row.member === undefined) {
      expect(binding, 'mock model: no list binding').toBeUndefined();
      return;
    }
    const idField = inferModel(contract).collections.find((c) => c.path === row.collection)?.idField;
    // The running mock: what the create made is listed, its identifier where the list's items carry it.
    const file = join(dir, `envelope-${row.param}.json`);
    writeFileSync(file, JSON.stringify(documentOf(paths)));
    const app = await createMockApp({ spec: file });
    const made = await request(app).post(row.collection).set('content-type', 'application/json').send({ name: 'n' });
    expect(made.status, `mock POST: ${made.text}`).toBe(201);
    const id = (made.body as Record<string, unknown>)[idField ?? 'id'];
    expect(id, 'the created identifier').toBeDefined();
    const listed = await request(app).get(row.collection);
    expect(listed.headers['x-mock-stateless'], 'mock list is stateful').toBeUndefined();
    const body = listed.body as Record<string, unknown>;
    // (beside the records the mock seeds its collections with)
    expect(
      (body[row.member] as Record<string, unknown>[]).map((item) =>
        row.identifiers ? item : item[row.itemId ?? idField ?? 'id'],
      ),
      'mock lists the created record',
    ).toContain(id);
    expect((await request(app).get(`${row.collection}/${String(id)}`)).status, 'the listed id reads back').toBe(200);
    // The runner: its list walk and its list rules take the same member.
    expect(listItems(body, collectionNameOf(list.path), idField), 'follow-ups listItems').toBe(body[row.member]);
    const itemProps = Object.keys(
      (((row.list['properties'] as Doc)[row.member] as Doc)['items'] as { properties?: Doc }).properties ?? {},
    );
    expect(Object.keys(itemSchemaOf(list)?.properties ?? {}), 'rules itemSchemaOf').toEqual(itemProps);
  });
});

describe('identifierEvidence over once-built indexes (links, item reads, creates): the same reasons in the same order', () => {
  const ok = (schema: Record<string, unknown>, links?: Record<string, unknown>): Record<string, unknown> => ({
    '200': { description: 'ok', content: { 'application/json': { schema } }, ...(links ? { links } : {}) },
  });
  const id = (name: string): Record<string, unknown> => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  });
  const thing = { type: 'object', properties: { id: { type: 'string' } } };
  it.each([
    ['getWidget', 'widgetId', 'the links of listWidgets fill widgetId'],
    ['getThing', 'thingId', 'createThing creates the items getThing reads by thingId'],
    ['getGadget', 'gadgetId', undefined],
  ])('%s %s', async (operationId, param, expected) => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'evidence', version: '1' },
      paths: {
        '/widgets': {
          get: {
            operationId: 'listWidgets',
            responses: ok(thing, { one: { operationId: 'getWidget', parameters: { widgetId: '$response.body#/id' } } }),
          },
        },
        '/widgets/{widgetId}': {
          get: { operationId: 'getWidget', parameters: [id('widgetId')], responses: ok(thing) },
        },
        '/things': {
          post: {
            operationId: 'createThing',
            requestBody: { content: { 'application/json': { schema: thing } } },
            responses: { '201': { description: 'made', content: { 'application/json': { schema: thing } } } },
          },
        },
        '/things/{thingId}': { get: { operationId: 'getThing', parameters: [id('thingId')], responses: ok(thing) } },
        '/gadgets/{gadgetId}': {
          get: {
            operationId: 'getGadget',
            parameters: [id('gadgetId')],
            responses: ok({ type: 'array', items: thing }),
          },
        },
      },
    });
    const op = contract.operationsById.get(operationId)!;
    expect(identifierEvidence(contract, op, op.parameters.find((p) => p.name === param)!)).toBe(expected);
  });
});
