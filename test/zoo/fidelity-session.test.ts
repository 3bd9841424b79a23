import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { differences, figures } from '../../bench/fidelity/compare.js';
import { driveSession, pageOf, sameJson, type Exchange } from '../../bench/fidelity/drive.js';
import { deriveSession, type Step } from '../../bench/fidelity/session.js';
import { contractFromDocument } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { freePort } from '../../fixtures/servers/prism.js';

const thing = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    size: { type: 'integer', default: 3 },
    colour: { type: 'string', enum: ['red', 'blue'], default: 'red' },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
};
const record = {
  ...thing,
  required: ['id', 'name'],
  properties: { id: { type: 'string', format: 'uuid' }, ...thing.properties },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.1.0',
  info: { title: 'things', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/things': {
      get: {
        operationId: 'list',
        responses: { '200': { description: 'ok', ...json({ type: 'array', items: record }) } },
      },
      post: {
        operationId: 'create',
        requestBody: { required: true, ...json(thing) },
        responses: { '201': { description: 'made', ...json(record) }, '409': { description: 'taken' } },
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        operationId: 'read',
        responses: { '200': { description: 'ok', ...json(record) }, '404': { description: 'none' } },
      },
      patch: {
        operationId: 'patch',
        requestBody: { required: true, ...json({ ...thing, required: [] }) },
        responses: { '200': { description: 'ok', ...json(record) } },
      },
      delete: { operationId: 'remove', responses: { '204': { description: 'gone' } } },
    },
  },
};

