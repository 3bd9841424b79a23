import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../load.js';
import type { Contract } from '../types.js';
import {
  collectionNames,
  identifierSource,
  inferModel,
  isCreate,
  identifierOf,
  linkSource,
  listItems,
  listsChildren,
  postCollections,
  referenceBase,
  referencedCreate,
} from './index.js';
import { addressedField, nounedField, qualifiedField } from './vocabulary.js';

/** The one resource model, one row per construct; each row builds the smallest document that shows it. */

type Json = Record<string, unknown>;
const obj = (properties: Json, extra: Json = {}): Json => ({ type: 'object', properties, ...extra });
const json = (schema: Json): Json => ({ content: { 'application/json': { schema } } });
const ok = (schema: Json, extra: Json = {}): Json => ({ '200': { description: 'ok', ...json(schema), ...extra } });
const created = (schema: Json, extra: Json = {}): Json => ({
  '201': { description: 'created', ...json(schema), ...extra },
});
const param = (name: string): Json => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const op = (operationId: string, responses: Json, more: Json = {}): Json => ({ operationId, responses, ...more });
const body = (schema: Json): Json => ({ requestBody: { required: true, ...json(schema) } });

const thing = obj({ thingId: { type: 'string', readOnly: true }, name: { type: 'string' } });
const thingPaths = (record: Json = thing, createResponses: Json = created(record)): Json => ({
  '/things': {
    post: op('createThing', createResponses, body(obj({ name: { type: 'string' } }))),
    get: op('listThings', ok({ type: 'array', items: record })),
  },
  '/things/{thingId}': {
    parameters: [param('thingId')],
    get: op('getThing', ok(record)),
    put: op('replaceThing', ok(record), body(record)),
    patch: op('patchThing', ok(record), body(record)),
    delete: op('deleteThing', { '204': { description: 'gone' } }),
  },
});

const load = (paths: Json, components: Json = {}): Promise<Contract> =>
  contractFromDocument({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components });

/** What a model says, in a form a row can state: collections and each bound operation's role. */
async function summary(
  paths: Json,
  components: Json = {},
): Promise<{ collections: Json[]; bindings: Record<string, string> }> {
  const model = inferModel(await load(paths, components));
  return {
    collections: model.collections.map((c) => ({
      path: c.path,
      itemPath: c.itemPath,
      idParam: c.idParam,
      idField: c.idField,
      scopeParams: c.scopeParams,
      ...(c.envelope ? { envelope: c.envelope } : {}),
    })),
    bindings: Object.fromEntries(
      [...model.bindings].map(([id, b]) => [
        id,
        `${b.kind}${b.kind === 'list' ? `:${b.shape.kind === 'array' ? 'array' : `wrapped ${b.shape.property}`}` : ''}${'idInBody' in b && b.idInBody ? ':idInBody' : ''} ${b.collection.path}`,
      ]),
    ),
  };
}

