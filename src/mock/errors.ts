import type { ErrorRequestHandler, Request } from 'express';
import { isRecord } from '../contract/index.js';
import { StoreFullError } from './store/capacity.js';
import { literalBrackets } from './validator-document.js';

/** One violation of a rejected request, as the contract's `ErrorDetail` describes it. */
export interface ErrorDetail {
  readonly location: string;
  readonly message: string;
  /** The kind of violation, where the validator names one (its keyword: `required`, `enum`, `minLength`). */
  readonly kind?: string;
}

/** The contract's `Error` body. */
export interface ErrorBody {
  code: string;
  message: string;
  status: number;
  details?: ErrorDetail[];
}

/**
 * The one error type of the mock: everything that answers 4xx/5xx throws it (or is mapped to
 * it by the central handler), so every failure leaves as the contract's `Error` body.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    // An answer, not a fault: nothing reads its stack (causeOf names an internal error by its class
    // and message, never a stack), so none is captured; V8's capture was most of the cost of making
    // one (about 3 of 3.4 µs), and the mock makes one for every refusal.
    const limit = withoutStacks();
    super(message);
    if (limit !== undefined) Error.stackTraceLimit = limit;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message, status: this.status };
    if (this.details.length > 0) body.details = this.details.map((d) => ({ location: d.location, message: d.message }));
    return body;
  }
}

/** Sets V8's stack trace limit to 0 and answers what it was; undefined (nothing changed) where it cannot be set. */
function withoutStacks(): number | undefined {
  try {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    return limit;
  } catch {
    return undefined;
  }
}

/** RFC 9110 §11.6.1: the challenge a 401 carries; the scheme and header come from the contract, the realm from its rules. */
export function wwwAuthenticate(headerName: string, realm: string): string {
  return `ApiKey realm="${realm}", header="${headerName}"`;
}

/** Turns an express-openapi-validator error path (`/body/name`, `/params/petId`, `.query.limit`) into `body.name` style. */
export function detailLocation(path: string): string {
  const parts = path.split(/[/.]/).filter((p) => p.length > 0);
  const head = parts[0];
  const where = head === 'params' ? 'path' : head === 'headers' ? 'header' : head === 'cookies' ? 'cookie' : head;
  return [where, ...parts.slice(1)].filter((p) => p !== undefined).join('.') || 'request';
}

export interface ErrorHandlerContext {
  /** The catalogue code for an HTTP status (from the contract's `x-error-codes`). */
  codeForStatus(status: number): string;
  /** The methods documented for the request's path (for `Allow`, RFC 9110 §15.5.6); undefined when the path is unknown. */
  allowFor(path: string): string | undefined;
  /** The header that carries the API key (for `WWW-Authenticate`). */
  apiKeyHeader(): string;
  /** The realm of the API's challenges (the rules': `petstore` under the Petstore rules, else `mock`). */
  realm?(): string;
  /** The body limit in bytes (for the 413 message). */
  maxBodyBytes(): number;
  /** The error as the contract's own error schema for the request's operation and status shapes it. */
  render?(
    error: HttpError,
    req: Request,
  ): {
    readonly contentType: string;
    readonly body: unknown;
    readonly text?: string;
    readonly headers?: Readonly<Record<string, string>>;
  };
  /** The error with the status the request's operation documents for that failure (a 400 its operation documents as 422). */
  refine?(error: HttpError, req: Request): HttpError;
  /** Tells the operator why an answer is a 500 (the CLI writes it to stderr); the client never sees the cause. */
  report?(cause: unknown, req: Request): void;
}

/** Where the error handler leaves what the journal records as an answer's error (res.locals). */
export const ANSWER_ERROR = 'mock:error';

/** What an internal error was, for the operator: its class and first line, sanitised like any message. */
export function causeOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // Its first line, file paths left out (never a stack); JSON pointers (`/response/0/name`) kept,
  // which the client-facing sanitize would take for paths.
  return text
    .split('\n')[0]!
    .replace(/(?:file:\/\/)?(?:\/[\w.@-]+)+\.(?:[cm]?[jt]s|json|ya?ml)(?::\d+)*/g, '<file>')
    .replace(/node_modules/g, '<file>')
    .slice(0, 500);
}

