import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import {
  admitsNull,
  anyProperties,
  declaredMembers,
  nonNullView,
  discriminatedAlternative,
  namedAlternativeView,
  objectView,
  effective,
  mergeAllOf,
  propertiesFor,
  requiredFor,
  writableInRequest,
} from './schema-views.js';

type Schema = OpenAPIV3.SchemaObject;

describe('allOf merged one way (OAS 3.0.3 §4.7.24 allOf; JSON Schema Validation §10.2.1.1)', () => {
  it.each<[string, Schema, Schema]>([
    ['no allOf: the schema itself', { type: 'string' }, { type: 'string' }],
    [
      'properties united, required unioned',
      {
        allOf: [
          { properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b', 'a'] },
        ],
      },
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a', 'b'] },
    ],
    [
      'a property two parts describe fits both (enum in one, type and bound in the other)',
      {
        allOf: [{ properties: { s: { enum: ['x', 'yy'] } } }, { properties: { s: { type: 'string', maxLength: 1 } } }],
      },
      { type: 'object', properties: { s: { enum: ['x', 'yy'], type: 'string', maxLength: 1 } } },
    ],
    [
      'bounds keep the tighter one',
      {
        allOf: [
          { type: 'integer', minimum: 1, maximum: 10 },
          { minimum: 5, maximum: 20 },
        ],
      },
      { type: 'integer', minimum: 5, maximum: 10 },
    ],
    [
      'an enum keeps the values both lists allow',
      { allOf: [{ enum: ['a', 'b', 'c'] }, { enum: ['b', 'c', 'd'] }] },
      { enum: ['b', 'c'] },
    ],
    [
      'closed additionalProperties closes the union of the parts',
      {
        allOf: [
          { properties: { a: { type: 'string' } }, additionalProperties: false },
          { properties: { b: { type: 'string' } }, additionalProperties: false },
        ],
      },
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, additionalProperties: false },
    ],
    [
      'the schema’s own keywords come first, nested allOf merged',
      { description: 'own', allOf: [{ description: 'part', allOf: [{ properties: { deep: { type: 'boolean' } } }] }] },
      { description: 'own', type: 'object', properties: { deep: { type: 'boolean' } } },
    ],
  ])('%s', (_construct, schema, expected) => {
    expect(mergeAllOf(schema)).toEqual(expected);
  });

  it('one view per schema object, the same object asked again (a pure cache), a copy of it its own', () => {
    const part = { properties: { a: { type: 'string' } } } satisfies Schema;
    const schema: Schema = { allOf: [part, { required: ['a'] }] };
    const view = mergeAllOf(schema);
    expect(mergeAllOf(schema)).toBe(view);
    expect(view).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    const copy: Schema = { allOf: [part, { required: ['a'] }] };
    expect(mergeAllOf(copy)).not.toBe(view);
    expect(mergeAllOf(copy)).toEqual(view);
  });
});

const cat: Schema = {
  type: 'object',
  properties: { kind: { type: 'string', enum: ['cat'] }, purrs: { type: 'boolean' } },
};
const dog: Schema = {
  type: 'object',
  properties: { kind: { type: 'string', enum: ['dog'] }, barks: { type: 'boolean' } },
};

