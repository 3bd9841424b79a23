import { STATUS_CODES } from 'node:http';
import type { Faker } from '@faker-js/faker';
import { createFaker } from './faker.js';
import type { Dice } from './dice.js';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { admitsJson, answerType, anyProperties, fixedMethod, inferModel, negotiate, itemSchemaOf, parseSequence, sequenceSchemaOf, sequenceSyntax, serializeSequence, type SequenceSyntax, asSchema, diceOfFaker, isRecord, jsonContent, jsonTypeFor, sampleValue, responseBodyRule, responseFor, schemaContradictions, SchemaValidator, type Contract } from '../contract/index.js';
import type { Clock } from './clock.js';
import { cannedReply } from './core/canned.js';
import { applyDeprecation } from './controls/policies/deprecation.js';
import { checkPreferences, decodePrefer, wantsCannedResponse, type PreferDecoding, type Preferences } from './controls/request-headers/prefer.js';
import { SecurityGate } from './controls/request-headers/security.js';
import { chaos, latencyMs, sleep } from './controls/policies/timing.js';
import { ErrorBodies } from './error-body.js';
import { causeOf, HttpError, type ErrorHandlerContext } from './errors.js';
import { checkBodyShape, checkCharset, checkDeclaredLength, checkIntegerParameters, normalizeContentType, verifyUtf8 } from './input-guards.js';
import { fitsWith, nonJsonBody, schemaAccepts, typeFormBody } from './media.js';
import { multipartBoundary, readMultipart } from './multipart.js';
import { DEFAULTS, type NormalizedOptions } from './options.js';
import { OperationMatcher } from './operations.js';
import { errorStage, series } from './series.js';
import { reflectFilters } from './reflect-filters.js';
import { rulesFor, type CollectionView, type RuleStores, type Rules } from './rules/index.js';
import { validatorMiddleware } from './validator.js';
import { operationValidators } from './operation-validators.js';
import { validatorSlots } from './validator-document.js';
import { checkQuerystring } from './querystring.js';
import { checkSequence } from './sequence-body.js';
import { JsonAnswers } from './json-answer.js';
import type { Reply } from './routes/types.js';
import { itemsOf, keepToSchema } from './core/keep-to-schema.js';

export type { Dice } from './dice.js';

export interface EngineDeps {
  readonly options: NormalizedOptions;
  readonly clock: Clock;
  /** The app's stores, each made on first need: the rules take the one they answer from. */
  readonly stores: RuleStores;
  readonly dice: Dice;
}

/** Everything that depends on the contract; rebuilt (and swapped whole) when `--watch` sees a change. */
export interface Engine {
  readonly contract: Contract;
  /** The contract as written, served at `/openapi.yaml`. */
  readonly text: string;
  /** The request pipeline (below), as one middleware. */
  readonly router: RequestHandler;
  readonly errorContext: ErrorHandlerContext;
  /** What answers from state: the Petstore's rules, or the generic engine inferred from the contract. */
  readonly rules: Rules;
  /** The operationIds answered from the state (the others answer from examples or schemas). */
  readonly statefulOperations: readonly string[];
  /** What the mock found wrong in the document at load and how it answers instead (one line each). */
  readonly notices: readonly string[];
  /** Every other operation, with why it answers without state (also sent as `X-Mock-Stateless`). */
  readonly statelessOperations: Readonly<Record<string, string>>;
  /** The collections the generic engine keeps (collection path → item path); none under the Petstore rules. */
  readonly collections: readonly CollectionView[];
  /**
   * An error for a request Node's parser refused before Express saw it (431, 408, 400), as the
   * operation its request line names documents it (else the contract's common error schema);
   * undefined when the contract's error catalogue has no code for the status (the Petstore's has
   * none for 431 or 408): a body would have to claim another status's code, so none is written.
   */
  renderBare(status: number, message: string, method: string | undefined, target: string | undefined): { readonly contentType: string; readonly text: string } | undefined;
}

