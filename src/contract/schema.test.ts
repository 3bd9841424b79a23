import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import {
  discriminatedView,
  openClosedAllOf,
  openOverlappingOneOf,
  schemaContradictions,
  CompiledSchemas,
  SchemaValidator,
  type Direction,
} from './schema.js';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

describe('SchemaValidator.validate: valid | invalid | unknown', () => {
  it.each<[string, Schema, unknown, Direction, 'valid' | 'invalid' | 'unknown']>([
    ['a value of the type (OAS 3.0.3 §4.7.24)', { type: 'integer', format: 'int32' }, 7, 'response', 'valid'],
    [
      "format url: a server's own loopback address is a URL (WHATWG URL §4.3; ajv-formats' pattern refused it)",
      { type: 'string', format: 'url' },
      'http://127.0.0.1:4010/v2/account/articles/680/files/1',
      'response',
      'valid',
    ],
    ['format url: localhost too', { type: 'string', format: 'url' }, 'http://localhost:4010/a', 'response', 'valid'],
    [
      'format url: a path is no URL',
      { type: 'string', format: 'url' },
      '/v2/account/articles/680',
      'response',
      'invalid',
    ],
    ['format url: no spaces', { type: 'string', format: 'url' }, 'http://exa mple.com/', 'response', 'invalid'],
    ['format url: a web scheme', { type: 'string', format: 'url' }, 'mailto:a@example.com', 'response', 'invalid'],
    [
      'a value outside int32 (OAS 3.0.3 §4.4 Data Types)',
      { type: 'integer', format: 'int32' },
      2 ** 31,
      'response',
      'invalid',
    ],
    ['nullable admits null (§4.7.24 nullable)', { type: 'string', nullable: true }, null, 'response', 'valid'],
    ['null without nullable (§4.7.24)', { type: 'string' }, null, 'response', 'invalid'],
    [
      'readOnly required, absent in a request (§4.7.24 readOnly)',
      { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } },
      {},
      'request',
      'valid',
    ],
    [
      'writeOnly present in a response (§4.7.24 writeOnly)',
      { type: 'object', properties: { pw: { type: 'string', writeOnly: true } } },
      { pw: 'x' },
      'response',
      'invalid',
    ],
    [
      'overlapping discriminated oneOf (§4.7.25)',
      { oneOf: [{ type: 'object' }, { type: 'object' }], discriminator: { propertyName: 'k' } },
      { k: 'a' },
      'response',
      'valid',
    ],
    [
      'an unresolved $ref cannot be checked (§4.7.24: a resolved document is expected)',
      { $ref: '#/components/schemas/Missing' },
      1,
      'response',
      'unknown',
    ],
    [
      'a schema ajv refuses cannot be checked',
      { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } } as Schema,
      { a: 1 },
      'response',
      'unknown',
    ],
  ])('%s', (_construct, schema, value, direction, state) => {
    const validator = new SchemaValidator();
    const result = validator.validate(schema, value, direction);
    expect(result.state).toBe(state);
    if (result.state === 'unknown') {
      expect(result.reason).not.toBe('');
      // Two-state check() keeps its meaning for callers that choose among values.
      expect(validator.check(schema, value, direction).valid).toBe(true);
      expect(validator.notices.length).toBeGreaterThan(0);
    }
    if (result.state === 'invalid') expect(result.violations.length).toBeGreaterThan(0);
  });
});

