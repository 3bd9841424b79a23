import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];
type SecurityHandlers = NonNullable<Extract<ValidatorOptions['validateSecurity'], object>['handlers']>;

/**
 * express-openapi-validator's middleware for the given options, shared by every app of the
 * process built with the same options from the same contract. Building one validates the whole
 * document against the OpenAPI schema and compiles ajv validators for every operation: most of an
 * app's start-up. What it holds is derived from the contract and the options alone, so it is
 * safe to share; the one per-app part, the security handlers (each app accepts its own API keys),
 * is looked up per request: the middleware returned first notes which app's handlers apply.
 *
 * Keyed by a digest of the options as JSON with the handlers reduced to their scheme names;
 * options holding any other function are not shared (a function's behaviour has no key).
 * At most `CAPACITY` sets are kept, least recently used first out.
 */
export function sharedValidatorMiddleware(options: ValidatorOptions): RequestHandler[] {
  const own = securityHandlersOf(options);
  const key = keyOf(options, own);
  if (key === undefined) return OpenApiValidator.middleware(options) as RequestHandler[];
  let shared = cache.get(key);
  if (shared) {
    cache.delete(key);
  } else {
    shared = OpenApiValidator.middleware(withDispatchingHandlers(options, own)) as RequestHandler[];
  }
  cache.set(key, shared);
  for (const stale of cache.keys()) {
    if (cache.size <= CAPACITY) break;
    cache.delete(stale);
  }
  const noteHandlers: RequestHandler = (req, _res, next) => {
    handlersByRequest.set(req, own);
    next();
  };
  return [noteHandlers, ...shared];
}

const CAPACITY = 8;
/** Cache of contract-derived, read-only validators (see above); never holds per-app state. */
const cache = new Map<string, RequestHandler[]>();
/** Which app's security handlers a request in flight is checked with; gone with the request. */
const handlersByRequest = new WeakMap<IncomingMessage, SecurityHandlers>();

function securityHandlersOf(options: ValidatorOptions): SecurityHandlers {
  const security = options.validateSecurity;
  return typeof security === 'object' && security.handlers ? security.handlers : {};
}

function withDispatchingHandlers(options: ValidatorOptions, own: SecurityHandlers): ValidatorOptions {
  const security = options.validateSecurity;
  if (typeof security !== 'object' || !security.handlers) return options;
  const dispatching: SecurityHandlers = {};
  for (const name of Object.keys(own)) {
    dispatching[name] = (req, scopes, schema) => {
      const handler = handlersByRequest.get(req)?.[name];
      return handler ? handler(req, scopes, schema) : false;
    };
  }
  return { ...options, validateSecurity: { ...security, handlers: dispatching } };
}

function keyOf(options: ValidatorOptions, own: SecurityHandlers): string | undefined {
  let shareable = true;
  const json = JSON.stringify({ ...options, validateSecurity: typeof options.validateSecurity === 'object' ? { ...options.validateSecurity, handlers: Object.keys(own).sort() } : options.validateSecurity }, (_key, value: unknown) => {
    if (typeof value === 'function' || value instanceof RegExp) shareable = false;
    return value;
  });
  return shareable ? createHash('sha256').update(json).digest('base64url') : undefined;
}
