import type { RequestHandler } from 'express';
import { decodePrefer } from '../controls/request-headers/prefer.js';
import { HttpError } from '../errors.js';
import { multipartBoundary } from '../multipart.js';
import type { StageContext } from './context.js';

/**
 * Match: the request's operation (404 outside the contract's paths, 405 + Allow for a method the
 * resource lacks, OPTIONS → 204 + Allow, HEAD as the GET it mirrors), kept as the request's state.
 */
export function matchStage(ctx: StageContext): RequestHandler {
  const { matcher, codeForStatus } = ctx;
  return (req, res, next) => {
    const query = new URL(req.originalUrl, 'http://mock').searchParams;
    const match = matcher.match(req.method, req.path, { query, headers: req.headers });
    if (match.kind === 'unknown-path') {
      const outside = matcher.base !== '' && !req.path.startsWith(`${matcher.base}/`) && req.path !== matcher.base;
      throw new HttpError(
        404,
        codeForStatus(404),
        outside
          ? `No resource at ${req.path}; this contract's paths are under ${matcher.base}.`
          : `No resource at ${req.path}.`,
      );
    }
    if (match.kind === 'method-not-allowed') {
      // RFC 9110 §15.5.6: a 405 carries Allow with the methods the resource supports.
      throw new HttpError(405, codeForStatus(405), `${req.method} is not allowed here; allowed: ${match.allow}.`, [], {
        Allow: match.allow,
      });
    }
    if (match.kind === 'options') {
      // RFC 9110 §9.3.7: OPTIONS on a resource answers which methods it supports.
      res.setHeader('Allow', match.allow);
      res.status(204).end();
      return;
    }
    res.locals['operationId'] = match.operation.id;
    // HEAD goes through the pipeline as the GET it mirrors; Node leaves the body out (RFC 9110 §9.3.2).
    if (match.head) req.method = 'GET';
    ctx.states.set(req, {
      match,
      prefer: decodePrefer(req.headers['prefer']),
      query,
      boundary: multipartBoundary(req.headers['content-type']),
    });
    next();
  };
}
