import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import type { App } from './helpers.js';
import { scaled } from '../load-scale.js';

// A discriminator names which alternative applies (OAS 3.0.3 §4.7.25). Two constructs of
// Pinterest's v5 contract the mock's validator (express-openapi-validator 5.6) read otherwise:
// - alternatives that overlap (its retail and hotel feeds both admit `catalog_type: RETAIL`): a
//   retail feed was refused as matching more than one alternative of the `oneOf`;
// - a body that reaches a discriminated schema through one member and another `$ref` through the
//   next (BulkUpsertRequest: `create`, `update`): the validator's pre-processor took the second
//   for an alternative and refused every body without the discriminator's property.
const ref = (name: string): Record<string, string> => ({ $ref: `#/components/schemas/${name}` });
const feed = (extra: Record<string, unknown>): Record<string, unknown> => ({
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'location'],
  properties: { kind: ref('Kind'), location: { type: 'string' }, ...extra },
});
const json = (schema: Record<string, unknown>): Record<string, unknown> => ({
  content: { 'application/json': { schema } },
});
const error = {
  description: 'bad',
  ...json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } }),
};
const document = {
  openapi: '3.0.3',
  info: { title: 'discriminators', version: '1' },
  paths: {
    '/feeds': {
      post: {
        operationId: 'createFeed',
        requestBody: { required: true, ...json(ref('Feed')) },
        responses: { '200': { description: 'ok', ...json(ref('Feed')) }, '400': error },
      },
    },
    '/stats': {
      get: {
        operationId: 'stats',
        parameters: [
          { name: 'parameters', in: 'query', required: true, style: 'deepObject', schema: ref('StatsParameters') },
        ],
        responses: {
          '200': { description: 'ok', ...json({ type: 'object', properties: { total: { type: 'integer' } } }) },
          '400': error,
        },
      },
    },
    '/bulk': {
      post: {
        operationId: 'bulk',
        requestBody: { required: true, ...json(ref('Bulk')) },
        responses: {
          '200': { description: 'ok', ...json({ type: 'object', properties: { done: { type: 'boolean' } } }) },
          '400': error,
        },
      },
    },
  },
  components: {
    schemas: {
      Kind: { type: 'string', enum: ['RETAIL', 'HOTEL'] },
      Retail: feed({}),
      Hotel: feed({ rooms: { type: 'integer' } }),
      Feed: {
        type: 'object',
        discriminator: {
          propertyName: 'kind',
          mapping: { RETAIL: '#/components/schemas/Retail', HOTEL: '#/components/schemas/Hotel' },
        },
        oneOf: [ref('Retail'), ref('Hotel')],
      },
      // Pinterest's report-stats `parameters`: a deepObject query parameter whose alternatives
      // declare an object member (`report`), itself discriminated.
      Report: {
        type: 'object',
        required: ['report_type'],
        properties: {
          report_type: { type: 'string', enum: ['INGESTION', 'DISTRIBUTION'] },
          feed_id: { type: 'string' },
        },
      },
      RetailStats: {
        type: 'object',
        required: ['kind', 'report'],
        properties: { kind: { type: 'string', enum: ['RETAIL'] }, report: ref('Report') },
      },
      HotelStats: {
        type: 'object',
        required: ['kind', 'report'],
        properties: { kind: { type: 'string', enum: ['HOTEL'] }, report: ref('Report') },
      },
      StatsParameters: {
        type: 'object',
        required: ['kind'],
        properties: { kind: ref('Kind') },
        discriminator: {
          propertyName: 'kind',
          mapping: { RETAIL: '#/components/schemas/RetailStats', HOTEL: '#/components/schemas/HotelStats' },
        },
        oneOf: [ref('RetailStats'), ref('HotelStats')],
      },
      Note: { type: 'object', properties: { text: { type: 'string' } } },
      Bulk: { type: 'object', properties: { create: { type: 'array', items: ref('Feed') }, note: ref('Note') } },
    },
  },
};

describe('discriminators: the mock validates as the kernel reads them (OAS 3.0.3 §4.7.25)', () => {
  let dir: string;
  let spec: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'discriminator-'));
    spec = join(dir, 'discriminator.json');
    await writeFile(spec, JSON.stringify(document));
    app = await createMockApp({ spec });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a value the named alternative admits is taken though another admits it too', async () => {
    await request(app).post('/feeds').send({ kind: 'RETAIL', location: 'https://x' }).expect(200);
    await request(app).post('/feeds').send({ kind: 'HOTEL', location: 'https://x', rooms: 3 }).expect(200);
  });

  it('what no alternative admits is still refused', async () => {
    for (const body of [
      { location: 'https://x' },
      { kind: 'SHOP', location: 'https://x' },
      { kind: 'RETAIL', location: 'https://x', extra: 1 },
      { kind: 'RETAIL' },
    ]) {
      const refused = await request(app).post('/feeds').send(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('a body that only reaches a discriminated schema is not asked for its property', async () => {
    await request(app).post('/bulk').send({}).expect(200);
    await request(app)
      .post('/bulk')
      .send({ note: { text: 'n' } })
      .expect(200);
    await request(app)
      .post('/bulk')
      .send({ create: [{ kind: 'HOTEL', location: 'https://x' }] })
      .expect(200);
    // The discriminated member is still checked.
    await request(app)
      .post('/bulk')
      .send({ create: [{ kind: 'HOTEL' }] })
      .expect(400);
  });

  it('a deepObject member that is an object is read from the JSON text the runner writes it as', async () => {
    const stats = (query: string): request.Test => request(app).get(`/stats?${query}`);
    const report = encodeURIComponent(JSON.stringify({ report_type: 'INGESTION', feed_id: '3' }));
    await stats(`parameters%5Bkind%5D=RETAIL&parameters%5Breport%5D=${report}`).expect(200);
    // Still checked: a report of no listed type, text that is no object, a missing report.
    await stats(
      `parameters%5Bkind%5D=RETAIL&parameters%5Breport%5D=${encodeURIComponent('{"report_type":"OTHER"}')}`,
    ).expect(400);
    await stats('parameters%5Bkind%5D=RETAIL&parameters%5Breport%5D=x').expect(400);
    await stats('parameters%5Bkind%5D=RETAIL').expect(400);
  });

  it(
    "the kit's runner agrees with the mock on them",
    async () => {
      const result = await selfConsistency('discriminator', spec);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      expect(
        result.report.results
          .filter((r) => r.check === 'positive_data_accepted' && r.status === 'passed')
          .map((r) => r.operation)
          .sort(),
      ).toEqual(['bulk', 'createFeed', 'stats']);
    },
    scaled(60_000),
  );
});
