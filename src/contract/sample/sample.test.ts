import type { OpenAPIV3 } from 'openapi-types';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../schema.js';
import { createFaker, diceOfFaker, Random } from './dice.js';
import { invalidValues } from './invalid.js';
import { modeFor, sample, sampleValue, type Mode, type SampleOptions } from './sample.js';

type Schema = OpenAPIV3.SchemaObject;

const validator = new SchemaValidator();
/** Rows of 3.1 keywords are judged by the 2020-12 validator, as a 3.1 contract's are (OAS 3.1.0 §4.8.24.1). */
const validator2020 = new SchemaValidator('json-schema-2020-12');
const judgeOf = (construct: string): SchemaValidator => (construct.includes('(3.1)') ? validator2020 : validator);
const SEEDS = [1, 2, 3, 7, 42, 99, 1234, 65_535];

const Address: Schema = {
  type: 'object',
  required: ['city'],
  properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^\\d{5}$' } },
};
const Cat: Schema = {
  type: 'object',
  required: ['kind', 'lives'],
  properties: { kind: { type: 'string' }, lives: { type: 'integer', minimum: 1, maximum: 9 } },
};
const Dog: Schema = {
  type: 'object',
  required: ['kind', 'bark'],
  properties: { kind: { type: 'string' }, bark: { type: 'boolean' } },
};

/**
 * One row per construct: the value the sampler makes, for several seeds and every mode, fits the
 * schema (the validator is the judge, as the mock's response validator and the runner are).
 */
