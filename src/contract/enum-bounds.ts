/** Keywords that bound a scalar value, beside `type`. */
export const SCALAR_BOUNDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;

export type ScalarBound = (typeof SCALAR_BOUNDS)[number];

/** Whether a value meets a small JSON Schema of scalar keywords (no references); the caller's validator decides. */
export type Admits = (constraints: Readonly<Record<string, unknown>>, value: unknown) => boolean;

/**
 * The bounds an enum contradicts: an enum none of whose values meets the schema's own bounds admits
 * no value at all (a real one: Adyen's `gender: {enum: [MALE, FEMALE, UNKNOWN], maxLength: 1}`;
 * SendGrid's `send_at: {enum: [now], format: date-time}`). The listed values are what the authors
 * meant (JSON Schema Validation §6.1.2: an instance is valid only if it equals one of them), so the
 * kernel (schema.ts) and the mock's validator (validator-document.ts) both enforce the enum and drop
 * the bounds returned here. Empty when some value meets them, when there are none, or when the type
 * alone refuses every value (then it is not the bounds that contradict the enum).
 * OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` (beside `minimum`/`maximum`) are read
 * as the numbers JSON Schema writes (OAS 3.0.3 §4.7.24 takes them from draft Wright-00 §5.3).
 */
export function boundsContradictingEnum(
  schema: Readonly<Record<string, unknown>>,
  admits: Admits,
): readonly ScalarBound[] {
  const values = schema['enum'];
  if (!Array.isArray(values) || values.length === 0) return [];
  const bounds = SCALAR_BOUNDS.filter((k) => schema[k] !== undefined);
  if (bounds.length === 0) return [];
  const typed: Record<string, unknown> =
    schema['type'] === undefined
      ? {}
      : { type: schema['type'], ...(schema['nullable'] === true ? { nullable: true } : {}) };
  const constraints: Record<string, unknown> = { ...typed };
  for (const k of bounds) constraints[k] = schema[k];
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof constraints[exclusive] !== 'boolean') continue;
    if (constraints[exclusive] === true && typeof constraints[bound] === 'number') {
      constraints[exclusive] = constraints[bound];
      delete constraints[bound];
    } else delete constraints[exclusive];
  }
  if (values.some((v) => admits(constraints, v))) return [];
  if (!values.some((v) => admits(typed, v))) return [];
  return bounds;
}
