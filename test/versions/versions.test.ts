import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  admitsNull,
  diceOfFaker,
  sampleValue,
  contractFromDocument,
  contractFromText,
  ContractError,
  loadContract,
  originalPointer,
  SchemaValidator,
  lowered,
} from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { validatorDocument } from '../../src/mock/validator-document.js';
import { Faker, en } from '@faker-js/faker';
import { scaled } from '../load-scale.js';

const ROOT = join(import.meta.dirname, '..', '..');
const fixture = (name: string): string => join(ROOT, 'fixtures', 'versions', name);
const info = { title: 't', version: '1' };

describe('the version field decides how a document is read, and anything else is refused in one line', () => {
  it.each([
    [{ swagger: '1.2', info, paths: {} }, 'Swagger "1.2"'],
    [{ swaggerVersion: '1.2', apis: [] }, 'has no version field'],
    [{ openapi: '4.0.0', info, paths: {} }, 'OpenAPI 4.0.0'],
    [{ openapi: '3.3.0', info, paths: {} }, 'OpenAPI 3.3.0'],
    [{ openapi: '3.2', info, paths: {} }, 'OpenAPI 3.2'],
    [{ openapi: 3.1, info, paths: {} }, 'a YAML number'],
    [{ info, paths: {} }, 'has no version field'],
    [{ openapi: '3.0.3', info }, 'without paths'],
  ])('%j is refused naming what it is and the supported versions', async (document, found) => {
    const error = await contractFromDocument(document, 'x.yaml').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    const message = (error as ContractError).message;
    expect(message).toContain(found);
    expect(message).toContain('supported: Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x');
    expect(message.split('\n')).toHaveLength(1);
  });

  it.each(['3.2.0', '3.2.1', '3.1.2', '3.0.4'])(
    'OpenAPI %s, a patch release of a supported version, loads',
    async (openapi) => {
      const contract = await contractFromDocument({ openapi, info, paths: {} });
      expect(contract.version.written).toBe(openapi);
    },
  );

  it('a 3.1 document with only webhooks (no paths) loads, with no operations and the webhooks listed as not exercised', async () => {
    const contract = await contractFromDocument({
      openapi: '3.1.0',
      info,
      webhooks: { ping: { post: { responses: { '200': { description: 'ok' } } } } },
    });
    expect(contract.version).toEqual({ written: '3.1.0', family: '3.1', schemaDialect: 'json-schema-2020-12' });
    expect(contract.operations).toEqual([]);
    expect(contract.notExercised.join('\n')).toContain('webhooks (ping)');
  });

  it('jsonSchemaDialect: the OAS default is accepted, another dialect is refused by name', async () => {
    await expect(
      contractFromDocument({
        openapi: '3.1.0',
        info,
        paths: {},
        jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
      }),
    ).resolves.toBeDefined();
    await expect(
      contractFromDocument({
        openapi: '3.1.0',
        info,
        paths: {},
        jsonSchemaDialect: 'http://json-schema.org/draft-07/schema#',
      }),
    ).rejects.toThrow(/jsonSchemaDialect "http:\/\/json-schema.org\/draft-07\/schema#"/);
  });

  it('both CLIs exit 2 with the one line for an unsupported version', () => {
    const spec = join(ROOT, 'fixtures', 'versions', 'unsupported-1.2.json');
    for (const [bin, args] of [
      ['petstore-mock.js', ['--spec', spec, '--port', '0']],
      ['petstore-conformance.js', ['--spec', spec, '--target', 'http://127.0.0.1:9']],
    ] as const) {
      const run = spawnSync(process.execPath, [join(ROOT, 'bin', bin), ...args], {
        encoding: 'utf8',
        timeout: scaled(20_000),
      });
      expect(run.status, `${bin}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(/Swagger "1.2"; supported: Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x/);
    }
  });
});

describe('Swagger 2.0 is upgraded on load, and its places keep their own names', () => {
  it('host + basePath, body, formData (file), collectionFormat, securityDefinitions and shared references', async () => {
    const contract = await loadContract(fixture('orders-2.0.yaml'));
    expect(contract.version.family).toBe('2.0');
    expect(contract.basePath).toBe('/api');
    const create = contract.operationsById.get('createOrder')!;
    expect(create.requestBody?.required).toBe(true);
    expect(Object.keys(create.requestBody!.content)).toEqual(['application/json']);
    const upload = contract.operationsById.get('uploadReceipt')!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    const list = contract.operationsById.get('listOrders')!;
    expect(list.parameters.find((p) => p.name === 'status')).toMatchObject({ style: 'form', explode: false });
    expect(list.parameters.find((p) => p.name === 'tag')).toMatchObject({ style: 'form', explode: true });
    expect(list.parameters.find((p) => p.name === 'limit')?.schema).toMatchObject({ type: 'integer', maximum: 50 });
    expect([...contract.securitySchemes.keys()].sort()).toEqual(['basic', 'key', 'oauth']);
    expect(contract.securitySchemes.get('basic')).toMatchObject({ type: 'http', scheme: 'basic' });
    // x-nullable (the 2.0 extension) is read as nullable.
    const note = contract.resolved.components?.schemas?.['NewOrder'];
    expect(note && 'properties' in note ? note.properties?.['note'] : undefined).toMatchObject({ nullable: true });
  });

  it('a pointer into the upgraded document names the place in the original', async () => {
    const { parse } = await import('yaml');
    const { readFile } = await import('node:fs/promises');
    const original = parse(await readFile(fixture('orders-2.0.yaml'), 'utf8')) as Record<string, unknown>;
    expect(originalPointer(original, '#/components/schemas/NewOrder/properties/item')).toBe(
      '#/definitions/NewOrder/properties/item',
    );
    expect(
      originalPointer(original, '#/paths/~1orders/post/requestBody/content/application~1json/schema/properties/item'),
    ).toBe('#/paths/~1orders/post/parameters/0/schema/properties/item');
    expect(
      originalPointer(
        original,
        '#/paths/~1orders~1{orderId}~1receipt/post/requestBody/content/multipart~1form-data/schema/properties/note',
      ),
    ).toBe('#/paths/~1orders~1{orderId}~1receipt/post/parameters/2');
    expect(originalPointer(original, '#/paths/~1orders/get/responses/200/content/application~1json/schema/items')).toBe(
      '#/paths/~1orders/get/responses/200/schema/items',
    );
    expect(originalPointer(original, '#/components/securitySchemes/key')).toBe('#/securityDefinitions/key');
    expect(originalPointer(original, '#/servers/0/url')).toBe('#/host');
  });

  it('the mock serves it: the body parameter is validated, a good order is created', async () => {
    const app = await createMockApp({ spec: fixture('orders-2.0.yaml'), apiKeys: ['k'] });
    const bad = await request(app).post('/api/orders').set('x-api-key', 'k').send({ item: '', quantity: 0 });
    expect(bad.status).toBe(400);
    const good = await request(app).post('/api/orders').set('x-api-key', 'k').send({ item: 'pen', quantity: 2 });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ item: 'pen', quantity: 2 });
  });
});

describe("an operation's own produces overrides the document's (Swagger 2.0 Operation Object), as Docker Engine's ContainerLogs needs", () => {
  const document = {
    swagger: '2.0',
    info,
    produces: ['application/json', 'text/plain'],
    definitions: { Error: { type: 'object', properties: { message: { type: 'string' } } } },
    responses: { Gone: { description: 'gone', schema: { $ref: '#/definitions/Error' } } },
    paths: {
      '/logs': {
        get: {
          operationId: 'logs',
          produces: ['application/vnd.docker.raw-stream'],
          responses: {
            '200': { description: 'stream', schema: { type: 'string', format: 'binary' } },
            '410': { $ref: '#/responses/Gone' },
          },
        },
      },
      '/info': {
        get: {
          operationId: 'info',
          responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Error' } } },
        },
      },
    },
  };
  it("the operation's types, the document's for the others and for the shared responses", async () => {
    const contract = await contractFromDocument(structuredClone(document));
    const media = (id: string, status: string): string[] =>
      Object.keys(contract.operationsById.get(id)!.responses[status]?.content ?? {});
    expect(media('logs', '200')).toEqual(['application/vnd.docker.raw-stream']);
    expect(media('info', '200')).toEqual(['application/json', 'text/plain']);
    expect(media('logs', '410')).toEqual(['application/json', 'text/plain']);
    const gone = contract.resolved.components?.responses?.['Gone'];
    // Its #/definitions/ reference was rewritten, so it resolves to the schema.
    expect(gone && 'content' in gone ? gone.content?.['text/plain']?.schema : undefined).toEqual(
      document.definitions.Error,
    );
  });
});

describe('OpenAPI 3.1 schemas are JSON Schema 2020-12 in the kernel validator', () => {
  const v = new SchemaValidator('json-schema-2020-12');
  const ok = (schema: object, value: unknown): boolean => v.check(schema, value, 'request').valid;
  it.each([
    ['type list with null takes null', { type: ['string', 'null'] }, null, true],
    ['type list with null refuses a number', { type: ['string', 'null'] }, 3, false],
    ['const refuses anything else', { const: 'item' }, 'other', false],
    ['const takes itself', { const: 'item' }, 'item', true],
    ['numeric exclusiveMinimum refuses the bound', { type: 'number', exclusiveMinimum: 0 }, 0, false],
    [
      'prefixItems checks each position',
      { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] },
      [1, 2],
      false,
    ],
    ['items: false closes a tuple', { type: 'array', prefixItems: [{ type: 'number' }], items: false }, [1, 2], false],
    [
      'unevaluatedProperties sees allOf',
      { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
      { a: 1 },
      true,
    ],
    [
      'unevaluatedProperties refuses the rest',
      { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
      { a: 1, b: 2 },
      false,
    ],
    [
      '$defs and $id compile (twice, in one validator)',
      { $id: 'https://e.com/s', $defs: { x: { type: 'string' } }, type: 'string' },
      's',
      true,
    ],
    ['nullable is no 3.1 keyword', { type: 'string', nullable: true }, null, false],
  ])('%s', (_name, schema, value, valid) => {
    expect(ok(schema, value)).toBe(valid);
    expect(ok(structuredClone(schema), value)).toBe(valid);
  });

  it('the 3.0 validator keeps 3.0 rules (nullable)', () => {
    expect(new SchemaValidator().check({ type: 'string', nullable: true }, null, 'request').valid).toBe(true);
  });

  it('generated values of 3.1 schemas are valid by 3.1 rules (type lists, const, tuples, exclusive bounds)', () => {
    const faker = new Faker({ locale: [en] });
    faker.seed(7);
    // A 3.1 schema is not an OpenAPIV3 schema type (type lists, const): typed as what it is, a JSON value.
    const schema: object = {
      type: 'object',
      required: ['kind', 'note', 'point', 'size'],
      properties: {
        kind: { const: 'item' },
        note: { type: ['string', 'null'] },
        point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false },
        size: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 },
      },
    };
    for (let i = 0; i < 20; i++) {
      const value = sampleValue(schema as Parameters<typeof sampleValue>[0], {
        dice: diceOfFaker(faker),
        everyProperty: true,
      });
      expect(v.check(schema, value, 'response')).toEqual({ valid: true });
    }
    expect(lowered({ type: ['integer', 'null'] } as never)).toMatchObject({ type: 'integer', nullable: true });
    const typeList: object = { type: ['string', 'null'] };
    const onlyNull: object = { type: 'null' };
    expect(admitsNull(typeList as Parameters<typeof admitsNull>[0])).toBe(true);
    expect(admitsNull(onlyNull as Parameters<typeof admitsNull>[0])).toBe(true);
    expect(admitsNull({ type: 'string' })).toBe(false);
  });
});

describe('the mock validates requests and its own answers by 3.1 rules', () => {
  it('type ["string","null"] takes null; const refuses anything else; $ref siblings and exclusive bounds hold', async () => {
    const app = await createMockApp({ spec: fixture('items-3.1.yaml') });
    expect((await request(app).post('/v1/items').send({ name: 'a', kind: 'item', note: null })).status).toBe(201);
    const wrongConst = await request(app).post('/v1/items').send({ name: 'a', kind: 'other' });
    expect(wrongConst.status).toBe(400);
    expect(JSON.stringify(wrongConst.body)).toContain('constant');
    expect((await request(app).post('/v1/items').send({ name: 'a', kind: 'item', note: 5 })).status).toBe(400);
    expect((await request(app).post('/v1/items').send({ name: 'a', kind: 'item', size: 0 })).status).toBe(400);
    expect(
      (
        await request(app)
          .post('/v1/items')
          .send({ name: 'a', kind: 'item', tag: 'x'.repeat(11) })
      ).status,
    ).toBe(400);
    const list = await request(app).get('/v1/items');
    expect(list.status).toBe(200);
    const contract = await loadContract(fixture('items-3.1.yaml'));
    const schema = contract.operationsById.get('listItems')!.responses['200']!.content!['application/json']!.schema!;
    expect(new SchemaValidator('json-schema-2020-12').check(schema, list.body, 'response')).toEqual({ valid: true });
  });

  it('a 3.2 document is served; only what the kit cannot exercise is listed (a method Node does not read), with why', async () => {
    const contract = await loadContract(fixture('search-3.2.yaml'));
    expect(contract.version.family).toBe('3.2');
    expect(contract.notExercised.join('\n')).toMatch(
      /FROBNICATE \/notes: FROBNICATE is not a method Node's HTTP parser reads/,
    );
    const app = await createMockApp({ spec: fixture('search-3.2.yaml') });
    const list = await request(app).get('/notes');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
  });

  it('a text read twice gives the same contract (the version is part of what is cached)', async () => {
    const text = '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"components":{}}';
    expect((await contractFromText(text)).version.family).toBe('3.1');
  });
});

describe("a header parameter named Content-Type is ignored (OAS 3.0.3 §4.7.12.1), as Docker Engine's 2.0 document needs", () => {
  it('the validator is not given it, and the mock takes the body its consumes lists', async () => {
    const document = {
      swagger: '2.0',
      info,
      paths: {
        '/build': {
          post: {
            operationId: 'build',
            consumes: ['application/octet-stream'],
            parameters: [
              { name: 'input', in: 'body', schema: { type: 'string', format: 'binary' } },
              { name: 'Content-type', in: 'header', type: 'string', enum: ['application/x-tar'] },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const contract = await contractFromDocument(document);
    const forValidator = validatorDocument(contract);
    expect(forValidator.document.paths['/build']?.post?.parameters).toEqual([]);
    expect(forValidator.changes.join('\n')).toContain('§4.7.12.1');
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'docker-'));
    try {
      await writeFile(join(dir, 'build.json'), JSON.stringify(document));
      const app = await createMockApp({ spec: join(dir, 'build.json') });
      const res = await request(app)
        .post('/build')
        .set('content-type', 'application/octet-stream')
        .send(Buffer.from('tar'));
      expect(res.status, res.text).toBeLessThan(300);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an empty list in an optional query parameter is left out, not sent as an empty value (OAS 3.0.3 §4.7.12 allowEmptyValue)', () => {
  it('Swagger 2.0 csv arrays (petstore-expanded tags) are no longer sent as "tags="', async () => {
    const { serialiseQuery } = await import('../../src/contract/params/index.js');
    const tags = {
      name: 'tags',
      in: 'query',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string' } },
    } as const;
    expect(serialiseQuery(tags, 'tags', [])).toEqual([]);
    const required = { ...tags, required: true };
    const allowsEmpty = { ...tags, allowEmptyValue: true };
    expect(serialiseQuery(required, 'tags', [])).toEqual(['tags=']);
    expect(serialiseQuery(allowsEmpty, 'tags', [])).toEqual(['tags=']);
    expect(serialiseQuery(tags, 'tags', ['a', 'b'])).toEqual(['tags=a,b']);
  });
});

describe('a 3.1 document of webhooks only', () => {
  it(
    'the runner says there is nothing to call, naming the webhooks, and exits 2',
    async () => {
      const { createServer } = await import('node:http');
      const { spawn } = await import('node:child_process');
      const server = createServer((_req, res) => res.writeHead(404).end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      const target = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      try {
        const spec = join(ROOT, 'fixtures', 'corpus', 'oai-webhook-example-3.1.yaml');
        const child = spawn(process.execPath, [
          join(ROOT, 'bin', 'petstore-conformance.js'),
          '--spec',
          spec,
          '--target',
          target,
        ]);
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(status, output).toBe(2);
        expect(output).toMatch(/the contract has no operations to call \(its webhooks are requests the API sends/);
      } finally {
        server.close();
      }
    },
    scaled(30_000),
  );
});
