import type { RequestHandler, Response } from 'express';
import { isRecord } from '../contract/index.js';
import { addAnswerWarning } from './document-faults.js';

/**
 * Read-only members a client sends in a request body are ignored, not refused. OAS 3.0.3 §4.7.24
 * (Schema Object, `readOnly`): such a property "SHOULD NOT be sent as part of the request", a
 * SHOULD NOT, not a MUST NOT; JSON Schema Validation 2020-12 §9.4: "attempts by an application to
 * modify the value of this property are expected to be ignored or rejected by that owning
 * authority". Most services of the zoo ignore them (Django REST framework its `read_only` fields;
 * FastAPI/Pydantic, Fastify, Hono/zod and express-zod-api the server's members their input schemas
 * leave out; NestJS's `forbidNonWhitelisted` and tsoa refuse them, none stores the client's value:
 * docs/mock-errors-and-records.md), so a client that reads a record and sends it back whole (`id`,
 * `url`, `created_at` included) works against them. The mock does the same: the members go, the
 * server's values stay, and the answer says which it ignored.
 *
 * express-openapi-validator refuses them ("is read-only"), or removes them only together with
 * every undeclared member of a closed schema (its `removeAdditional`, which would also accept what
 * `additionalProperties: false` refuses). So the mock reads the validator's own refusal: the
 * members it calls read-only, at the places it found them (its reading of `readOnly` through
 * `$ref`, `allOf`, nested objects and array items, validator-document.ts), are removed from the
 * body and the request is validated again, once per round.
 */

/** The header naming the members ignored, as JSON pointers into the body (RFC 6901). */
export const READ_ONLY_IGNORED_HEADER = 'X-Mock-Read-Only-Ignored';

/** The validator's errors (express-openapi-validator's `{path: '/body/…', errorCode}` list) that name a read-only member of the body. */
export function readOnlyPointers(error: unknown): string[] {
  const errors = isRecord(error) && Array.isArray(error['errors']) ? error['errors'] : [];
  return errors.flatMap((e) =>
    isRecord(e) &&
    e['errorCode'] === 'readOnly.openapi.validation' &&
    typeof e['path'] === 'string' &&
    /^\/body\//.test(e['path'])
      ? [e['path'].slice('/body'.length)]
      : [],
  );
}

/** RFC 6901 §4: a reference token's `~1` is `/`, its `~0` is `~`. */
const tokens = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Removes the member at `pointer` from `body`; true when there was one to remove. */
export function removeAt(body: unknown, pointer: string): boolean {
  const path = tokens(pointer);
  const last = path.pop();
  if (last === undefined) return false;
  let node: unknown = body;
  for (const token of path) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isRecord(node) && Object.hasOwn(node, token)) node = node[token];
    else return false;
  }
  if (!isRecord(node) || Array.isArray(node) || !Object.hasOwn(node, last)) return false;
  delete node[last];
  return true;
}

/** Where the journal finds the body as the client sent it, when the mock changed it (journal.ts REQUEST_BODY_SENT). */
const REQUEST_BODY_SENT = 'mock:requestBodySent';

/** Keeps a copy of the body as sent, before members are removed, so the journal shows what the client sent. */
export function keepBodyAsSent(res: Response, body: unknown): void {
  res.locals[REQUEST_BODY_SENT] = structuredClone(body);
}

/** Says on the answer, and in the journal (`/__mock/requests`), which read-only members were ignored. */
export function markReadOnlyIgnored(res: Response, pointers: readonly string[]): void {
  if (pointers.length === 0 || res.headersSent) return;
  const list = [...new Set(pointers)].join(', ');
  res.setHeader(READ_ONLY_IGNORED_HEADER, list.replace(/[^\x20-\x7e]/g, '?').slice(0, 1000));
  addAnswerWarning(
    res,
    `Read-only members of the body ignored, the server's values kept (OAS 3.0.3 §4.7.24; JSON Schema Validation 2020-12 §9.4): ${list}`,
  );
}

/** How many times a request is validated again after read-only members were removed (each round removes at least one). */
const ROUNDS = 8;

/**
 * `validator` (a validator's middleware) with the read-only members it refuses ignored: a refusal
 * naming some has them removed from the body and the request validated again by the same
 * middleware (no other: a whole-document chain's other members run once); a refusal for anything
 * else, or a thrown one, goes on as it came.
 */
export function ignoringReadOnly(validator: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const ignored: string[] = [];
    const round = (left: number): void => {
      const done = (error?: unknown): void => {
        const named = error === undefined || left === 0 ? [] : readOnlyPointers(error);
        if (named.length > 0 && ignored.length === 0) keepBodyAsSent(res, req.body);
        const removed = named.filter((pointer) => removeAt(req.body, pointer));
        if (removed.length > 0) {
          ignored.push(...removed);
          round(left - 1);
          return;
        }
        if (error === undefined) markReadOnlyIgnored(res, ignored);
        next(error);
      };
      try {
        void validator(req, res, done);
      } catch (error) {
        done(error);
      }
    };
    round(ROUNDS);
  };
}