/**
 * The body limit of a contract that states none (`x-limits.maxBodyBytes` states one; the bundled
 * Petstore's is 64 KiB): 1 MiB. A contract without a limit admits what its schemas admit (Lob's
 * template `html` of up to 100,000 characters, Discord's lists of tokens), which RFC 9110 §15.5.14
 * would let a server refuse, but a mock of that contract must not: 1 MiB takes such bodies and
 * still bounds what one request can make the mock hold.
 */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The response header naming why an answer neither read nor changed the mock's state. */
export const STATELESS_HEADER = 'X-Mock-Stateless';

interface RequestState {
  readonly match: { readonly operation: Contract['operations'][number]; readonly params: Readonly<Record<string, string>>; readonly head?: boolean };
  readonly prefer: PreferDecoding;
  /** The query string, parsed once for the guards and the handler. */
  readonly query: URLSearchParams;
  /** The boundary of a multipart body, kept before Content-Type is reduced to its media type. */
  readonly boundary?: string | undefined;
}

/**
 * Per-request state of one engine, kept on the request under a symbol of its own: the same
 * get/set as a WeakMap keyed by request, without an ephemeron entry per request for the GC to trace.
 */
function requestSlot<T>(description: string): { get(req: Request): T | undefined; set(req: Request, value: T): void } {
  const key = Symbol(description);
  return {
    get: (req) => (req as unknown as Record<symbol, T | undefined>)[key],
    set: (req, value) => {
      (req as unknown as Record<symbol, T>)[key] = value;
    },
  };
}

/** `Not Found` → `not_found`: an error code for contracts without a catalogue. */
const snakeReason = (status: number): string => (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** Media types of every 2xx answer of an operation, in the contract's order. */
function successMediaTypes(operation: Contract['operations'][number]): string[] {
  const types: string[] = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status)) continue;
    for (const type of Object.keys(response.content ?? {})) if (!types.includes(type)) types.push(type);
  }
  return types;
}

/**
 * The request pipeline for one contract:
 * match the operation (404 / 405 + Allow; OPTIONS → 204 + Allow; HEAD as GET) → deprecation headers,
 * 410 past the sunset → decode Prefer → credentials (every scheme type) → strict integer parameters
 * → parse the body (64 KiB, 413; UTF-8; depth and exact integers) → express-openapi-validator
 * (request validation; response validation hooked on res.json) → 406 → Prefer checks → chaos →
 * latency → the handler (Petstore rules, or the generic engine), or the canned answer Prefer asked for
 * → the answer in the media type the client accepts.
 */
