import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { deepObjectNames, parseDeepObject, readNestedMembers, serialiseDeepObject } from './deep-object.js';
import { parseQuery, serialiseQuery } from './index.js';
import { pairsOf, type Parameter } from './values.js';

const color: Parameter = { name: 'color', style: 'deepObject', explode: true, schema: { type: 'object' } };

describe('deepObject (OAS 3.0.3 §4.7.12.4; in form bodies §4.7.15)', () => {
  it.each<[string, unknown, string, unknown]>([
    ['query object', { R: '100', G: '200' }, 'color%5BR%5D=100&color%5BG%5D=200', { R: '100', G: '200' }],
    ['one field', { type: 'finite' }, 'color%5Btype%5D=finite', { type: 'finite' }],
  ])('%s', (_construct, value, wire, read) => {
    expect(serialiseQuery(color, 'color', value).join('&')).toBe(wire);
    expect(parseQuery(color, pairsOf(wire))).toEqual(read);
  });

  it('a form body field (`inventory[type]=finite`, §4.7.15 style deepObject)', () => {
    const pairs = pairsOf('inventory[type]=finite&inventory[count]=3&name=x');
    expect([...deepObjectNames(pairs)]).toEqual(['inventory']);
    expect(parseDeepObject('inventory', pairs)).toEqual({ type: 'finite', count: '3' });
    expect(serialiseDeepObject('inventory', { type: 'finite' })).toEqual(['inventory%5Btype%5D=finite']);
  });

  it('absent is undefined', () => {
    expect(parseDeepObject('color', pairsOf('colour[R]=1'))).toBeUndefined();
  });
});

describe('readNestedMembers: a deepObject member that is an object, written as JSON text (§4.7.12.4 defines one level)', () => {
  const report: OpenAPIV3.SchemaObject = { type: 'object', properties: { report_type: { type: 'string' } } };
  const retail: OpenAPIV3.SchemaObject = {
    type: 'object',
    properties: { catalog_type: { type: 'string', enum: ['RETAIL'] }, report },
  };
  const hotel: OpenAPIV3.SchemaObject = {
    type: 'object',
    properties: { catalog_type: { type: 'string', enum: ['HOTEL'] }, report },
  };
  it.each<[string, OpenAPIV3.SchemaObject, Record<string, string>, Record<string, unknown> | undefined]>([
    [
      'a member the schema declares an object',
      { type: 'object', properties: { report } },
      { report: '{"report_type":"A"}' },
      { report: { report_type: 'A' } },
    ],
    [
      'one only its oneOf alternatives declare (Pinterest report-stats `parameters`)',
      { type: 'object', oneOf: [retail, hotel] },
      { catalog_type: 'RETAIL', report: '{"report_type":"A"}' },
      { catalog_type: 'RETAIL', report: { report_type: 'A' } },
    ],
    [
      'one an allOf part declares',
      { allOf: [{ type: 'object', properties: { report } }] },
      { report: '{}' },
      { report: {} },
    ],
    [
      'text that is no JSON object stays for the validator to refuse',
      { type: 'object', properties: { report } },
      { report: 'x' },
      undefined,
    ],
    ['a JSON list is no object', { type: 'object', properties: { report } }, { report: '[1]' }, undefined],
    [
      'a string member keeps its JSON-looking text',
      { type: 'object', properties: { note: { type: 'string' } } },
      { note: '{"a":1}' },
      undefined,
    ],
    [
      'scalars only: nothing to read',
      { type: 'object', properties: { R: { type: 'integer' } } },
      { R: '100' },
      undefined,
    ],
  ])('%s', (_construct, schema, fields, read) => {
    expect(readNestedMembers(fields, schema)).toEqual(read);
  });

  it('reads back what serialiseDeepObject writes', () => {
    const value = { catalog_type: 'RETAIL', report: { report_type: 'A' } };
    const pairs = pairsOf(serialiseDeepObject('parameters', value).join('&'));
    expect(
      readNestedMembers(parseDeepObject('parameters', pairs)!, { type: 'object', oneOf: [retail, hotel] }),
    ).toEqual(value);
  });
});
