import type { RequestHandler } from 'express';
import { documentFaultOf, markDocumentFault } from '../document-faults.js';
import { stateOf, type StageContext } from './context.js';

/**
 * Validate answer: express-openapi-validator checks a JSON answer against the operation's
 * documented response (a 500 in the contract's error shape when the mock would break its own
 * contract). Under the validator's whole-document middleware the check is its hook on `res.json`,
 * run by the write stage.
 * An answer whose every violation lies where the documented schema is proven to admit no value
 * (document-faults.ts) is the document's fault, not the mock's: it goes out with its documented
 * status, named in a header, the journal and an event, as Prism answers with its `sl-violations`
 * header rather than refuse; the mock cannot do better, and a 500 would say the service failed.
 */
export function validateAnswerStage(ctx: StageContext): RequestHandler {
  const { perOperation } = ctx;
  return (req, res, next) => {
    const state = stateOf(ctx, req);
    const representation = state.representation;
    if (perOperation && representation?.kind === 'json') {
      try {
        perOperation.checkResponse(req, res, representation.body, representation.entry);
      } catch (error) {
        const fault = documentFaultOf(state.match.operation, res.statusCode, representation.entry, error);
        if (!fault) throw error;
        markDocumentFault(res, fault);
        ctx.options.onEvent({
          type: 'document-fault',
          method: req.method,
          url: req.originalUrl,
          operationId: state.match.operation.id,
          status: res.statusCode,
          ...fault,
        });
      }
    }
    next();
  };
}
