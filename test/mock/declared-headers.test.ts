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