describe('inferModel: collections and the role of each operation', () => {
  it.each<[string, Json, Json, { collections?: Json[]; bindings?: Record<string, string> }]>([
    [
      'item path /things/{thingId} beside POST /things: create, list, read, replace, patch, delete; identifier field named like the parameter (OAS 3.0.3 §4.7.9 path templating)',
      thingPaths(),
      {},
      {
        collections: [
          { path: '/things', itemPath: '/things/{thingId}', idParam: 'thingId', idField: 'thingId', scopeParams: [] },
        ],
        bindings: {
          createThing: 'create /things',
          listThings: 'list:array /things',
          getThing: 'read /things',
          replaceThing: 'replace /things',
          patchThing: 'patch /things',
          deleteThing: 'delete /things',
        },
      },
    ],
    [
      'identifier field `id` when none is named like the parameter',
      thingPaths(obj({ id: { type: 'integer' }, name: { type: 'string' } })),
      {},
      {
        collections: [
          { path: '/things', itemPath: '/things/{thingId}', idParam: 'thingId', idField: 'id', scopeParams: [] },
        ],
      },
    ],
    [
      'a link of the create response names the identifier field (OAS 3.0.3 §4.7.20, §4.7.20.4 runtime expression)',
      thingPaths(
        obj({ key: { type: 'string' }, id: { type: 'string' } }),
        created(obj({ key: { type: 'string' }, id: { type: 'string' } }), {
          links: { get: { operationId: 'getThing', parameters: { thingId: '$response.body#/key' } } },
        }),
      ),
      {},
      {
        collections: [
          { path: '/things', itemPath: '/things/{thingId}', idParam: 'thingId', idField: 'key', scopeParams: [] },
        ],
      },
    ],
    [
      'record schema from allOf, merged once (OAS 3.0.3 §4.7.24 allOf)',
      thingPaths({ allOf: [obj({ thingId: { type: 'string' } }), obj({ name: { type: 'string' } })] }),
      {},
      {
        collections: [
          { path: '/things', itemPath: '/things/{thingId}', idParam: 'thingId', idField: 'thingId', scopeParams: [] },
        ],
      },
    ],
    [
      'an item segment with an extension: /Calls/{Sid}.json in /Calls.json',
      {
        '/Calls.json': {
          post: op('createCall', created(obj({ sid: { type: 'string' } })), body(obj({ to: { type: 'string' } }))),
        },
        '/Calls/{Sid}.json': {
          get: op('getCall', ok(obj({ sid: { type: 'string' }, to: { type: 'string' } })), {
            parameters: [param('Sid')],
          }),
        },
      },
      {},
      {
        collections: [
          { path: '/Calls.json', itemPath: '/Calls/{Sid}.json', idParam: 'Sid', idField: 'sid', scopeParams: [] },
        ],
      },
    ],
    [
      'a parent scope: records of /accounts/{accountId}/calls live under one account',
      {
        '/accounts/{accountId}/calls/{callId}': {
          get: op('getCall', ok(obj({ id: { type: 'string' } })), {
            parameters: [param('accountId'), param('callId')],
          }),
        },
      },
      {},
      {
        collections: [
          {
            path: '/accounts/{accountId}/calls',
            itemPath: '/accounts/{accountId}/calls/{callId}',
            idParam: 'callId',
            idField: 'id',
            scopeParams: ['accountId'],
          },
        ],
      },
    ],
    [
      'a collection at the root of the base path: / beside /{uuid}',
      {
        '/': {
          get: op('listAll', ok({ type: 'array', items: obj({ uuid: { type: 'string' }, n: { type: 'integer' } }) })),
        },
        '/{uuid}': {
          get: op('getOne', ok(obj({ uuid: { type: 'string' }, n: { type: 'integer' } })), {
            parameters: [param('uuid')],
          }),
        },
      },
      {},
      {
        collections: [{ path: '/', itemPath: '/{uuid}', idParam: 'uuid', idField: 'uuid', scopeParams: [] }],
        bindings: { getOne: 'read /', listAll: 'list:array /' },
      },
    ],
    [
      'no GET on the item: a record could not be read back, no collection',
      {
        '/things': { post: op('createThing', created(thing), body(thing)) },
        '/things/{thingId}': {
          delete: op('deleteThing', { '204': { description: 'gone' } }, { parameters: [param('thingId')] }),
        },
      },
      {},
      { collections: [], bindings: {} },
    ],
    [
      'a wrapped list {data: [...], meta} lists the records',
      {
        ...thingPaths(),
        '/things': {
          post: op('createThing', created(thing), body(thing)),
          get: op(
            'listThings',
            ok(obj({ data: { type: 'array', items: thing }, meta: obj({ total: { type: 'integer' } }) })),
          ),
        },
      },
      {},
      {
        bindings: {
          createThing: 'create /things',
          listThings: 'list:wrapped data /things',
          getThing: 'read /things',
          replaceThing: 'replace /things',
          patchThing: 'patch /things',
          deleteThing: 'delete /things',
        },
      },
    ],
    [
      'replace with the identifier in the body: PUT /pet {"id": 7, …} (Swagger Petstore v3)',
      {
        '/pet': {
          post: op(
            'addPet',
            ok(obj({ id: { type: 'integer' }, name: { type: 'string' } })),
            body(obj({ id: { type: 'integer' }, name: { type: 'string' } })),
          ),
          put: op(
            'updatePet',
            ok(obj({ id: { type: 'integer' }, name: { type: 'string' } })),
            body(obj({ id: { type: 'integer' }, name: { type: 'string' } })),
          ),
        },
        '/pet/{petId}': {
          get: op('getPet', ok(obj({ id: { type: 'integer' }, name: { type: 'string' } })), {
            parameters: [param('petId')],
          }),
          post: op('updatePetWithForm', ok(obj({ id: { type: 'integer' }, name: { type: 'string' } })), {
            parameters: [param('petId')],
          }),
        },
      },
      {},
      {
        bindings: {
          addPet: 'create /pet',
          updatePet: 'replace:idInBody /pet',
          getPet: 'read /pet',
          updatePetWithForm: 'patch /pet',
        },
      },
    ],
    [
      'an envelope: {response: Record, client: Client}, the member that takes every field the create sends',
      {
        '/emails': {
          post: op(
            'createEmail',
            ok(
              obj({
                response: obj({ id: { type: 'string' }, email_address: { type: 'string' } }),
                client: obj({ id: { type: 'string' }, sessions: { type: 'array', items: { type: 'string' } } }),
              }),
            ),
            body(obj({ email_address: { type: 'string' } })),
          ),
        },
        '/emails/{emailId}': {
          get: op(
            'getEmail',
            ok(
              obj({
                response: obj({ id: { type: 'string' }, email_address: { type: 'string' } }),
                client: obj({ id: { type: 'string' }, sessions: { type: 'array', items: { type: 'string' } } }),
              }),
            ),
            { parameters: [param('emailId')] },
          ),
        },
      },
      {},
      {
        collections: [
          {
            path: '/emails',
            itemPath: '/emails/{emailId}',
            idParam: 'emailId',
            idField: 'id',
            scopeParams: [],
            envelope: 'response',
          },
        ],
      },
    ],
    [
      'an item under a path that lists a collection acts on its records (Ory Kratos: GET /sessions, DELETE /sessions/{id})',
      {
        '/admin/sessions': {
          get: op('listAdmin', ok({ type: 'array', items: { $ref: '#/components/schemas/Session' } })),
        },
        '/admin/sessions/{id}': {
          get: op('getSession', ok({ $ref: '#/components/schemas/Session' }), { parameters: [param('id')] }),
        },
        '/sessions': { get: op('listMine', ok({ type: 'array', items: { $ref: '#/components/schemas/Session' } })) },
        '/sessions/{id}': {
          delete: op('revokeMine', { '204': { description: 'gone' } }, { parameters: [param('id')] }),
        },
      },
      { schemas: { Session: obj({ id: { type: 'string' }, active: { type: 'boolean' } }) } },
      {
        bindings: {
          getSession: 'read /admin/sessions',
          listAdmin: 'list:array /admin/sessions',
          listMine: 'list:array /admin/sessions',
          revokeMine: 'delete /admin/sessions',
        },
      },
    ],
  ])('%s', async (_construct, paths, components, expected) => {
    const got = await summary(paths, components);
    if (expected.collections) expect(got.collections).toEqual(expected.collections);
    if (expected.bindings) expect(got.bindings).toEqual(expected.bindings);
  });

  it('says why each other operation answers without state', async () => {
    const model = inferModel(
      await load({
        ...thingPaths(),
        '/search': { post: op('search', ok(obj({ hits: { type: 'integer' } })), body(obj({ q: { type: 'string' } }))) },
      }),
    );
    expect(model.stateless.get('search')).toBe('/search is not an inferred collection or item');
    expect(model.stateless.has('getThing')).toBe(false);
  });
});