/** The same document, its list taking offset/limit paging and a filter on `name`. */
function paged(): object {
  const copy = structuredClone(document) as typeof document & {
    paths: { '/things': { get: { parameters?: unknown[] } } };
  };
  copy.paths['/things'].get.parameters = [
    { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
    { name: 'name', in: 'query', schema: { type: 'string' } },
  ];
  return copy;
}

describe('fidelity sessions come from the document alone', () => {
  it('a collection gives its CRUD flow, the invalid requests a client makes, and reads that check what was written', async () => {
    const session = deriveSession(await contractFromDocument(structuredClone(document)));
    expect(session.steps.map((s) => s.name)).toEqual([
      'create /things',
      'read after create /things/{id}',
      'invalid: the same create again (POST /things, 409 documented)',
      'list /things',
      'patch name alone /things/{id}',
      'read after patch name alone /things/{id}',
      'patch /things/{id}',
      'read after patch /things/{id}',
      'patch note to null /things/{id}',
      'read after patch note to null /things/{id}',
      'invalid: missing required name (POST /things)',
      'invalid: wrong type for name (POST /things)',
      'invalid: unknown enum value for colour (POST /things)',
      'invalid: malformed JSON (POST /things)',
      'invalid: wrong media type (POST /things)',
      'invalid: unknown id (GET /things/{id})',
      'invalid: malformed id (GET /things/{id})',
      'invalid: no credentials (GET /things)',
      'delete /things/{id}',
      'read after delete /things/{id}',
    ]);
    const afterCreate = session.steps[1]!;
    // The fields left out of the create read back as their documented defaults.
    expect(afterCreate.readBack).toMatchObject({ size: 3, colour: 'red' });
    // A patch changes only what it sends: the rest must read back as last written.
    const last = session.steps.find((s) => s.name === 'read after patch /things/{id}')?.readBack;
    expect(session.steps.find((s) => s.name.startsWith('read after patch note'))?.readBack).toEqual({
      ...last,
      note: null,
    });
    const alone = session.steps.find((s) => s.name === 'read after patch name alone /things/{id}')?.readBack;
    expect(alone).toMatchObject({ size: 3, colour: 'red' });
    expect(Object.keys(alone ?? {}).length).toBeGreaterThan(1);
  });

  it("a list's documented paging and filter parameters give the page steps: first page of one, the page after, a filter on the created value", async () => {
    const session = deriveSession(await contractFromDocument(paged()));
    const lists = session.steps.filter((s) => s.role === 'list');
    const created = session.steps[0]!.body;
    expect(lists.map((s) => [s.name, s.query])).toEqual([
      ['list /things', undefined],
      ['list offset=0&limit=1 /things', { offset: '0', limit: '1' }],
      ['list offset=1&limit=1 /things', { offset: '1', limit: '1' }],
      [
        'list name=<created> /things',
        { name: created?.kind === 'json' ? (created.value as { name: string }).name : 'no create body' },
      ],
    ]);
  });

  it('paging written as members of one object-valued query parameter gives the same page steps, written as it writes them', async () => {
    const copy = structuredClone(document) as unknown as { paths: Record<string, { get: { parameters?: unknown[] } }> };
    const list = copy.paths['/things']!.get;
    // LoopBack 4's `filter` (OAS 3.0.3 §4.7.12 `content`), then a deepObject `pagination` (§4.7.12.4).
    list.parameters = [
      {
        name: 'filter',
        in: 'query',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { limit: { type: 'integer' }, skip: { type: 'integer' }, where: {} },
            },
          },
        },
      },
    ];
    const byFilter = deriveSession(await contractFromDocument(structuredClone(copy)));
    expect(byFilter.steps.filter((s) => s.role === 'list').map((s) => s.query)).toEqual([
      undefined,
      { filter: '{"skip":0,"limit":1}' },
      { filter: '{"skip":1,"limit":1}' },
    ]);
    list.parameters = [
      {
        name: 'pagination',
        in: 'query',
        style: 'deepObject',
        schema: { type: 'object', properties: { page: { type: 'integer' }, pageSize: { type: 'integer' } } },
      },
    ];
    const byPagination = deriveSession(await contractFromDocument(copy));
    expect(byPagination.steps.filter((s) => s.role === 'list').map((s) => s.query)).toEqual([
      undefined,
      { 'pagination[page]': '1', 'pagination[pageSize]': '1' },
      { 'pagination[page]': '2', 'pagination[pageSize]': '1' },
    ]);
  });

  it("the unknown id is shaped as the record's id field documents it, where the path parameter admits that shape", async () => {
    const bare = structuredClone(document) as { paths: { '/things/{id}': { parameters: Array<{ schema: object }> } } };
    // The path parameter a bare string (as @nestjs/swagger writes it beside ParseUUIDPipe), the record's id a UUID.
    bare.paths['/things/{id}'].parameters[0]!.schema = { type: 'string' };
    const unknown = (steps: readonly Step[]) => steps.find((s) => s.name.startsWith('invalid: unknown id'))?.path['id'];
    expect(unknown(deriveSession(await contractFromDocument(bare)).steps)).toEqual({
      kind: 'fixed',
      value: '00000000-0000-4000-8000-00000000dead',
    });
    // A path parameter that refuses the record's shape keeps its own (an integer path beside a UUID field).
    const integer = structuredClone(bare);
    integer.paths['/things/{id}'].parameters[0]!.schema = { type: 'integer' };
    expect(unknown(deriveSession(await contractFromDocument(integer)).steps)).toEqual({
      kind: 'fixed',
      value: '987654321',
    });
  });

  it('marks the requests the document calls invalid, and only those', async () => {
    const session = deriveSession(await contractFromDocument(structuredClone(document)));
    expect(session.steps.filter((s) => s.breaks !== undefined).map((s) => [s.name, s.breaks])).toEqual([
      ['invalid: missing required name (POST /things)', 'missing required name'],
      ['invalid: wrong type for name (POST /things)', 'wrong type for name'],
      ['invalid: unknown enum value for colour (POST /things)', 'unknown enum value for colour'],
      ['invalid: malformed JSON (POST /things)', 'malformed JSON'],
      ['invalid: wrong media type (POST /things)', 'wrong media type'],
      ['invalid: malformed id (GET /things/{id})', expect.stringMatching(/^malformed id: /)],
      ['invalid: no credentials (GET /things)', 'no credentials where the operation requires them'],
    ]);
    // A create that also takes text/plain: a text body is no wrong media type there.
    const text = structuredClone(document) as typeof document & {
      paths: { '/things': { post: { requestBody: { content: Record<string, object> } } } };
    };
    text.paths['/things'].post.requestBody.content['text/*'] = { schema: { type: 'string' } };
    const media = deriveSession(await contractFromDocument(text)).steps.find((s) =>
      s.name.startsWith('invalid: wrong media type'),
    );
    expect([media?.name, media?.breaks]).toEqual(['invalid: wrong media type (POST /things)', undefined]);
  });

  it("expects back only what the read's record can carry, and sends the nulls it admits first", async () => {
    // The update admits null for `name` and `size`; the record admits it for `note` alone.
    const contradicting = structuredClone(document) as typeof document & {
      paths: { '/things/{id}': { patch: { requestBody: { content: Record<string, { schema: object }> } } } };
    };
    contradicting.paths['/things/{id}'].patch.requestBody.content['application/json']!.schema = {
      type: 'object',
      properties: {
        name: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] },
        size: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    };
    const steps = deriveSession(await contractFromDocument(contradicting)).steps;
    expect(
      steps.filter((s) => s.role === 'patch' && s.name.endsWith('to null /things/{id}')).map((s) => s.name),
    ).toEqual([
      'patch note to null /things/{id}',
      'patch name to null /things/{id}',
      'patch size to null /things/{id}',
    ]);
    const back = (name: string) =>
      steps.find((s) => s.name === `read after patch ${name} to null /things/{id}`)?.readBack;
    const before = steps.find((s) => s.name === 'read after patch /things/{id}')?.readBack ?? {};
    expect(back('note')).toEqual({ ...before, note: null });
    // No service keeping the document can give back a null name: neither it nor the name before it is expected.
    const { name: _name, size: _size, ...rest } = before;
    expect(back('name')).toEqual({ ...rest, size: before['size'], note: null });
    expect(back('size')).toEqual({ ...rest, note: null });
  });

  it('a replace or patch whose body may carry the record id leaves it out: the URL names the record (RFC 9110 §9.3.4)', async () => {
    // LoopBack 4's CLI controllers take the whole model (`id` optional) on PUT and PATCH /things/{id}.
    const copy = structuredClone(document) as unknown as { paths: Record<string, Record<string, unknown>> };
    const optionalId = { ...record, required: ['name'] };
    copy.paths['/things/{id}']!.put = {
      operationId: 'replace',
      requestBody: { required: true, ...json(optionalId) },
      responses: { '204': { description: 'replaced' } },
    };
    copy.paths['/things/{id}']!.patch = {
      operationId: 'patch',
      requestBody: { required: true, ...json({ ...optionalId, required: [] }) },
      responses: { '204': { description: 'patched' } },
    };
    const session = deriveSession(await contractFromDocument(copy));
    const writes = session.steps.filter((s) => s.role === 'replace' || s.role === 'patch');
    expect(writes.map((s) => s.name)).toContain('replace /things/{id}');
    for (const step of writes) {
      expect(step.body?.kind).toBe('json');
      expect(step.body?.kind === 'json' && Object.keys(step.body.value as object)).not.toContain('id');
    }
    for (const step of session.steps.filter((s) => s.readBack !== undefined && !s.name.includes('create')))
      expect(Object.keys(step.readBack ?? {})).not.toContain('id');
  });

  it('a record id the replace body must carry is sent, and not expected back over the URL', async () => {
    const copy = structuredClone(document) as unknown as { paths: Record<string, Record<string, unknown>> };
    copy.paths['/things/{id}']!.put = {
      operationId: 'replace',
      requestBody: { required: true, ...json(record) },
      responses: { '204': { description: 'replaced' } },
    };
    const session = deriveSession(await contractFromDocument(copy));
    const replace = session.steps.find((s) => s.name === 'replace /things/{id}');
    expect(replace?.body?.kind === 'json' && Object.keys(replace.body.value as object)).toContain('id');
    const after = session.steps.find((s) => s.name === 'read after replace /things/{id}');
    expect(Object.keys(after?.readBack ?? {})).not.toContain('id');
    expect(Object.keys(after?.readBack ?? {})).toContain('name');
  });

  it('the same session gives the same requests every time (seeded)', async () => {
    const a = deriveSession(await contractFromDocument(structuredClone(document)));
    const b = deriveSession(await contractFromDocument(structuredClone(document)));
    expect(a.steps.map((s) => [s.name, s.body])).toEqual(b.steps.map((s) => [s.name, s.body]));
  });
});

