import { join } from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import { ROOT, type App } from './helpers.js';
import { scaled } from '../load-scale.js';

// Fields the answer represents otherwise than the request, and parameters whose serialisation is
// empty or ambiguous (fixtures/mock-contracts/representations-constructs.yaml; Lob, OpenAI, Stripe).
const DOC = join(ROOT, 'fixtures', 'mock-contracts', 'representations-constructs.yaml');

describe('representations: both halves read the same contract', () => {
  let app: App;
  beforeEach(async () => {
    app = await createMockApp({ spec: DOC });
  });

  it('an optional deepObject parameter left out is absent, not {} refused by its own required member (OAS 3.0.3 §4.7.12.4)', async () => {
    await request(app).get('/letters').expect(200);
    await request(app).get('/letters?automatic_tax[enabled]=true').expect(200);
    // Still a check: a present object without its required member is refused.
    await request(app).get('/letters?automatic_tax[other]=1').expect(400);
  });

  it('a deepObject form field of one of several shapes is read into its object alternative', async () => {
    const base = 'to=adr_abc&features[color]=true';
    await request(app)
      .post('/letters')
      .type('form')
      .send(`${base}&dimensions[height]=1.5&dimensions[width]=2`)
      .expect(200);
    await request(app)
      .post('/letters')
      .type('form')
      .send(`${base}&dimensions[height]=tall&dimensions[width]=2`)
      .expect(400);
  });

  it('a oneOf whose alternatives overlap wholly is answered, not a 500', async () => {
    const answer = await request(app).post('/identity_validation').send({ primary_line: '210 King St' });
    expect(answer.status).toBe(200);
  });

  it('a create whose id schema has an example keeps the id it stores and answers', async () => {
    const created = await request(app)
      .post('/letters')
      .type('form')
      .send('to=adr_abc&features[color]=true&description=hello')
      .expect(200);
    const body = created.body as { id: string; description?: string };
    expect(body.id).toMatch(/^ltr_[a-zA-Z0-9]+$/);
    const read = await request(app).get(`/letters/${body.id}`).expect(200);
    expect((read.body as { description?: string }).description).toBe('hello');
  });

  it(
    'the runner agrees with the mock on this document: 0 failed results',
    async () => {
      const result = await selfConsistency('representations-constructs', DOC);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
    },
    scaled(60_000),
  );
});
