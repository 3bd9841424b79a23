import { STATUS_CODES } from 'node:http';
import type { RequestHandler } from 'express';
import {
  documentedResponse,
  schemaContradictions,
  schemaValidatorFor,
  type Contract,
  type Operation,
} from '../contract/index.js';
import type { Clock } from './clock.js';
import { NO_RULE } from './core/respond.js';
import type { Dice } from './dice.js';
import { ErrorBodies } from './error-body.js';
import { causeOf, HttpError, type ErrorHandlerContext } from './errors.js';
import type { NormalizedOptions } from './options.js';
import { OperationMatcher } from './operations.js';
import { operationValidators } from './operation-validators.js';
import { rulesFor, type CollectionView, type RuleStores, type Rules } from './rules/index.js';
import { series } from './series.js';
import { answerStage } from './stages/answer.js';
import { requestSlot, type RequestState, type StageContext } from './stages/context.js';
import { credentialsStage } from './stages/credentials.js';
import { deprecationStage } from './stages/deprecation.js';
import { matchStage } from './stages/match.js';
import { parseStage } from './stages/parse.js';
import { policiesStage } from './stages/policies.js';
import { rulesStage } from './stages/rules.js';
import { validateAnswerStage } from './stages/validate-answer.js';
import { validateRequestStage } from './stages/validate-request.js';
import { writeStage } from './stages/write.js';

export type { Dice } from './dice.js';
export { STATELESS_HEADER } from './core/respond.js';

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
  /**
   * Whether the contract names this very path, without a template, for this method: its own `GET /docs`
   * (Azure Search's documents) comes before the mock's reference page there (OAS 3.0.3 §4.7.8: a
   * concrete path is matched before a templated one; the mock's pages are concrete too).
   */
  readonly documentsLiterally: (method: string, path: string) => boolean;
  readonly errorContext: ErrorHandlerContext;
  /** What answers from state: the Petstore's rules, or the generic engine inferred from the contract. */
  readonly rules: Rules;
  /** The operationIds answered from the state (the others answer from examples or schemas). */
  readonly statefulOperations: readonly string[];
  /** What the mock found wrong in the document at load and how it answers instead (one line each). */
  readonly notices: readonly string[];
  /** Of those, the ones the operator is told at start (the CLI's stderr): fields the specification does not define, ignored. */
  readonly ignored: readonly string[];
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
  renderBare(
    status: number,
    message: string,
    method: string | undefined,
    target: string | undefined,
  ): { readonly contentType: string; readonly text: string } | undefined;
}

/**
 * The body limit of a contract that states none (`x-limits.maxBodyBytes` states one; the bundled
 * Petstore's is 64 KiB): 1 MiB. A contract without a limit admits what its schemas admit (Lob's
 * template `html` of up to 100,000 characters, Discord's lists of tokens), which RFC 9110 §15.5.14
 * would let a server refuse, but a mock of that contract must not: 1 MiB takes such bodies and
 * still bounds what one request can make the mock hold.
 */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** `Not Found` → `not_found`: an error code for contracts without a catalogue. */
const snakeReason = (status: number): string =>
  (STATUS_CODES[status] ?? 'error')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * Builds the engine of one contract. Its request pipeline is the list of stages below, in the
 * order a request meets them (stages/, one file each); the handler core (core/respond.ts) between
 * them knows no Express.
 */