describe('oneOf / anyOf: the alternative the discriminator picks (OAS 3.0.3 §4.7.25)', () => {
  it.each<[string, Schema, unknown, Record<string, unknown> | undefined, Schema | undefined]>([
    [
      'mapping to a component reference',
      { oneOf: [cat, dog], discriminator: { propertyName: 'kind', mapping: { d: '#/components/schemas/Dog' } } },
      { kind: 'd' },
      { Dog: dog, Cat: cat },
      dog,
    ],
    [
      'implicit mapping: the value is the schema name',
      { oneOf: [cat, dog], discriminator: { propertyName: 'kind' } },
      { kind: 'Cat' },
      { Dog: dog, Cat: cat },
      cat,
    ],
    [
      'no components: the alternative whose property has that one enum value',
      { anyOf: [cat, dog], discriminator: { propertyName: 'kind' } },
      { kind: 'dog' },
      undefined,
      dog,
    ],
    ['no discriminator: nothing picked', { oneOf: [cat, dog] }, { kind: 'dog' }, undefined, undefined],
    [
      'value without the property: nothing picked',
      { oneOf: [cat, dog], discriminator: { propertyName: 'kind' } },
      {},
      undefined,
      undefined,
    ],
  ])('%s', (_construct, schema, value, components, expected) => {
    expect(discriminatedAlternative(schema, value, components)).toBe(expected);
  });

  it.each<[string, Schema, unknown, string[]]>([
    [
      'the first alternative without a value',
      { oneOf: [cat, dog], discriminator: { propertyName: 'kind' } },
      undefined,
      ['kind', 'purrs'],
    ],
    [
      'the discriminated one with a value',
      { oneOf: [cat, dog], discriminator: { propertyName: 'kind' } },
      { kind: 'dog' },
      ['kind', 'barks'],
    ],
    ['allOf around a oneOf', { allOf: [{ oneOf: [dog, cat] }] }, undefined, ['kind', 'barks']],
  ])('effective: %s', (_construct, schema, value, names) => {
    expect(Object.keys(effective(schema, value).properties ?? {})).toEqual(names);
  });

  it.each<[string, Schema, unknown, string[]]>([
    [
      'the named alternative beside the schema’s own members',
      { properties: { id: { type: 'string' } }, oneOf: [cat, dog], discriminator: { propertyName: 'kind' } },
      { kind: 'dog' },
      ['id', 'kind', 'barks'],
    ],
    [
      'nothing named: the schema itself',
      { oneOf: [cat, dog], discriminator: { propertyName: 'kind' } },
      { kind: 'bird' },
      [],
    ],
  ])('namedAlternativeView: %s', (_construct, schema, value, names) => {
    expect(Object.keys(namedAlternativeView(schema, value).properties ?? {})).toEqual(names);
  });

  it('anyProperties walks allOf, oneOf and anyOf', () => {
    expect([...anyProperties({ allOf: [{ oneOf: [cat, dog] }] }).keys()].sort()).toEqual(['barks', 'kind', 'purrs']);
  });
});

describe('nullable (OAS 3.0.3 §4.7.24 nullable)', () => {
  it.each<[string, Schema, boolean]>([
    ['nullable: true', { type: 'string', nullable: true }, true],
    ['a type without nullable', { type: 'string' }, false],
    ['no type at all admits any value', {}, true],
    ['an enum without nullable', { enum: ['a'] }, false],
  ])('%s', (_construct, schema, expected) => {
    expect(admitsNull(schema)).toBe(expected);
  });
});

describe('a nullable value when it is not null (nonNullView; issue 30: FastAPI Optional[...])', () => {
  const asRead = (schema: unknown): Schema => schema as Schema;
  it.each<[string, unknown, Partial<Schema>]>([
    [
      'anyOf [integer, null] (3.1 Optional[int])',
      { anyOf: [{ type: 'integer', maximum: 100 }, { type: 'null' }], default: 20 },
      { type: 'integer', maximum: 100, default: 20, nullable: true },
    ],
    [
      'oneOf [null, an allOf-wrapped enum]',
      { oneOf: [{ type: 'null' }, { allOf: [{ type: 'string', enum: ['a', 'b'] }] }] },
      { type: 'string', enum: ['a', 'b'] },
    ],
    [
      'allOf-wrapped enum',
      { allOf: [{ type: 'string', enum: ['x'] }], description: 'd' },
      { type: 'string', enum: ['x'] },
    ],
  ])('%s', (_construct, schema, expected) => {
    // Written 3.1 `type: "null"` reads as the enum [null] once lowered, as asSchema gives it.
    const lower = (s: unknown): unknown =>
      Array.isArray(s)
        ? s.map(lower)
        : typeof s === 'object' && s !== null
          ? Object.fromEntries(
              Object.entries(s).map(([k, v]) => (k === 'type' && v === 'null' ? ['enum', [null]] : [k, lower(v)])),
            )
          : s;
    expect(nonNullView(asRead(lower(schema)))).toMatchObject(expected);
  });
  it('several non-null alternatives stay as written', () => {
    const two = { anyOf: [{ type: 'string' }, { type: 'integer' }, { enum: [null] }] } as Schema;
    expect(nonNullView(two)?.anyOf).toHaveLength(3);
  });
});

