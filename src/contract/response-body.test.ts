import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { responseBodyRule, type ResponseBodyRule } from './response-body.js';

const withContent: OpenAPIV3.ResponseObject = {
  description: 'ok',
  content: { 'application/json': { schema: { type: 'object' } }, 'application/xml': {} },
};
const withoutContent: OpenAPIV3.ResponseObject = { description: 'no body described' };
const emptyContent: OpenAPIV3.ResponseObject = { description: 'empty map', content: {} };

describe('the rule for bodies (OAS 3.0.3 §4.7.17, RFC 9110 §6.4.1, §15)', () => {
  it.each<
    [string, number, string, OpenAPIV3.ResponseObject | undefined, ResponseBodyRule['kind'], boolean | undefined]
  >([
    [
      '204 has no content, even where the document describes some (RFC 9110 §6.4.1)',
      204,
      'DELETE',
      withContent,
      'none',
      undefined,
    ],
    ['304 has no content (RFC 9110 §15.4.5)', 304, 'GET', withoutContent, 'none', undefined],
    [
      '205 has no content, even where the document describes some (RFC 9110 §15.3.6: MUST NOT)',
      205,
      'PUT',
      withContent,
      'none',
      undefined,
    ],
    ['1xx has no content (RFC 9110 §6.4.1)', 103, 'GET', undefined, 'none', undefined],
    ['an answer to HEAD has no content (RFC 9110 §9.3.2)', 200, 'head', withContent, 'none', undefined],
    ['documented content describes the body (OAS 3.0.3 §4.7.17)', 200, 'GET', withContent, 'described', undefined],
    ['an error with documented content is described too', 404, 'GET', withContent, 'described', undefined],
    [
      'a success documented without content: none described, none expected',
      200,
      'DELETE',
      withoutContent,
      'open',
      false,
    ],
    ['an empty content map is no content', 201, 'POST', emptyContent, 'open', false],
    [
      'a 4xx documented without content: open, an explanation expected (RFC 9110 §15.5)',
      404,
      'GET',
      withoutContent,
      'open',
      true,
    ],
    [
      'a 5xx documented without content: open, an explanation expected (RFC 9110 §15.6)',
      503,
      'GET',
      withoutContent,
      'open',
      true,
    ],
    ['an undocumented error: open, with an explanation', 401, 'POST', undefined, 'open', true],
  ])('%s', (_construct, status, method, response, kind, explanation) => {
    const rule = responseBodyRule(status, method, response);
    expect(rule.kind).toBe(kind);
    if (rule.kind === 'open') expect(rule.explanation).toBe(explanation);
    if (rule.kind === 'described') expect(rule.mediaTypes).toEqual(Object.keys(response?.content ?? {}));
  });
});
