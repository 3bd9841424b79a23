import type { Operation } from '../../src/contract/index.js';
import { documentedResponse } from '../../src/contract/index.js';
import type { Exchange } from '../types.js';

/**
 * The one place that decides which status may refuse a request the runner made invalid on purpose
 * (docs/runner-rules.md): the contract first, then the RFC.
 *
 * - Where the operation documents a status of the refusal's kind (401 or 403 for credentials, 400
 *   or 422 for an invalid or malformed request, 404 or 410 for an unknown id, 405, 406, 413, 415,
 *   429), only a documented status passes: OAS 3.1.0 §4.8.16 "the Responses Object MUST contain at
 *   least one response code... [it lists] the expected responses", so a documented refusal is a
 *   promise, and another status of the same kind (403 where 401 is documented) breaks it.
 * - Where it documents none, the RFC's status passes (the contract omits it, the server is right:
 *   RFC 9110 §15.5), and another 4xx is a warning naming the omission: a client error is still a
 *   refusal, and the contract promised nothing else.
 */
export interface RefusalRule {
  readonly kind: string;
  /** Statuses of this kind of refusal: the contract may document any of them. */
  readonly statuses: readonly number[];
  /** What the RFC names for it when the contract names nothing. */
  readonly rfc: readonly number[];
  /** The request, in words: "a request without credentials". */
  readonly what: string;
  readonly cite: string;
}

const rule = (kind: string, statuses: number[], rfc: number[], what: string, cite: string): RefusalRule => ({
  kind,
  statuses,
  rfc,
  what,
  cite,
});

export const REFUSALS = {
  // RFC 9110 §15.5.2 (401: lacks valid credentials) and §15.5.4 (403: refuses to authorize).
  credentials: (what: string) => rule('credentials', [401, 403], [401, 403], what, 'RFC 9110 §15.5.2, §15.5.4'),
  // RFC 9110 §15.5.1 (400: a client error) and §15.5.21 (422: content it cannot process).
  validation: (what: string) => rule('validation', [400, 422], [400, 422], what, 'RFC 9110 §15.5.1, §15.5.21'),
  // RFC 9110 §15.5.21: 422 is for content whose syntax is correct; malformed syntax is 400 (§15.5.1).
  malformed: rule('malformed', [400, 422], [400], 'malformed JSON', 'RFC 9110 §15.5.1'),
  mediaType: (what: string) => rule('media type', [415], [415], what, 'RFC 9110 §15.5.16'),
  // RFC 9110 §15.5.5 (404) and §15.5.11 (410: gone, known to have existed).
  unknownId: rule('unknown id', [404, 410], [404], 'an unknown identifier', 'RFC 9110 §15.5.5'),
  method: rule('method', [405], [405], 'an undocumented method', 'RFC 9110 §15.5.6'),
  notAcceptable: rule('not acceptable', [406], [406], 'an Accept it cannot satisfy', 'RFC 9110 §15.5.7'),
  tooLarge: rule('too large', [413], [413], 'content too large', 'RFC 9110 §15.5.14'),
  rateLimited: rule('rate limit', [429], [429], 'too many requests', 'RFC 6585 §4'),
  // A body naming something that does not exist (references_checked): any client error the operation
  // documents for a bad request refuses it; the RFC names no one status (400, 404, 409 and 422 are all used).
  reference: (statuses: readonly number[], what: string) =>
    rule('reference', [...statuses], [], what, 'RFC 9110 §15.5'),
} as const;