describe('SchemaValidator over shared compiled schemas (CompiledSchemas): the same notices as a fresh validator', () => {
  // A graph as a dereferenced document makes it: `node` is shared and recursive (through `children`),
  // `tag` is shared by both roots; each says something the validator cannot enforce.
  const tag: Record<string, unknown> = { type: 'string', format: 'no-such-format', pattern: '(?<!a)b' };
  const node: Record<string, unknown> = {
    type: 'object',
    properties: { tag, note: { type: 'string', format: 'x-other' } },
  };
  (node['properties'] as Record<string, unknown>)['children'] = { type: 'array', items: node };
  const first = { type: 'object', properties: { a: node, b: node, t: tag } } as OpenAPIV3.SchemaObject;
  const second = { type: 'array', items: node } as OpenAPIV3.SchemaObject;
  const third = { type: 'object', properties: { t: tag } } as OpenAPIV3.SchemaObject;
  const refused = { $ref: '#/components/schemas/Missing' } as Schema;
  const orders: ReadonlyArray<readonly Schema[]> = [
    [first, second, third, refused],
    [third, second, refused, first],
    [second],
    [refused, third],
  ];

  it.each(orders.map((order, i) => [i, order] as const))(
    'order %i: the notices and outcomes a fresh validator gives, whatever others compiled first',
    (_i, order) => {
      const store = new CompiledSchemas();
      // Others use the store first, in other orders, so this one replays records it did not make.
      for (const other of orders)
        for (const s of other) new SchemaValidator('openapi-3.0', store).compile(s, 'response');
      const shared = new SchemaValidator('openapi-3.0', store);
      const fresh = new SchemaValidator();
      const value = { a: { tag: 'b', children: [{ tag: 'b', children: [] }] }, t: 'b' };
      for (const s of order) {
        expect(shared.validate(s, value, 'response')).toEqual(fresh.validate(s, value, 'response'));
        expect(shared.validate(s, [value], 'request')).toEqual(fresh.validate(s, [value], 'request'));
        expect(shared.notices).toEqual(fresh.notices);
      }
      expect(fresh.notices.length).toBeGreaterThan(0);
    },
  );

  it('a validator of another dialect cannot share the store', () => {
    expect(() => new SchemaValidator('json-schema-2020-12', new CompiledSchemas('openapi-3.0'))).toThrow(
      /cannot share/,
    );
  });
});

