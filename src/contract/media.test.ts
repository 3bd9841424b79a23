import { describe, expect, it } from 'vitest';
import {
  admitsJson,
  documentedMediaFor,
  isJsonMediaType,
  isXmlMediaType,
  jsonContent,
  jsonTypeFor,
  mediaEssence,
  mediaMatches,
} from './media.js';

describe('media types (one reading for the mock and the runner)', () => {
  it.each([
    // [construct, input, expected, source]
    ['parameters dropped', 'application/json; charset=utf-8', 'application/json', 'RFC 9110 §8.3.1'],
    ['case folded', 'Application/JSON', 'application/json', 'RFC 9110 §8.3.1'],
    ['absent', undefined, '', 'RFC 9110 §8.3'],
  ])('mediaEssence: %s', (_construct: string, input: string | undefined, expected: string, _source: string) => {
    expect(mediaEssence(input)).toBe(expected);
  });

  it.each([
    ['exact', 'application/json', 'application/json', true, 'OAS 3.0.3 §4.7.10'],
    ['exact, parameters ignored', 'application/json; charset=utf-8', 'application/json', true, 'RFC 9110 §8.3.1'],
    ['exact, case-insensitive', 'APPLICATION/Json', 'application/json', true, 'RFC 9110 §8.3.1'],
    ['*/* admits everything', 'image/png', '*/*', true, 'OAS 3.0.3 §4.7.10, RFC 9110 §12.5.1'],
    ['type/* admits its subtypes', 'text/csv', 'text/*', true, 'OAS 3.0.3 §4.7.10'],
    ['type/* refuses another type', 'application/json', 'text/*', false, 'OAS 3.0.3 §4.7.10'],
    ['+json is not application/json', 'application/problem+json', 'application/json', false, 'RFC 6839 §3.1'],
    ['different subtype', 'application/xml', 'application/json', false, 'OAS 3.0.3 §4.7.10'],
    ['not a media type', 'json', 'application/json', false, 'RFC 9110 §8.3.1'],
  ])('mediaMatches: %s', (_construct, received, documented, expected) => {
    expect(mediaMatches(received, documented)).toBe(expected);
  });

  it.each([
    ['application/json', 'application/json', true, 'RFC 8259 §11'],
    ['+json suffix', 'application/problem+json', true, 'RFC 6839 §3.1'],
    ['+json, vendor tree, parameters', 'application/vnd.api+json; charset=utf-8', true, 'RFC 6839 §3.1'],
    ['*/* is a range, not a type on the wire', '*/*', false, 'RFC 9110 §12.5.1'],
    ['text/plain', 'text/plain', false, 'RFC 9110 §8.3'],
    ['jsonish name is not a suffix', 'application/jsonl', false, 'RFC 6839 §3.1'],
  ])('isJsonMediaType: %s', (_construct, type, expected) => {
    expect(isJsonMediaType(type)).toBe(expected);
  });

  it.each([
    ['a JSON type', 'application/json', true, 'OAS 3.0.3 §4.7.10'],
    ['*/* admits JSON', '*/*', true, 'OAS 3.0.3 §4.7.10'],
    ['application/* admits JSON', 'application/*', true, 'OAS 3.0.3 §4.7.10'],
    ['text/* does not', 'text/*', false, 'OAS 3.0.3 §4.7.10'],
    ['xml does not', 'application/xml', false, 'OAS 3.0.3 §4.7.10'],
  ])('admitsJson: %s', (_construct, range, expected) => {
    expect(admitsJson(range)).toBe(expected);
  });

  it.each([
    ['a range is labelled application/json', '*/*', 'application/json'],
    ['a concrete type keeps its name', 'application/hal+json', 'application/hal+json'],
  ])('jsonTypeFor: %s (RFC 9110 §8.3: a Content-Type names one type)', (_construct, range, expected) => {
    expect(jsonTypeFor(range)).toBe(expected);
  });

  it.each([
    ['application/xml', 'application/xml', true],
    ['text/xml', 'text/xml', true],
    ['+xml suffix', 'image/svg+xml', true],
    ['json', 'application/json', false],
  ])('isXmlMediaType: %s (RFC 7303 §4.2, §9.2)', (_construct, type, expected) => {
    expect(isXmlMediaType(type)).toBe(expected);
  });

  it.each([
    [
      'JSON types only: the first JSON entry',
      { 'text/plain': {}, 'application/hal+json': { schema: { type: 'object' } } },
      {},
      'application/hal+json',
    ],
    ['JSON types only: a range does not count', { '*/*': { schema: { type: 'object' } } }, {}, undefined],
    ['ranges: */* counts', { '*/*': { schema: { type: 'object' } } }, { ranges: true }, '*/*'],
    ['nothing JSON', { 'application/xml': {} }, { ranges: true }, undefined],
  ] as const)('jsonContent: %s (OAS 3.0.3 §4.7.10, §4.7.14)', (_construct, content, options, expected) => {
    expect(jsonContent(content, options)?.mediaType).toBe(expected);
  });

  it.each([
    ['the exact entry before a range', 'application/json', ['*/*', 'application/json'], 'application/json'],
    ['the narrower range before */*', 'text/csv', ['*/*', 'text/*'], 'text/*'],
    ['none', 'text/csv', ['application/json'], undefined],
  ])(
    'documentedMediaFor: %s (OAS 3.0.3 §4.7.10: the more specific key applies)',
    (_construct, received, documented, expected) => {
      expect(documentedMediaFor(received, documented)).toBe(expected);
    },
  );
});
