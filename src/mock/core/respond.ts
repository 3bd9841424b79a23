import type { IncomingHttpHeaders } from 'node:http';
import { documentsSuccess, isDocumentedSuccess, type Operation, type SchemaValidator } from '../../contract/index.js';
import type { Dice } from '../dice.js';
import { createFaker } from '../faker.js';
import { wantsCannedResponse, type Preferences } from '../controls/request-headers/prefer.js';
import { reflectFilters } from '../reflect-filters.js';
import type { Handlers, Reply } from '../routes/types.js';
import type { HttpError } from '../errors.js';
import { cannedReply } from './canned.js';
import { keepToSchema } from './keep-to-schema.js';

/** The response header naming why an answer neither read nor changed the mock's state. */
export const STATELESS_HEADER = 'X-Mock-Stateless';

/**
 * A request as the handler core reads it: no Express, no socket. The outer stages have matched it
 * to an operation, checked it against the contract and parsed its body and its Prefer header.
 */
export interface PlainRequest {
  readonly method: string;
  /** The request path, for `Location` and `Link`. */
  readonly path: string;
  /** The request's origin (scheme and Host), for absolute links to the mock itself. */
  readonly origin?: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The parsed body (JSON value, form fields, text, bytes), or undefined. */
  readonly body: unknown;
  readonly operation: Operation;
  readonly params: Readonly<Record<string, string>>;
  readonly preferences: Preferences;
}

/** What of the rules (rules/rules.ts) the core answers with. */
export interface StateAnswers {
  /** The handlers of the operations answered from the state, by operationId. */
  readonly handlers: Handlers;
  /** Why each other operation answers without state, where the rules know. */
  readonly statelessReasons: ReadonlyMap<string, string>;
  /** The refusal of a stateless operation under an item the state does not hold, if any. */
  refuseUnknownParent(
    operation: Operation,
    params: Readonly<Record<string, string>>,
    path?: string,
  ): HttpError | undefined;
  /** Which made-up items of a list on this path name a record deleted since (generic/tombstones.ts), if any. */
  leftOut?(path: string): ((item: unknown) => boolean) | undefined;
  /** Told of each stateless answer (generic/tombstones.ts: a successful DELETE of an item nothing stores). */
  answeredStateless?(
    operation: Operation,
    path: string,
    status: number,
    body?: unknown,
    params?: Readonly<Record<string, string>>,
  ): void;
}

/** What the core answers with. */
export interface CoreDeps {
  readonly rules: StateAnswers;
  readonly dice: Dice;
  readonly schemaValidator: SchemaValidator;
  readonly codeForStatus: (status: number) => string;
}

/**
 * The handler core: the contract's rules answer from the state (the Petstore's or the generic
 * engine's), unless Prefer asks for a canned answer or no rule answers the operation; then a
 * documented or generated answer (core/canned.ts), kept to its schema. Throws an HttpError for a
 * refusal (an unknown id, a broken business rule).
 */
export function respond(request: PlainRequest, deps: CoreDeps): Reply {
  const { rules, dice, schemaValidator, codeForStatus } = deps;
  const { operation, preferences, params, query } = request;
  // An operation documenting no success (nordigen's deletes list only 400, 401, 403, 404, 429) is
  // answered as documented below, never by the state's 204 or 200, which it does not document.
  // A `default` that is all an operation documents (or no responses at all, OAS 3.1 §4.8.16) is its success.
  const succeeds = documentsSuccess(operation.responses) || isDocumentedSuccess(operation.responses, 200);
  const handler = succeeds ? rules.handlers[operation.id] : undefined;
  if (handler && !wantsCannedResponse(preferences))
    return handler({
      operation,
      params,
      query,
      body: request.body,
      path: request.path,
      ...(request.origin === undefined ? {} : { origin: request.origin }),
    });
  // A status asked for by `Prefer: code=…` is answered as asked (Prism's convention), an id the store does not hold included.
  const refused =
    handler || preferences.code !== undefined ? undefined : rules.refuseUnknownParent(operation, params, request.path);
  if (refused) throw refused;
  const faker = preferences.seed === undefined ? dice.faker : createFaker(preferences.seed);
  // An operation that documents no 2xx (a redirect, say) answers its first documented status. A
  // public one's (no security requirement) is not a 401 while it documents anything else: the
  // request lacks no credentials (RFC 9110 §15.5.2), and a 401 would say it does (BigOven's
  // `Recipe_Scan` lists only 401, 402, 415 and 500; Magento's `PUT /V1/carts/mine` 401 and `default`,
  // whose answer is then the one `default` gives).
  // Beside only refusals (4xx, 5xx), a `default` is the success: it covers every status the
  // operation does not list (OAS 3.0.3 §4.7.16), a 2xx included (openchannel's `GET /apps`: `400`
  // and `default` "OK"; magento's `401`, `500` and `default`), and valid input is refused by none.
  const statuses = Object.keys(operation.responses)
    .filter((s) => /^\d{3}$/.test(s))
    .sort();
  const fitting = operation.requiresAuth ? statuses : statuses.filter((s) => s !== '401');
  const answers = statuses.filter((s) => !/^[45]/.test(s));
  const fallback = documentsSuccess(operation.responses)
    ? undefined
    : (answers[0] ?? (Object.hasOwn(operation.responses, 'default') ? undefined : (fitting[0] ?? statuses[0])));
  let reply = cannedReply(
    operation,
    preferences.code === undefined && fallback !== undefined ? { ...preferences, code: Number(fallback) } : preferences,
    faker,
    codeForStatus,
    params,
    request.headers.accept,
  );
  // A contract's own example may break its schema (a relative URL under `format: uri`): then a generated body that keeps it.
  if (preferences.example === undefined)
    reply = keepToSchema(operation, reply, faker, schemaValidator, request.headers.accept);
  // Made-up items of a list match the filters the request names (`?status=sold`).
  if (preferences.example === undefined && !handler)
    reply = reflectFilters(
      operation,
      reply,
      query,
      schemaValidator,
      rules.leftOut?.(request.path),
      request.headers.accept,
    );
  if (!handler && preferences.code === undefined)
    rules.answeredStateless?.(operation, request.path, reply.status, reply.body, params);
  // A reply that neither reads nor changes the state says so (README "Any contract: the generic engine"), first among its headers.
  const why = handler ? 'Prefer asked for a canned answer' : (rules.statelessReasons.get(operation.id) ?? NO_RULE);
  return { ...reply, headers: { [STATELESS_HEADER]: why, ...reply.headers } };
}

/** Why an operation no rule answers is stateless. */
export const NO_RULE = 'no business rule or inferred collection answers this operation';
