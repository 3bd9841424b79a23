import type { OpenAPIV3 } from 'openapi-types';

/**
 * What may travel in the content of an answer: the one rule for bodies, which the mock follows
 * when it writes an answer and the runner's `content_type` check judges.
 *
 * - `none`: the answer has no content whatever the document says: every 1xx, 204 and 304 answer
 *   (RFC 9110 §6.4.1, §15.3.5, §15.4.5), every 205 ("a server MUST NOT generate content in a 205
 *   response", §15.3.6; Gitea and Figshare document JSON under theirs) and any answer to HEAD (§9.3.2).
 * - `described`: the response documents `content` (OAS 3.0.3 §4.7.17: "a map containing
 *   descriptions of potential response payloads"): the body is in one of its media types.
 * - `open`: the response is documented without `content`, or not documented at all. No payload is
 *   described (OAS 3.0.3 §4.7.17), and HTTP lets any other status carry content (RFC 9110
 *   §6.4.1), so a body is not a breach of the contract. `explanation`: for a 4xx or 5xx the
 *   server SHOULD send "a representation containing an explanation of the error situation"
 *   (RFC 9110 §15.5, §15.6): the mock sends its error body in the contract's common error schema,
 *   and the runner accepts one. For any other status no body is described: the mock sends none,
 *   and the runner warns when one comes (it describes nothing the client can rely on).
 *
 * Either way, content that comes is held to what HTTP asks of any content: a Content-Type
 * (RFC 9110 §8.3) and, when that says JSON, JSON that parses.
 */
export type ResponseBodyRule =
  | { readonly kind: 'none'; readonly reason: string }
  | { readonly kind: 'described'; readonly mediaTypes: readonly string[] }
  | { readonly kind: 'open'; readonly explanation: boolean };

export function responseBodyRule(
  status: number,
  method: string,
  response: OpenAPIV3.ResponseObject | undefined,
): ResponseBodyRule {
  if (method.toUpperCase() === 'HEAD')
    return { kind: 'none', reason: 'an answer to HEAD has no content (RFC 9110 §9.3.2)' };
  if (status < 200 || status === 204 || status === 304)
    return { kind: 'none', reason: `a ${status} answer has no content (RFC 9110 §6.4.1)` };
  if (status === 205) return { kind: 'none', reason: 'a 205 answer has no content (RFC 9110 §15.3.6)' };
  const mediaTypes = Object.keys(response?.content ?? {});
  if (mediaTypes.length > 0) return { kind: 'described', mediaTypes };
  return { kind: 'open', explanation: status >= 400 };
}