describe('roles: which POST creates, and where the identifier of a record is', () => {
  it.each<[string, Json, string, boolean]>([
    ['201 answer (RFC 9110 §15.3.2)', thingPaths(), 'createThing', true],
    [
      '200 with a Location header (RFC 9110 §10.2.2)',
      {
        '/jobs': {
          post: op(
            'startJob',
            { '200': { description: 'ok', headers: { Location: { schema: { type: 'string' } } } } },
            body(obj({ a: { type: 'string' } })),
          ),
        },
      },
      'startJob',
      true,
    ],
    [
      "200 answering the item path's identifier",
      { ...thingPaths(), '/things': { post: op('createThing', ok(thing), body(obj({ name: { type: 'string' } }))) } },
      'createThing',
      true,
    ],
    [
      'an action: POST /search answering 200 without an item path',
      {
        '/search': { post: op('search', ok(obj({ hits: { type: 'integer' } })), body(obj({ q: { type: 'string' } }))) },
      },
      'search',
      false,
    ],
    ['a GET is no create', thingPaths(), 'getThing', false],
    [
      'POST on an item path is no create',
      {
        ...thingPaths(),
        '/things/{thingId}/x': {},
        '/things/{thingId}': {
          post: op('touchThing', created(thing), { ...body(thing), parameters: [param('thingId')] }),
        },
      },
      'touchThing',
      false,
    ],
  ])('isCreate: %s', async (_construct, paths, operationId, expected) => {
    const contract = await load(paths);
    expect(isCreate(contract.operationsById.get(operationId)!, contract)).toBe(expected);
  });

  it.each<[string, Json, boolean]>([
    [
      "a POST under an item answering that item's own schema (GitHub's add-assignees) adds to the parent: no create",
      { '204': { description: 'can be assigned' } },
      false,
    ],
    [
      'the same, where the child read answers that schema too (folders in folders): a create',
      ok({ $ref: '#/components/schemas/Issue' }),
      true,
    ],
  ])('isCreate: %s', async (_construct, childRead, expected) => {
    const issue = { $ref: '#/components/schemas/Issue' };
    const contract = await load(
      {
        '/issues/{n}': { get: op('getIssue', ok(issue), { parameters: [param('n')] }) },
        '/issues/{n}/assignees': {
          post: op('addAssignees', created(issue), {
            ...body(obj({ assignees: { type: 'array', items: { type: 'string' } } })),
            parameters: [param('n')],
          }),
        },
        '/issues/{n}/assignees/{a}': { get: op('checkAssignee', childRead, { parameters: [param('n'), param('a')] }) },
      },
      { schemas: { Issue: obj({ id: { type: 'integer' }, assignee: obj({ login: { type: 'string' } }) }) } },
    );
    expect(isCreate(contract.operationsById.get('addAssignees')!, contract)).toBe(expected);
  });

  it.each<[string, unknown, string | undefined, string | undefined, unknown]>([
    ['the field named like the parameter', { petId: 7, id: 1 }, 'petId', undefined, 7],
    ['`id` otherwise', { id: 1, name: 'x' }, 'thingId', undefined, 1],
    ['the parameter in another case (Sid → sid)', { sid: 'CA1', friendly_name: 'x' }, 'Sid', undefined, 'CA1'],
    [
      "the Location's last segment when the body names none (RFC 9110 §10.2.2)",
      { name: 'x' },
      'thingId',
      '/v1/things/abc',
      'abc',
    ],
  ])('identifierOf: %s', (_construct, record, parameter, location, expected) => {
    expect(identifierOf(record, parameter, undefined, location, 'http://h/v1/things')).toEqual(expected);
  });

  it.each<[string, unknown, string | undefined, string | undefined, unknown]>([
    [
      "the Location's segment between the template's literals (Rails' `{id}.json`)",
      { thing: { id: 957 } },
      'id',
      '/v1/things/957.json',
      '957',
    ],
    ['a segment the literals do not frame is taken whole', { name: 'x' }, 'id', '/v1/things/abc', 'abc'],
    ['nothing but the literals is no value', { name: 'x' }, 'id', '/v1/things/.json', '.json'],
  ])('identifierOf under /v1/things/{id}.json: %s', (_construct, record, parameter, location, expected) => {
    expect(identifierOf(record, parameter, undefined, location, 'http://h/v1/things', '/v1/things/{id}.json')).toEqual(
      expected,
    );
  });

  it.each<[string, unknown, unknown[] | undefined]>([
    ['an array', [{ id: 1 }], [{ id: 1 }]],
    ['one array property', { data: [{ id: 1 }], total: 1 }, [{ id: 1 }]],
    ['no list', { id: 1 }, undefined],
  ])('listItems: %s', (_construct, value, expected) => {
    expect(listItems(value)).toEqual(expected);
  });
});