export async function buildEngine(contract: Contract, text: string, deps: EngineDeps): Promise<Engine> {
  const { options, clock, dice } = deps;
  const matcher = new OperationMatcher(contract);
  const maxBodyBytes = contract.limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const codes = new Map<number, string>();
  for (const [code, status] of contract.errorCatalogue)
    if (status !== undefined && !codes.has(status)) codes.set(status, code);
  const codeForStatus = (status: number): string =>
    codes.get(status) ?? (codes.size > 0 ? codes.get(500) : undefined) ?? snakeReason(status);
  const apiKeyHeader = [...contract.apiKeySchemes.values()].find((s) => s.in === 'header')?.name ?? 'X-API-Key';
  // Compiled validators shared by every app on this contract in the process; notices are this app's.
  const schemaValidator = schemaValidatorFor(contract);
  const errorBodies = new ErrorBodies(contract, schemaValidator);
  const rules = rulesFor(contract, {
    stores: deps.stores,
    validator: schemaValidator,
    dice,
    codeForStatus,
    seed: options.seed,
    records: options.records,
  });
  const states = requestSlot<RequestState>('request state');
  const errorContext: ErrorHandlerContext = {
    codeForStatus,
    allowFor: (path) => matcher.allowFor(path),
    apiKeyHeader: () => apiKeyHeader,
    realm: () => rules.realm,
    maxBodyBytes: () => maxBodyBytes,
    render: (error, req) =>
      errorBodies.render(
        error,
        states.get(req)?.match.operation ?? (error.status === 405 ? matcher.documenting(req.path, 405) : undefined),
      ),
    refine: (error, req) => {
      const operation = states.get(req)?.match.operation;
      if (!operation) return error;
      return sayable(operation, documentedRefusal(operation, error), errorBodies, codeForStatus);
    },
    report: (cause, req) =>
      options.onEvent({
        type: 'internal-error',
        method: req.method,
        url: req.originalUrl,
        operationId: states.get(req)?.match.operation.id,
        cause: causeOf(cause),
      }),
  };
  function documentedRefusal(operation: Operation, error: HttpError): HttpError {
    const documents = (status: string): boolean => operation.responses[status] !== undefined;
    // A request the mock refuses as invalid is 400 (RFC 9110 §15.5.1), unless its operation
    // documents that failure as 422 and documents no 400 (FastAPI's HTTPValidationError:
    // RFC 9110 §15.5.21, content the server understands but cannot process): the documented status.
    if (error.status === 400 && !documents('400') && documents('422'))
      return new HttpError(422, codeForStatus(422), error.message, error.details, error.headers);
    // A path whose parameter cannot be what the operation takes (`/tickets/abc/` for an integer id)
    // names no resource: 404 (RFC 9110 §15.5.5), where the operation documents its 404 and no
    // validation refusal (400, 422 or their 4XX range), as the frameworks that write such documents
    // answer (Django REST framework's get_object_or_404 on a ValueError; drf-spectacular documents
    // the 404 alone). Before, the undocumented 400.
    if (error.status === 400 && pathAlone(error) && documents('404') && !documentsValidation(operation))
      return new HttpError(404, codeForStatus(404), error.message, error.details, error.headers);
    // A body in a media type the operation does not take is 415 (RFC 9110 §15.5.16), unless the
    // operation documents no 415 (nor its 4XX range) and documents its validation refusal: then
    // that status, 400 else 422, as the frameworks that write such documents answer (FastAPI,
    // NestJS, Fastify, express-zod-api read that body as an invalid one; docs/zoo-fidelity.md).
    const validation = documents('400') ? 400 : documents('422') ? 422 : undefined;
    if (
      error.status === 415 &&
      validation !== undefined &&
      documentedResponse(operation.responses, 415, { withDefault: false }) === undefined
    ) {
      const details =
        error.details.length > 0
          ? error.details
          : [{ location: 'header.content-type', message: error.message, kind: 'media_type' }];
      return new HttpError(validation, codeForStatus(validation), error.message, details, error.headers);
    }
    // Missing or wrong credentials are 401 (RFC 9110 §15.5.2), unless the operation documents its
    // refusal as 403 and no 401 (§15.5.4; Pinterest): the documented status, without a challenge,
    // which belongs to a 401 only.
    if (error.status === 401 && !documents('401') && documents('403')) {
      const headers = Object.fromEntries(
        Object.entries(error.headers).filter(([name]) => name.toLowerCase() !== 'www-authenticate'),
      );
      return new HttpError(403, codeForStatus(403), error.message, error.details, headers);
    }
    return error;
  }

  // Per operation (operation-validators.ts): only the document's check happens here; or the
  // validator's own whole-document middleware (the equivalence suite's reference).
  const perOperation = options.validatorDispatch === 'operation' ? await operationValidators(contract) : undefined;
  const ctx: StageContext = {
    contract,
    options,
    clock,
    dice,
    matcher,
    rules,
    schemaValidator,
    maxBodyBytes,
    codeForStatus,
    catalogued: (status) => codes.size === 0 || codes.has(status),
    perOperation,
    states,
  };

  // The stages, in the order a request meets them.
  const stages: (RequestHandler | readonly RequestHandler[])[] = [
    matchStage(ctx),
    deprecationStage(ctx),
    credentialsStage(ctx),
    parseStage(ctx),
    await validateRequestStage(ctx),
    policiesStage(ctx),
    rulesStage(ctx),
    answerStage(ctx),
    validateAnswerStage(ctx),
    writeStage(ctx),
  ];
  const router = series(stages.flat());

  const handlers = rules.handlers;
  const statelessOperations = Object.fromEntries(
    contract.operations
      .filter((op) => !handlers[op.id])
      .map((op) => [op.id, rules.statelessReasons.get(op.id) ?? NO_RULE]),
  );
  const ignored = perOperation?.notices ?? [];
  const notices = [...ignored, ...schemaContradictions(contract.document)];
  const renderBare: Engine['renderBare'] = (status, message, method, target) => {
    if (codes.size > 0 && !codes.has(status)) return undefined;
    const path = target === undefined ? undefined : target.split('?')[0]!;
    const match = method === undefined || path === undefined ? undefined : matcher.match(method, path);
    const rendered = errorBodies.render(
      new HttpError(status, codeForStatus(status), message),
      match?.kind === 'operation'
        ? match.operation
        : match?.kind === 'method-not-allowed' && path !== undefined
          ? matcher.documenting(path, status)
          : undefined,
    );
    const json = rendered.text === undefined;
    return {
      contentType: json ? `${rendered.contentType}; charset=utf-8` : rendered.contentType,
      text: rendered.text ?? JSON.stringify(rendered.body),
    };
  };
  const documentsLiterally = (method: string, path: string): boolean => {
    try {
      const match = matcher.match(method, path);
      return match.kind === 'operation' && Object.keys(match.params).length === 0;
    } catch {
      return false; // a path that is not percent-encoded names nothing
    }
  };
  return {
    contract,
    text,
    router,
    documentsLiterally,
    errorContext,
    rules,
    statefulOperations: rules.statefulOperations,
    statelessOperations,
    notices,
    ignored,
    collections: rules.collections,
    renderBare,
  };
}