/** The refusal a deliberately invalid exchange asks for; undefined for exchanges that are not one. */
export function refusalFor(exchange: Exchange): RefusalRule | undefined {
  switch (exchange.kind) {
    case 'no_auth':
      return REFUSALS.credentials('a request without credentials');
    case 'wrong_auth':
      return REFUSALS.credentials('a request with wrong credentials');
    case 'malformed_json':
      return REFUSALS.malformed;
    case 'non_utf8':
      // RFC 8259 §8.1: octets that are not UTF-8 are no JSON text, refused as malformed syntax is.
      return { ...REFUSALS.malformed, what: 'a body that is not UTF-8' };
    case 'unknown_id':
      return REFUSALS.unknownId;
    case 'wrong_method':
      return REFUSALS.method;
    case 'negative': {
      const defect = exchange.context.defect ?? 'invalid input';
      const what = `a deliberately invalid request (${defect})`;
      const status = exchange.response?.status;
      // The kind of refusal is the one the answer gives, among those the defect admits: a missing
      // body has no media type the server could accept (RFC 9110 §15.5.16), and an invalid path
      // parameter may name no resource (the path is the target URI, §15.5.5).
      // A refusal of credentials comes before any reading of the input (FastAPI's dependencies, most
      // frameworks' guards): a 401/403 is judged as one, whatever else the request breaks.
      if (status === 401 || status === 403) return REFUSALS.credentials(what);
      // The runner's own defects and the traffic judge's readings of a request (conformance/traffic/request.ts) alike.
      if (
        /^wrong content type|^Content-Type \S+ is not documented for the request body|^a body without Content-Type/.test(
          defect,
        )
      )
        return REFUSALS.mediaType(what);
      if (/^required body missing|^the request body is required but none was sent/.test(defect) && status === 415)
        return REFUSALS.mediaType(what);
      if (/^the request body is not (JSON|UTF-8)/.test(defect)) return { ...REFUSALS.malformed, what };
      if (/^path parameter /.test(defect) && (status === 404 || status === 410)) return { ...REFUSALS.unknownId, what };
      return REFUSALS.validation(what);
    }
    default:
      return undefined;
  }
}

export type RefusalVerdict =
  /** A status of the kind the operation documents. */
  | { readonly verdict: 'documented' }
  /** The RFC's status where the operation documents none of the kind; `omitted`: not documented at all. */
  | { readonly verdict: 'rfc'; readonly omitted: boolean }
  /** Another status the operation documents (exactly or by its range): the check decides. */
  | { readonly verdict: 'other'; readonly familyDocumented: boolean }
  /** The operation documents the kind, and this status is not documented: fails. */
  | { readonly verdict: 'undocumented'; readonly message: string }
  /** The operation documents no status of the kind, and another 4xx came: a warning naming the omission. */
  | { readonly verdict: 'omitted'; readonly message: string }
  /** Not a client error: the check's own business (2xx accepted, 5xx crashed…). */
  | { readonly verdict: 'not-a-refusal' };

/** Response keys that document a status: the exact code or its range (`default` promises no particular refusal). */
const covers = (responses: Operation['responses'], status: number): boolean =>
  documentedResponse(responses, status, { withDefault: false }) !== undefined;

/**
 * Judges `status` refusing `rule`'s request to `operation`. `responses` may be wider than the
 * operation's own (a path's operations, for a method none of them documents).
 */
export function judgeRefusal(
  operation: Operation,
  rule: RefusalRule,
  status: number,
  responses: Operation['responses'] = operation.responses,
): RefusalVerdict {
  // Accepted (2xx), redirected or crashed (5xx): no refusal, whatever the contract documents.
  if (status < 400 || status >= 500) return { verdict: 'not-a-refusal' };
  const family = rule.statuses.filter((s) => responses[String(s)] !== undefined);
  if (family.length > 0) {
    if (family.includes(status)) return { verdict: 'documented' };
    if (!rule.statuses.includes(status) && covers(responses, status))
      return { verdict: 'other', familyDocumented: true };
    return {
      verdict: 'undocumented',
      message: `${status} refused ${rule.what}, but ${operation.id} documents ${family.join(' or ')} for it: only a documented status passes (OAS 3.1.0 §4.8.16)`,
    };
  }
  if (rule.rfc.includes(status))
    return { verdict: 'rfc', omitted: documentedResponse(responses, status) === undefined };
  if (covers(responses, status)) return { verdict: 'other', familyDocumented: false };
  return {
    verdict: 'omitted',
    message: `contract omits ${rule.statuses.join('/')}: ${operation.id} documents no status for ${rule.what}, which got ${status} (${rule.cite} names ${rule.rfc.join(' or ')})`,
  };
}