describe('lists elsewhere and pages of children: what the once-built lookups answer', () => {
  const gadget = obj({ gadgetId: { type: 'string' }, size: { type: 'integer' } });
  const records = (record: Json, name: string, id: string): Json => ({
    [`/${name}`]: { post: op(`create_${name}`, created(record), body(record)) },
    [`/${name}/{${id}}`]: { parameters: [param(id)], get: op(`get_${name}`, ok(record)) },
  });
  // Two collections of one record state (`thing` and a copy of it), one of another; two GETs answer
  // the one component, a third an inline page of gadgets: each binds to the first collection of its
  // items' state, whichever GET asked that state first.
  it('a GET on another path lists the first collection whose record its items describe, by state', async () => {
    const { bindings } = await summary(
      {
        ...records(thing, 'things', 'thingId'),
        ...records({ ...thing }, 'copies', 'thingId'),
        ...records(gadget, 'gadgets', 'gadgetId'),
        '/recent': { get: op('recent', ok({ $ref: '#/components/schemas/Things' })) },
        '/popular': { get: op('popular', ok({ $ref: '#/components/schemas/Things' })) },
        '/search': {
          get: op('search', ok(obj({ results: { type: 'array', items: gadget }, total: { type: 'integer' } }))),
        },
      },
      { schemas: { Things: { type: 'array', items: { ...thing } } } },
    );
    expect(bindings).toMatchObject({
      recent: 'list:array /things',
      popular: 'list:array /things',
      search: 'list:wrapped results /gadgets',
    });
  });

  it('listsChildren: an item path whose GET answers a page of the records one level under it', async () => {
    const member = obj({ memberId: { type: 'string' }, role: { type: 'string' } });
    const contract = await load({
      '/groups/{groupId}': {
        parameters: [param('groupId')],
        get: op('getGroup', ok(obj({ members: { type: 'array', items: member } }))),
      },
      '/groups/{groupId}/{memberId}': {
        parameters: [param('groupId'), param('memberId')],
        get: op('getMember', ok(member)),
      },
      '/teams/{teamId}': { parameters: [param('teamId')], get: op('getTeam', ok(obj({ name: { type: 'string' } }))) },
    });
    expect(listsChildren(contract, '/groups/{groupId}')).toBe(true);
    expect(listsChildren(contract, '/groups/{groupId}/')).toBe(true);
    expect(listsChildren(contract, '/teams/{teamId}')).toBe(false);
    expect(listsChildren(contract, '/groups/{groupId}/{memberId}')).toBe(false);
  });
});

