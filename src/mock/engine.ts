import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Faker } from '@faker-js/faker';
import { createFaker } from './faker.js';
import express, { type Request, type RequestHandler, type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Contract } from '../contract/index.js';
import type { Clock } from './clock.js';
import { cannedReply } from './controls/canned.js';
import { applyDeprecation } from './controls/deprecation.js';
import { checkPreferences, decodePrefer, wantsCannedResponse, type PreferDecoding } from './controls/prefer.js';
import { apiKeyHandlers, satisfiesSecurity } from './controls/security.js';
import { chaos, delay } from './controls/timing.js';
import { HttpError, unauthorized, type ErrorHandlerContext } from './errors.js';
import { checkBodyShape, checkCharset, checkDeclaredLength, checkIntegerParameters, normalizeContentType, verifyUtf8 } from './input-guards.js';
import { DEFAULTS, type NormalizedOptions } from './options.js';
import { OperationMatcher } from './operations.js';
import { sharedValidatorMiddleware } from './validator-cache.js';
import type { Handlers, Reply } from './routes/types.js';

/** Seeded sources of the per-request randomness, shared by every engine of one app and reset with it. */
export interface Dice {
  random(): number;
  readonly faker: Faker;
}

export interface EngineDeps {
  readonly options: NormalizedOptions;
  readonly clock: Clock;
  readonly handlers: Handlers;
  readonly dice: Dice;
}

/** Everything that depends on the contract; rebuilt (and swapped whole) when `--watch` sees a change. */
export interface Engine {
  readonly contract: Contract;
  /** The contract as written, served at `/openapi.yaml`. */
  readonly text: string;
  readonly router: Router;
  readonly errorContext: ErrorHandlerContext;
}

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

interface RequestState {
  readonly match: { readonly operation: Contract['operations'][number]; readonly params: Readonly<Record<string, string>> };
  readonly prefer: PreferDecoding;
  /** The query string, parsed once for the guards and the handler. */
  readonly query: URLSearchParams;
}

/**
 * The request pipeline for one contract:
 * match the operation (404 / 405 + Allow) → deprecation headers, 410 past the sunset → decode
 * Prefer → strict integer parameters → parse JSON (64 KiB, 413; UTF-8; depth and exact integers) → express-openapi-validator (security, then request
 * validation; response validation hooked on res.json) → 406 → Prefer checks → chaos → latency →
 * the handler, or the canned answer Prefer asked for.
 */
