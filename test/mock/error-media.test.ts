import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { selfConsistency } from '../../bench/self-consistency.js';
import { CONSTRUCTS } from '../../fixtures/constructs/cases.js';
import type { App } from './helpers.js';
import { scaled } from '../load-scale.js';

// Docker Engine's ContainerArchive: Swagger 2.0's operation `produces` types every response, so
// the 400 is documented in `application/x-tar` only (fixtures/constructs/resource-agreement.ts).
const construct = CONSTRUCTS.find((c) => c.name.startsWith('an error documented only in the operation’s non-JSON'))!;

describe('an error documented only in a media type that is not JSON', () => {
  let dir: string;
  let spec: string;
  let app: App;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'error-media-'));
    spec = join(dir, 'archive.json');
    await writeFile(spec, JSON.stringify(construct.document));
    app = await createMockApp({ spec });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is written in the documented media type, its schema’s error as the text', async () => {
    const res = await request(app)
      .get('/archive')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString('utf8')));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/x-tar/);
    const body = JSON.parse(res.body as string) as { message?: unknown };
    expect(typeof body.message).toBe('string');
  });

  it('an error the operation documents in JSON stays JSON (the 404 of an unknown path is the document’s)', async () => {
    const res = await request(app).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it(
    "the kit's runner agrees with the mock on it",
    async () => {
      const result = await selfConsistency('error-media', spec);
      expect(result.disagreements.map((f) => `${f.check} › ${f.operation}: ${f.message}`)).toEqual([]);
      expect(
        result.report.results.some(
          (r) => r.check === 'content_type' && r.operation === 'getArchive' && r.status === 'passed',
        ),
      ).toBe(true);
    },
    scaled(60_000),
  );
});