describe('references and parent scopes', () => {
  it.each<[string, string, string | undefined, string[]]>([
    ['camelCase', 'categoryId', 'category', ['category', 'categorys', 'categoryes', 'categories']],
    ['snake_case', 'pet_id', 'pet', ['pet', 'pets', 'petes', 'pets']],
    ['upper ID', 'ownerID', 'owner', ['owner', 'owners', 'owneres', 'owners']],
    ['not a reference', 'name', undefined, []],
  ])('referenceBase and collectionNames: %s', (_construct, field, base, names) => {
    expect(referenceBase(field)).toBe(base);
    expect(base === undefined ? [] : collectionNames(base)).toEqual(names);
  });

  it.each<[string, unknown, unknown]>([
    ['a body field (OAS 3.0.3 §4.7.20.4)', '$response.body#/id', { from: 'body', pointer: ['id'] }],
    [
      'a JSON pointer with escapes (RFC 6901 §4)',
      '$response.body#/a~1b/c~0d',
      { from: 'body', pointer: ['a/b', 'c~d'] },
    ],
    ['a response header', '$response.header.Location', { from: 'header', name: 'Location' }],
    ['a request value is no source of a new record', '$request.path.id', undefined],
    ['a constant', 42, undefined],
  ])('linkSource: %s', (_construct, expression, expected) => {
    expect(linkSource(expression)).toEqual(expected);
  });

  const orders = {
    ...thingPaths(),
    '/categories': {
      post: op('createCategory', created(obj({ id: { type: 'integer' } })), body(obj({ name: { type: 'string' } }))),
    },
    '/orders': {
      post: op(
        'createOrder',
        created(obj({ id: { type: 'integer' } }), {
          links: { read: { operationId: 'getOrder', parameters: { orderId: '$response.body#/id' } } },
        }),
        body(obj({ categoryId: { type: 'integer' } })),
      ),
    },
    '/orders/{orderId}': {
      get: op('getOrder', ok(obj({ id: { type: 'integer' } })), { parameters: [param('orderId')] }),
    },
    '/things/{thingId}/notes/{categoryId}': {
      get: op('getNote', ok(obj({ id: { type: 'integer' } })), { parameters: [param('thingId'), param('categoryId')] }),
    },
    '/tags': { get: op('listTags', ok({ type: 'array', items: obj({ tagId: { type: 'string' } }) })) },
    '/tags/{tagId}': { get: op('getTag', ok(obj({ tagId: { type: 'string' } })), { parameters: [param('tagId')] }) },
    '/users/{id}/bookmarks': {
      get: op('listBookmarks', ok(obj({ data: { type: 'array', items: obj({ id: { type: 'string' } }) } })), {
        parameters: [param('id')],
      }),
      post: op('addBookmark', ok(obj({ data: obj({ bookmarked: { type: 'boolean' } }) })), {
        parameters: [param('id')],
        ...body(obj({ tweet_id: { type: 'string' } })),
      }),
    },
    '/users/{id}/bookmarks/{tweet_id}': {
      delete: op('removeBookmark', ok(obj({ data: obj({ bookmarked: { type: 'boolean' } }) })), {
        parameters: [param('id'), param('tweet_id')],
      }),
    },
    '/tweets': {
      post: op(
        'createTweet',
        created(obj({ data: obj({ id: { type: 'string' } }) })),
        body(obj({ text: { type: 'string' } })),
      ),
    },
  };

  it.each<[string, string, string, string | undefined]>([
    ['a link of a create feeds the parameter (OAS 3.0.3 §4.7.20)', 'getOrder', 'orderId', 'create createOrder id'],
    [
      'the create on the collection the parameter closes (its parent scope)',
      'getThing',
      'thingId',
      'create createThing -',
    ],
    ['a reference-like name: categoryId → POST /categories', 'getNote', 'categoryId', 'create createCategory -'],
    ['no create: the list on the parent path', 'getTag', 'tagId', 'list listTags tagId'],
    [
      "a POST on the parent whose body names the item by the parameter, answering no id (Twitter's bookmark `{tweet_id}`), before a collection named like it",
      'removeBookmark',
      'tweet_id',
      'create addBookmark -',
    ],
  ])('identifierSource: %s', async (_construct, operationId, parameter, expected) => {
    const contract = await load(orders);
    const source = identifierSource(contract, contract.operationsById.get(operationId)!, parameter);
    expect(
      source &&
        `${source.via} ${source.via === 'create' ? source.createOp.id : source.listOp.id} ${source.field ?? '-'}`,
    ).toBe(expected);
  });

  it('referencedCreate and postCollections read the same collections', async () => {
    const contract = await load(orders);
    expect(referencedCreate(contract, 'category')?.id).toBe('createCategory');
    expect(referencedCreate(contract, 'tag')).toBeUndefined();
    expect(
      postCollections(contract).map(
        (c) => `${c.create.id} ${c.list?.id ?? '-'} ${c.item ? `${c.item.op.id}:${c.item.param}` : '-'}`,
      ),
    ).toEqual([
      'createThing listThings getThing:thingId',
      'createCategory - -',
      'createOrder - getOrder:orderId',
      'createTweet - -',
    ]);
  });
});