export async function buildEngine(contract: Contract, text: string, deps: EngineDeps): Promise<Engine> {
  const { options, clock, dice } = deps;
  const matcher = new OperationMatcher(contract);
  const maxBodyBytes = contract.limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const codes = new Map<number, string>();
  for (const [code, status] of contract.errorCatalogue) if (status !== undefined && !codes.has(status)) codes.set(status, code);
  const codeForStatus = (status: number): string => codes.get(status) ?? (codes.size > 0 ? codes.get(500) : undefined) ?? snakeReason(status);
  const apiKeyHeader = [...contract.apiKeySchemes.values()].find((s) => s.in === 'header')?.name ?? 'X-API-Key';
  const schemaValidator = new SchemaValidator(contract.version.schemaDialect);
  const errorBodies = new ErrorBodies(contract, schemaValidator);
  const rules = rulesFor(contract, { stores: deps.stores, validator: schemaValidator, dice, codeForStatus, seed: options.seed, records: options.records });

  const states = requestSlot<RequestState>('request state');
  /** Media types of each operation's 2xx answers, worked out once. */
  const offeredTypes = new Map<Contract['operations'][number], string[]>();
  const errorContext: ErrorHandlerContext = {
    codeForStatus,
    allowFor: (path) => matcher.allowFor(path),
    apiKeyHeader: () => apiKeyHeader,
    maxBodyBytes: () => maxBodyBytes,
    render: (error, req) => errorBodies.render(error, states.get(req)?.match.operation),
    refine: (error, req) => {
      const operation = states.get(req)?.match.operation;
      if (!operation) return error;
      const documents = (status: string): boolean => operation.responses[status] !== undefined;
      // A request the mock refuses as invalid is 400 (RFC 9110 §15.5.1), unless its operation
      // documents that failure as 422 and documents no 400 (FastAPI's HTTPValidationError:
      // RFC 9110 §15.5.21, content the server understands but cannot process): the documented status.
      if (error.status === 400 && !documents('400') && documents('422')) return new HttpError(422, codeForStatus(422), error.message, error.details, error.headers);
      // Missing or wrong credentials are 401 (RFC 9110 §15.5.2), unless the operation documents its
      // refusal as 403 and no 401 (§15.5.4; Pinterest): the documented status, without a challenge,
      // which belongs to a 401 only.
      if (error.status === 401 && !documents('401') && documents('403')) {
        const headers = Object.fromEntries(Object.entries(error.headers).filter(([name]) => name.toLowerCase() !== 'www-authenticate'));
        return new HttpError(403, codeForStatus(403), error.message, error.details, headers);
      }
      return error;
    },
    report: (cause, req) =>
      options.onEvent({ type: 'internal-error', method: req.method, url: req.originalUrl, operationId: states.get(req)?.match.operation.id, cause: causeOf(cause) }),
  };

  const gate = new SecurityGate(contract, { apiKeys: options.apiKeys, tokens: options.tokens, basic: options.basic }, rules.realm);
  // Per operation (operation-validators.ts): only the document's check happens here; or the
  // validator's own whole-document middleware (the equivalence suite's reference).
  const perOperation = options.validatorDispatch === 'operation' ? await operationValidators(contract) : undefined;
  // JSON answers: checked by the validator's response check, written once (json-answer.ts); under
  // the whole-document middleware, res.json, which that middleware hooks to check them.
  const jsonAnswers = new JsonAnswers();
  const writer: JsonWriter = perOperation
    ? (req, res, body) => {
        perOperation.checkResponse(req, res, body);
        jsonAnswers.write(req, res, body);
      }
    : (_req, res, body) => void res.json(body);
  const validator: RequestHandler | RequestHandler[] = perOperation ? (req, res, next) => perOperation.handlerFor(stateOf(req).match.operation)(req, res, next) : await validatorMiddleware(contract);

  const handlers = rules.handlers;
  const statelessReasons = rules.statelessReasons;

  const stateOf = (req: Request): RequestState => {
    const state = states.get(req);
    if (!state) throw new HttpError(500, codeForStatus(500), 'The request lost its operation.');
    return state;
  };

  const pipeline: RequestHandler[] = [];
  pipeline.push((req, res, next) => {
    const query = new URL(req.originalUrl, 'http://mock').searchParams;
    const match = matcher.match(req.method, req.path, { query, headers: req.headers });
    if (match.kind === 'unknown-path') {
      const outside = matcher.base !== '' && !req.path.startsWith(`${matcher.base}/`) && req.path !== matcher.base;
      throw new HttpError(404, codeForStatus(404), outside ? `No resource at ${req.path}; this contract's paths are under ${matcher.base}.` : `No resource at ${req.path}.`);
    }
    if (match.kind === 'method-not-allowed') {
      // RFC 9110 §15.5.6: a 405 carries Allow with the methods the resource supports.
      throw new HttpError(405, codeForStatus(405), `${req.method} is not allowed here; allowed: ${match.allow}.`, [], { Allow: match.allow });
    }
    if (match.kind === 'options') {
      res.setHeader('Allow', match.allow);
      res.status(204).end();
      return;
    }
    res.locals['operationId'] = match.operation.id;
    // HEAD goes through the pipeline as the GET it mirrors; Node leaves the body out (RFC 9110 §9.3.2).
    if (match.head) req.method = 'GET';
    states.set(req, { match, prefer: decodePrefer(req.headers['prefer']), query, boundary: multipartBoundary(req.headers['content-type']) });
    applyDeprecation(match.operation, res, clock);
    // Credentials before anything about the request itself (parameters, media type, body): a write
    // without valid credentials is 401 whatever its body, and an unauthenticated client learns nothing more.
    const verdict = gate.check(match.operation, req, query);
    if (!verdict.ok) {
      // RFC 9110 §11.6.1: one challenge per scheme that would have been accepted.
      throw new HttpError(401, codeForStatus(401), verdict.message, [], verdict.challenges.length > 0 ? { 'WWW-Authenticate': verdict.challenges.join(', ') } : {});
    }
    checkIntegerParameters(match.operation, match.params, query);
    checkQuerystring(match.operation, req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '', schemaValidator, codeForStatus(400));
    checkDeclaredLength(req, maxBodyBytes, codeForStatus(413));
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) checkCharset(req, codeForStatus(415));
    normalizeContentType(req, match.operation, codeForStatus(415));
    next();
  });
  const parseBody = series([
    express.json({ limit: maxBodyBytes, verify: verifyUtf8, type: (req) => admitsJson(String(req.headers['content-type'] ?? 'x/x')) && req.headers['content-type'] !== '*/*' }),
    express.urlencoded({ limit: maxBodyBytes, extended: false }),
    express.text({ limit: maxBodyBytes, type: ['text/*', 'application/xml', 'application/*+xml', 'application/jsonl', 'application/x-ndjson', 'application/json-seq', 'application/*+json-seq'] }),
    express.raw({ limit: maxBodyBytes, type: ['application/octet-stream', 'image/*', 'audio/*', 'video/*', 'application/pdf', 'application/zip', 'multipart/form-data'] }),
  ]);
  // Each parser passes a request without a body (no Transfer-Encoding, no numeric Content-Length:
  // type-is hasBody, RFC 9112 §6.3) on untouched; a GET skips the four.
  pipeline.push((req, res, next) => {
    if (req.headers['transfer-encoding'] === undefined && Number.isNaN(Number(req.headers['content-length']))) next();
    else parseBody(req, res, next);
  });
  pipeline.push((req, _res, next) => {
    const { match, boundary } = stateOf(req);
    if (req.headers['content-type'] === 'multipart/form-data') {
      const schema = match.operation.requestBody?.content['multipart/form-data']?.schema;
      req.body = readMultipart(req.body, boundary, schema && !('$ref' in schema) ? schema : undefined, codeForStatus(400));
    }
    const type = req.headers['content-type'];
    const media = type === undefined ? undefined : match.operation.requestBody?.content[type];
    const declared = media?.schema;
    const schema = declared && !('$ref' in declared) ? declared : undefined;
    // A form's values are typed first, so the integer guard sees `petId=9223372036854775808` as the
    // number it would be stored as, as it does in JSON: one guard for every media type.
    if (type === 'application/x-www-form-urlencoded') req.body = typeFormBody(req.body, schema, media?.encoding);
    // An OpenAPI 3.2 stream (itemSchema): read into its items and checked here, as the validator's copy has no place for it.
    if (type !== undefined && typeof req.body === 'string') checkSequence(type, media, req.body, schemaValidator, codeForStatus(400));
    if (req.body !== undefined) checkBodyShape(req.body, DEFAULTS.maxBodyDepth, schema);
    next();
  });
  // OpenAPI 3.2's QUERY and additional methods are presented to the validator under the fixed
  // method its copy holds them as (validator-document.ts validatorSlots), then given back.
  const slotOf = (operation: Contract['operations'][number]): string | undefined => {
    if (fixedMethod(operation.method)) return undefined;
    const item: unknown = contract.resolved.paths[operation.path];
    return isRecord(item) ? validatorSlots(item).get(operation.method)?.toUpperCase() : undefined;
  };
  const sentMethod = requestSlot<string>('method as sent');
  // Only a contract with such methods has its requests go through the two stages.
  const slotted = contract.operations.some((operation) => slotOf(operation) !== undefined);
  if (slotted) {
    pipeline.push((req, _res, next) => {
      const slot = slotOf(stateOf(req).match.operation);
      if (slot !== undefined) {
        sentMethod.set(req, req.method);
        req.method = slot;
      }
      next();
    });
  }
  pipeline.push(...(Array.isArray(validator) ? validator : [validator]));
  const giveBack = (req: Request): void => {
    const sent = sentMethod.get(req);
    if (sent !== undefined) req.method = sent;
  };
  if (slotted) {
    pipeline.push((req, _res, next) => {
      giveBack(req);
      next();
    });
    // A refusal by the validator is answered with the method as sent too.
    pipeline.push(errorStage((error: unknown, req: Request, _res: Response, next: express.NextFunction) => {
      giveBack(req);
      next(error);
    }));
  }
  /** The handler's reply (Petstore rules, the generic engine, or a canned answer), written. */
  const answer = (req: Request, res: Response, match: RequestState['match'], query: URLSearchParams, preferences: Preferences): void => {
    const operation = match.operation;
    const handler = handlers[operation.id];
    let reply: Reply;
    if (wantsCannedResponse(preferences) || !handler) {
      // A status asked for by `Prefer: code=…` is answered as asked (Prism's convention), an id the store does not hold included.
      const refused = handler || preferences.code !== undefined ? undefined : rules.refuseUnknownParent(operation, match.params);
      if (refused) throw refused;
      const faker = preferences.seed === undefined ? dice.faker : createFaker(preferences.seed);
      // An operation that documents no 2xx (a redirect, say) answers its first documented status.
      const statuses = Object.keys(operation.responses).filter((s) => /^\d{3}$/.test(s)).sort();
      const fallback = statuses.some((s) => s.startsWith('2')) ? undefined : statuses[0];
      // A reply that neither reads nor changes the state says so (README "Any contract: the generic engine").
      res.setHeader(STATELESS_HEADER, handler ? 'Prefer asked for a canned answer' : (statelessReasons.get(operation.id) ?? 'no business rule or inferred collection answers this operation'));
      reply = cannedReply(operation, preferences.code === undefined && fallback !== undefined ? { ...preferences, code: Number(fallback) } : preferences, faker, codeForStatus, match.params);
      // A contract's own example may break its schema (a relative URL under `format: uri`): then a generated body that keeps it.
      if (preferences.example === undefined) reply = keepToSchema(operation, reply, faker, schemaValidator);
      // Made-up items of a list match the filters the request names (`?status=sold`).
      if (preferences.example === undefined && !handler) reply = reflectFilters(operation, reply, query, schemaValidator);
    } else {
      reply = handler({ operation, params: match.params, query, body: req.body, path: req.path });
    }
    for (const name in reply.headers) {
      const value = reply.headers[name]!;
      // Link adds to the deprecation's (Express's append; a first one is set as append would set it).
      if (name.toLowerCase() !== 'link') res.setHeader(name, value);
      else if (res.getHeader('Link')) res.append('Link', value);
      else res.setHeader('Link', value);
    }
    res.status(reply.status);
    send(req, res, operation, reply, writer);
  };
  pipeline.push((req, res, next) => {
    const { match, prefer, query } = stateOf(req);
    const operation = match.operation;
    // 406 only when nothing the operation documents fits the Accept header (RFC 9110 §12.5.1).
    let offered = offeredTypes.get(operation);
    if (!offered) offeredTypes.set(operation, (offered = successMediaTypes(operation)));
    if (offered.length > 0 && negotiate(req.headers.accept, offered) === undefined) throw new HttpError(406, codeForStatus(406), `This operation answers ${offered.join(', ')} only.`);
    if (!prefer.ok) throw prefer.error;
    const preferences = prefer.preferences;
    // An error status the operation does not document is still answered as asked (Prism's
    // `Prefer: code=`), as that status with the contract's error shape (RFC 9110 §15: the status
    // means what the RFC says; the body is the common error schema, error-schema.ts). A contract
    // with an error catalogue (x-error-codes) that has no code for it keeps refusing it (renderBare's rule).
    const catalogued = (status: number): boolean => codes.size === 0 || codes.has(status);
    if (preferences.code !== undefined && preferences.code >= 400 && catalogued(preferences.code) && responseFor(operation.responses, preferences.code) === undefined) {
      throw new HttpError(preferences.code, codeForStatus(preferences.code), `Prefer asked for ${preferences.code}, which ${operation.id} does not document; answered in the contract's error shape.`);
    }
    checkPreferences(operation, preferences);
    chaos(options.chaos, () => dice.random(), codeForStatus);
    const ms = latencyMs(options.latency, preferences.delay, () => dice.random());
    if (ms <= 0) {
      // No latency asked for (the default): answered in a microtask, without promises, as soon as
      // the parser is done with what the socket delivered. Not at once: a pipelined request
      // after this one that Node's parser refuses must be seen before this answer starts
      // (server.ts tells an answer under way from a finished one).
      queueMicrotask(() => {
        try {
          answer(req, res, match, query, preferences);
        } catch (error) {
          next(error || new Error('Rejected promise'));
        }
      });
      return undefined;
    }
    return sleep(ms).then(() => answer(req, res, match, query, preferences));
  });
  const router = series(pipeline);

  const statelessOperations = Object.fromEntries(
    contract.operations.filter((op) => !handlers[op.id]).map((op) => [op.id, statelessReasons.get(op.id) ?? 'no business rule or inferred collection answers this operation']),
  );
  const notices = schemaContradictions(contract.document);
  const renderBare: Engine['renderBare'] = (status, message, method, target) => {
    if (codes.size > 0 && !codes.has(status)) return undefined;
    const path = target === undefined ? undefined : target.split('?')[0]!;
    const match = method === undefined || path === undefined ? undefined : matcher.match(method, path);
    const rendered = errorBodies.render(new HttpError(status, codeForStatus(status), message), match?.kind === 'operation' ? match.operation : undefined);
    const json = rendered.text === undefined;
    return { contentType: json ? `${rendered.contentType}; charset=utf-8` : rendered.contentType, text: rendered.text ?? JSON.stringify(rendered.body) };
  };
  return { contract, text, router, errorContext, rules, statefulOperations: rules.statefulOperations, statelessOperations, notices, collections: rules.collections, renderBare };
}

