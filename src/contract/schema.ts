import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from './guards.js';

// ajv-formats is CommonJS: Node hands an ES module the plugin function itself, which also
// carries itself as `.default`; TypeScript (NodeNext) sees the module object. `.default` is right for both.
const addFormats: FormatsPlugin = addFormatsModule.default;

/** Which side of the exchange a schema is applied to: it decides what readOnly / writeOnly mean (OAS 3.0.3 §4.7.24). */
export type Direction = 'request' | 'response';

export interface SchemaViolation {
  /** JSON pointer into the value, `""` for the value itself. */
  readonly path: string;
  readonly message: string;
}

export type SchemaCheck = { readonly valid: true } | { readonly valid: false; readonly violations: readonly SchemaViolation[] };

type Schema = OpenAPIV3.SchemaObject;

/**
 * Validates values against OpenAPI 3.0 schemas with ajv: `nullable`, `readOnly` / `writeOnly`,
 * the OpenAPI formats (int32, int64, float, double, byte, date-time...), `allOf` / `oneOf` /
 * `discriminator`. Compiled validators are cached per schema object and direction, so a
 * validator built once serves every request.
 */
export class SchemaValidator {
  private readonly ajv: Ajv;
  private readonly cache = new Map<Direction, WeakMap<object, ValidateFunction>>([
    ['request', new WeakMap()],
    ['response', new WeakMap()],
  ]);

  constructor() {
    // strict: false lets the OpenAPI-only keywords (example, xml, externalDocs, x-*) through;
    // every one of them is an annotation that does not constrain the value.
    // logger: false — a library never prints (an unknown format is an annotation, OAS 3.0.3 §4.7.24).
    this.ajv = new Ajv({ strict: false, allErrors: true, discriminator: true, validateFormats: true, logger: false });
    addFormats(this.ajv);
    // OpenAPI 3.0 formats that ajv-formats does not define: annotations, never constraints.
    for (const format of ['password', 'binary']) this.ajv.addFormat(format, true);
  }

  check(schema: Schema | OpenAPIV3.ReferenceObject, value: unknown, direction: Direction): SchemaCheck {
    const validate = this.compile(schema, direction);
    if (validate(value)) return { valid: true };
    return { valid: false, violations: (validate.errors ?? []).map(describe) };
  }

  compile(schema: Schema | OpenAPIV3.ReferenceObject, direction: Direction): ValidateFunction {
    const cache = this.cache.get(direction)!;
    const hit = cache.get(schema);
    if (hit) return hit;
    if ('$ref' in schema) throw new Error(`unresolved $ref ${schema.$ref}: pass schemas of a resolved contract`);
    const compiled = this.ajv.compile(toJsonSchema(schema, direction, new Map()) as object);
    cache.set(schema, compiled);
    return compiled;
  }
}

function describe(error: ErrorObject): SchemaViolation {
  const extra =
    error.keyword === 'additionalProperties' && isRecord(error.params)
      ? ` (${String(error.params['additionalProperty'])})`
      : error.keyword === 'enum' && isRecord(error.params) && Array.isArray(error.params['allowedValues'])
        ? ` (${error.params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')})`
        : '';
  return { path: error.instancePath, message: `${error.message ?? error.keyword}${extra}` };
}

/**
 * Rewrites a resolved OpenAPI 3.0 schema as the JSON Schema ajv validates with:
 * a readOnly property is not required in a request and a writeOnly one not in a
 * response (OAS 3.0.3 §4.7.24), and a writeOnly property must not appear in a response.
 * Shared sub-schemas stay shared (memo), so recursive schemas stay finite.
 */
function toJsonSchema(schema: unknown, direction: Direction, memo: Map<object, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, direction, memo));
  if (!isRecord(schema)) return schema;
  const seen = memo.get(schema);
  if (seen) return seen;
  const out: Record<string, unknown> = {};
  memo.set(schema, out);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples' || key === 'xml' || key === 'externalDocs' || key.startsWith('x-')) continue;
    if (key === 'properties' && isRecord(value)) {
      const props: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value)) props[name] = toJsonSchema(sub, direction, memo);
      out[key] = props;
    } else if (key === 'enum' || key === 'default' || key === 'required') {
      out[key] = value;
    } else {
      out[key] = toJsonSchema(value, direction, memo);
    }
  }
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  const hidden = Object.entries(properties)
    .filter(([, sub]) => isRecord(sub) && sub[direction === 'request' ? 'readOnly' : 'writeOnly'] === true)
    .map(([name]) => name);
  if (hidden.length > 0 && Array.isArray(schema['required'])) {
    out['required'] = schema['required'].filter((name) => !hidden.includes(String(name)));
  }
  if (direction === 'response' && hidden.length > 0) {
    const forbid = { not: { anyOf: hidden.map((name) => ({ required: [name] })) } };
    if (out['not'] === undefined) Object.assign(out, forbid);
    else out['allOf'] = [...(Array.isArray(out['allOf']) ? out['allOf'] : []), forbid];
  }
  // OpenAPI 3.0 `nullable` only means something next to `type`; ajv honours it there.
  if (schema['nullable'] === true && schema['type'] === undefined) delete out['nullable'];
  return out;
}