describe('qualifiedField: `{name}` over the one field the contract says qualifies it', () => {
  it.each<[string, string, string[], string[], string[], string | undefined]>([
    [
      "gitea's push mirror, beside the scope's repo_name",
      'name',
      ['remote_name', 'repo_name', 'remote_address'],
      ['owner', 'repo'],
      ['remote name of push mirror'],
      'remote_name',
    ],
    ['said in camelCase by the summary', 'name', ['remoteName'], [], ['Get a mirror by remoteName'], 'remoteName'],
    [
      "Kubernetes' driverName, which the text does not say",
      'name',
      ['driverName'],
      [],
      ['name of the ResourceClass'],
      undefined,
    ],
    [
      'words only inside a template',
      'name',
      ['package_name'],
      [],
      ['Format: applications/{package_name}/x'],
      undefined,
    ],
    ['two fields the text says', 'name', ['remote_name', 'local_name'], [], ['remote name or local name'], undefined],
    ['an id says nothing of which', 'id', ['user_id'], [], ['user id'], undefined],
    [
      'a parameter of several words (addressedField reads those)',
      'mirror_name',
      ['remote_name'],
      [],
      ['remote name'],
      undefined,
    ],
  ])('%s', (_, param, names, others, texts, expected) => {
    expect(qualifiedField(param, names, others, texts)).toBe(expected);
  });
});