/**
 * A client error whose documented body cannot say its status (its `status` member closed to a list
 * of statuses without it: Increase's `default` error is anyOf one alternative per status, 400 401
 * 403 404 409 422 429 500, and no 415) is answered with a status of the same refusal the body can
 * say: no body could be valid and carry the HTTP status as RFC 9457 §3.1.2 asks. 401 becomes 403
 * (RFC 9110 §15.5.4, without the challenge only a 401 carries); any other, 400 (§15.5.1: a client
 * error), else 422 (§15.5.21). Where none is sayable the error is left as it is.
 */
function sayable(
  operation: Operation,
  error: HttpError,
  bodies: ErrorBodies,
  codeForStatus: (status: number) => string,
): HttpError {
  if (error.status < 400 || error.status >= 500 || bodies.canSay(operation, error.status)) return error;
  const options = error.status === 401 ? [403] : [400, 422];
  const status = options.find((s) => s !== error.status && bodies.canSay(operation, s));
  if (status === undefined) return error;
  const headers =
    error.status === 401
      ? Object.fromEntries(Object.entries(error.headers).filter(([name]) => name.toLowerCase() !== 'www-authenticate'))
      : error.headers;
  return new HttpError(status, codeForStatus(status), error.message, error.details, headers);
}

/** Whether every fault a 400 names is in a path parameter (`path.id`): the request's target itself, not its query or body. */
function pathAlone(error: HttpError): boolean {
  return (
    error.details.length > 0 && error.details.every((d) => d.location === 'path' || d.location.startsWith('path.'))
  );
}

/** Whether the operation documents a validation refusal: 400 or 422, exactly or by their 4XX range (OAS 3.0.3 §4.7.16). */
function documentsValidation(operation: Operation): boolean {
  return [400, 422].some(
    (status) => documentedResponse(operation.responses, status, { withDefault: false }) !== undefined,
  );
}
