import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contractFromText,
  createFaker,
  SchemaValidator,
  type Contract,
  type Operation,
} from '../../../src/contract/index.js';
import { respond, STATELESS_HEADER } from '../../../src/mock/core/respond.js';
import { decodePrefer, type Preferences } from '../../../src/mock/controls/request-headers/prefer.js';
import { HttpError } from '../../../src/mock/errors.js';
import { GenericStore } from '../../../src/mock/generic/store.js';
import { OperationMatcher } from '../../../src/mock/operations.js';
import { operationValidators } from '../../../src/mock/operation-validators.js';
import { normalizeOptions } from '../../../src/mock/options.js';
import { rulesFor, RuleStores } from '../../../src/mock/rules/index.js';
import { answerStage } from '../../../src/mock/stages/answer.js';
import { requestSlot, type RequestState, type StageContext } from '../../../src/mock/stages/context.js';
import { credentialsStage } from '../../../src/mock/stages/credentials.js';
import { deprecationStage } from '../../../src/mock/stages/deprecation.js';
import { applyDeprecation } from '../../../src/mock/controls/policies/deprecation.js';
import { matchStage } from '../../../src/mock/stages/match.js';
import { parseStage } from '../../../src/mock/stages/parse.js';
import { policiesStage } from '../../../src/mock/stages/policies.js';
import { rulesStage } from '../../../src/mock/stages/rules.js';
import { validateAnswerStage } from '../../../src/mock/stages/validate-answer.js';
import { validateRequestStage } from '../../../src/mock/stages/validate-request.js';
import { writeStage } from '../../../src/mock/stages/write.js';
import { Store } from '../../../src/mock/store/store.js';
import { seedState } from '../../../src/mock/store/seed.js';

// One small contract: a collection of notes under an API key, an item, a deprecated operation.
const NOTES = `openapi: 3.0.3
info: { title: Notes, version: '1' }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
  schemas:
    Note: { type: object, required: [id, text], properties: { id: { type: integer }, text: { type: string, maxLength: 20 } } }
paths:
  /notes:
    get:
      operationId: listNotes
      parameters: [{ name: limit, in: query, schema: { type: integer } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } } } }
    post:
      operationId: createNote
      security: [{ key: [] }]
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } } }
  /notes/{id}:
    get:
      operationId: getNote
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } }, text/plain: { schema: { type: string } } } }
        '404': { description: none }
    delete:
      operationId: dropNote
      deprecated: true
      x-deprecated-at: '2020-01-01T00:00:00Z'
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses: { '204': { description: gone } }
`;

let contract: Contract;
let ctx: StageContext;
const operation = (id: string): Operation => contract.operations.find((op) => op.id === id)!;
const NO_PREFERENCES: Preferences = {};

beforeAll(async () => {
  contract = await contractFromText(NOTES);
  const options = normalizeOptions({ seed: 3, records: 2 });
  const codeForStatus = (status: number): string => `e${status}`;
  const dice = { random: () => 0.99, faker: createFaker(3) };
  const schemaValidator = new SchemaValidator();
  const stores = new RuleStores(
    () => new Store(() => new Date(0)),
    () => seedState(3, 5),
    () => new GenericStore(),
  );
  ctx = {
    contract,
    options,
    clock: () => new Date('2026-01-01T00:00:00Z'),
    dice,
    matcher: new OperationMatcher(contract),
    rules: rulesFor(contract, { stores, validator: schemaValidator, dice, codeForStatus, seed: 3, records: 2 }),
    schemaValidator,
    maxBodyBytes: 1024,
    codeForStatus,
    catalogued: () => true,
    perOperation: await operationValidators(contract),
    states: requestSlot<RequestState>('test state'),
  };
});

/**
 * One stage alone in an app: `preset` plays the stages before it (the request's state), the end
 * reports what the stage left (the state, the method, the body) and an error handler reports refusals.
 */
function alone(
  stage: RequestHandler | readonly RequestHandler[],
  preset?: (state: { method: string; path: string }) => Partial<RequestState> & Pick<RequestState, 'match'>,
) {
  const app = express();
  if (preset) {
    app.use((req, _res, next) => {
      const given = preset({ method: req.method, path: req.path });
      ctx.states.set(req, {
        prefer: decodePrefer(req.headers['prefer']),
        query: new URL(req.originalUrl, 'http://t').searchParams,
        ...given,
      });
      next();
    });
  }
  app.use(...[stage].flat());
  app.use((req, res) => {
    const state = ctx.states.get(req);
    res.status(299).json({
      method: req.method,
      operation: state?.match.operation.id,
      body: req.body as unknown,
      preferences: state?.preferences,
      representation: state?.representation,
    });
  });
  const report: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    // HttpError, or the validator's own errors (which carry a status).
    const given: unknown = error instanceof Error ? Reflect.get(error, 'status') : undefined;
    const status = typeof given === 'number' ? given : 500;
    if (error instanceof HttpError) res.set(error.headers);
    res.status(status).json({ status, message: error instanceof Error ? error.message : String(error) });
  };
  app.use(report);
  return app;
}