describe('nounedField: a parameter naming the noun, then the field', () => {
  it.each<[string, string, string[], string | undefined]>([
    ["tcgdex's cardLocalId over a card's localId, beside its id", 'cardLocalId', ['id', 'localId', 'name'], 'localId'],
    ['snake case', 'card_local_id', ['id', 'local_id'], 'local_id'],
    ['a field of one word is no such field', 'cardId', ['id', 'name'], undefined],
    ['the words before it are a field themselves', 'cardLocalId', ['card', 'localId'], undefined],
    ['no field ends the parameter', 'cardLocalId', ['id', 'name'], undefined],
  ])('%s', (_, param, names, expected) => {
    expect(nounedField(param, names)).toBe(expected);
  });
});

describe('addressedField: a parameter of several words whose last is a field', () => {
  it.each<[string, string, string[], string | undefined]>([
    ["appcenter's org_name over name, beside a UUID id", 'org_name', ['id', 'name'], 'name'],
    ["Zettle's taxRateUuid over a tax rate's uuid (no id)", 'taxRateUuid', ['uuid', 'label'], 'uuid'],
    ["Zoom's meetingUUID over uuid beside the meeting's id", 'meetingUUID', ['id', 'uuid', 'topic'], 'uuid'],
    ['a uuid parameter over a record with no uuid keeps to id', 'vaultUuid', ['id', 'name'], undefined],
    ['one word is no such parameter', 'uuid', ['uuid'], undefined],
    ['never id itself', 'tax_rate_id', ['id', 'uuid'], undefined],
    ['an earlier word a field too names either', 'rate_uuid', ['rate', 'uuid'], undefined],
  ])('%s', (_, param, names, expected) => {
    expect(addressedField(param, names)).toBe(expected);
  });
});
