import type { RequestHandler } from 'express';
import { respond } from '../core/respond.js';
import { HttpError } from '../errors.js';
import { stateOf, type StageContext } from './context.js';

/**
 * Rules: the handler core (core/respond.ts) answers the request as a plain one (method, path,
 * query, headers, parsed body): the contract's rules from the state, or a documented or generated answer.
 */
export function rulesStage(ctx: StageContext): RequestHandler {
  const deps = {
    rules: ctx.rules,
    dice: ctx.dice,
    schemaValidator: ctx.schemaValidator,
    codeForStatus: ctx.codeForStatus,
  };
  return (req, _res, next) => {
    const state = stateOf(ctx, req);
    const { match, query, preferences } = state;
    if (!preferences) throw new HttpError(500, ctx.codeForStatus(500), 'The request skipped its policies.');
    state.answer = respond(
      {
        method: req.method,
        path: req.path,
        ...(req.headers.host === undefined ? {} : { origin: `${req.protocol}://${req.headers.host}` }),
        query,
        headers: req.headers,
        body: req.body,
        operation: match.operation,
        params: match.params,
        preferences,
      },
      deps,
    );
    next();
  };
}