const at =
  (id: string, params: Record<string, string> = {}) =>
  () => ({ match: { operation: operation(id), params } });

describe('match', () => {
  it('finds the operation (HEAD as GET), 404 outside the paths, 405 with Allow, OPTIONS 204 with Allow', async () => {
    const app = alone(matchStage(ctx));
    expect((await request(app).get('/notes/7').expect(299)).body).toMatchObject({
      method: 'GET',
      operation: 'getNote',
    });
    expect((await request(app).head('/notes/7').expect(299)).headers['content-type']).toMatch(/json/);
    expect((await request(app).get('/elsewhere').expect(404)).body.message).toMatch(/No resource at \/elsewhere/);
    expect((await request(app).put('/notes/7').expect(405)).headers['allow']).toMatch(/GET/);
    const options = await request(app).options('/notes').expect(204);
    expect(options.headers['allow']).toMatch(/GET.*POST|POST.*GET/);
  });
});

describe('deprecation', () => {
  it('announces a deprecated operation and leaves the others alone', async () => {
    expect(
      (
        await request(alone(deprecationStage(ctx), at('dropNote')))
          .delete('/notes/1')
          .expect(299)
      ).headers['deprecation'],
    ).toMatch(/^@\d+$/);
    expect(
      (
        await request(alone(deprecationStage(ctx), at('getNote')))
          .get('/notes/1')
          .expect(299)
      ).headers['deprecation'],
    ).toBeUndefined();
  });

  it('without x-deprecated-at, sends the Deprecation the answer declares when its example is a date (RFC 9745 §2.1), else none', async () => {
    const undated = (example: string): Operation => ({
      ...operation('getNote'),
      deprecated: true,
      deprecation: { deprecatedAt: undefined, sunset: undefined, link: undefined },
      responses: {
        '200': { description: 'ok', headers: { Deprecation: { schema: { type: 'string', example } } } },
      },
    });
    const sent = (op: Operation): Record<string, string> => {
      const headers: Record<string, string> = {};
      const res = { setHeader: (k: string, v: string) => void (headers[k] = v), append: () => res };
      applyDeprecation(op, res as unknown as Parameters<typeof applyDeprecation>[1], () => new Date(0));
      return headers;
    };
    expect(sent(undated('@1767225600'))).toEqual({ Deprecation: '@1767225600' });
    expect(sent(undated('true'))).toEqual({});
  });
});

describe('credentials', () => {
  it('refuses a secured operation without its key (401, a challenge in the neutral realm) and passes one with it', async () => {
    const app = alone(credentialsStage(ctx), at('createNote'));
    const refused = await request(app).post('/notes').expect(401);
    expect(refused.headers['www-authenticate']).toBe('ApiKey realm="mock", header="X-Key"');
    await request(app).post('/notes').set('X-Key', 'not-a-key').expect(401);
    await request(app).post('/notes').set('X-Key', ctx.options.apiKeys[0]!).expect(299);
    await request(alone(credentialsStage(ctx), at('listNotes')))
      .get('/notes')
      .expect(299);
  });
});

describe('parse', () => {
  it('reads a JSON body, refuses an undocumented media type (415), a declared length over the limit (413) and a non-integer id', async () => {
    const app = alone(parseStage(ctx), at('createNote'));
    expect((await request(app).post('/notes').send({ id: 1, text: 'a' }).expect(299)).body.body).toEqual({
      id: 1,
      text: 'a',
    });
    await request(app).post('/notes').set('Content-Type', 'text/plain').send('hello').expect(415);
    await request(app)
      .post('/notes')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(2000) }))
      .expect(413);
    await request(alone(parseStage(ctx), at('getNote', { id: '1.5' })))
      .get('/notes/1.5')
      .expect(400);
  });
});

describe('validate request', () => {
  it('has express-openapi-validator refuse a body that breaks the schema, and pass one that keeps it', async () => {
    const app = alone([express.json(), ...(await validateRequestStage(ctx))], at('createNote'));
    await request(app).post('/notes').send({ id: 1, text: 'ok' }).expect(299);
    expect((await request(app).post('/notes').send({ id: 1 }).expect(400)).body.message).toMatch(/text/);
  });
});

describe('policies', () => {
  it('answers 406 when nothing documented fits Accept, refuses a broken Prefer, and passes the preferences on', async () => {
    const app = alone(policiesStage(ctx), at('listNotes'));
    await request(app).get('/notes').set('Accept', 'text/html').expect(406);
    await request(app).get('/notes').set('Prefer', 'code=abc').expect(400);
    expect((await request(app).get('/notes').set('Prefer', 'dynamic=true').expect(299)).body.preferences).toMatchObject(
      { dynamic: true },
    );
  });
});