describe('openOverlappingOneOf: a oneOf one of whose alternatives admits every object another describes', () => {
  const recipient = { type: 'object', properties: { id: { type: 'string' }, recipient: { type: 'string' } } };
  const company = { type: 'object', properties: { id: { type: 'string' }, company: { type: 'string' } } };
  it.each<[string, Record<string, unknown>, boolean]>([
    [
      'two open objects, nothing required, shared properties alike (Lob identity_validation; JSON Schema validation §6.7.3)',
      { oneOf: [recipient, company] },
      true,
    ],
    [
      'the same with a discriminator: the discriminator picks (OAS 3.0.3 §4.7.25), no contradiction',
      { oneOf: [recipient, company], discriminator: { propertyName: 'id' } },
      false,
    ],
    [
      'each requires its own property: a value of one is not one of the other',
      {
        oneOf: [
          { ...recipient, required: ['recipient'] },
          { ...company, required: ['company'] },
        ],
      },
      false,
    ],
    [
      "one closes additionalProperties: not open to the other's values",
      {
        oneOf: [
          { ...recipient, additionalProperties: false },
          { ...company, additionalProperties: false },
        ],
      },
      false,
    ],
    [
      'a shared property of different schemas',
      { oneOf: [recipient, { type: 'object', properties: { id: { type: 'integer' } } }] },
      false,
    ],
    [
      "two alike but for their annotations (Vonage's ErrorAPIKeyNotFound and ErrorSecretIDNotFound: the same required properties, other examples)",
      {
        oneOf: [
          {
            type: 'object',
            description: 'key',
            required: ['title'],
            properties: { title: { type: 'string', example: 'Invalid API Key' } },
          },
          {
            type: 'object',
            description: 'id',
            required: ['title'],
            properties: { title: { type: 'string', example: 'Invalid ID' } },
          },
        ],
      },
      true,
    ],
    [
      'two alike but for a constraint on a shared property: not the same values',
      {
        oneOf: [
          { type: 'object', required: ['title'], properties: { title: { type: 'string', example: 'a' } } },
          { type: 'object', required: ['title'], properties: { title: { type: 'string', maxLength: 3 } } },
        ],
      },
      false,
    ],
    [
      "a property named like an annotation is a property (`description`'s own schema is compared)",
      {
        oneOf: [
          { type: 'object', required: ['description'], properties: { description: { type: 'string' } } },
          { type: 'object', required: ['description'], properties: { description: { type: 'integer' } } },
        ],
      },
      false,
    ],
    ['scalars: not judged', { oneOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] }, false],
  ])('%s', (_name, schema, found) => {
    expect(openOverlappingOneOf(schema) !== undefined).toBe(found);
  });

  it('is checked as anyOf by the validator and named once at load', () => {
    const schema = { oneOf: [recipient, company] } as Schema;
    const value = { id: 'x', recipient: 'Larry' };
    expect(new SchemaValidator().validate(schema, value, 'response').state).toBe('valid');
    // Still a check: what neither alternative admits is refused.
    expect(new SchemaValidator().validate(schema, { id: 7 }, 'response').state).toBe('invalid');
    expect(schemaContradictions({ components: { schemas: { a: schema } } })).toHaveLength(1);
  });

  it("holds only what lies beyond the union to a typed map's schema", () => {
    const factory = {
      type: 'object',
      additionalProperties: { type: 'object' },
      properties: { identity: { type: 'object' } },
      allOf: [{ properties: { eTag: { type: 'string', readOnly: true }, name: { type: 'string' } } }],
    };
    const value = { eTag: 'W/"1"', name: 'f', identity: {}, extra: { a: 1 } };
    expect(new SchemaValidator().validate(factory as Schema, value, 'response').state).toBe('valid');
    // Still a check: a member beyond the union must fit the map, a declared one its own schema.
    expect(new SchemaValidator().validate(factory as Schema, { ...value, extra: 1 }, 'response').state).toBe('invalid');
    expect(new SchemaValidator().validate(factory as Schema, { ...value, eTag: 7 }, 'response').state).toBe('invalid');
  });

  it('follows $refs through the resolver it is given', () => {
    const components: Record<string, unknown> = { recipient, company };
    const resolve = (n: unknown): unknown =>
      typeof n === 'object' && n !== null && '$ref' in n
        ? components[
            String((n as { $ref: string }).$ref)
              .split('/')
              .pop()!
          ]
        : n;
    expect(
      openOverlappingOneOf(
        { oneOf: [{ $ref: '#/components/schemas/recipient' }, { $ref: '#/components/schemas/company' }] },
        resolve,
      ),
    ).toBeDefined();
  });
});