/** Checks a JSON answer against the contract (throwing when it breaks it) and writes it. */
type JsonWriter = (req: Request, res: Response, body: unknown) => void;

/**
 * Writes a reply in the media type the client accepts among those the contract documents for its
 * status (RFC 9110 §12.5.1). JSON goes through the writer, which has express-openapi-validator
 * validate the body against the contract; XML, text and binary bodies are written from the value
 * or the documented example.
 */
function send(req: Request, res: Response, operation: Contract['operations'][number], reply: Reply, writeJson: JsonWriter): void {
  const documented = responseFor(operation.responses, reply.status);
  // The one rule for bodies (src/contract/response-body.ts), which the runner judges by: none on
  // 204/304, none on a success documented without content. HEAD is written as GET: Node drops the
  // body after its headers are set, so they are GET's (RFC 9110 §9.3.2).
  const rule = responseBodyRule(reply.status, req.method === 'HEAD' ? 'GET' : req.method, documented);
  if (reply.body === undefined || rule.kind === 'none' || (rule.kind === 'open' && !rule.explanation)) {
    res.end();
    return;
  }
  const content = documented?.content ?? {};
  const types = Object.keys(content);
  // RFC 9110 §12.5.1 (src/contract/negotiate.ts); a refused Accept was answered 406 before, so
  // only error answers reach here unacceptable: they take the first documented type.
  const chosen = negotiate(req.headers.accept, types) ?? types[0];
  const syntax = chosen === undefined ? undefined : sequenceSyntax(chosen);
  if (chosen !== undefined && syntax !== undefined) {
    // A sequential media type (OAS 3.2.0 §4.14.3.1) is written as its items, one after another.
    res.type(chosen).send(serializeSequence(syntax, itemsOf(syntax, reply.body)));
    return;
  }
  if (chosen === undefined || admitsJson(chosen)) {
    const type = chosen === undefined ? 'application/json' : jsonTypeFor(chosen);
    // Without a schema there is nothing to validate against (the validator would call that a 500).
    if (chosen === undefined || content[chosen]?.schema === undefined) {
      res.type(type).send(JSON.stringify(reply.body));
      return;
    }
    if (type !== 'application/json') res.type(type);
    writeJson(req, res, reply.body);
    return;
  }
  const name = operation.path.split('/').filter((s) => s && !s.startsWith('{')).at(-1) ?? 'body';
  const body = nonJsonBody(chosen, reply.body, content[chosen], name.replace(/\.\w+$/, ''));
  res.type(answerType(req.headers.accept, chosen) ?? 'application/octet-stream').send(body);
}
