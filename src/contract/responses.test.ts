import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { documentedResponse, rangeKey, responseFor, type Responses } from './responses.js';

const r = (description: string): OpenAPIV3.ResponseObject => ({ description });

describe('documented-response lookup (OAS 3.0.3 §4.7.16)', () => {
  it.each<[string, Responses, number, string | undefined]>([
    ['exact code', { '200': r('ok'), default: r('d') }, 200, '200'],
    ['exact code before its range', { '404': r('nf'), '4XX': r('range') }, 404, '404'],
    ['upper-case range', { '4XX': r('range'), default: r('d') }, 418, '4XX'],
    ['lower-case range, as documents in the wild write it', { '4xx': r('range') }, 401, '4xx'],
    ['range of another class does not apply', { '5XX': r('range') }, 404, undefined],
    ['default when nothing else applies', { '200': r('ok'), default: r('d') }, 503, 'default'],
    ['range before default', { '2XX': r('range'), default: r('d') }, 204, '2XX'],
    ['nothing documented', { '200': r('ok') }, 500, undefined],
  ])('%s', (_construct, responses, status, key) => {
    expect(documentedResponse(responses, status)?.key).toBe(key);
    expect(responseFor(responses, status)).toBe(key === undefined ? undefined : responses[key]);
  });

  it.each<[string, Responses, number, string | undefined]>([
    ['exact code counts', { '302': r('found'), default: r('d') }, 302, '302'],
    ['range counts', { '3xx': r('redirect') }, 301, '3xx'],
    ['default does not', { default: r('d') }, 301, undefined],
  ])('withDefault: false — %s (§4.7.16: a status the operation names itself)', (_construct, responses, status, key) => {
    expect(documentedResponse(responses, status, { withDefault: false })?.key).toBe(key);
  });

  it.each<[string, Responses, number, string | undefined]>([
    ['4XX', { '4XX': r('x') }, 401, '4XX'],
    ['4xx', { '4xx': r('x') }, 403, '4xx'],
    ['exact code is not a range', { '401': r('x') }, 401, undefined],
  ])('rangeKey: %s (§4.7.16 Patterned Fields)', (_construct, responses, status, key) => {
    expect(rangeKey(responses, status)).toBe(key);
  });
});