const VALID: ReadonlyArray<[construct: string, section: string, schema: Schema]> = [
  [
    'nullable + allOf[$ref] (a reference wrapped to add nullable)',
    'OAS 3.0.3 §4.7.24 nullable, allOf',
    { nullable: true, allOf: [Address] } as Schema,
  ],
  [
    'allOf whose parts each add properties and required',
    'JSON Schema Validation §10.2.1.1',
    { allOf: [Address, { type: 'object', required: ['line1'], properties: { line1: { type: 'string' } } }] },
  ],
  [
    'oneOf: exactly one alternative matches (overlapping objects)',
    'JSON Schema Validation §10.2.1.3',
    { oneOf: [Cat, Dog] },
  ],
  [
    'oneOf of scalars that overlap (integer ⊂ number)',
    'JSON Schema Validation §10.2.1.3',
    { oneOf: [{ type: 'integer' }, { type: 'number', multipleOf: 0.5, minimum: 0.1, maximum: 0.9 }] },
  ],
  ['oneOf with a discriminator', 'OAS 3.0.3 §4.7.25', { oneOf: [Cat, Dog], discriminator: { propertyName: 'kind' } }],
  [
    'anyOf',
    'JSON Schema Validation §10.2.1.2',
    {
      anyOf: [
        { type: 'string', format: 'email' },
        { type: 'integer', minimum: 10 },
      ],
    },
  ],
  [
    'oneOf beside the schema’s own properties',
    'JSON Schema Validation §10.2.1.3',
    {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      oneOf: [{ required: ['b'] }, { not: { required: ['b'] } } as Schema],
    },
  ],
  [
    'pattern (anchored, classes, counts)',
    'JSON Schema Validation §6.3.3',
    { type: 'string', pattern: '^[A-Z]{2}-\\d{4}$' },
  ],
  [
    'pattern with alternation and groups',
    'JSON Schema Validation §6.3.3',
    { type: 'string', pattern: '^(sk|pk)_(test|live)_[a-zA-Z0-9]{8,12}$' },
  ],
  [
    'pattern with length bounds',
    'JSON Schema Validation §6.3.1–3',
    { type: 'string', pattern: '^[a-z]+$', minLength: 20, maxLength: 24 },
  ],
  [
    'format date with a pattern of its shape (both assert)',
    'JSON Schema Validation §6.3.3, §7.3.1',
    { type: 'string', format: 'date', pattern: '^(\\d{4})-(\\d{2})-(\\d{2})$' },
  ],
  ['format date-time', 'OAS 3.0.3 §4.7.4; RFC 3339 §5.6', { type: 'string', format: 'date-time' }],
  [
    "a fixed-length core padded with free text, at that exact length (AWS Clean Rooms' UUID)",
    'JSON Schema Validation §6.3.1–3',
    {
      type: 'string',
      pattern: '.*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*',
      minLength: 36,
      maxLength: 36,
    },
  ],
  [
    'pattern with nested unbounded repetitions (amazonaws.com/vpc-lattice ResourceArn)',
    'JSON Schema Validation §6.3.1–3',
    {
      type: 'string',
      pattern:
        '^arn(:[a-z0-9]+([.-][a-z0-9]+)*){2}(:([a-z0-9]+([.-][a-z0-9]+)*)?){2}:((servicenetwork/sn)|(service/svc))-[0-9a-z]{17}$',
      minLength: 20,
      maxLength: 200,
    },
  ],
  [
    // Drawn at the top of its range, one value was two megabytes and 40 s of randexp (before the cap).
    'pattern with a bounded repetition of two million (seldon.local namespace)',
    'JSON Schema Validation §6.3.1–3',
    { type: 'string', pattern: '^.{1,2097152}', maxLength: 2097152 },
  ],
  [
    'format uuid with an upper-case pattern (loket.nl ids)',
    'RFC 4122 §3: hexadecimal digits are case-insensitive; JSON Schema Validation §6.3.3, §7',
    {
      type: 'string',
      format: 'uuid',
      pattern: '^[{(]?[0-9A-F]{8}[-]?([0-9A-F]{4}[-]?){3}[0-9A-F]{12}[)}]?$',
    },
  ],
  [
    'format date-time held to 24 characters (telstra.com createTimestamp)',
    'RFC 3339 §5.6 time-secfrac; JSON Schema Validation §6.3.1',
    { type: 'string', format: 'date-time', minLength: 24, maxLength: 24 },
  ],
  [
    'format date-time held to 25 characters',
    'RFC 3339 §5.6 time-numoffset',
    { type: 'string', format: 'date-time', minLength: 25, maxLength: 25 },
  ],
  ['format date', 'OAS 3.0.3 §4.7.4; RFC 3339 §5.6 full-date', { type: 'string', format: 'date' }],
  ['format time', 'JSON Schema Validation §7.3.1', { type: 'string', format: 'time' }],
  ['format email', 'JSON Schema Validation §7.3.2', { type: 'string', format: 'email' }],
  ['format uri', 'JSON Schema Validation §7.3.5; RFC 3986', { type: 'string', format: 'uri' }],
  ['format uri-reference', 'JSON Schema Validation §7.3.5', { type: 'string', format: 'uri-reference' }],
  ['format uuid', 'JSON Schema Validation §7.3.5; RFC 4122', { type: 'string', format: 'uuid' }],
  ['format ipv4', 'JSON Schema Validation §7.3.4', { type: 'string', format: 'ipv4' }],
  ['format ipv6', 'JSON Schema Validation §7.3.4', { type: 'string', format: 'ipv6' }],
  ['format hostname', 'JSON Schema Validation §7.3.3', { type: 'string', format: 'hostname' }],
  ['format byte', 'OAS 3.0.3 §4.7.4; RFC 4648 §4', { type: 'string', format: 'byte' }],
  ['format binary', 'OAS 3.0.3 §4.7.4', { type: 'string', format: 'binary' }],
  [
    'format with maxLength',
    'JSON Schema Validation §6.3.1, §7.3.2',
    { type: 'string', format: 'email', maxLength: 40 },
  ],
  [
    'uniqueItems of a small enum',
    'JSON Schema Validation §6.4.3',
    { type: 'array', uniqueItems: true, minItems: 3, items: { type: 'string', enum: ['a', 'b', 'c'] } },
  ],
  [
    'uniqueItems of booleans',
    'JSON Schema Validation §6.4.3',
    { type: 'array', uniqueItems: true, minItems: 2, items: { type: 'boolean' } },
  ],
  [
    'minItems / maxItems',
    'JSON Schema Validation §6.4.1–2',
    { type: 'array', minItems: 5, maxItems: 6, items: { type: 'integer' } },
  ],
  [
    'minProperties with additionalProperties',
    'JSON Schema Validation §6.5.2',
    { type: 'object', minProperties: 3, additionalProperties: { type: 'integer' } },
  ],
  [
    'minProperties met by optional properties',
    'JSON Schema Validation §6.5.2',
    {
      type: 'object',
      minProperties: 2,
      additionalProperties: false,
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    },
  ],
  [
    'maxProperties',
    'JSON Schema Validation §6.5.1',
    { type: 'object', maxProperties: 1, properties: { a: { type: 'string' }, b: { type: 'string' } } },
  ],
  ['enum', 'JSON Schema Validation §6.1.2', { type: 'string', enum: ['red', 'green'] }],
  ['nullable enum', 'OAS 3.0.3 §4.7.24 nullable', { type: 'string', nullable: true, enum: ['x', null] }],
  ['const (3.1)', 'JSON Schema Validation 2020-12 §6.1.3', { const: 'fixed' } as Schema],
  [
    'multipleOf (integer)',
    'JSON Schema Validation §6.2.1',
    { type: 'integer', multipleOf: 7, minimum: 10, maximum: 100 },
  ],
  [
    'multipleOf (decimal)',
    'JSON Schema Validation §6.2.1',
    { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 5 },
  ],
  [
    'exclusive bounds (3.0 booleans)',
    'OAS 3.0.3 §4.7.24; JSON Schema Wright-00 §5.3',
    { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true },
  ],
  [
    'exclusive bounds (3.1 numbers)',
    'JSON Schema Validation 2020-12 §6.2.3, §6.2.5',
    { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 } as unknown as Schema,
  ],
  ['int32 range', 'OAS 3.0.3 §4.7.4', { type: 'integer', format: 'int32' }],
  [
    'int32 / int64 on a number: integers only',
    'OAS 3.0.3 §4.7.4; ajv-formats int32, int64',
    {
      type: 'object',
      required: ['count', 'total'],
      properties: { count: { type: 'number', format: 'int32' }, total: { type: 'number', format: 'int64' } },
    },
  ],
  ['type list with null (3.1)', 'OAS 3.1.0 §4.8.24', { type: ['string', 'null'], minLength: 2 } as unknown as Schema],
  [
    'prefixItems tuple (3.1)',
    'JSON Schema 2020-12 §10.3.1.1',
    { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false } as unknown as Schema,
  ],
  [
    'required name not declared in properties',
    'JSON Schema Validation §6.5.3',
    { type: 'object', required: ['Name'], properties: { name: { type: 'string' } } },
  ],
  [
    'writeOnly left out of a response, required kept',
    'OAS 3.0.3 §4.7.24 writeOnly',
    {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer', readOnly: true }, secret: { type: 'string', writeOnly: true } },
    },
  ],
  ['string lengths', 'JSON Schema Validation §6.3.1–2', { type: 'string', minLength: 30, maxLength: 31 }],
];

