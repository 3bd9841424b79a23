import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundledContractPath, loadContract, SchemaValidator, type Contract } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { validatorDocument } from '../../src/mock/validator-document.js';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { ROOT, type App } from './helpers.js';

const corpus = (name: string): string => {
  const doc = CORPUS.find((c) => c.name === name);
  if (!doc) throw new Error(`no corpus document ${name}`);
  return doc.file;
};
const CONSTRUCTS = join(ROOT, 'fixtures', 'mock-contracts', 'constructs.yaml');
const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A response body checked against the contract's schema for that operation and status. */
function expectBodyFits(contract: Contract, operationId: string, status: number, body: unknown): void {
  const response =
    contract.operationsById.get(operationId)?.responses[String(status)] ??
    contract.operationsById.get(operationId)?.responses['default'];
  const schema = response?.content?.['application/json']?.schema;
  expect(schema, `${operationId} documents ${status}`).toBeDefined();
  const check = new SchemaValidator().check(schema!, body, 'response');
  expect(check.valid ? [] : check.violations).toEqual([]);
}

describe('Petstore rules are bound to the contracts that declare them', () => {
  it('petstore-expanded: DELETE of a pet deletes it (no "Pet NaN"), a second DELETE is 404 in its own error schema', async () => {
    const contract = await loadContract(corpus('oai-petstore-expanded'));
    const app = await createMockApp({ spec: corpus('oai-petstore-expanded') });
    const list = await request(app).get('/v2/pets').expect(200);
    const id = (list.body as { id: number }[])[0]!.id;
    await request(app).delete(`/v2/pets/${id}`).expect(204);
    const again = await request(app).delete(`/v2/pets/${id}`).expect(404);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toMatchObject({ code: 404 }); // the contract's Error: code is an integer
    expect(again.text).not.toMatch(/NaN|Pet \d+ does not exist/);
    expectBodyFits(contract, 'deletePet', 404, again.body);
  });

  it('Swagger Petstore v3: DELETE /pet/{id} deletes (no "open order" 409)', async () => {
    const app = await createMockApp({ spec: corpus('swagger-petstore-v3') });
    const created = await request(app)
      .post('/api/v3/pet')
      .set('Authorization', 'Bearer t')
      .send({ name: 'doggie', photoUrls: [] })
      .expect(200);
    const id = (created.body as { id: number }).id;
    await request(app).delete(`/api/v3/pet/${id}`).set('Authorization', 'Bearer t').expect(200);
    await request(app).get(`/api/v3/pet/${id}`).set('api_key', 'dev-key').expect(404);
  });

  it('the rule for bodies (src/contract/response-body.ts): a success documented without content has none, an error documented without content explains itself (RFC 9110 §15.5)', async () => {
    const app = await createMockApp({ spec: corpus('swagger-petstore-v3') });
    const created = await request(app)
      .post('/api/v3/pet')
      .set('Authorization', 'Bearer t')
      .send({ name: 'doggie', photoUrls: [] })
      .expect(200);
    const id = (created.body as { id: number }).id;
    // deletePet documents `200: Pet deleted` without content.
    const deleted = await request(app).delete(`/api/v3/pet/${id}`).set('Authorization', 'Bearer t').expect(200);
    expect(deleted.text ?? '').toBe('');
    expect(deleted.headers['content-type']).toBeUndefined();
    // getPetById documents `404: Pet not found` without content.
    const missing = await request(app).get(`/api/v3/pet/${id}`).set('api_key', 'dev-key').expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
    // Prefer asks for the same documented status: still no body.
    const canned = await request(app)
      .delete(`/api/v3/pet/${id}`)
      .set('Authorization', 'Bearer t')
      .set('Prefer', 'code=200')
      .expect(200);
    expect(canned.text ?? '').toBe('');
  });

  it('an error described only as multipart/mixed (PayPal invoicing) is written in that type: the error object as its one JSON part (RFC 2046 §5.1)', async () => {
    const app = await createMockApp({ spec: corpus('paypal-invoicing-v2') });
    const res = await request(app)
      .post('/v2/invoicing/invoices/INV2-AAAA-BBBB-CCCC-DDDD/generate-qr-code')
      .set('Authorization', 'Bearer t')
      .set('Content-Type', 'application/json')
      .send('[]')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => done(null, text));
      })
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^multipart\/mixed; boundary=petstore-mock-error(;|$)/);
    const m =
      /^--petstore-mock-error\r\nContent-Type: application\/json\r\n\r\n(.*)\r\n--petstore-mock-error--\r\n$/s.exec(
        res.body as string,
      );
    expect(m, String(res.body)).not.toBeNull();
    expect(JSON.parse(m![1]!)).toMatchObject({ name: expect.any(String), message: expect.any(String) });
  });

  it('the bundled contract declares x-mock-rules: petstore; a copy without it gets the generic engine; an unknown value is refused in one line', async () => {
    const text = await readFile(bundledContractPath, 'utf8');
    expect(text).toMatch(/^x-mock-rules: petstore$/m);
    const dir = await mkdtemp(join(tmpdir(), 'rules-'));
    try {
      const plain = join(dir, 'plain.yaml');
      await writeFile(plain, text.replace(/^x-mock-rules: petstore\n/m, ''));
      const generic = await createMockApp({ spec: plain });
      expect((await request(generic).get('/__mock/engine').expect(200)).body.rules).toBe('generic');
      const petstore = await createMockApp();
      expect((await request(petstore).get('/__mock/engine').expect(200)).body.rules).toBe('petstore');
      const other = join(dir, 'other.yaml');
      await writeFile(other, text.replace(/^x-mock-rules: petstore$/m, 'x-mock-rules: bookshop'));
      await expect(createMockApp({ spec: other })).rejects.toThrow(
        /^x-mock-rules: "bookshop" at the top of the contract names no rules this mock has \(petstore\)$/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the generic engine on a contract of its own (fixtures/mock-contracts/constructs.yaml)', () => {
  let app: App;
  let contract: Contract;
  beforeAll(async () => {
    contract = await loadContract(CONSTRUCTS);
    app = await createMockApp({ spec: CONSTRUCTS, tokens: ['good-token'] });
  });

  it('create → read → list (wrapped, paged, filtered) → patch → delete → 404, under the base path', async () => {
    const created = await request(app)
      .post('/v1/things')
      .set('X-Key', 'dev-key')
      .send({ name: 'Big Box', colour: 'green' })
      .expect(201);
    expect(created.body).toMatchObject({ name: 'Big Box', colour: 'green' });
    const id = (created.body as { id: string }).id;
    expect(id).toMatch(/^th_[a-z0-9]{6}$/);
    expect(created.headers['location']).toBe(`/v1/things/${id}`);
    expect((await request(app).get(`/v1/things/${id}`).expect(200)).body).toEqual(created.body);
    const page = await request(app).get('/v1/things?colour=green&limit=50').expect(200);
    expect((page.body as { data: { id: string }[] }).data.map((t) => t.id)).toContain(id);
    expect((page.body as { data: { colour: string }[] }).data.every((t) => t.colour === 'green')).toBe(true);
    expect((page.body as { total: number }).total).toBe((page.body as { data: unknown[] }).data.length);
    const limited = await request(app).get('/v1/things?limit=1').expect(200);
    expect((limited.body as { data: unknown[] }).data).toHaveLength(1);
    expect((limited.body as { total: number }).total).toBeGreaterThan(1);
    const patched = await request(app)
      .patch(`/v1/things/${id}`)
      .set('Authorization', 'Bearer good-token')
      .set('Content-Type', 'application/merge-patch+json')
      .send({ name: 'Big Box', colour: null })
      .expect(200);
    expect(patched.body).toMatchObject({ id, name: 'Big Box', colour: null });
    await request(app).delete(`/v1/things/${id}`).set('Authorization', basic('ann', 'pw')).expect(204);
    const gone = await request(app).get(`/v1/things/${id}`).expect(404);
    expectBodyFits(contract, 'getThing', 404, gone.body);
    expect(gone.body).toMatchObject({ code: 404 });
  });

  it('validation stays on under the base path; outside it is 404 naming the base path', async () => {
    const bad = await request(app)
      .post('/v1/things')
      .set('X-Key', 'dev-key')
      .send({ name: 'has digits 42' })
      .expect(400);
    expectBodyFits(contract, 'createThing', 400, bad.body);
    expect(bad.body).toMatchObject({ code: 400 });
    const outside = await request(app).get('/things').expect(404);
    expect(outside.body.message).toMatch(/under \/v1/);
  });

  it('accepts what express-openapi-validator refuses as written: nullable without type, a (?i) pattern', async () => {
    const normalised = validatorDocument(contract);
    expect(normalised.changes.some((c) => c.includes('nullable without type'))).toBe(true);
    expect(normalised.changes.some((c) => c.includes('pattern rewritten'))).toBe(true);
    const created = await request(app)
      .post('/v1/things')
      .set('X-Key', 'dev-key')
      .send({ name: 'UPPER and lower', note: null })
      .expect(201);
    expect(created.body).toMatchObject({ name: 'UPPER and lower', note: null });
  });

  it('starts on nullable: false without type (ajv refuses the keyword there, true or false) and keeps the value non-null', async () => {
    expect(validatorDocument(contract).changes).toContain(
      '#/components/schemas/Thing/properties/label/allOf/1: nullable: false without type',
    );
    const created = await request(app)
      .post('/v1/things')
      .set('X-Key', 'dev-key')
      .send({ name: 'Labelled', label: 'blue one' })
      .expect(201);
    expect(created.body).toMatchObject({ label: 'blue one' });
    const refused = await request(app)
      .post('/v1/things')
      .set('X-Key', 'dev-key')
      .send({ name: 'Labelled', label: null })
      .expect(400);
    expectBodyFits(contract, 'createThing', 400, refused.body);
  });

  it('a document beyond repair stops the start with one line naming the construct and where, never a validator dump', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'broken-'));
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    try {
      const broken = join(dir, 'broken.yaml');
      await writeFile(
        broken,
        (await readFile(CONSTRUCTS, 'utf8')).replace(
          'code: { type: integer, minimum: 100, maximum: 599 }',
          'code: { type: int }',
        ),
      );
      const failure = await createMockApp({ spec: broken }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(
        'the contract cannot be served: #/components/schemas/Problem/properties/code/type must be equal to one of the allowed values (array, boolean, integer, number, object, string)',
      );
      expect(errors).toEqual([]);
    } finally {
      spy.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('every scheme type is checked, each with its own WWW-Authenticate challenge (RFC 9110 §11.6.1)', async () => {
    const none = await request(app).post('/v1/things').send({ name: 'x' }).expect(401);
    expect(none.headers['www-authenticate']).toBe(
      'ApiKey realm="mock", header="X-Key", ApiKey realm="mock", query="api_key", ApiKey realm="mock", cookie="session"',
    );
    expectBodyFits(contract, 'createThing', 401, none.body);
    await request(app).post('/v1/things').set('X-Key', 'wrong').send({ name: 'x' }).expect(401);
    await request(app).post('/v1/things?api_key=dev-key').send({ name: 'Query' }).expect(201);
    await request(app).post('/v1/things').set('Cookie', 'a=b; session=dev-key').send({ name: 'Cookie' }).expect(201);

    const id = ((await request(app).get('/v1/things').expect(200)).body as { data: { id: string }[] }).data[0]!.id;
    const noToken = await request(app)
      .patch(`/v1/things/${id}`)
      .set('Content-Type', 'application/merge-patch+json')
      .send({ name: 'n' })
      .expect(401);
    expect(noToken.headers['www-authenticate']).toBe('Bearer realm="mock"');
    await request(app)
      .patch(`/v1/things/${id}`)
      .set('Authorization', 'Bearer other-token')
      .set('Content-Type', 'application/merge-patch+json')
      .send({ name: 'n' })
      .expect(401);
    const noBasic = await request(app).delete(`/v1/things/${id}`).expect(401);
    expect(noBasic.headers['www-authenticate']).toBe('Basic realm="mock"');
    await request(app).delete(`/v1/things/${id}`).set('Authorization', 'Basic not-base64!').expect(401);
    const bearer = await request(app).get('/logo').expect(404); // outside the base path
    expect(bearer.status).toBe(404);
    expect((await request(app).get('/v1/logo').expect(401)).headers['www-authenticate']).toBe('Bearer realm="mock"');
  });

  it('without --token any non-empty bearer token is accepted', async () => {
    const open = await createMockApp({ spec: CONSTRUCTS });
    await request(open).get('/v1/logo').set('Authorization', 'Bearer anything').expect(200);
    await request(open).get('/v1/logo').set('Authorization', 'Bearer ').expect(401);
  });

  it('with --basic pairs only those are accepted (RFC 7617); a refused bearer token is challenged with error="invalid_token" (RFC 6750 §3.1)', async () => {
    const strict = await createMockApp({ spec: CONSTRUCTS, basic: ['ann:p:w'], tokens: ['good-token'] });
    const id = ((await request(strict).get('/v1/things').expect(200)).body as { data: { id: string }[] }).data[0]!.id;
    for (const wrong of [basic('ann', 'pw'), basic('bob', 'p:w'), basic('ann', 'p:w ')]) {
      const refused = await request(strict).delete(`/v1/things/${id}`).set('Authorization', wrong).expect(401);
      expect(refused.headers['www-authenticate']).toBe('Basic realm="mock"');
      expectBodyFits(contract, 'deleteThing', 401, refused.body);
    }
    await request(strict).delete(`/v1/things/${id}`).set('Authorization', basic('ann', 'p:w')).expect(204); // the password may hold a colon
    const wrongToken = await request(strict).get('/v1/logo').set('Authorization', 'Bearer other-token').expect(401);
    expect(wrongToken.headers['www-authenticate']).toBe('Bearer realm="mock", error="invalid_token"');
    await request(strict).get('/v1/logo').set('Authorization', 'Bearer good-token').expect(200);
  });

  it('basic credentials that are not USER:PASS with a user are refused as an option', async () => {
    for (const pair of ['nocolon', ':pw', '']) {
      await expect(createMockApp({ spec: CONSTRUCTS, basic: [pair] })).rejects.toThrow(
        /^basic credentials must look like USER:PASS with a non-empty user/,
      );
    }
  });

  it('answers every documented media type by content negotiation; 406 only when none fits', async () => {
    const xml = await request(app).get('/v1/things').set('Accept', 'application/xml').expect(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<things><thing id="th_[a-z0-9]{6}"><name>/);
    const text = await request(app).get('/v1/ping').set('Accept', 'text/plain').expect(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.text).toBe('pong');
    const png = await request(app)
      .get('/v1/logo')
      .set('Authorization', 'Bearer good-token')
      .set('Accept', 'image/png')
      .expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    const refused = await request(app).get('/v1/ping').set('Accept', 'application/json').expect(406);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toMatchObject({ code: 406 });
    // The kernel's negotiate (src/contract/negotiate.ts): the most specific range gives the q; q=0 refuses.
    const notJson = await request(app).get('/v1/things').set('Accept', 'application/json;q=0, */*').expect(200);
    expect(notJson.headers['content-type']).toMatch(/^application\/xml/);
    const weighed = await request(app)
      .get('/v1/things')
      .set('Accept', 'application/xml;q=0.3, application/json')
      .expect(200);
    expect(weighed.headers['content-type']).toMatch(/^application\/json/);
    await request(app).get('/v1/things').set('Accept', 'application/json;q=0, application/xml;q=0').expect(406);
  });

  it('a documented media range answers any type it covers, 406 otherwise (OAS 3.0.3 §4.7.10, RFC 9110 §12.5.1)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ranges-'));
    try {
      const spec = join(dir, 'ranges.yaml');
      await writeFile(
        spec,
        [
          'openapi: 3.0.3',
          'info: { title: ranges, version: "1" }',
          'paths:',
          '  /anything:',
          '    get:',
          '      operationId: getAnything',
          '      responses:',
          "        '200':",
          '          description: any type',
          '          content:',
          "            '*/*': { schema: { type: object, properties: { ok: { type: boolean } } }, example: { ok: true } }",
          '  /picture:',
          '    get:',
          '      operationId: getPicture',
          '      responses:',
          "        '200':",
          '          description: an image',
          '          content:',
          "            'image/*': { schema: { type: string, format: binary } }",
          '',
        ].join('\n'),
      );
      const ranges = await createMockApp({ spec });
      // express's req.accepts matched a documented `*/*` only against a `*/*` range: 406 to a JSON client.
      const anything = await request(ranges).get('/anything').set('Accept', 'application/json').expect(200);
      expect(anything.headers['content-type']).toMatch(/^application\/json/);
      const picture = await request(ranges).get('/picture').set('Accept', 'image/png').expect(200);
      // Labelled with the accepted type inside the documented range, never the range (RFC 9110 §8.3).
      expect(picture.headers['content-type']).toBe('image/png');
      await request(ranges).get('/picture').set('Accept', 'text/html').expect(406);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('HEAD is GET without the body (RFC 9110 §9.3.2); OPTIONS is 204 with Allow', async () => {
    const get = await request(app).get('/v1/things').expect(200);
    const head = await request(app).head('/v1/things').expect(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    const options = await request(app).options('/v1/things/th_abc123').expect(204);
    expect(options.headers['allow']).toBe('GET, DELETE, PATCH, HEAD, OPTIONS');
  });

  it('generated records fit every format the response validator checks (url, time, byte, json-pointer, ipv6, duration) and overlapping oneOf alternatives', async () => {
    const list = await request(app).get('/v1/things?limit=50').expect(200);
    const things = (list.body as { data: Record<string, unknown>[] }).data;
    expect(
      things.some(
        (t) =>
          typeof t['homepage'] === 'string' && typeof t['fingerprint'] === 'string' && typeof t['stay'] === 'string',
      ),
    ).toBe(true);
    expect(things.some((t) => t['source'] !== undefined)).toBe(true);
    expectBodyFits(contract, 'listThings', 200, list.body);
  });

  it('reads multipart/form-data (RFC 7578) typed after its schema: a file, text, an integer, a JSON part; records keep required undeclared fields', async () => {
    const created = await request(app)
      .post('/v1/files')
      .set('Authorization', 'Bearer good-token')
      .attach('file', Buffer.from('%PDF-1.4 hello'), { filename: 'a.pdf', contentType: 'application/pdf' })
      .field('title', 'Quarterly report')
      .field('pages', '3')
      .field('meta', JSON.stringify({ tag: 'q3' }), { contentType: 'application/json' })
      .expect(201);
    expect(created.body).toMatchObject({ title: 'Quarterly report', pages: 3, meta: { tag: 'q3' } });
    expectBodyFits(contract, 'uploadFile', 201, created.body);
    expect(created.body).toHaveProperty('checksum');
    const id = (created.body as { id: number }).id;
    expect((await request(app).get(`/v1/files/${id}`).expect(200)).body).toEqual(created.body);
    const seeded = (await request(app).get('/__mock/state').expect(200)).body as {
      collections: Record<string, Record<string, Record<string, object>>>;
    };
    expect(Object.keys(seeded.collections['/files']?.[''] ?? {}).length).toBeGreaterThan(1); // the seeds fit the schema too
  });

  it("a multipart body that breaks its schema, has no boundary or is not multipart is a 400 in the contract's error schema", async () => {
    const missing = await request(app)
      .post('/v1/files')
      .set('Authorization', 'Bearer good-token')
      .field('pages', '0')
      .expect(400);
    expectBodyFits(contract, 'uploadFile', 400, missing.body);
    expect(missing.text).toMatch(/file|title/);
    const noBoundary = await request(app)
      .post('/v1/files')
      .set('Authorization', 'Bearer good-token')
      .set('Content-Type', 'multipart/form-data')
      .send('title=x')
      .expect(400);
    expect(noBoundary.body.message).toMatch(/boundary/);
    expectBodyFits(contract, 'uploadFile', 400, noBoundary.body);
    const garbled = await request(app)
      .post('/v1/files')
      .set('Authorization', 'Bearer good-token')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('not multipart at all')
      .expect(400);
    expectBodyFits(contract, 'uploadFile', 400, garbled.body);
    expect(garbled.text).not.toMatch(/<html|at \w+ \(|node_modules/);
  });

  it('an error schema that is a oneOf per status takes the alternative of this status; a location enum keeps its own values', async () => {
    const bad = await request(app).get('/v1/files/abc/pages').expect(400);
    expectBodyFits(contract, 'countPages', 400, bad.body);
    expect(bad.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: 'path.fileId', location: 'path' }] });
  });

  it('an error schema that is a list of error objects says the violations in it, not an empty body', async () => {
    const bad = await request(app).post('/v1/reports').set('Authorization', 'Bearer good-token').send({}).expect(400);
    expectBodyFits(contract, 'createReport', 400, bad.body);
    expect((bad.body as { errors: { message: string }[] }).errors[0]?.message).toMatch(/title/);
  });

  it('an error field two allOf parts describe fits both (an integer status, not its text)', async () => {
    const refused = await request(app)
      .post('/v1/reports')
      .set('Authorization', 'Bearer good-token')
      .set('Accept', 'text/html')
      .send({ title: 'x' })
      .expect(406);
    expectBodyFits(contract, 'createReport', 406, refused.body);
    expect(refused.body).toMatchObject({ status: 406 });
  });

  it('identifiers fit the item path parameter as well as the id field: seeded and created records can be read back', async () => {
    const state = (await request(app).get('/__mock/state').expect(200)).body as {
      collections: Record<string, Record<string, Record<string, object>>>;
    };
    const seeded = Object.keys(state.collections['/orders']?.[''] ?? {});
    expect(seeded.length).toBeGreaterThan(0);
    for (const id of seeded) await request(app).get(`/v1/orders/${id}`).expect(200);
    const created = await request(app).post('/v1/orders').send({ total: 3 }).expect(201);
    expectBodyFits(contract, 'createOrder', 201, created.body);
    // A record holds what was sent and the identifier, nothing generated beside them.
    expect(Object.keys(created.body as object).sort()).toEqual(['id', 'total']);
    // A generated value fits both allOf parts that describe the same property.
    const generated = await request(app).get(`/v1/orders/${seeded[0]!}`).set('Prefer', 'dynamic=true').expect(200);
    expect(['default_task', 'milestone']).toContain((generated.body as { kind: { subtype: string } }).kind.subtype);
    const id = (created.body as { id: string }).id;
    expect(id).toMatch(/^[A-Z0-9]+$/);
    expect((await request(app).get(`/v1/orders/${id}`).expect(200)).body).toEqual(created.body);
  });

  it("templates that differ only in their parameters' names are one path: each operation is served, its parameters validated", async () => {
    const confirmed = await request(app).post('/v1/orders/ABC123').expect(200);
    expectBodyFits(contract, 'confirmOrder', 200, confirmed.body);
    await request(app).post('/v1/orders/abc').expect(400);
    expect((await request(app).options('/v1/orders/ABC123').expect(204)).headers['allow']).toBe(
      'GET, POST, HEAD, OPTIONS',
    );
  });

  it('a request body is optional unless required: true (OAS 3.0.3 §4.7.13): no body is 200, a bad one still 400', async () => {
    await request(app).post('/v1/ping').expect(200);
    await request(app).post('/v1/ping').send({ note: 'short' }).expect(200);
    await request(app).post('/v1/ping').send({ note: 'far too long a note' }).expect(400);
  });

  it('a path key with a fragment is served at the path without it (RFC 3986 §3.5), after the operations written there', async () => {
    const echoed = await request(app).put('/v1/ping?loud=true').send({ text: 'hi' }).expect(200);
    expectBodyFits(contract, 'echoPing', 200, echoed.body);
    await request(app).put('/v1/ping?loud=maybe').send({ text: 'hi' }).expect(400);
    await request(app).put('/v1/ping').send({}).expect(400);
    expect((await request(app).get('/v1/ping').expect(200)).text).toBe('pong');
    expect((await request(app).options('/v1/ping').expect(204)).headers['allow']).toBe('GET, POST, PUT, HEAD, OPTIONS');
  });

  it('an error inside a wrapper object ({error: {status, message}}) carries the real status and message', async () => {
    const res = await request(app).post('/v1/reports').send({ title: 't' }).expect(401);
    expectBodyFits(contract, 'createReport', 401, res.body);
    expect(res.body).toMatchObject({ error: { status: 401 } });
    expect((res.body as { error: { message: string } }).error.message).not.toMatch(/^[A-Z][a-z]+( [a-z]+)*\.$/);
  });

  it("an error code enum without the status's own reason says its class (bad_request), not the first value", async () => {
    const res = await request(app)
      .post('/v1/reports')
      .set('Authorization', 'Bearer good-token')
      .set('Content-Type', 'text/plain')
      .send('title')
      .expect(415);
    expectBodyFits(contract, 'createReport', 415, res.body);
    expect(res.body).toMatchObject({ code: 'bad_request' });
  });

  it("a body the parser refuses is answered in the contract's error schema, never HTML", async () => {
    const res = await request(app)
      .post('/v1/things')
      .set('X-Key', 'dev-key')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectBodyFits(contract, 'createThing', 400, res.body);
    expect(res.text).not.toMatch(/<html|at \w+ \(|node_modules/);
  });

  it('the same seed gives byte-identical records; another seed others', async () => {
    const state = async (seed: number): Promise<string> =>
      (
        await request(await createMockApp({ spec: CONSTRUCTS, seed }))
          .get('/__mock/state')
          .expect(200)
      ).text;
    const a = await state(7);
    expect(await state(7)).toBe(a);
    expect(await state(8)).not.toBe(a);
    const reset = await createMockApp({ spec: CONSTRUCTS, seed: 7 });
    await request(reset).post('/v1/things').set('X-Key', 'dev-key').send({ name: 'Extra' }).expect(201);
    await request(reset).post('/__mock/reset').expect(204);
    expect((await request(reset).get('/__mock/state').expect(200)).text).toBe(a);
    // Later resets restore what the first one seeded: a seeded record changed in place, another
    // deleted and a new one created in between leave no trace, in the store or in the kept state.
    const seeded = (JSON.parse(a) as { collections: Record<string, Record<string, Record<string, unknown>>> })
      .collections;
    const ids = Object.keys(seeded['/things']?.[''] ?? {});
    expect(ids.length).toBeGreaterThan(1);
    for (let round = 0; round < 2; round++) {
      await request(reset)
        .patch(`/v1/things/${ids[0]}`)
        .set('Authorization', 'Bearer good-token')
        .set('Content-Type', 'application/merge-patch+json')
        .send({ name: round === 0 ? 'Big Box' : 'Small Box' })
        .expect(200);
      await request(reset).delete(`/v1/things/${ids[1]}`).set('Authorization', basic('ann', 'pw')).expect(204);
      await request(reset).post('/v1/things').set('X-Key', 'dev-key').send({ name: 'Again' }).expect(201);
      expect((await request(reset).get('/__mock/state').expect(200)).text).not.toBe(a);
      await request(reset).post('/__mock/reset').expect(204);
      expect((await request(reset).get('/__mock/state').expect(200)).text).toBe(a);
      await request(reset).get(`/v1/things/${ids[1]}`).expect(200);
    }
  });
});

describe("errors in a contract's own schema (Swagger Petstore v3 documents none: the fallback is JSON)", () => {
  it('a key-protected operation without the key answers 401 unauthorized with both challenges, not {code: internal}', async () => {
    const app = await createMockApp({ spec: corpus('swagger-petstore-v3') });
    const res = await request(app).get('/api/v3/pet/1').expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(res.headers['www-authenticate']).toBe('ApiKey realm="mock", header="api_key", Bearer realm="mock"');
    const oauthOnly = await request(app).post('/api/v3/pet').send({ name: 'doggie', photoUrls: [] }).expect(401);
    expect(oauthOnly.headers['www-authenticate']).toBe('Bearer realm="mock"');
  });

  it('reads a form body typed after its schema (a single value of an array field, numbers)', async () => {
    const app = await createMockApp({ spec: corpus('swagger-petstore-v3') });
    const res = await request(app)
      .post('/api/v3/pet')
      .set('Authorization', 'Bearer t')
      .type('form')
      .send('name=doggie&photoUrls=a&id=77')
      .expect(200);
    expect(res.body).toMatchObject({ id: 77, name: 'doggie', photoUrls: ['a'] });
    await request(app).get('/api/v3/pet/77').set('api_key', 'dev-key').expect(200);
  });

  it('answers XML where the contract documents it', async () => {
    const app = await createMockApp({ spec: corpus('swagger-petstore-v3') });
    const res = await request(app)
      .get('/api/v3/pet/findByStatus?status=available')
      .set('Authorization', 'Bearer t')
      .set('Accept', 'application/xml')
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toMatch(/^<\?xml/);
  });
});