/** 401 with its challenge (RFC 9110 §15.5.2: a 401 carries WWW-Authenticate). */
export function unauthorized(ctx: ErrorHandlerContext): HttpError {
  return new HttpError(
    401,
    ctx.codeForStatus(401),
    `A valid ${ctx.apiKeyHeader()} header is required for this operation.`,
    [],
    {
      'WWW-Authenticate': wwwAuthenticate(ctx.apiKeyHeader(), ctx.realm?.() ?? 'mock'),
    },
  );
}

/** Maps anything thrown (our HttpError, express-openapi-validator's errors, body-parser's) to an HttpError. */
export function toHttpError(error: unknown, req: { path: string }, ctx: ErrorHandlerContext): HttpError {
  if (error instanceof HttpError) return error;
  // RFC 4918 §11.5: the store cannot hold what the request would add (--max-records).
  if (error instanceof StoreFullError) return new HttpError(507, ctx.codeForStatus(507), error.message);
  if (!isRecord(error) && !(error instanceof Error)) return internal();
  // Libraries' errors are Error instances with extra own fields (status, type, errors, body).
  const field = (name: string): unknown => Reflect.get(error, name);
  const fields = {
    status: field('status'),
    statusCode: field('statusCode'),
    type: field('type'),
    message: field('message'),
    errors: field('errors'),
    body: field('body'),
  };
  const status =
    typeof fields.status === 'number' ? fields.status : typeof fields.statusCode === 'number' ? fields.statusCode : 500;
  const type = typeof fields.type === 'string' ? fields.type : undefined;
  const message = typeof fields.message === 'string' ? fields.message : '';

  // body-parser (express.json) errors carry a `type`.
  if (type === 'entity.parse.failed') {
    // body-parser's strict mode refuses JSON whose top level is not an object or array with a
    // parse error; say what is really wrong.
    const kind = typeof fields.body === 'string' ? topLevelKind(fields.body) : undefined;
    if (kind !== undefined) {
      return new HttpError(400, ctx.codeForStatus(400), `The request body must be a JSON object, not ${kind}.`, [
        { location: 'body', message: `must be object, not ${kind}` },
      ]);
    }
    return new HttpError(400, ctx.codeForStatus(400), 'The request body is not valid JSON.', [
      { location: 'body', message: sanitize(message), kind: 'json_invalid' },
    ]);
  }
  if (type === 'entity.too.large') {
    return new HttpError(413, ctx.codeForStatus(413), `The request body is over ${ctx.maxBodyBytes()} bytes.`);
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new HttpError(
      415,
      ctx.codeForStatus(415),
      `The request body must be application/json: ${sanitize(message)}`,
    );
  }

  switch (status) {
    case 400: {
      const errors = Array.isArray(fields.errors) ? fields.errors.filter(isRecord) : [];
      const details = errors.map((e): ErrorDetail => {
        // express-openapi-validator's `errorCode` is `<keyword>.openapi.validation` (Ajv's keyword).
        const kind = typeof e['errorCode'] === 'string' ? e['errorCode'].split('.')[0] : undefined;
        const detail = {
          location: literalBrackets(detailLocation(typeof e['path'] === 'string' ? e['path'] : '')),
          message: literalBrackets(sanitize(typeof e['message'] === 'string' ? e['message'] : 'is invalid')),
        };
        return kind ? { ...detail, kind } : detail;
      });
      return new HttpError(
        400,
        ctx.codeForStatus(400),
        literalBrackets(sanitize(message)) || 'The request breaks the contract.',
        details,
      );
    }
    case 401:
      return unauthorized(ctx);
    case 404:
      return new HttpError(404, ctx.codeForStatus(404), `No resource at ${req.path}.`);
    case 405: {
      const allow = ctx.allowFor(req.path) ?? '';
      return new HttpError(405, ctx.codeForStatus(405), `This path answers ${allow || 'no method'} only.`, [], {
        Allow: allow,
      });
    }
    case 406:
      return new HttpError(406, ctx.codeForStatus(406), 'This operation answers application/json only.');
    case 413:
      return new HttpError(413, ctx.codeForStatus(413), `The request body is over ${ctx.maxBodyBytes()} bytes.`);
    case 415:
      return new HttpError(
        415,
        ctx.codeForStatus(415),
        `The request body must be application/json (${sanitize(message)}).`,
      );
    case 500:
      // express-openapi-validator's response validation: a bug of the mock, named so it can be fixed.
      if (Array.isArray(fields.errors) && message) {
        return new HttpError(500, ctx.codeForStatus(500), `The response breaks the contract: ${sanitize(message)}`);
      }
      return internal(ctx);
    default:
      return internal(ctx);
  }
}

