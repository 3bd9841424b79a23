import type { RequestHandler } from 'express';
import { negotiate, responseFor, type Operation } from '../../contract/index.js';
import { chaos, latencyMs, sleep } from '../controls/policies/timing.js';
import { checkPreferences } from '../controls/request-headers/prefer.js';
import { HttpError } from '../errors.js';
import { stateOf, type StageContext } from './context.js';

/** Media types of every 2xx answer of an operation, in the contract's order. */
export function successMediaTypes(operation: Operation): string[] {
  const types: string[] = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status)) continue;
    for (const type of Object.keys(response.content ?? {})) if (!types.includes(type)) types.push(type);
  }
  return types;
}

/** A media type or range as RFC 9110 §8.3.1 writes it: `type/subtype`, parameters allowed. */
const isMediaType = (key: string): boolean => /^[^\s/;]+\/[^\s/;]+\s*(;.*)?$/.test(key.trim());

/**
 * Policies: what decides whether and when the request is answered: 406 when nothing documented
 * fits Accept, the Prefer header's checks, chaos (--chaos) and latency (--latency, Prefer: delay).
 */
export function policiesStage(ctx: StageContext): RequestHandler {
  const { codeForStatus, options, dice } = ctx;
  /** Media types of each operation's 2xx answers, worked out once. */
  const offeredTypes = new Map<Operation, string[]>();
  return (req, _res, next) => {
    const state = stateOf(ctx, req);
    const { match, prefer } = state;
    const operation = match.operation;
    // 406 only when nothing the operation documents fits the Accept header (RFC 9110 §12.5.1).
    // A content key that is no media type (opendatasoft's `xls`) cannot be negotiated: it takes part
    // in no 406 (RFC 9110 §12.5.1 lets a server disregard Accept rather than refuse).
    let offered = offeredTypes.get(operation);
    if (!offered) offeredTypes.set(operation, (offered = successMediaTypes(operation).filter(isMediaType)));
    if (offered.length > 0 && negotiate(req.headers.accept, offered) === undefined)
      throw new HttpError(406, codeForStatus(406), `This operation answers ${offered.join(', ')} only.`);
    if (!prefer.ok) throw prefer.error;
    const preferences = prefer.preferences;
    // An error status the operation does not document is still answered as asked (Prism's
    // `Prefer: code=`), as that status with the contract's error shape (RFC 9110 §15: the status
    // means what the RFC says; the body is the common error schema, error-schema.ts). A contract
    // with an error catalogue (x-error-codes) that has no code for it keeps refusing it (renderBare's rule).
    if (
      preferences.code !== undefined &&
      preferences.code >= 400 &&
      ctx.catalogued(preferences.code) &&
      responseFor(operation.responses, preferences.code) === undefined
    ) {
      throw new HttpError(
        preferences.code,
        codeForStatus(preferences.code),
        `Prefer asked for ${preferences.code}, which ${operation.id} does not document; answered in the contract's error shape.`,
      );
    }
    checkPreferences(operation, preferences);
    state.preferences = preferences;
    chaos(options.chaos, () => dice.random(), codeForStatus);
    const ms = latencyMs(options.latency, preferences.delay, () => dice.random());
    if (ms <= 0) {
      // No latency asked for (the default): answered in a microtask, without promises, as soon as
      // the parser is done with what the socket delivered. Not at once: a pipelined request
      // after this one that Node's parser refuses must be seen before this answer starts
      // (server.ts tells an answer under way from a finished one).
      queueMicrotask(() => next());
      return undefined;
    }
    return sleep(ms).then(() => next());
  };
}