describe('openClosedAllOf: allOf halves whose closures refuse the properties of the others', () => {
  const base = {
    type: 'object',
    additionalProperties: false,
    properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
  };
  const derived = {
    type: 'object',
    additionalProperties: false,
    properties: { properties: { type: 'object', properties: { uri: { type: 'string' } } } },
    allOf: [base],
  };
  it.each<[string, Record<string, unknown>, boolean]>([
    [
      'two closed parts over different properties (JSON Schema validation §6.5.6: each closure sees the whole value)',
      {
        allOf: [
          { properties: { data: {} }, additionalProperties: false },
          { properties: { meta: {} }, additionalProperties: false },
        ],
      },
      true,
    ],
    ["a closed schema beside an allOf of its closed base (Azure's ConnectionGatewayDefinition)", derived, true],
    [
      'an open schema adding properties to a closed base (ConnectionGatewayReference: allOf ResourceReference)',
      { properties: { location: { type: 'string' } }, allOf: [base] },
      true,
    ],
    ["a closed base's base: the closure two levels down", { properties: { extra: {} }, allOf: [derived] }, true],
    [
      'a closed schema whose own properties cover its parts: no contradiction',
      { additionalProperties: false, properties: { id: {}, name: {} }, allOf: [{ required: ['id'] }] },
      false,
    ],
    [
      "a typed map beside an allOf of a base declaring string members (AutoRest's Factory: additionalProperties {type: object})",
      { type: 'object', additionalProperties: { type: 'object' }, properties: { identity: {} }, allOf: [base] },
      true,
    ],
    [
      'a map open to anything ({}) beside an allOf: no restriction',
      { additionalProperties: {}, properties: { extra: {} }, allOf: [{ properties: { id: {} } }] },
      false,
    ],
    ['an allOf of one closed part and nothing beside it', { allOf: [base] }, false],
    ['no allOf', base, false],
  ])('%s', (_name, schema, found) => {
    expect(openClosedAllOf(schema) !== undefined).toBe(found);
  });

  it('is checked as one object closed over the union, the halves left unchanged', () => {
    const written = JSON.stringify(derived);
    const value = { id: 'a', name: 'b', properties: { uri: 'https://x' } };
    expect(new SchemaValidator().validate(derived as Schema, value, 'response').state).toBe('valid');
    // Still a check: a member neither half declares, and a member of the wrong type, are refused.
    expect(new SchemaValidator().validate(derived as Schema, { ...value, other: 1 }, 'response').state).toBe('invalid');
    expect(new SchemaValidator().validate(derived as Schema, { ...value, name: 7 }, 'response').state).toBe('invalid');
    expect(JSON.stringify(derived)).toBe(written);
  });

  it('follows $refs through the resolver it is given', () => {
    const resolve = (n: unknown): unknown => (typeof n === 'object' && n !== null && '$ref' in n ? base : n);
    const opened = openClosedAllOf({ ...derived, allOf: [{ $ref: '#/components/schemas/base' }] }, resolve);
    expect(opened?.schema['properties']).toEqual({ id: {}, name: {}, ...derived.properties });
    expect(opened?.schema['allOf']).toEqual([{ type: 'object', properties: base.properties }]);
  });
});

describe('discriminatedView: a discriminator as both halves validate it (OAS 3.0.3 §4.7.25)', () => {
  const retail = {
    type: 'object',
    required: ['kind'],
    properties: { kind: { type: 'string', enum: ['RETAIL', 'HOTEL'] } },
  };
  const hotel = { ...retail, properties: { ...retail.properties, rooms: { type: 'integer' } } };
  const mapping = { RETAIL: '#/components/schemas/Retail', HOTEL: '#/components/schemas/Hotel' };
  it.each<[string, Record<string, unknown>, Record<string, unknown> | undefined]>([
    ['no discriminator: nothing to read', { oneOf: [retail, hotel] }, undefined],
    [
      'oneOf + discriminator: the discriminator picks, overlapping alternatives read as anyOf (§4.7.25)',
      { oneOf: [retail, hotel], discriminator: { propertyName: 'kind', mapping } },
      { anyOf: [retail, hotel] },
    ],
    [
      'anyOf + discriminator: the anyOf stays, the discriminator goes',
      { anyOf: [retail, hotel], discriminator: { propertyName: 'kind' } },
      { anyOf: [retail, hotel] },
    ],
    [
      'a discriminator on a schema without alternatives (an allOf parent, §4.7.25 "legal only" with them): dropped',
      { type: 'object', discriminator: { propertyName: 'kind' } },
      { type: 'object' },
    ],
    [
      'oneOf and anyOf both written: the oneOf joins as one more condition',
      { oneOf: [retail], anyOf: [hotel], allOf: [{ type: 'object' }], discriminator: { propertyName: 'kind' } },
      { anyOf: [hotel], allOf: [{ type: 'object' }, { anyOf: [retail] }] },
    ],
  ])('%s', (_construct, schema, view) => {
    expect(discriminatedView(schema)).toEqual(view);
  });

  it('the validator takes a value both alternatives admit and still refuses one neither admits', () => {
    const schema = { oneOf: [retail, hotel], discriminator: { propertyName: 'kind', mapping } } as Schema;
    const validator = new SchemaValidator();
    expect(validator.validate(schema, { kind: 'RETAIL' }, 'request').state).toBe('valid');
    expect(validator.validate(schema, { kind: 'SHOP' }, 'request').state).toBe('invalid');
    expect(validator.validate(schema, {}, 'request').state).toBe('invalid');
  });
});
