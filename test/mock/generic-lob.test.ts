import { join } from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import { ROOT, type App } from './helpers.js';
import { scaled } from '../load-scale.js';

// Lob's constructs (fixtures/mock-contracts/lob-constructs.yaml).
const DOC = join(ROOT, 'fixtures', 'mock-contracts', 'lob-constructs.yaml');

describe("what Lob's contract admits, the mock admits", () => {
  let app: App;
  beforeEach(async () => {
    app = await createMockApp({ spec: DOC });
  });

  it('an absent optional exploded form object (sort_by) is absent, not `{}` refused by its own oneOf', async () => {
    await request(app).get('/templates').expect(200);
    // `date_created` is a parameter of its own: its keys are its, not sort_by's members.
    await request(app).get('/templates?date_created[gt]=2020-01-01').expect(200);
    // sort_by, whose member names are taken, is read from its bracketed keys.
    await request(app).get('/templates?sort_by[date_created]=asc').expect(200);
    await request(app).get('/templates?sort_by[date_created]=sideways').expect(400);
  });

  it('a body the contract admits beyond 64 KiB is taken when the contract states no limit (1 MiB default)', async () => {
    const html = 'x'.repeat(100_000);
    const created = await request(app).post('/templates').send({ html }).expect(201);
    expect((created.body as { html: string }).html).toHaveLength(100_000);
    await request(app)
      .post('/templates')
      .send({ html: 'x'.repeat(1_100_000) })
      .expect(413);
  });

  it(
    'the runner agrees with the mock on this document: 0 failed results',
    async () => {
      const result = await selfConsistency('lob-constructs', DOC);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
    },
    scaled(60_000),
  );
});