export async function buildEngine(contract: Contract, text: string, deps: EngineDeps): Promise<Engine> {
  const { options, clock, handlers, dice } = deps;
  const matcher = new OperationMatcher(contract);
  const maxBodyBytes = contract.limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const codes = new Map<number, string>();
  for (const [code, status] of contract.errorCatalogue) if (status !== undefined && !codes.has(status)) codes.set(status, code);
  const codeForStatus = (status: number): string => codes.get(status) ?? codes.get(500) ?? 'internal';
  const apiKeyHeader = [...contract.apiKeySchemes.values()].find((s) => s.in === 'header')?.name ?? 'X-API-Key';
  const errorContext: ErrorHandlerContext = {
    codeForStatus,
    allowFor: (path) => matcher.allowFor(path),
    apiKeyHeader: () => apiKeyHeader,
    maxBodyBytes: () => maxBodyBytes,
  };

  const securityHandlers = apiKeyHandlers(contract, options.apiKeys);
  const validator = sharedValidatorMiddleware({
    // A copy: the validator may annotate the document it is given.
    apiSpec: structuredClone(contract.document) as ValidatorOptions['apiSpec'],
    validateApiSpec: true,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true },
    validateResponses: { allErrors: true },
    validateSecurity: { handlers: securityHandlers },
    // 'fast' checks formats by shape only and takes 2026-13-01 or February 30 for a date-time;
    // 'full' checks them as RFC 3339 §5.6 defines them.
    validateFormats: true,
    ajvFormats: { mode: 'full' },
  });
  const failure = await probe(validator);
  if (failure) throw failure;

  const states = new WeakMap<Request, RequestState>();
  const stateOf = (req: Request): RequestState => {
    const state = states.get(req);
    if (!state) throw new HttpError(500, codeForStatus(500), 'The request lost its operation.');
    return state;
  };

  const router = express.Router();
  router.use((req, res, next) => {
    const match = matcher.match(req.method, req.path);
    if (match.kind === 'unknown-path') throw new HttpError(404, codeForStatus(404), `No resource at ${req.path}.`);
    if (match.kind === 'method-not-allowed') {
      // RFC 9110 §15.5.6: a 405 carries Allow with the methods the resource supports.
      throw new HttpError(405, codeForStatus(405), `${req.method} is not allowed here; allowed: ${match.allow}.`, [], { Allow: match.allow });
    }
    res.locals['operationId'] = match.operation.id;
    const query = new URL(req.originalUrl, 'http://mock').searchParams;
    states.set(req, { match, prefer: decodePrefer(req.headers['prefer']), query });
    applyDeprecation(match.operation, res, clock);
    // Credentials before anything about the request itself (parameters, media type, JSON): a write
    // without a valid key is 401 whatever its body, and an unauthenticated client learns nothing more.
    if (!satisfiesSecurity(match.operation, securityHandlers, req)) throw unauthorized(errorContext);
    checkIntegerParameters(match.operation, match.params, query);
    checkDeclaredLength(req, maxBodyBytes, codeForStatus(413));
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) checkCharset(req, codeForStatus(415));
    normalizeContentType(req, match.operation, codeForStatus(415));
    next();
  });
  router.use(express.json({ limit: maxBodyBytes, verify: verifyUtf8 }));
  router.use((req, _res, next) => {
    if (req.body !== undefined) checkBodyShape(req.body, DEFAULTS.maxBodyDepth);
    next();
  });
  router.use(validator);
  router.use(async (req, res) => {
    const { match, prefer, query } = stateOf(req);
    const operation = match.operation;
    if (!req.accepts('application/json')) throw new HttpError(406, codeForStatus(406), 'This operation answers application/json only.');
    if (!prefer.ok) throw prefer.error;
    const preferences = prefer.preferences;
    checkPreferences(operation, preferences);
    chaos(options.chaos, () => dice.random(), codeForStatus);
    await delay(options.latency, preferences.delay, () => dice.random());

    const handler = handlers[operation.id];
    let reply: Reply;
    if (wantsCannedResponse(preferences) || !handler) {
      const faker = preferences.seed === undefined ? dice.faker : createFaker(preferences.seed);
      reply = cannedReply(operation, preferences, faker, codeForStatus);
    } else {
      reply = handler({
        operation,
        params: match.params,
        query,
        body: req.body,
        path: req.path,
      });
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) {
      if (name.toLowerCase() === 'link') res.append('Link', value);
      else res.setHeader(name, value);
    }
    res.status(reply.status);
    // Through res.json, so express-openapi-validator validates the body against the contract.
    if (reply.body === undefined) res.end();
    else res.json(reply.body);
  });

  return { contract, text, router, errorContext };
}


/**
 * express-openapi-validator loads its document lazily, on the first request. One throwaway
 * request through it now surfaces a document it cannot use at start (or reload) rather than on a
 * user's request. A path outside the contract is answered 404 by a healthy validator.
 */
async function probe(middlewares: readonly RequestHandler[]): Promise<Error | undefined> {
  const app = express();
  return new Promise<Error | undefined>((resolve) => {
    app.use([...middlewares]);
    app.use(() => resolve(undefined));
    app.use((error: unknown, _req: Request, _res: express.Response, _next: express.NextFunction) => {
      const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
      resolve(status === 404 ? undefined : error instanceof Error ? error : new Error(String(error)));
    });
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = '/__probe__/not/in/the/contract';
    app(req, new ServerResponse(req));
  });
}
