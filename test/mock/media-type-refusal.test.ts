// A body in a media type the operation does not take (issue 29 item 4 "Errors"): 415 (RFC 9110
// §15.5.16) where the operation documents it, a 4XX range, or no validation refusal at all; else the
// validation refusal it documents (400, else 422), in its documented error body, as the zoo's
// frameworks answer (docs/zoo-fidelity.md). The runner agrees with the mock on every answer.
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { sweepDocument, SWEEP_DEFAULTS } from '../../bench/sweep/document.js';
import type { App } from './helpers.js';

const spec = join(packageRoot, 'fixtures', 'constructs', 'zoo', 'media-type-refusal.yaml');

describe('a body in a media type the operation does not take', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec });
  });
  const send = (path: string) =>
    request(app)
      .post(path)
      .set('content-type', 'text/plain')
      .send(JSON.stringify({ name: 'Rex' }));

  it("gets the documented 400 (NestJS's shape) where the operation documents 400 and no 415", async () => {
    const res = await send('/members');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: expect.any(String) });
    expect(res.body.message).toEqual([expect.stringContaining('text/plain')]);
  });

  it("gets the documented 422 (FastAPI's HTTPValidationError) where it documents only 422", async () => {
    const res = await send('/tasks');
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['header', 'content-type'], msg: expect.stringContaining('text/plain'), type: expect.any(String) },
    ]);
  });

  it.each([
    ['/pets', '415 documented'],
    ['/books', 'a 4XX range documented'],
    ['/notes', 'no refusal documented'],
  ])('gets 415 on %s (%s)', async (path) => {
    const res = await send(path);
    expect(res.status).toBe(415);
    expect(typeof res.body.message).toBe('string');
  });

  it('a JSON body is still taken (201) where the refusal is documented as 400 or 422', async () => {
    for (const path of ['/members', '/tasks']) {
      const res = await request(app).post(path).send({ name: 'Rex' });
      expect(res.status).toBe(201);
    }
  });

  it("the kit's runner finds nothing wrong with those answers", async () => {
    const outcome = await sweepDocument('media-type-refusal.yaml', spec, SWEEP_DEFAULTS);
    expect({ stage: outcome.stage, fiveXx: outcome.fiveXx, failures: outcome.failures }).toEqual({
      stage: 'ok',
      fiveXx: [],
      failures: [],
    });
    expect(outcome.judged).toBeGreaterThan(0);
  });
});
