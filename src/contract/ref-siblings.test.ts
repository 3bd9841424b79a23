import { describe, expect, it } from 'vitest';
import { contractFromDocument } from './load.js';
import { dropReferenceSiblings } from './local-refs.js';

// OAS 3.0.3 §4.7.26: a Reference Object "cannot be extended with additional properties and any properties added SHALL be ignored".
describe('dropReferenceSiblings: keys beside a $ref in 3.0', () => {
  it.each<[string, unknown, unknown]>([
    ['a sibling type', { schema: { $ref: '#/x', type: 'string' } }, { schema: { $ref: '#/x' } }],
    ['a description and bounds', { a: { $ref: '#/x', description: 'd', maxLength: 3 } }, { a: { $ref: '#/x' } }],
    [
      'nullable stays (the kit reads it as "or null")',
      { a: { $ref: '#/x', nullable: true } },
      { a: { $ref: '#/x', nullable: true } },
    ],
    [
      'properties named like keywords are walked',
      { properties: { default: { $ref: '#/x', type: 'string' }, example: { $ref: '#/y', minimum: 1 } } },
      { properties: { default: { $ref: '#/x' }, example: { $ref: '#/y' } } },
    ],
    [
      'data is left as written: examples, defaults, enums, extensions',
      { example: { $ref: 'v', n: 1 }, default: { $ref: 'v', n: 1 }, 'x-data': { $ref: 'v', n: 1 } },
      { example: { $ref: 'v', n: 1 }, default: { $ref: 'v', n: 1 }, 'x-data': { $ref: 'v', n: 1 } },
    ],
  ])('%s', (_construct, document, after) => {
    dropReferenceSiblings(document);
    expect(document).toEqual(after);
  });

  const body = (openapi: string) => ({
    openapi,
    info: { title: 't', version: '1' },
    paths: {
      '/a': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/R', type: 'string' } } },
          },
          responses: { '204': { description: 'ok' } },
        },
      },
    },
    components: { schemas: { R: { type: 'object', properties: { email: { type: 'string' } } } } },
  });
  it.each<[string, string]>([
    ['3.0: the body is the referenced object', '3.0.3'],
    ['3.1: siblings apply (its Schema Object is JSON Schema 2020-12, §4.8.24)', '3.1.0'],
  ])('%s', async (_construct, openapi) => {
    const contract = await contractFromDocument(body(openapi));
    const schema = contract.operations[0]?.requestBody?.content['application/json']?.schema;
    expect(schema).toMatchObject({ type: openapi.startsWith('3.0') ? 'object' : 'string' });
  });
});