describe('rules (the handler core)', () => {
  const plain = (id: string, preferences: Preferences = NO_PREFERENCES, params: Record<string, string> = {}) => ({
    method: 'GET',
    path: '/notes',
    query: new URLSearchParams(),
    headers: {},
    body: undefined,
    operation: operation(id),
    params,
    preferences,
  });

  it('core: a plain request, no Express: the generic rules list the seeded records; Prefer code= gets a canned, stateless answer', () => {
    const deps = {
      rules: ctx.rules,
      dice: ctx.dice,
      schemaValidator: ctx.schemaValidator,
      codeForStatus: ctx.codeForStatus,
    };
    const listed = respond(plain('listNotes'), deps);
    expect(listed.status).toBe(200);
    expect(Array.isArray(listed.body) && listed.body.length).toBe(2);
    const canned = respond(plain('getNote', { code: 200 }, { id: '999' }), deps);
    expect(canned.status).toBe(200);
    expect(canned.headers?.[STATELESS_HEADER]).toBe('Prefer asked for a canned answer');
    expect(() => respond(plain('getNote', NO_PREFERENCES, { id: '999' }), deps)).toThrow(HttpError);
  });

  it('stage: keeps the core answer on the request state', async () => {
    const app = express();
    app.use((req, _res, next) => {
      ctx.states.set(req, {
        match: { operation: operation('listNotes'), params: {} },
        prefer: decodePrefer(undefined),
        query: new URLSearchParams(),
        preferences: {},
      });
      next();
    });
    app.use(rulesStage(ctx));
    app.use((req, res) => void res.json(ctx.states.get(req)?.answer));
    const answer = (await request(app).get('/notes').expect(200)).body as { status: number; body: unknown[] };
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(2);
  });
});

describe('answer', () => {
  const answered = (answer: RequestState['answer']) => () => ({
    match: { operation: operation('getNote'), params: { id: '1' } },
    answer,
  });

  it("sets the answer's status and headers and picks the representation the client accepts", async () => {
    const app = alone(
      answerStage(ctx),
      answered({ status: 200, body: { id: 1, text: 'a' }, headers: { 'X-Trace': 't' } }),
    );
    const json = await request(app).get('/notes/1').expect(299);
    expect(json.headers['x-trace']).toBe('t');
    expect(json.body.representation).toEqual({
      kind: 'json',
      type: 'application/json',
      entry: 'application/json',
      body: { id: 1, text: 'a' },
    });
    expect(
      (await request(app).get('/notes/1').set('Accept', 'text/plain').expect(299)).body.representation,
    ).toMatchObject({ kind: 'bytes', type: expect.stringMatching(/^text\/plain/) });
    expect(
      (
        await request(alone(answerStage(ctx), answered({ status: 204 })))
          .get('/notes/1')
          .expect(299)
      ).body.representation,
    ).toEqual({ kind: 'empty' });
  });
});

describe('validate answer', () => {
  it('has express-openapi-validator refuse a JSON answer that breaks the documented schema (500), and pass one that keeps it', async () => {
    const validateRequest = await validateRequestStage(ctx);
    const checked = (body: unknown) =>
      alone(
        [
          // The request validator (the earlier stage) tells the response check which operation the exchange is.
          ...validateRequest,
          (_req, res, next) => {
            res.status(200).type('application/json');
            next();
          },
          validateAnswerStage(ctx),
        ],
        () => ({
          match: { operation: operation('getNote'), params: { id: '1' } },
          representation: { kind: 'json', type: 'application/json', entry: 'application/json', body },
        }),
      );
    await request(checked({ id: 1, text: 'fine' }))
      .get('/notes/1')
      .expect(299);
    expect(
      (
        await request(checked({ id: 'one' }))
          .get('/notes/1')
          .expect(500)
      ).body.message,
    ).toMatch(/id|integer/i);
  });
});

describe('write', () => {
  it('writes each representation: JSON once serialised, bytes in their type, nothing for an empty one', async () => {
    const written = (representation: RequestState['representation']) =>
      alone(writeStage(ctx), () => ({ match: { operation: operation('getNote'), params: {} }, representation }));
    const json = await request(
      written({ kind: 'json', type: 'application/json', entry: 'application/json', body: { id: 1 } }),
    )
      .get('/notes/1')
      .expect(200);
    expect(json.text).toBe('{"id":1}');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const text = await request(written({ kind: 'bytes', type: 'text/plain', body: 'hello' }))
      .get('/notes/1')
      .expect(200);
    expect([text.text, text.headers['content-type']]).toEqual(['hello', 'text/plain; charset=utf-8']);
    expect(
      (
        await request(written({ kind: 'empty' }))
          .get('/notes/1')
          .expect(200)
      ).text,
    ).toBe('');
  });
});
