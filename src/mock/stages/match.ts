import type { RequestHandler } from 'express';
import { decodePrefer } from '../controls/request-headers/prefer.js';
import { HttpError } from '../errors.js';
import { multipartBoundary } from '../multipart.js';
import type { StageContext } from './context.js';

/**
 * Match: the request's operation (404 outside the contract's paths, 307 to a documented path that
 * only adds a trailing slash, 405 + Allow for a method the resource lacks, OPTIONS → 204 + Allow,
 * HEAD as the GET it mirrors), kept as the request's state.
 */
export function matchStage(ctx: StageContext): RequestHandler {
  const { matcher, codeForStatus } = ctx;
  return (req, res, next) => {
    const query = new URL(req.originalUrl, 'http://mock').searchParams;
    const match = matcher.match(req.method, req.path, { query, headers: req.headers });
    if (match.kind === 'unknown-path') {
      // A collection the document writes with a trailing slash (`/tasks/`: FastAPI and Django REST
      // framework routers), asked for without it: the frameworks that write such paths redirect to
      // them (Starlette's `redirect_slashes`: 307; Werkzeug: 308; Django's APPEND_SLASH: 301), and a
      // browser's fetch follows. 307 keeps the method and the body (RFC 9110 §15.4.8).
      if (!req.path.endsWith('/') && matcher.match(req.method, `${req.path}/`).kind !== 'unknown-path') {
        const url = req.originalUrl;
        const at = url.indexOf('?');
        res.setHeader('Location', at < 0 ? `${url}/` : `${url.slice(0, at)}/${url.slice(at)}`);
        res.status(307).end();
        return;
      }
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
