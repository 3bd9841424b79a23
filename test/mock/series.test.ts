import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { series } from '../../src/mock/series.js';

const req = {} as Request;
const res = {} as Response;
const mw = (handler: RequestHandler): RequestHandler => handler;
const run = (handler: RequestHandler): Promise<unknown> =>
  new Promise((resolve) => handler(req, res, ((error?: unknown) => resolve(error ?? 'done')) as NextFunction));

describe('series: middlewares in order, as a path-less router runs them', () => {
  it('runs each in turn and then leaves', async () => {
    const seen: number[] = [];
    const step =
      (n: number): RequestHandler =>
      (_q, _s, next) => {
        seen.push(n);
        next();
      };
    expect(await run(series([step(1), step(2), step(3)]))).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('a throw, next(error) or a rejected promise skips to the next error handler, or out', async () => {
    const boom = new Error('boom');
    const after: string[] = [];
    const skipped: RequestHandler = (_q, _s, next) => {
      after.push('skipped');
      next();
    };
    expect(
      await run(
        series([
          () => {
            throw boom;
          },
          skipped,
        ]),
      ),
    ).toBe(boom);
    expect(await run(series([mw((_q, _s, next) => next(boom)), skipped]))).toBe(boom);
    expect(await run(series([async () => Promise.reject(boom), skipped]))).toBe(boom);
    expect(after).toEqual([]);
    const handled = series([
      () => {
        throw boom;
      },
      skipped,
      (error: unknown, _q: Request, _s: Response, next: NextFunction) => {
        after.push(`handled ${(error as Error).message}`);
        next();
      },
      mw((_q, _s, next) => {
        after.push('after the handler');
        next();
      }),
    ]);
    expect(await run(handled)).toBe('done');
    expect(after).toEqual(['handled boom', 'after the handler']);
  });

  it('an error handler is skipped when there is no error; a falsy next value is no error', async () => {
    const seen: string[] = [];
    const handler = series([
      mw((_q, _s, next) => next(false as unknown as undefined)),
      ((_e: unknown, _q: Request, _s: Response, next: NextFunction) => {
        seen.push('error handler');
        next();
      }) as unknown as RequestHandler,
      mw((_q, _s, next) => {
        seen.push('next');
        next();
      }),
    ]);
    expect(await run(handler)).toBe('done');
    expect(seen).toEqual(['next']);
  });
});
