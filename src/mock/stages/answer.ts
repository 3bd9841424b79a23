import type { Request, RequestHandler } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import {
  admitsJson,
  answerType,
  typeWithin,
  collectionNameOf,
  jsonJudgedBy,
  jsonTypeFor,
  negotiate,
  responseBodyRule,
  responseFor,
  sequenceSyntax,
  serializeSequence,
  type Operation,
  type SchemaValidator,
} from '../../contract/index.js';
import type { Faker } from '@faker-js/faker';
import { documentedHeaders, stateOwnedHeader } from '../core/canned.js';
import { itemsOf } from '../core/keep-to-schema.js';
import { createFaker } from '../faker.js';
import { HttpError } from '../errors.js';
import { nonJsonBody, schemaAccepts } from '../media.js';
import type { Reply } from '../routes/types.js';
import { requiredOwnLink } from './required-link.js';
import { switchProtocols } from './switch-protocols.js';
import { stateOf, type Representation, type StageContext } from './context.js';

/**
 * Answer: the core's status and headers on the response, and the representation its body is
 * written in: the media type the client accepts among those documented for the status (RFC 9110
 * §12.5.1), none where the contract's rule for bodies says none.
 */
export function answerStage(ctx: StageContext): RequestHandler {
  // The faker of required headers a reply leaves out, reseeded by the status at each use: the same
  // answer gets the same value, and the state's own dice are not drawn from.
  let headerFaker: Faker | undefined;
  return (req, res, next) => {
    const state = stateOf(ctx, req);
    const reply = state.answer;
    if (!reply) throw new HttpError(500, ctx.codeForStatus(500), 'The request reached its answer without one.');
    // A documented 101 is given only to a request asking to switch (switch-protocols.ts).
    if (reply.status === 101) switchProtocols(req, res, ctx.codeForStatus);
    const documented = responseFor(state.match.operation.responses, reply.status);
    for (const name in reply.headers) {
      const written = reply.headers[name]!;
      const value =
        name.toLowerCase() === 'location' ? documentedLocation(written, documented, req, ctx.schemaValidator) : written;
      // Link adds to the deprecation's (Express's append; a first one is set as append would set it).
      if (name.toLowerCase() !== 'link') res.setHeader(name, value);
      else if (res.getHeader('Link')) res.append('Link', value);
      else res.setHeader('Link', value);
    }
    // Every answer carries the headers its documented response requires (OAS 3.0.3 §4.7.17 `required`;
    // Ably's `x-ably-serverid` on a list the state answers), generated where the reply set none; not
    // those whose value the state or the protocol owns (stateOwnedHeader), which the rules set.
    if (documented?.headers) {
      const missing = Object.entries(documented.headers).some(
        ([name, h]) =>
          !('$ref' in h) && h.required === true && !stateOwnedHeader(name) && res.getHeader(name) === undefined,
      );
      if (missing) {
        headerFaker ??= createFaker(reply.status);
        headerFaker.seed(reply.status);
        const required = documentedHeaders(documented, headerFaker, { body: reply.body, requiredOnly: true });
        for (const [name, value] of Object.entries(required))
          if (!stateOwnedHeader(name) && res.getHeader(name) === undefined) res.setHeader(name, value);
      }
    }
    if (res.getHeader('Link') === undefined) {
      const link = requiredOwnLink(documented, req, ctx.schemaValidator);
      if (link !== undefined) res.setHeader('Link', link);
    }
    res.status(reply.status);
    const representation = representationOf(req, state.match.operation, reply, ctx.schemaValidator);
    // A JSON answer's type is set before the validator checks it (it reads the Content-Type).
    if (representation.kind === 'json' && representation.type !== 'application/json') res.type(representation.type);
    state.representation = representation;
    next();
  };
}

/**
 * A `Location` in the form its documented schema admits. It is a URI-reference resolved against the
 * request's URI (RFC 9110 §10.2.2), so the rules write the item's absolute path; a schema with
 * `format: uri` (Learnifier's) or `url` (Figshare's) admits only an absolute URI (RFC 3986 §4.3), so
 * there it is written against the request's origin: the same resource either way.
 */
function documentedLocation(
  value: string,
  documented: OpenAPIV3.ResponseObject | undefined,
  req: Request,
  validator: SchemaValidator,
): string {
  const header = Object.entries(documented?.headers ?? {}).find(([name]) => name.toLowerCase() === 'location')?.[1];
  const schema = header && !('$ref' in header) ? header.schema : undefined;
  if (!schema || '$ref' in schema || schemaAccepts(validator, schema, value)) return value;
  const host = req.headers.host;
  if (host === undefined) return value;
  let absolute: string;
  try {
    absolute = new URL(value, `${req.protocol}://${host}`).href;
  } catch {
    return value;
  }
  return schemaAccepts(validator, schema, absolute) ? absolute : value;
}

