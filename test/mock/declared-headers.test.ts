import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { ROOT } from './helpers.js';

const SPEC = join(ROOT, 'fixtures', 'corpus', 'swagger-petstore-v3.yaml');

// Issue 21, item 8, on swagger-petstore-v3: the contract's order of media types decides for
// `Accept: */*` (RFC 9110 §12.5.1), and the declared response headers are sent.
describe('another contract: media type order and declared headers', () => {
  it('Accept: */* gets the first documented type (JSON on getPetById, XML on loginUser); an explicit Accept wins', async () => {
    const app = await createMockApp({ spec: SPEC, apiKeys: ['k'] });
    const json = await request(app).get('/api/v3/pet/1').set({ Accept: '*/*', api_key: 'k', Prefer: 'code=200' });
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const xml = await request(app)
      .get('/api/v3/pet/1')
      .set({ Accept: 'application/xml', api_key: 'k', Prefer: 'code=200' });
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    const login = await request(app).get('/api/v3/user/login?username=a&password=b').set('Accept', '*/*');
    expect(login.status).toBe(200);
    expect(login.headers['content-type']).toMatch(/^application\/xml/); // documented first there
  });

  it('loginUser sends X-Rate-Limit (int32) and X-Expires-After (date-time), optional as they are', async () => {
    const app = await createMockApp({ spec: SPEC });
    const res = await request(app).get('/api/v3/user/login?username=a&password=b').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['x-rate-limit']).toMatch(/^-?\d+$/);
    expect(Number.isNaN(Date.parse(res.headers['x-expires-after'] ?? ''))).toBe(false);
    expect(res.headers['x-expires-after']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
  });
});

// Issue 29 (ably.io/platform): every answer carries the headers its documented response requires,
// the mock's own refusals and 404s included; a header whose value the state owns is never invented.
describe('required response headers on every answer', () => {
  const FIXTURE = join(ROOT, 'fixtures', 'constructs', 'directory', 'error-requires-headers.yaml');

  it('a refusal (400), an unknown id (404, `default`) and a list answered from the state carry x-server-id', async () => {
    const app = await createMockApp({ spec: FIXTURE });
    const refused = await request(app).get('/channels?limit=0');
    expect(refused.status).toBe(400);
    expect(refused.headers['x-server-id']).toMatch(/^\S+$/);
    expect(refused.headers['x-error-code']).toBeUndefined(); // optional: nothing generated beside the error
    const missing = await request(app).get('/channels/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-server-id']).toMatch(/^\S+$/);
    const listed = await request(app).get('/channels?limit=1');
    expect(listed.status).toBe(200);
    expect(listed.headers['x-server-id']).toMatch(/^\S+$/);
  });

  it('a record read from the state gets its required X-Node; a required X-Total-Count is not invented (its value would be false)', async () => {
    const thing = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
    };
    const spec = {
      openapi: '3.0.3',
      info: { title: 'counted', version: '1' },
      paths: {
        '/things': {
          get: {
            responses: {
              '200': {
                description: 'The things.',
                content: { 'application/json': { schema: { type: 'array', items: thing } } },
              },
            },
          },
          post: {
            requestBody: { required: true, content: { 'application/json': { schema: thing } } },
            responses: { '201': { description: 'Created.', content: { 'application/json': { schema: thing } } } },
          },
        },
        '/things/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'The thing.',
                headers: {
                  'X-Total-Count': { required: true, schema: { type: 'integer' } },
                  'X-Node': { required: true, schema: { type: 'string', enum: ['a1'] } },
                },
                content: { 'application/json': { schema: thing } },
              },
            },
          },
        },
      },
    };
    const dir = await mkdtemp(join(tmpdir(), 'petstore-required-headers-'));
    try {
      await writeFile(join(dir, 'counted.json'), JSON.stringify(spec));
      const app = await createMockApp({ spec: join(dir, 'counted.json') });
      const created = await request(app).post('/things').send({ name: 'n' });
      expect(created.status).toBe(201);
      const res = await request(app).get(`/things/${encodeURIComponent(created.body.id)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created.body);
      expect(res.headers['x-node']).toBe('a1');
      expect(res.headers['x-total-count']).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