describe('fidelity comparison', () => {
  const exchange = (step: string, status: number | 'skipped', more: Partial<Exchange> = {}): Exchange => ({
    step,
    role: 'read',
    status,
    validity: 'valid',
    ...more,
  });

  it('a date-time reads back as sent when it names the same instant (RFC 3339 §5.6 spellings)', () => {
    expect(sameJson('2026-04-28T05:56:02Z', '2026-04-28T05:56:02.000Z')).toBe(true);
    expect(sameJson('2026-04-28T05:56:02Z', '2026-04-28T05:56:02+00:00')).toBe(true);
    expect(sameJson('2026-04-28T07:56:02+02:00', '2026-04-28T05:56:02Z')).toBe(true);
    expect(sameJson({ due: ['2026-04-28T05:56:02Z'] }, { due: ['2026-04-28T05:56:02.000Z'] })).toBe(true);
    expect(sameJson('2026-04-28T05:56:02Z', '2026-04-28T05:56:03Z')).toBe(false);
    // Only date-times: a date, or text that merely parses, is compared as written.
    expect(sameJson('2026-04-28', '2026-04-28T00:00:00Z')).toBe(false);
    expect(sameJson('1', '01')).toBe(false);
  });

  it('names each aspect that differs, and counts the figures of the table', () => {
    const service = [
      exchange('a', 201),
      exchange('b', 200, { unreadFields: [] }),
      exchange('c', 422),
      exchange('d', 'skipped'),
    ];
    const mock = [
      exchange('a', 201),
      exchange('b', 200, { unreadFields: ['size'] }),
      exchange('c', 400, { validity: 'undocumented status' }),
      exchange('d', 'skipped'),
    ];
    expect(differences(service, mock)).toEqual([
      { step: 'b', aspect: 'read-back', service: 'as sent', mock: 'differs: size' },
      { step: 'c', aspect: 'status', service: '422', mock: '400' },
      { step: 'c', aspect: 'schema', service: 'valid', mock: 'undocumented status' },
    ]);
    expect(figures(service, mock)).toMatchObject({
      exchanges: 3,
      notSent: 1,
      sameStatus: 2,
      roundTrips: 1,
      roundTripsService: 1,
      roundTripsMock: 0,
      errorsDocumentedMock: 0,
      errorsUndocumentedMock: 1,
      errorsDocumentedService: 1,
      errorsValidService: 1,
      differences: 3,
    });
  });

  it('counts the second figure only where the service keeps its document, and lists what it leaves out', () => {
    const service = [
      exchange('a', 201),
      exchange('b', 500, { validity: 'undocumented status' }),
      exchange('c', 200, { validity: 'invalid' }),
      exchange('d', 404, { validity: 'undocumented status' }),
      exchange('e', 'skipped'),
    ];
    const mock = [
      exchange('a', 400),
      exchange('b', 200),
      exchange('c', 200),
      exchange('d', 200),
      exchange('e', 'skipped'),
    ];
    expect(figures(service, mock)).toMatchObject({
      exchanges: 4,
      sameStatus: 1,
      keptExchanges: 1,
      keptSameStatus: 0,
      departures: [
        { step: 'b', status: '500', validity: 'undocumented status' },
        { step: 'c', status: '200', validity: 'invalid' },
        { step: 'd', status: '404', validity: 'undocumented status' },
      ],
    });
  });

  it('lists a success to a request the document calls invalid among the departures, and leaves it out of the second figure', () => {
    const service = [
      exchange('wrong type', 201, { breaks: 'wrong type for title' }),
      exchange('no credentials', 401, { breaks: 'no credentials where the operation requires them' }),
      exchange('unknown id', 200),
    ];
    const mock = [exchange('wrong type', 400), exchange('no credentials', 401), exchange('unknown id', 200)];
    expect(figures(service, mock)).toMatchObject({
      exchanges: 3,
      sameStatus: 2,
      keptExchanges: 2,
      keptSameStatus: 2,
      departures: [
        {
          step: 'wrong type',
          status: '201',
          validity: 'accepted a request its document calls invalid (wrong type for title)',
        },
      ],
    });
  });

  it('lists a refusal other than the documented validation answer among the departures (a malformed id answered 404)', () => {
    const service = [
      exchange('malformed id', 404, { breaks: 'malformed id: not a uuid', refusedWith: [422] }),
      exchange('malformed JSON', 422, { breaks: 'malformed JSON', refusedWith: [422] }),
      exchange('no credentials', 401, { breaks: 'no credentials where the operation requires them' }),
    ];
    const mock = [exchange('malformed id', 422), exchange('malformed JSON', 422), exchange('no credentials', 401)];
    expect(figures(service, mock)).toMatchObject({
      exchanges: 3,
      sameStatus: 2,
      keptExchanges: 2,
      keptSameStatus: 2,
      departures: [
        {
          step: 'malformed id',
          status: '404',
          validity:
            'refused a request its document calls invalid (malformed id: not a uuid) with 404, where it documents 422 for it',
        },
      ],
    });
  });

  it.each([
    ['a bare array', [{ id: 1 }, { id: 2 }], '2 items'],
    [
      'an envelope with its numbers',
      { items: [{ id: 1 }], total: 3, offset: 0, limit: 1, next: 'x' },
      '1 items, limit 1, offset 0, total 3',
    ],
    [
      'an envelope one level down',
      { status: 'success', data: { orders: [], total: 1, offset: 1, limit: 1 } },
      '0 items, limit 1, offset 1, total 1',
    ],
    ['no array at all', { detail: 'x' }, 'no list'],
  ])("a list's page is read the same way on both sides: %s", (_what, body, page) => {
    expect(pageOf({ status: 200, body })).toBe(page);
  });

  it('a page that differs is a difference of its own', () => {
    const service = [exchange('l', 200, { page: '1 items, offset 0, total 1' })];
    const mock = [exchange('l', 200, { page: '1 items, offset 264, total 4' })];
    expect(differences(service, mock)).toEqual([
      { step: 'l', aspect: 'page', service: '1 items, offset 0, total 1', mock: '1 items, offset 264, total 4' },
    ]);
    expect(figures(service, mock)).toMatchObject({ listPages: 1, listPagesSame: 0 });
  });

  it('a side that does not answer is recorded as such, never thrown', async () => {
    const contract = await contractFromDocument(structuredClone(document));
    const session = deriveSession(contract);
    const closed = `http://127.0.0.1:${await freePort()}`;
    const exchanges = await driveSession(contract, session, closed, { apiKey: 'k' });
    expect(new Set(exchanges.map((e) => e.status))).toEqual(new Set(['no answer', 'skipped']));
  });

  it('two mocks on the same document, driven through the same session (paging and filter included), differ nowhere', async () => {
    const contract = await contractFromDocument(paged());
    const session = deriveSession(contract);
    const spec = writeTemp(paged());
    const [one, two] = await Promise.all([
      start({ spec, port: 0, seed: 5, apiKeys: ['k'] }),
      start({ spec, port: 0, seed: 5, apiKeys: ['k'] }),
    ]);
    try {
      const a = await driveSession(contract, session, one.url, { apiKey: 'k' });
      const b = await driveSession(contract, session, two.url, { apiKey: 'k' });
      expect(a.filter((e) => e.status === 'skipped')).toEqual([]);
      // The paging query is sent: a page of one.
      expect(a.find((e) => e.step === 'list offset=0&limit=1 /things')?.page).toBe('1 items');
      expect(differences(a, b)).toEqual([]);
    } finally {
      await Promise.all([one.close(), two.close()]);
      rmSync(dirname(spec), { recursive: true, force: true });
    }
  });
});

function writeTemp(doc: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fidelity-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}