/** How the reply's body is written. */
export function representationOf(
  req: Request,
  operation: Operation,
  reply: Reply,
  validator?: SchemaValidator,
): Representation {
  const documented = responseFor(operation.responses, reply.status);
  // The one rule for bodies (src/contract/response-body.ts), which the runner judges by: none on
  // 204/304, none on a success documented without content. HEAD is written as GET: Node drops the
  // body after its headers are set, so they are GET's (RFC 9110 §9.3.2).
  const rule = responseBodyRule(reply.status, req.method === 'HEAD' ? 'GET' : req.method, documented);
  if (reply.body === undefined || rule.kind === 'none' || (rule.kind === 'open' && !rule.explanation))
    return { kind: 'empty' };
  const content = documented?.content ?? {};
  const types = Object.keys(content);
  // RFC 9110 §12.5.1 (src/contract/negotiate.ts); a refused Accept was answered 406 before, so
  // only error answers reach here unacceptable: they take the first documented type.
  const negotiated = negotiate(req.headers.accept, types) ?? types[0];
  // A JSON body is judged by the entry its label falls in (documentedMediaFor: the exact type before a
  // range), by the runner and by the validator: written for `*\/*` beside `application/json`, it is
  // labelled application/json, so it is written in (and kept to) that entry.
  const preferred = negotiated !== undefined && admitsJson(negotiated) ? jsonJudgedBy(negotiated, types) : negotiated;
  const chosen = validator ? heldBy(req, content, preferred, reply.body, validator) : preferred;
  const syntax = chosen === undefined ? undefined : sequenceSyntax(chosen);
  // A sequential media type (OAS 3.2.0 §4.14.3.1) is written as its items, one after another.
  if (chosen !== undefined && syntax !== undefined)
    return { kind: 'bytes', type: chosen, body: serializeSequence(syntax, itemsOf(syntax, reply.body)) };
  if (chosen === undefined || admitsJson(chosen)) {
    // Without a schema there is nothing to validate against (the validator would call that a 500).
    if (chosen === undefined || content[chosen]?.schema === undefined)
      return {
        kind: 'bytes',
        type: chosen === undefined ? 'application/json' : jsonTypeFor(chosen),
        body: JSON.stringify(reply.body),
      };
    return { kind: 'json', type: jsonTypeFor(chosen), entry: chosen, body: reply.body };
  }
  // The XML root is named like the path's collection (the kernel's collectionNameOf: `/Calls.json` → `Calls`).
  const body = nonJsonBody(chosen, reply.body, content[chosen], collectionNameOf(operation.path) ?? 'body');
  return { kind: 'bytes', type: answerType(req.headers.accept, chosen) ?? typeWithin(chosen), body };
}

/**
 * The JSON type to write a body in: the preferred one, unless its schema refuses the body and another
 * documented JSON type the client also accepts holds it (configcat's lists: `application/hal+json`,
 * listed first, whose records the state keeps with `_links`, beside a closed `application/json`
 * without them; the runner's Accept, `application/json` beside any type at q=0.5, accepts both). Any acceptable
 * documented type is a faithful answer (RFC 9110 §12.5.1); one its own schema refuses is not.
 */
function heldBy(
  req: Request,
  content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>>,
  preferred: string | undefined,
  body: unknown,
  validator: SchemaValidator,
): string | undefined {
  const schemaOf = (type: string | undefined) =>
    type !== undefined && admitsJson(type) ? content[type]?.schema : undefined;
  const first = schemaOf(preferred);
  if (first === undefined || '$ref' in first) return preferred;
  const types = Object.keys(content);
  // Only an entry whose JSON label is judged by itself (jsonJudgedBy): a `*\/*` beside `application/json` is not one.
  const others = types.filter((t) => t !== preferred && schemaOf(t) !== undefined && jsonJudgedBy(t, types) === t);
  if (others.length === 0 || schemaAccepts(validator, first, body)) return preferred;
  let left = others;
  for (let next = negotiate(req.headers.accept, left); next !== undefined; next = negotiate(req.headers.accept, left)) {
    const schema = schemaOf(next);
    if (schema !== undefined && !('$ref' in schema) && schemaAccepts(validator, schema, body)) return next;
    left = left.filter((t) => t !== next);
  }
  return preferred;
}
