import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fixedMethod, isRecord, type Operation } from '../../contract/index.js';
import { errorStage } from '../series.js';
import { keepListsThroughValidator } from '../multipart-lists.js';
import { matchedBy } from '../operation-validators.js';
import { validatorMiddleware } from '../validator.js';
import { validatorSlots } from '../validator-document.js';
import { ignoringReadOnly } from '../read-only-ignored.js';
import { requestSlot, stateOf, type StageContext } from './context.js';

/**
 * Validate request: express-openapi-validator checks parameters and body against the contract,
 * per operation (operation-validators.ts) or with its own whole-document middleware (the
 * equivalence suite's reference, which also hooks `res.json` to check the answers).
 */
export async function validateRequestStage(ctx: StageContext): Promise<RequestHandler[]> {
  const { contract, perOperation } = ctx;
  const validator: RequestHandler[] = perOperation
    ? [
        (req, res, next) => {
          const state = stateOf(ctx, req);
          const { operation, params, overloads = [] } = state.match;
          matchedBy(req, params);
          // The validator refuses by calling next with the error, or by throwing it (ignoringReadOnly
          // takes both). Read-only members of the body are ignored, not refused (read-only-ignored.ts).
          const run = (op: Operation, done: (error?: unknown) => void): void => {
            void ignoringReadOnly((request, response, next) => {
              keepListsThroughValidator(request.headers['content-type'], request.body);
              perOperation.handlerFor(op)(request, response, next);
            })(req, res, done);
          };
          // Overloads nothing but the body tells apart (Azure Face's `/verify` takes `{faceId1,
          // faceId2}`, `/verify#overload=person` `{faceId, personId}`): a request the first refuses is
          // the first other one's that takes it, and keeps the first's refusal where none does. Each
          // is shown the body as sent: a validator may coerce or strip what it reads.
          const sent: unknown = overloads.length > 0 ? structuredClone(req.body) : undefined;
          const attempt = (i: number, refusal: unknown): void => {
            const other = overloads[i];
            if (other === undefined) {
              next(refusal);
              return;
            }
            req.body = structuredClone(sent);
            run(other, (error?: unknown) => {
              if (error !== undefined) {
                attempt(i + 1, refusal);
                return;
              }
              ctx.states.set(req, { ...state, match: { ...state.match, operation: other } });
              res.locals['operationId'] = other.id;
              next();
            });
          };
          run(operation, (error?: unknown) =>
            error === undefined || overloads.length === 0 ? next(error) : attempt(0, error),
          );
        },
      ]
    : (await validatorMiddleware(contract)).map(ignoringReadOnly);
  // OpenAPI 3.2's QUERY and additional methods are presented to the validator under the fixed
  // method its copy holds them as (validator-document.ts validatorSlots), then given back.
  const slotOf = (operation: Operation): string | undefined => {
    if (fixedMethod(operation.method)) return undefined;
    const item: unknown = contract.resolved.paths[operation.path];
    return isRecord(item) ? validatorSlots(item).get(operation.method)?.toUpperCase() : undefined;
  };
  // Only a contract with such methods has its requests go through the two stages.
  if (!contract.operations.some((operation) => slotOf(operation) !== undefined)) return validator;
  const sentMethod = requestSlot<string>('method as sent');
  const giveBack = (req: Request): void => {
    const sent = sentMethod.get(req);
    if (sent !== undefined) req.method = sent;
  };
  return [
    (req, _res, next) => {
      const slot = slotOf(stateOf(ctx, req).match.operation);
      if (slot !== undefined) {
        sentMethod.set(req, req.method);
        req.method = slot;
      }
      next();
    },
    ...validator,
    (req, _res, next) => {
      giveBack(req);
      next();
    },
    // A refusal by the validator is answered with the method as sent too.
    errorStage((error: unknown, req: Request, _res: Response, next: NextFunction) => {
      giveBack(req);
      next(error);
    }),
  ];
}