describe('readOnly / writeOnly by direction (OAS 3.0.3 §4.7.24)', () => {
  const record: Schema = {
    type: 'object',
    required: ['id', 'name', 'password'],
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string' },
      password: { type: 'string', writeOnly: true },
    },
  };
  it.each<[string, 'request' | 'response', string[], string[]]>([
    ['a request leaves readOnly out', 'request', ['name', 'password'], ['name', 'password']],
    ['a response leaves writeOnly out', 'response', ['id', 'name'], ['id', 'name']],
  ])('%s', (_construct, direction, names, required) => {
    expect(propertiesFor(record, direction).map(([n]) => n)).toEqual(names);
    expect(requiredFor(record, direction)).toEqual(required);
  });
});

describe('objectView: the object a deepObject field carries (OAS 3.0.3 §4.7.12.4, §4.8.15)', () => {
  const dims: Schema = { type: 'object', properties: { height: { type: 'number' } } };
  it.each<[string, Schema | undefined, Schema | undefined]>([
    ['an object is its own view', dims, dims],
    [
      'properties without type describe an object',
      { properties: { a: { type: 'string' } } },
      { properties: { a: { type: 'string' } } },
    ],
    [
      'anyOf an object and "" (Stripe package_dimensions): the object alternative',
      { anyOf: [dims, { type: 'string', enum: [''] }] },
      dims,
    ],
    ['oneOf likewise', { oneOf: [{ type: 'string' }, dims] }, dims],
    ['a scalar describes no object', { type: 'string' }, undefined],
    ['an array describes no object', { type: 'array', items: dims }, undefined],
  ])('%s', (_name, schema, view) => {
    expect(objectView(schema)).toEqual(view);
  });
});

describe('the fields a request schema lets the client write (OAS 3.0.3 §4.7.24: readOnly binds its own schema)', () => {
  const body = (schema: OpenAPIV3.SchemaObject): Record<string, OpenAPIV3.MediaTypeObject> => ({
    'application/json': { schema },
  });
  it.each<[string, Record<string, OpenAPIV3.MediaTypeObject> | undefined, string[]]>([
    [
      'plain properties are writable',
      body({ type: 'object', properties: { name: { type: 'string' }, ownerId: { type: 'string' } } }),
      ['name', 'ownerId'],
    ],
    [
      'a property readOnly in the request schema is not',
      body({ type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } }),
      ['name'],
    ],
    [
      'allOf parts and oneOf alternatives count',
      body({
        allOf: [{ type: 'object', properties: { a: { type: 'string' } } }],
        oneOf: [{ type: 'object', properties: { b: { type: 'string' } } }],
      }),
      ['a', 'b'],
    ],
    [
      'every media type counts',
      {
        'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } },
        'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { c: { type: 'string' } } } },
      },
      ['a', 'c'],
    ],
    ['no body, nothing writable', undefined, []],
  ])('%s', (_construct, content, expected) => {
    expect([...writableInRequest(content)].sort()).toEqual(expected);
  });
});

describe('declaredMembers: the members a request body schema takes, where it names them all', () => {
  const props = { name: { type: 'string' }, done: { type: 'boolean' } } as const;
  it.each<[string, Schema | undefined, string[] | undefined]>([
    [
      'a model: its properties (Pydantic, zod, class-validator)',
      { type: 'object', properties: props },
      ['done', 'name'],
    ],
    [
      'additionalProperties false: the same',
      { type: 'object', properties: props, additionalProperties: false },
      ['done', 'name'],
    ],
    [
      'allOf parts and union alternatives count',
      { allOf: [{ properties: { a: {} } }], oneOf: [{ properties: { b: {} } }] },
      ['a', 'b'],
    ],
    [
      'additionalProperties true admits others',
      { type: 'object', properties: props, additionalProperties: true },
      undefined,
    ],
    [
      'an additionalProperties schema admits others',
      { type: 'object', properties: props, additionalProperties: { type: 'string' } },
      undefined,
    ],
    ['so does a part of allOf that does', { allOf: [{ properties: props }, { additionalProperties: {} }] }, undefined],
    [
      'patternProperties admit others',
      { type: 'object', properties: props, patternProperties: { '^x-': {} } } as Schema,
      undefined,
    ],
    ['a schema naming no property: a free-form body', { type: 'object' }, undefined],
    ['no schema', undefined, undefined],
  ])('%s', (_construct, schema, expected) => {
    const got = declaredMembers(schema);
    expect(got === undefined ? undefined : [...got].sort()).toEqual(expected);
  });
});
