import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';

type Handler = RequestHandler | ErrorRequestHandler;

/**
 * Middlewares run one after another, as an Express router without paths runs them (router 2.x
 * Layer.handleRequest / handleError: a throw or a rejected promise goes on as `next(error)`; an
 * error skips to the next four-argument handler, or out), without the router's per-layer work
 * (path matching, prefix trimming, parameter processing) on every request: the mock's pipeline is
 * one path-less sequence that every request runs.
 */
export function series(handlers: readonly Handler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction): void => {
    let index = 0;
    const next = (error?: unknown): void => {
      // A falsy value is no error, as the router reads it.
      let handler = handlers[index++];
      while (handler && handler.length > 3 !== Boolean(error)) handler = handlers[index++];
      if (!handler) {
        done(error || undefined);
        return;
      }
      try {
        const result: unknown = error
          ? (handler as ErrorRequestHandler)(error, req, res, next)
          : (handler as RequestHandler)(req, res, next);
        if (result instanceof Promise)
          result.then(undefined, (reason: unknown) => next(reason || new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    next();
  };
}

/**
 * An error handler placed among a series' request handlers: series (as Express's router) tells
 * the two apart by arity, so the pipeline's list can stay typed for its many request handlers.
 */
export function errorStage(handler: ErrorRequestHandler): RequestHandler {
  return handler as unknown as RequestHandler;
}
