import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, SchemaValidator } from '../../src/contract/index.js';
import { validatorDocument } from '../../src/mock/validator-document.js';

/**
 * One reading of an enum its own bounds exclude (src/contract/enum-bounds.ts), fed to both
 * consumers: the kernel's validator (the runner's schemas) and the mock's validator document.
 * Each row: the schema (OpenAPI 3.0), the bounds dropped, an enum value and whether the kernel admits it.
 */
const ROWS: ReadonlyArray<readonly [string, OpenAPIV3.SchemaObject, readonly string[], unknown, boolean]> = [
  [
    'maxLength below every value (adyen gender)',
    { type: 'string', enum: ['MALE', 'FEMALE'], maxLength: 1 },
    ['maxLength'],
    'MALE',
    true,
  ],
  [
    'a format no value meets (sendgrid send_at)',
    { type: 'string', enum: ['now'], format: 'date-time' },
    ['format'],
    'now',
    true,
  ],
  ['a pattern no value meets', { type: 'string', enum: ['ab'], pattern: '^[0-9]+$' }, ['pattern'], 'ab', true],
  ['multipleOf no value meets', { type: 'integer', enum: [3, 5], multipleOf: 2 }, ['multipleOf'], 3, true],
  [
    "3.0's boolean exclusiveMinimum read as a bound beside minimum",
    { type: 'number', enum: [0], minimum: 0, exclusiveMinimum: true },
    ['minimum', 'exclusiveMinimum'],
    0,
    true,
  ],
  ['bounds some value meets stay', { type: 'string', enum: ['A', 'LONG'], maxLength: 1 }, [], 'LONG', false],
  [
    "3.0's boolean exclusiveMinimum some value meets stays",
    { type: 'number', enum: [0, 1], minimum: 0, exclusiveMinimum: true },
    [],
    0,
    false,
  ],
  [
    'a type that refuses every value is no bound to drop',
    { type: 'integer', enum: ['a'], maxLength: 3 },
    [],
    'a',
    false,
  ],
];

const documentOf = (schema: OpenAPIV3.SchemaObject): OpenAPIV3.Document => ({
  openapi: '3.0.3',
  info: { title: 'enum bounds', version: '1' },
  paths: {
    '/things': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Value' } } },
          },
        },
      },
    },
  },
  components: { schemas: { Value: schema } },
});

describe('an enum its own bounds exclude: one reading for the kernel and the mock', () => {
  it.each(ROWS)('%s', async (_name, schema, dropped, value, admitted) => {
    const kernel = new SchemaValidator();
    expect(kernel.check(schema, value, 'response').valid).toBe(admitted);
    expect(kernel.notices.some((n) => n.includes('admits none'))).toBe(dropped.length > 0);

    const mock = validatorDocument(await contractFromDocument(documentOf(structuredClone(schema))));
    const written = mock.document.components?.schemas?.['Value'] as Record<string, unknown>;
    const kept = Object.keys(schema).filter((k) => !dropped.includes(k));
    expect(Object.keys(written).sort()).toEqual(kept.sort());
    expect(mock.changes.some((c) => c.includes('admits none'))).toBe(dropped.length > 0);
  });
});
