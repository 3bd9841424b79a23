import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { parseQuery, readStructuredQuery, serialiseQuery } from './index.js';
import { pairsOf, type Parameter } from './values.js';

const options: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['SourceField'],
  properties: { SourceField: { type: 'string' } },
};
const suggester: Parameter = {
  name: 'Suggester',
  schema: { type: 'object', properties: { SuggesterName: { type: 'string' }, DocumentSuggesterOptions: options } },
};
const identifiers: Parameter = {
  name: 'Identifiers',
  schema: { type: 'array', items: { allOf: [options, { xml: { name: 'Message' } }] } },
};

// sinao.app's `conditions: [[property, comparator, value], …]`: items that are arrays.
const conditions: Parameter = {
  name: 'conditions',
  schema: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
};

const messages: Parameter = {
  name: 'body',
  schema: {
    type: 'object',
    properties: {
      seldonMessages: { type: 'array', items: { type: 'object', properties: { strData: { type: 'string' } } } },
    },
  },
};

// The style table (OAS 3.0.3 §4.7.12.4) stops one level down; the kernel writes deeper objects as JSON text.
describe('readStructuredQuery: objects below the style table, written as JSON text, read back', () => {
  it.each<[string, Parameter, unknown, unknown]>([
    [
      'an exploded form object with an object member',
      suggester,
      { SuggesterName: 'a', DocumentSuggesterOptions: { SourceField: 'f' } },
      { SuggesterName: 'a', DocumentSuggesterOptions: { SourceField: 'f' } },
    ],
    [
      "an exploded form object with an empty array member (seldon's SeldonMessageList)",
      messages,
      { seldonMessages: [] },
      { seldonMessages: [] },
    ],
    [
      'an exploded form object with an array member of objects',
      messages,
      { seldonMessages: [{ strData: 'a' }] },
      { seldonMessages: [{ strData: 'a' }] },
    ],
    [
      'a deepObject with an array member',
      { ...messages, style: 'deepObject' },
      { seldonMessages: [{ strData: 'a' }] },
      { seldonMessages: [{ strData: 'a' }] },
    ],
    [
      'an exploded array of objects (items in allOf)',
      identifiers,
      [{ SourceField: 'x' }, { SourceField: 'y' }],
      [{ SourceField: 'x' }, { SourceField: 'y' }],
    ],
    ['an exploded array of arrays', conditions, [['a', 'eq', '1'], []], [['a', 'eq', '1'], []]],
    [
      'a deepObject with an object member',
      { ...suggester, style: 'deepObject' },
      { SuggesterName: 'a', DocumentSuggesterOptions: { SourceField: 'f' } },
      { SuggesterName: 'a', DocumentSuggesterOptions: { SourceField: 'f' } },
    ],
  ])('%s: the runner writes it, the mock reads it back', (_construct, p, value, read) => {
    const wire = serialiseQuery(p, p.name, value).join('&');
    expect(readStructuredQuery(p, pairsOf(wire))).toEqual(read);
  });

  it.each<[string, Parameter, string]>([
    ['only flat members', suggester, 'SuggesterName=a'],
    ['a plain value of an array member (the validator reads it as the one item)', messages, 'seldonMessages=x'],
    ['a member that is not JSON (the validator refuses it)', suggester, 'DocumentSuggesterOptions=x'],
    ['an array of strings', { name: 'ids', schema: { type: 'array', items: { type: 'string' } } }, 'ids=%7B%7D'],
    ['an array not exploded', { ...identifiers, explode: false }, 'Identifiers=%7B%7D'],
    [
      'an array of arrays whose items are objects (not of the kind: the validator refuses them)',
      conditions,
      'conditions=%7B%7D',
    ],
    ['content (JSON text, parsed as a whole)', { name: 'q', content: { 'application/json': {} } }, 'q=%7B%7D'],
  ])('nothing read: %s', (_construct, p, wire) => {
    expect(readStructuredQuery(p, pairsOf(wire))).toBeUndefined();
  });
});

// OAS 3.0.3 §4.7.12.4: an exploded form object's members are keys of their own; a map names none.
describe('readStructuredQuery: an exploded form map (additionalProperties) owns the keys no other parameter names', () => {
  const attributes: Parameter = {
    name: 'Attributes',
    schema: { type: 'object', additionalProperties: { type: 'string' } },
  };
  const taken = new Set(['Name', 'Action', 'Attributes']);
  it.each<[string, Parameter, string, unknown]>([
    [
      "AWS's Attributes beside named parameters (amazonaws.com/sns)",
      attributes,
      'Name=a&PlatformCredential=k&Action=Create&PlatformPrincipal=p',
      { PlatformCredential: 'k', PlatformPrincipal: 'p' },
    ],
    ['a repeated member reads its first value', attributes, 'k=1&k=2', { k: '1' }],
    [
      '`{type: object}` alone is a map too (additionalProperties defaults to true)',
      { name: 'o', schema: { type: 'object' } },
      'Name=a&x=1',
      { x: '1' },
    ],
    ['no member sent: absent', attributes, 'Name=a&Action=Create', undefined],
    [
      'a map closed to members reads nothing',
      { name: 'o', schema: { type: 'object', additionalProperties: false } },
      'x=1',
      undefined,
    ],
    ['not exploded: the style table reads it', { ...attributes, explode: false }, 'Attributes=k,v', undefined],
  ])('%s', (_construct, p, wire, read) => {
    expect(readStructuredQuery(p, pairsOf(wire), taken)).toEqual(read);
  });

  it('the runner writes each member as its own key, and the mock reads them back', () => {
    const value = { PlatformCredential: 'k', PlatformPrincipal: 'p' };
    const wire = ['Name=a', ...serialiseQuery(attributes, 'Attributes', value)].join('&');
    expect(readStructuredQuery(attributes, pairsOf(wire), taken)).toEqual(value);
  });
});

describe("reserved characters encodeURIComponent leaves bare (`!'()*`) are percent-encoded (RFC 3986 §2.2; OAS 3.0.3 §4.7.12 allowReserved)", () => {
  const name: Parameter = { name: 'IndexFieldName', schema: { type: 'string' } };
  it.each<[string, Parameter, unknown, string]>([
    ['form', name, "w3*!'()", 'IndexFieldName=w3%2A%21%27%28%29'],
    [
      'form array, explode off',
      { name: 'f', explode: false, schema: { type: 'array', items: { type: 'string' } } },
      ['a*', 'b'],
      'f=a%2A,b',
    ],
    [
      'deepObject',
      { name: 'o', style: 'deepObject', schema: { type: 'object' } },
      { 'k*': 'v(1)' },
      'o%5Bk%2A%5D=v%281%29',
    ],
    [
      'pipeDelimited',
      { name: 'p', style: 'pipeDelimited', schema: { type: 'array', items: { type: 'string' } } },
      ['a*', 'b'],
      'p=a%2A%7Cb',
    ],
  ])('%s', (_construct, p, value, wire) => {
    expect(serialiseQuery(p, p.name, value).join('&')).toBe(wire);
    expect(parseQuery(p, pairsOf(wire))).toEqual(value);
  });
});