/** The kind of a JSON text whose top level is a primitive (`null`, a string…), else undefined. */
function topLevelKind(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null) return 'null';
  if (typeof value === 'object') return undefined;
  return `a ${typeof value}`;
}

function internal(ctx?: ErrorHandlerContext): HttpError {
  return new HttpError(500, ctx?.codeForStatus(500) ?? 'internal', 'The server could not complete the request.');
}

/** Never leak a file path or a stack line into a body. */
function sanitize(message: string): string {
  return (
    message
      .split('\n')[0]!
      .replace(/(?:file:\/\/)?(?:\/[\w.@-]+)+\.(?:[cm]?[jt]s|json|ya?ml)(?::\d+)*/g, '<file>')
      // Any other absolute file path (three segments or more, e.g. /home/me/project), and stack-ish
      // text; not a validator's pointer into the request (`request/body/items/1/qty`), which begins
      // with a word, nor its JSON pointer into the answer (`/response/0/id`, RFC 6901).
      .replace(/(?<![\w.@-])(?!\/response\/)(?:file:\/\/)?(?:\/[\w.@-]+){3,}\/?/g, '<file>')
      .replace(/node_modules/g, '<file>')
      .slice(0, 500)
  );
}

/**
 * The one error handler: the body the contract's error schema describes for the operation and
 * status (the Petstore's `Error`: `status` equal to the HTTP status), as JSON. Whatever happens
 * while building it, the answer is JSON: never the framework's HTML page, never a stack trace.
 */
export function errorHandler(ctx: () => ErrorHandlerContext): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    let httpError: HttpError;
    let rendered: {
      readonly contentType: string;
      readonly body: unknown;
      readonly text?: string;
      readonly headers?: Readonly<Record<string, string>>;
    };
    // An internal error's cause, for the operator only (the journal and the CLI's stderr).
    let cause: string | undefined;
    try {
      const context = ctx();
      httpError = toHttpError(error, req, context);
      httpError = context.refine?.(httpError, req) ?? httpError;
      // A full store (507) is the cap doing its job, not a fault of the mock: its client is told, the operator is not.
      if (httpError.status >= 500 && !(error instanceof HttpError) && !(error instanceof StoreFullError)) {
        cause = causeOf(error);
        context.report?.(error, req);
      }
      rendered = context.render?.(httpError, req) ?? { contentType: 'application/json', body: httpError.toBody() };
    } catch (failure) {
      cause = `${cause ?? causeOf(error)}; then, writing its error body: ${causeOf(failure)}`;
      httpError = internal();
      rendered = { contentType: 'application/json', body: httpError.toBody() };
    }
    res.locals[ANSWER_ERROR] = cause === undefined ? httpError.message : `${httpError.message} Cause: ${cause}`;
    // The headers the documented answer requires (generated), then the error's own (Allow, WWW-Authenticate).
    for (const [name, value] of Object.entries({ ...rendered.headers, ...httpError.headers }))
      res.setHeader(name, value);
    // Sent as text: the body was checked against the contract's schema when it was built, and a
    // status the operation does not document must still leave as JSON rather than as the validator's 500.
    res
      .status(httpError.status)
      .type(rendered.contentType)
      .send(rendered.text ?? JSON.stringify(rendered.body));
  };
}
