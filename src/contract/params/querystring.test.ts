import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { parseQuerystring, querystringParameter, serialiseQuerystring } from './querystring.js';

describe('in: querystring (OAS 3.2.0 §4.12.1): the whole query string as one value', () => {
  it.each<[string, unknown, string]>([
    // §4.12.8's examples: a form is query-ready as is, JSON is percent-encoded whole.
    ['application/x-www-form-urlencoded', { foo: 'a + b', bar: true }, 'foo=a+%2B+b&bar=true'],
    ['application/json', { numbers: [1, 2], flag: null }, '%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D'],
    ['application/x-www-form-urlencoded', { tag: ['a', 'b'], skip: undefined }, 'tag=a&tag=b'],
    ['text/plain', '$.a[0]', '%24.a%5B0%5D'],
  ])('%s %j → %s', (type, value, expected) => {
    expect(serialiseQuerystring(type, value)).toBe(expected);
  });

  it.each<[string, string, unknown]>([
    ['application/x-www-form-urlencoded', 'foo=a+%2B+b&bar=true', { foo: 'a + b', bar: 'true' }],
    ['application/x-www-form-urlencoded', 'tag=a&tag=b&tag=c', { tag: ['a', 'b', 'c'] }],
    ['application/json', '%7B%22numbers%22%3A%5B1%2C2%5D%7D', { numbers: [1, 2] }],
    ['application/json; charset=utf-8', '{"a":1}', { a: 1 }],
    ['text/plain', '%24.a', '$.a'],
  ])('%s reads %s as %j', (type, raw, expected) => {
    expect(parseQuerystring(type, raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['application/json', '%7Bnot'],
    ['application/json', '%E0%A4%A'],
  ])('%s refuses %s with a reason', (type, raw) => {
    const read = parseQuerystring(type, raw);
    expect(read.ok).toBe(false);
  });

  it('finds the one querystring parameter and its media type', () => {
    const parameters = [
      { name: 'x', in: 'header', schema: { type: 'string' } },
      { name: 'q', in: 'querystring', content: { 'application/json': { schema: { type: 'object' } } } },
    ] as OpenAPIV3.ParameterObject[];
    expect(querystringParameter(parameters)).toMatchObject({
      mediaType: 'application/json',
      schema: { type: 'object' },
    });
    expect(querystringParameter(parameters.slice(0, 1))).toBeUndefined();
  });
});
