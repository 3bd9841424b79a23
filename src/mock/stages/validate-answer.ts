import type { RequestHandler } from 'express';
import { stateOf, type StageContext } from './context.js';

/**
 * Validate answer: express-openapi-validator checks a JSON answer against the operation's
 * documented response (a 500 in the contract's error shape when the mock would break its own
 * contract). Under the validator's whole-document middleware the check is its hook on `res.json`,
 * run by the write stage.
 */
export function validateAnswerStage(ctx: StageContext): RequestHandler {
  const { perOperation } = ctx;
  return (req, res, next) => {
    const representation = stateOf(ctx, req).representation;
    if (perOperation && representation?.kind === 'json')
      perOperation.checkResponse(req, res, representation.body, representation.entry);
    next();
  };
}