describe('valid values fit their own schema (one row per construct)', () => {
  it.each(VALID)('%s (%s)', (construct, _section, schema) => {
    const judge = judgeOf(construct);
    for (const seed of SEEDS) {
      for (const mode of ['min', 'max', 'random'] as const) {
        const result = sample(schema, {
          dice: new Random(seed),
          mode,
          fits: (s, v) => judge.check(s, v, 'response').valid,
          everyProperty: mode === 'random',
        });
        expect(result, `seed ${seed}, ${mode}: ${JSON.stringify(result)}`).toMatchObject({ ok: true });
        // validate(), not check(): a schema the validator could not compile would pass check() unseen.
        if (result.ok)
          expect(judge.validate(schema, result.value, 'response'), JSON.stringify(result.value)).toEqual({
            state: 'valid',
          });
      }
    }
  });
});

describe('a discriminated alternative carries a discriminator value its own property admits (OAS 3.0.3 §4.7.25)', () => {
  // Spotify's TrackObject / EpisodeObject: no mapping, `type: enum [track]`: the implicit value
  // (the schema name `Track`) fits no alternative, so every value failed and the member was left out.
  const Track: Schema = {
    type: 'object',
    required: ['type', 'duration_ms'],
    properties: { type: { type: 'string', enum: ['track'] }, duration_ms: { type: 'integer' } },
  };
  const Episode: Schema = {
    type: 'object',
    required: ['type', 'show'],
    properties: { type: { type: 'string', enum: ['episode'] }, show: { type: 'string' } },
  };
  const schemaNames = new Map<object, string>([
    [Track, 'Track'],
    [Episode, 'Episode'],
  ]);
  it.each<[string, Schema, string[]]>([
    [
      'the name admitted nowhere: the one enum value',
      { oneOf: [Track, Episode], discriminator: { propertyName: 'type' } },
      ['track', 'episode'],
    ],
    [
      'a mapping key the property admits: the key',
      {
        oneOf: [Track, Episode],
        discriminator: { propertyName: 'type', mapping: { track: 'Track', episode: '#/components/schemas/Episode' } },
      },
      ['track', 'episode'],
    ],
  ])('%s', (_construct, schema, tags) => {
    const seen = new Set<unknown>();
    for (const seed of SEEDS) {
      const result = sample(schema, {
        dice: new Random(seed),
        schemaNames,
        everyProperty: true,
        fits: (s, v) => validator.check(s, v, 'response').valid,
      });
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
      if (result.ok) seen.add((result.value as Record<string, unknown>)['type']);
    }
    expect([...seen].every((tag) => tags.includes(tag as string))).toBe(true);
  });
});

