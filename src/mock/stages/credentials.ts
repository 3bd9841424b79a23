import type { RequestHandler } from 'express';
import { SecurityGate } from '../controls/request-headers/security.js';
import { HttpError } from '../errors.js';
import { stateOf, type StageContext } from './context.js';

/**
 * Credentials: the operation's security requirements (every scheme type), before anything about
 * the request itself (parameters, media type, body): a write without valid credentials is 401
 * whatever its body, and an unauthenticated client learns nothing more.
 */
export function credentialsStage(ctx: StageContext): RequestHandler {
  const { options } = ctx;
  const gate = new SecurityGate(
    ctx.contract,
    { apiKeys: options.apiKeys, tokens: options.tokens, basic: options.basic },
    ctx.rules.realm,
  );
  return (req, _res, next) => {
    const { match, query } = stateOf(ctx, req);
    const verdict = gate.check(match.operation, req, query);
    if (!verdict.ok) {
      // RFC 9110 §11.6.1: one challenge per scheme that would have been accepted.
      throw new HttpError(
        401,
        ctx.codeForStatus(401),
        verdict.message,
        [],
        verdict.challenges.length > 0 ? { 'WWW-Authenticate': verdict.challenges.join(', ') } : {},
      );
    }
    next();
  };
}
