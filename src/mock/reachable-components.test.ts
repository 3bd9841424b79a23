import { describe, expect, it } from 'vitest';
import { reachableComponents, schemaClosure, schemaEdges } from './reachable-components.js';

const components = {
  securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } },
  schemas: {
    Pet: {
      type: 'object',
      properties: {
        owner: { $ref: '#/components/schemas/Owner' },
        tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
      },
    },
    Owner: { type: 'object', properties: { pet: { $ref: '#/components/schemas/Pet' } } },
    Tag: { type: 'string' },
    Unused: { type: 'integer' },
    Cat: { type: 'object' },
    Dog: { type: 'object' },
    'a~1b': { type: 'string' },
  },
  parameters: {
    limit: { name: 'limit', in: 'query', schema: { $ref: '#/components/schemas/Tag' } },
    other: { name: 'other', in: 'query', schema: { type: 'string' } },
  },
  requestBodies: { PetBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
};

const names = (kept: ReturnType<typeof reachableComponents>): Record<string, string[]> | undefined =>
  kept && Object.fromEntries(Object.entries(kept).map(([kind, group]) => [kind, Object.keys(group).sort()]));

describe('reachableComponents: what an operation reaches through $ref, transitively', () => {
  const rows: ReadonlyArray<readonly [string, unknown, Record<string, string[]> | undefined]> = [
    [
      'no reference: security schemes only',
      { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] },
      { securitySchemes: ['key'] },
    ],
    [
      'a parameter reference and the schema it reaches',
      { parameters: [{ $ref: '#/components/parameters/limit' }] },
      { securitySchemes: ['key'], parameters: ['limit'], schemas: ['Tag'] },
    ],
    [
      'a request body reference, through a cycle (Pet ⇄ Owner)',
      { requestBody: { $ref: '#/components/requestBodies/PetBody' } },
      { securitySchemes: ['key'], requestBodies: ['PetBody'], schemas: ['Owner', 'Pet', 'Tag'] },
    ],
    [
      'a pointer into a component keeps the whole component',
      {
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet/properties/owner' } } },
        },
      },
      { securitySchemes: ['key'], schemas: ['Owner', 'Pet', 'Tag'] },
    ],
    [
      "a discriminator's mapping counts as references",
      {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                oneOf: [],
                discriminator: {
                  propertyName: 'kind',
                  mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
                },
              },
            },
          },
        },
      },
      { securitySchemes: ['key'], schemas: ['Cat', 'Dog'] },
    ],
    [
      'a reference to a missing component: undefined (keep the whole)',
      { parameters: [{ $ref: '#/components/parameters/nope' }] },
      undefined,
    ],
    [
      'a reference outside components: undefined',
      { requestBody: { content: { 'application/json': { schema: { $ref: '#/paths/~1pets/get' } } } } },
      undefined,
    ],
    [
      'an external or anchor reference: undefined',
      { requestBody: { content: { 'application/json': { schema: { $ref: '#pet' } } } } },
      undefined,
    ],
    [
      'an escaped name: undefined',
      { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/a~1b' } } } } },
      undefined,
    ],
    [
      'a $dynamicRef: undefined',
      { requestBody: { content: { 'application/json': { schema: { $dynamicRef: '#meta' } } } } },
      undefined,
    ],
  ];
  it.each(rows)('%s', (_, operation, expected) => {
    expect(names(reachableComponents(components, [operation]))).toEqual(expected);
  });

  it('keeps the very objects (the validator compiles what the document holds)', () => {
    const kept = reachableComponents(components, [{ parameters: [{ $ref: '#/components/parameters/limit' }] }]);
    expect(kept?.['parameters']?.['limit']).toBe(components.parameters.limit);
    expect(kept?.['securitySchemes']).toBe(components.securitySchemes);
  });

  it('an opaque kind: its members named are kept, not walked; a pointer into one is not certain', () => {
    const operation = { requestBody: { $ref: '#/components/requestBodies/PetBody' } };
    // Pet is named by the request body; Owner and Tag, which only Pet names, are not reached.
    expect(names(reachableComponents(components, [operation], 'schemas'))).toEqual({
      securitySchemes: ['key'],
      requestBodies: ['PetBody'],
      schemas: ['Pet'],
    });
    expect(reachableComponents(components, [operation], 'schemas')?.['schemas']?.['Pet']).toBe(components.schemas.Pet);
    const inside = {
      parameters: [{ name: 'o', in: 'query', schema: { $ref: '#/components/schemas/Pet/properties/owner' } }],
    };
    expect(reachableComponents(components, [inside], 'schemas')).toBeUndefined();
    // Without the kind opaque, the same pointer reaches Pet and what Pet names.
    expect(names(reachableComponents(components, [inside]))?.['schemas']).toEqual(['Owner', 'Pet', 'Tag']);
  });

  it('no components: undefined', () => {
    expect(reachableComponents(undefined, [{}])).toBeUndefined();
  });
});

describe('schemaClosure', () => {
  // The request validators' copy per operation carries the schemas it reaches, not the document's
  // every one (operation-validators.ts componentsPerOperation): the closure must hold every schema
  // an inlined one can name, through cycles and a discriminator's mapping (OAS 3.0.3 §4.7.25).
  const edges = schemaEdges({
    ...components.schemas,
    Animal: {
      oneOf: [{ $ref: '#/components/schemas/Cat' }],
      discriminator: { propertyName: 'k', mapping: { d: '#/components/schemas/Dog' } },
    },
  });
  it('follows references transitively, cycles included', () => {
    expect([...schemaClosure(edges, ['Pet'])].sort()).toEqual(['Owner', 'Pet', 'Tag']);
  });
  it('follows a discriminator mapping', () => {
    expect([...schemaClosure(edges, ['Animal'])].sort()).toEqual(['Animal', 'Cat', 'Dog']);
  });
  it('reaches nothing from nothing', () => {
    expect(schemaClosure(edges, []).size).toBe(0);
  });
});

describe('reachableComponents elsewhere', () => {
  it('takes references under the shared prefix as certain, and does not follow them', () => {
    const roots = [
      { schema: { $ref: 'urn:shared#/components/schemas/Pet' } },
      { $ref: '#/components/parameters/limit' },
    ];
    expect(names(reachableComponents(components, roots, undefined, 'urn:shared'))).toEqual({
      parameters: ['limit'],
      schemas: ['Tag'],
      securitySchemes: ['key'],
    });
    expect(reachableComponents(components, roots)).toBeUndefined();
  });
});