describe('the same seed gives the same value; the faker-backed dice too', () => {
  it.each<[string, (seed: number) => SampleOptions['dice']]>([
    ['Random (the runner)', (seed) => new Random(seed)],
    ['a seeded faker (the mock)', (seed) => diceOfFaker(createFaker(seed))],
  ])('%s', (_what, dice) => {
    const schema: Schema = {
      type: 'object',
      properties: {
        email: { type: 'string' },
        n: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    const a = sampleValue(schema, { dice: dice(5), everyProperty: true });
    expect(sampleValue(schema, { dice: dice(5), everyProperty: true })).toEqual(a);
    expect(sampleValue(schema, { dice: dice(6), everyProperty: true })).not.toEqual(a);
  });
});

describe('boundary values (mode min / max)', () => {
  it.each<[string, string, Schema, Mode, (v: unknown) => boolean]>([
    [
      'integer minimum',
      'JSON Schema Validation §6.2.4',
      { type: 'integer', minimum: 3, maximum: 9 },
      'min',
      (v) => v === 3,
    ],
    [
      'integer maximum',
      'JSON Schema Validation §6.2.2',
      { type: 'integer', minimum: 3, maximum: 9 },
      'max',
      (v) => v === 9,
    ],
    [
      'exclusive integer minimum',
      'OAS 3.0.3 §4.7.24',
      { type: 'integer', minimum: 3, exclusiveMinimum: true },
      'min',
      (v) => v === 4,
    ],
    [
      'minLength',
      'JSON Schema Validation §6.3.2',
      { type: 'string', minLength: 4 },
      'min',
      (v) => typeof v === 'string' && v.length === 4,
    ],
    [
      'maxLength',
      'JSON Schema Validation §6.3.1',
      { type: 'string', maxLength: 12 },
      'max',
      (v) => typeof v === 'string' && v.length === 12,
    ],
    [
      'minItems',
      'JSON Schema Validation §6.4.2',
      { type: 'array', minItems: 2, items: { type: 'integer' } },
      'min',
      (v) => Array.isArray(v) && v.length === 2,
    ],
    ['enum first', 'JSON Schema Validation §6.1.2', { enum: ['a', 'b', 'c'] }, 'min', (v) => v === 'a'],
    ['enum last', 'JSON Schema Validation §6.1.2', { enum: ['a', 'b', 'c'] }, 'max', (v) => v === 'c'],
    [
      'no optional property at the lower boundary',
      'JSON Schema Validation §6.5.3',
      { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' } } },
      'min',
      (v) => JSON.stringify(Object.keys(v as object)) === '["a"]',
    ],
    [
      'every property at the upper boundary',
      'JSON Schema Validation §6.5.3',
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
      'max',
      (v) => Object.keys(v as object).length === 2,
    ],
  ])('%s (%s)', (_construct, _section, schema, mode, expected) => {
    const value = sampleValue(schema, { dice: new Random(1), mode });
    expect(expected(value), JSON.stringify(value)).toBe(true);
  });

  it('the mode of the i-th case: boundaries first', () => {
    expect([0, 1, 2, 3].map(modeFor)).toEqual(['min', 'max', 'random', 'random']);
  });

  it('a request leaves readOnly properties out (OAS 3.0.3 §4.7.24 readOnly)', () => {
    const schema: Schema = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
    };
    expect(
      Object.keys(sampleValue(schema, { dice: new Random(1), direction: 'request', mode: 'max' }) as object),
    ).toEqual(['name']);
  });
});

describe('values fit the field’s name where the schema says only "a string" (issue 21 item 8)', () => {
  it.each<[string, RegExp]>([
    ['phone', /^\+\d{8,15}$/],
    ['phone_number', /^\+\d{8,15}$/],
    ['contactPhoneNumber', /^\+\d{8,15}$/],
    ['email', /^[^@\s]+@[^@\s]+\.[a-z]+$/i],
    ['billing_email', /^[^@\s]+@[^@\s]+\.[a-z]+$/i],
    ['url', /^https?:\/\//],
    ['website', /^https?:\/\//],
    ['href', /^https?:\/\//],
    ['avatar_url', /^https?:\/\//],
    ['first_name', /^[A-Z][A-Za-z'’-]+$/],
    ['lastName', /^[A-Z][A-Za-z'’ -]+$/],
    ['zip', /^\d{5}(-\d{4})?$/],
    ['currency', /^[A-Z]{3}$/],
    ['created_at', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/],
    ['owner_id', /^[A-Za-z0-9]{16}$/],
  ])('%s', (name, shape) => {
    for (const seed of SEEDS) expect(sampleValue({ type: 'string' }, { dice: new Random(seed), name })).toMatch(shape);
  });

  it('tags are words, one per item', () => {
    const value = sampleValue(
      { type: 'array', minItems: 2, items: { type: 'string' } },
      { dice: new Random(3), name: 'tags' },
    );
    expect(value).toEqual(expect.arrayContaining([expect.stringMatching(/^[a-z][a-z -]*$/)]));
  });

  it('a plural names its items (`photoUrls` → URLs)', () => {
    const value = sampleValue(
      { type: 'array', minItems: 2, items: { type: 'string' } },
      { dice: new Random(3), name: 'photoUrls' },
    ) as string[];
    for (const url of value) expect(url).toMatch(/^https?:\/\//);
  });

  it('a bare `name` is named by its record: a pet’s, a person’s, a company’s, a tag’s (OAS 3.0.3 §4.7.24: the component the schema is)', () => {
    const record: Schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
    const nameOf = (owner: string, seed: number): string =>
      (sampleValue(record, { dice: new Random(seed), name: owner }) as { name: string }).name;
    for (const seed of SEEDS) {
      expect(nameOf('user', seed)).toMatch(/^[A-Z][\w'’.-]*( [A-Z][\w'’.-]*)+$/);
      expect(nameOf('company', seed)).toMatch(/^[A-Z]/);
      expect(nameOf('tags', seed)).toMatch(/^[A-Z][a-z -]*$/);
    }
    const pets = new Set(SEEDS.map((seed) => nameOf('pet', seed)));
    const people = new Set(SEEDS.map((seed) => nameOf('user', seed)));
    expect([...pets].some((n) => people.has(n))).toBe(false);
  });

  it('city and country are places, not lorem', () => {
    const value = sampleValue(
      { type: 'object', properties: { city: { type: 'string' }, country: { type: 'string' } } },
      { dice: new Random(4), everyProperty: true },
    ) as Record<string, string>;
    expect(value['city']).toMatch(/^[A-Z]/);
    expect(value['country']).toMatch(/^[A-Z]/);
  });

  it("descriptions, titles, slugs and filler words are English from faker's en locale, never lorem ipsum", () => {
    const words = englishFaker.definitions.word;
    const english = new Set(
      [
        ...words.adjective,
        ...words.adverb,
        ...words.conjunction,
        ...words.interjection,
        ...words.noun,
        ...words.preposition,
        ...words.verb,
      ].map((w) => w.toLowerCase()),
    );
    const latin = new Set(englishFaker.definitions.lorem.word.filter((w) => !english.has(w.toLowerCase())));
    const schema: Schema = {
      type: 'object',
      properties: {
        description: { type: 'string' },
        title: { type: 'string' },
        slug: { type: 'string' },
        code: { type: 'string', minLength: 30 },
      },
    };
    for (const seed of SEEDS) {
      const value = sampleValue(schema, { dice: new Random(seed), everyProperty: true }) as Record<string, string>;
      const seen = Object.values(value)
        .join(' ')
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean);
      expect(
        seen.filter((w) => latin.has(w)),
        JSON.stringify(value),
      ).toEqual([]);
      expect(value['description'], 'a sentence').toMatch(/^[A-Z].* .*[.!?]$/);
      expect(value['title'], 'words, capitalised').toMatch(/^[A-Z][a-z'-]* [a-z'-]+/);
    }
  });

  it('an identifier the contract shows an example of keeps its shape (digits, a prefix)', () => {
    for (const seed of SEEDS) {
      expect(
        sampleValue({ type: 'string', example: '2680059592705' }, { dice: new Random(seed), name: 'feed_id' }),
      ).toMatch(/^[1-9]\d{12}$/);
      expect(
        sampleValue({ type: 'string', example: 'tmpl_c94e83ca2cd5121' }, { dice: new Random(seed), name: 'id' }),
      ).toMatch(/^tmpl_[0-9a-f]{15}$/);
    }
  });

  it('a format or a pattern wins over the name', () => {
    expect(sampleValue({ type: 'string', format: 'uuid' }, { dice: new Random(1), name: 'phone' })).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(sampleValue({ type: 'string', pattern: '^X\\d{3}$' }, { dice: new Random(1), name: 'email' })).toMatch(
      /^X\d{3}$/,
    );
    expect(sampleValue({ type: 'string', maxLength: 3 }, { dice: new Random(1), name: 'email' })).toHaveLength(3);
  });
});

describe('a schema that admits no value is said, never thrown (typed result)', () => {
  it.each<[string, string, Schema | boolean, RegExp]>([
    ['empty enum', 'JSON Schema Validation §6.1.2', { enum: [] }, /empty enum/],
    ['enum values of another type', 'JSON Schema Validation §6.1.1–2', { type: 'integer', enum: ['a'] }, /enum/],
    [
      'minimum above maximum',
      'JSON Schema Validation §6.2.2–4',
      { type: 'integer', minimum: 5, maximum: 2 },
      /no integer/,
    ],
    [
      'no multiple in range',
      'JSON Schema Validation §6.2.1',
      { type: 'integer', multipleOf: 10, minimum: 1, maximum: 9 },
      /multiple/,
    ],
    [
      'minLength above maxLength',
      'JSON Schema Validation §6.3.1–2',
      { type: 'string', minLength: 5, maxLength: 2 },
      /minLength/,
    ],
    [
      'minItems above maxItems',
      'JSON Schema Validation §6.4.1–2',
      { type: 'array', minItems: 3, maxItems: 1, items: {} },
      /minItems/,
    ],
    [
      'more unique items than the enum has',
      'JSON Schema Validation §6.4.3',
      { type: 'array', uniqueItems: true, minItems: 3, items: { enum: ['a', 'b'] } },
      /unique/,
    ],
    [
      'a required property additionalProperties forbids',
      'JSON Schema Validation §6.5.3, §10.3.2.3',
      { type: 'object', required: ['x'], properties: {}, additionalProperties: false },
      /required property x/,
    ],
    ['the schema false', 'JSON Schema 2020-12 §4.3.2', false, /admits no value/],
    [
      'minLength past the longest string V8 holds',
      'JSON Schema Validation §6.3.2',
      { type: 'string', minLength: 2_147_483_647 },
      /minLength 2147483647 is not built: over the 1048576 characters/,
    ],
    [
      'minItems past what a request can carry',
      'JSON Schema Validation §6.4.2',
      { type: 'array', minItems: 2_147_483_647, items: { type: 'integer' } },
      /minItems 2147483647 is not built: over the 10000 members/,
    ],
    [
      'minProperties past what a request can carry',
      'JSON Schema Validation §6.5.2',
      { type: 'object', minProperties: 2_147_483_647, additionalProperties: { type: 'integer' } },
      /minProperties 2147483647 is not built: over the 10000 members/,
    ],
    [
      'a tuple whose minItems is past what a request can carry',
      'JSON Schema 2020-12 §10.3.1.1',
      {
        type: 'array',
        prefixItems: [{ type: 'string' }],
        items: { type: 'integer' },
        minItems: 2_147_483_647,
      } as unknown as Schema,
      /minItems 2147483647 is not built/,
    ],
    [
      'oneOf whose alternatives always overlap',
      'JSON Schema Validation §10.2.1.3',
      { oneOf: [{ type: 'string' }, { type: 'string' }] },
      /overlap/,
    ],
    [
      'format byte beside a pattern outside the base64 alphabet (seldon)',
      'JSON Schema Validation §6.3.3, §7; RFC 4648 §4',
      { type: 'string', format: 'byte', pattern: '.* maxLength: 2097152' },
      /no string of format byte matching the pattern/,
    ],
  ])('%s (%s)', (_construct, _section, schema, reason) => {
    const result = sample(schema, { dice: new Random(1), fits: (s, v) => validator.check(s, v, 'response').valid });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

// seldon's SeldonMessage: `binData` (format byte, `^.{1,2097152}`) has base64 values the pattern
// matches; the optional `tensor_content` (format byte, `.* maxLength: 2097152`) has none, and is left out.
describe('format byte beside a pattern', () => {
  it('a base64 value the pattern matches; an optional member no value fits is left out', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        binData: { type: 'string', format: 'byte', maxLength: 2097152, pattern: '^.{1,2097152}' },
        tensor_content: { type: 'string', format: 'byte', pattern: '.* maxLength: 2097152' },
      },
    };
    const fits = (s: Schema, v: unknown) => validator.check(s, v, 'response').valid;
    for (let seed = 1; seed <= 5; seed++) {
      const result = sample(schema, { dice: new Random(seed), everyProperty: true, fits });
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(Object.keys(result.value as object)).toEqual(['binData']);
      expect(validator.check(schema, result.value, 'response').valid).toBe(true);
    }
  });
});

// `maxLength: 2147483647` is how AWS documents write "no limit": the max-mode value grew word by word
// until the heap ran out, and `'x'.repeat(2^31)` threw RangeError "Invalid string length".
describe('a length past what can be built (maxLength 2147483647) is never built', () => {
  const noLimit: Schema = { type: 'string', maxLength: 2_147_483_647 };
  it.each<Mode>(['min', 'max', 'random'])('mode %s: a valid value of a buildable length', (mode) => {
    const result = sample(noLimit, { dice: new Random(1), mode });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(validator.check(noLimit, result.value, 'request').valid).toBe(true);
      expect(String(result.value).length).toBeLessThanOrEqual(1_048_576);
    }
  });
  it('the value over maxLength is a reason, not a value', () => {
    const reasons: string[] = [];
    expect(invalidValues(noLimit, (r) => reasons.push(r))).toEqual([
      { what: 'wrong type (number for string)', value: 12345 },
    ]);
    expect(reasons).toEqual([
      'longer than maxLength 2147483647 is not built: it takes 2147483648 characters, over the 1048576 the sampler builds',
    ]);
  });
});

describe('invalid values break exactly one keyword', () => {
  it.each<[string, string, Schema]>([
    [
      'type and bounds of an integer',
      'JSON Schema Validation §6.1.1, §6.2.2–4',
      { type: 'integer', minimum: 1, maximum: 10 },
    ],
    ['enum', 'JSON Schema Validation §6.1.2', { type: 'string', enum: ['a'] }],
    [
      'lengths and a format',
      'JSON Schema Validation §6.3.1–2, §7.3',
      { type: 'string', minLength: 2, maxLength: 5, format: 'date' },
    ],
    [
      'exclusive bounds',
      'OAS 3.0.3 §4.7.24',
      { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true },
    ],
  ])('%s (%s)', (_construct, _section, schema) => {
    const values = invalidValues(schema);
    expect(values.length).toBeGreaterThan(1);
    for (const { what, value } of values)
      expect(validator.validate(schema, value, 'request').state, what).toBe('invalid');
  });
});

describe('a property whose schema admits no value', () => {
  // Ticketmaster's Image: `ratio: {type: string, enum: [169, 32, 43]}`: no value is both.
  const image: OpenAPIV3.SchemaObject = {
    type: 'object',
    properties: { url: { type: 'string' }, ratio: { type: 'string', enum: [169, 32, 43] as unknown as string[] } },
  };
  it.each(['min', 'max', 'random'] as const)('optional: left out, the rest made, no problem (%s)', (mode) => {
    const made = sample(image, { dice: new Random(7), mode, everyProperty: true });
    expect(made.ok).toBe(true);
    expect(made.ok && made.value).not.toHaveProperty('ratio');
    expect(made.ok && made.value).toHaveProperty('url');
  });
  it('required: the problem is named, never a value silently breaking the schema', () => {
    const made = sample({ ...image, required: ['ratio'] }, { dice: new Random(7), everyProperty: true });
    expect(made.ok).toBe(false);
  });
});

// The runner's bodies hold a server to the nulls its contract takes (OAS 3.0.3 §4.7.24 nullable;
// 3.1's `type: [T, "null"]` and Pydantic's `anyOf: [T, {type: null}]`): with `nulls`, members that
// admit null are sometimes null, never the value itself, never a member whose enum leaves null out.
describe('nulls: members that admit null are null now and then (random mode)', () => {
  const schema = {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string' },
      note: { type: 'string', nullable: true },
      due: { type: ['string', 'null'], format: 'date-time' },
      tag: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      colour: { type: 'string', nullable: true, enum: ['red', 'blue'] },
      never: { type: 'string' },
    },
  } as unknown as Schema;
  const nullMembers = (options: Partial<SampleOptions>): Set<string> => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const value = sampleValue(schema, { dice: new Random(seed), mode: 'random', direction: 'request', ...options });
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v === null) seen.add(k);
    }
    return seen;
  };
  it('with nulls, each null-admitting member is null in some of 40 seeds; the others never', () => {
    expect([...nullMembers({ nulls: true })].sort()).toEqual(['due', 'note', 'tag']);
  });
  it('without nulls (the mock, set-up creates) no member is null', () => {
    expect([...nullMembers({})]).toEqual([]);
  });
  it('boundary modes and the value itself are never null', () => {
    for (const mode of ['min', 'max'] as const)
      expect(
        Object.values(sampleValue(schema, { dice: new Random(3), mode, nulls: true }) as object).includes(null),
      ).toBe(false);
    expect(sampleValue({ type: 'string', nullable: true }, { dice: new Random(1), nulls: true })).not.toBeNull();
  });
});
