import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { serialiseQuery, type Parameter } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { ROOT, type App } from './helpers.js';

// Query parameters whose literal names carry brackets (OAS 3.0.3 §4.7.12.1: the name is the
// parameter's, case-sensitive): `fields[]`, an exploded array of enum strings, and
// `filter[status]`, a plain form string (not a deepObject member).
const DOC = join(ROOT, 'fixtures', 'constructs', 'directory', 'bracketed-array-names.yaml');

describe('a bracketed query name is the parameter the document names', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec: DOC });
  });
  const message = async (query: string): Promise<string> =>
    ((await request(app).get(`/places?${query}`).expect(400)).body as { message: string }).message;

  it('accepts `fields[]` repeated, once, percent-encoded, and beside the other bracketed name', async () => {
    // Repeated, qs read `fields[]` as one item `location,location`: 400 "fields/0 must be equal to one of…".
    await request(app).get('/places?fields[]=location&fields[]=location').expect(200);
    await request(app).get('/places?fields[]=location&fields[]=name&fields[]=rating').expect(200);
    await request(app).get('/places?fields[]=location').expect(200);
    await request(app).get('/places?fields%5B%5D=name&fields%5B%5D=rating').expect(200);
    await request(app).get('/places?fields[]=name&filter[status]=closed&field=2').expect(200);
    await request(app).get('/places?filter[status]=open').expect(200);
    await request(app).get('/places?filter%5Bstatus%5D=open').expect(200);
  });

  it('refuses a value outside the enum, naming the parameter and item as the document does', async () => {
    const allowed = 'must be equal to one of the allowed values: location, name, rating';
    expect(await message('fields[]=bogus')).toBe(`request/query/fields[]/0 ${allowed}`);
    expect(await message('fields[]=location&fields[]=bogus')).toBe(`request/query/fields[]/1 ${allowed}`);
    // Exploded (the default for form): a comma is part of one item's value.
    expect(await message('fields[]=location,name')).toBe(`request/query/fields[]/0 ${allowed}`);
    expect(await message('filter[status]=bogus')).toBe(
      'request/query/filter[status] must be equal to one of the allowed values: open, closed',
    );
  });

  it('reads `via[]` (explode: false) as one comma-separated list, each item checked', async () => {
    await request(app).get('/routes?stops[]=north&stops[]=south&via[]=1,2').expect(200);
    const refused = await request(app).get('/routes?stops[]=north&stops[]=south&via[]=1,12').expect(400);
    expect((refused.body as { message: string }).message).toBe('request/query/via[]/1 must be <= 9');
  });

  it('reads a name without its brackets, or with an index, as no parameter of the document', async () => {
    // `fields` and `fields[0]` are not `fields[]`: the name is matched literally.
    expect(await message('fields=location')).toBe("Unknown query parameter 'fields'");
    expect(await message('fields[0]=location')).toBe("Unknown query parameter 'fields'");
  });

  it('the runner writes each name as the document does, and the mock takes what it writes', async () => {
    const fields: Parameter & { in: 'query' } = {
      name: 'fields[]',
      in: 'query',
      schema: { type: 'array', items: { type: 'string', enum: ['location', 'name', 'rating'] } },
    };
    const status: Parameter & { in: 'query' } = { name: 'filter[status]', in: 'query', schema: { type: 'string' } };
    const query = [
      ...serialiseQuery(fields, fields.name, ['location', 'location']),
      ...serialiseQuery(status, status.name, 'open'),
    ];
    // Brackets are gen-delims (RFC 3986 §2.2), percent-encoded inside a query component.
    expect(query).toEqual(['fields%5B%5D=location', 'fields%5B%5D=location', 'filter%5Bstatus%5D=open']);
    await request(app)
      .get(`/places?${query.join('&')}`)
      .expect(200);
  });
});
