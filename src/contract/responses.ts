import type { OpenAPIV3 } from 'openapi-types';

/** The Responses Object of an operation (OAS 3.0.3 §4.7.16), as both halves hold it. */
export type Responses = Readonly<Record<string, OpenAPIV3.ResponseObject>>;

/**
 * The key of the range a status falls in, as the document spells it (`4XX`, or `4xx`). OAS 3.0.3
 * §4.7.16 writes ranges in upper case; documents in the wild also write them in lower case, and
 * both halves read either the same way.
 */
export function rangeKey(responses: Responses, status: number): string | undefined {
  const range = `${Math.floor(status / 100)}XX`;
  return Object.keys(responses).find((k) => k.toUpperCase() === range && responses[k] !== undefined);
}

/**
 * The response the contract documents for a status and the key it is documented under: the exact
 * code, else its range (`4XX` / `4xx`), else `default` (OAS 3.0.3 §4.7.16: "an explicit code
 * definition takes precedence over the range definition"; `default` covers what is not listed).
 * `withDefault: false` leaves `default` out (a status the operation names itself).
 */
export function documentedResponse(
  responses: Responses,
  status: number,
  options: { readonly withDefault?: boolean } = {},
): { key: string; response: OpenAPIV3.ResponseObject } | undefined {
  const exact = responses[String(status)];
  if (exact) return { key: String(status), response: exact };
  const range = rangeKey(responses, status);
  if (range !== undefined) return { key: range, response: responses[range]! };
  if (options.withDefault === false) return undefined;
  const fallback = responses['default'];
  return fallback ? { key: 'default', response: fallback } : undefined;
}

/** documentedResponse's Response Object alone. */
export function responseFor(responses: Responses, status: number): OpenAPIV3.ResponseObject | undefined {
  return documentedResponse(responses, status)?.response;
}

/**
 * Whether a status is a success the operation documents: a 2xx it names (exactly or by range), or
 * any status it names when it names no 2xx (a redirect-only operation); a 2xx under `default` when
 * `default` is all it has (OAS 3.0.3 §4.7.16). An operation documenting no responses at all (allowed
 * from OAS 3.1, §4.8.16) promises no status: any 2xx is its success.
 */
/** Whether the operation documents a success of its own: a 2xx, exactly or by range (`2XX`). */
export function documentsSuccess(responses: Responses): boolean {
  return Object.keys(responses).some((key) => /^2(\d\d|XX)$/i.test(key));
}

export function isDocumentedSuccess(responses: Responses, status: number): boolean {
  const keys = Object.keys(responses);
  const is2xx = status >= 200 && status < 300;
  if (keys.length === 0) return is2xx;
  const documented = documentedResponse(responses, status, { withDefault: false }) !== undefined;
  if (documentsSuccess(responses)) return is2xx && documented;
  return documented || (is2xx && responses['default'] !== undefined);
}
