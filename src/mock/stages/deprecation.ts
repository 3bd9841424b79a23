import type { RequestHandler } from 'express';
import { applyDeprecation } from '../controls/policies/deprecation.js';
import { stateOf, type StageContext } from './context.js';

/** Deprecation: a deprecated operation's Deprecation, Sunset and Link headers (RFC 9745, RFC 8594), and 410 past its sunset. */
export function deprecationStage(ctx: StageContext): RequestHandler {
  return (req, res, next) => {
    applyDeprecation(stateOf(ctx, req).match.operation, res, ctx.clock);
    next();
  };
}
