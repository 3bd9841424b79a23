import type { RequestHandler } from 'express';
import { JsonAnswers } from '../json-answer.js';
import { HttpError } from '../errors.js';
import { stateOf, type StageContext } from './context.js';

/** Write: the answer's representation onto the socket (JSON once serialised, json-answer.ts; else as its bytes). */
export function writeStage(ctx: StageContext): RequestHandler {
  const jsonAnswers = new JsonAnswers();
  return (req, res) => {
    const representation = stateOf(ctx, req).representation;
    if (!representation)
      throw new HttpError(500, ctx.codeForStatus(500), 'The request reached the write without an answer.');
    if (representation.kind === 'empty') res.end();
    else if (representation.kind === 'bytes') res.type(representation.type).send(representation.body);
    // The whole-document middleware hooks res.json to check the answer (validate-answer).
    else if (ctx.perOperation) jsonAnswers.write(req, res, representation.body);
    else res.json(representation.body);
  };
}
