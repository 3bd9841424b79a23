import type { ErrorObject } from 'ajv';

/** An ajv validation function as ajv's standalone code exports it. */
interface CompiledCheck {
  (document: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * express-openapi-validator's check of a document against the OpenAPI schema of its version
 * (its `OpenAPISchemaValidator`, validateApiSpec: true), with the same errors in the same order,
 * from code compiled ahead of time (scripts/openapi-check-source.ts): compiling the schema was
 * 140–200 ms of CPU at every start. Only the family's code is loaded. A version the validator
 * refuses (its assertVersion) is given to the validator, so the refusal stays its own.
 */
export async function openApiSchemaErrors(document: { readonly openapi?: unknown }): Promise<readonly ErrorObject[]> {
  // express-openapi-validator 5.6 dist/framework/openapi/assert.version.js, the same pattern.
  const version = /^(\d+)\.(\d+).(\d+)?$/.exec(String(document.openapi));
  const check =
    version?.[1] === '3' && version[2] === '0'
      ? await compiled30()
      : version?.[1] === '3' && version[2] === '1'
        ? await compiled31()
        : undefined;
  if (check) return check(document) ? [] : (check.errors ?? []);
  const { OpenAPISchemaValidator } = await import(
    'express-openapi-validator/dist/framework/openapi.schema.validator.js'
  );
  return (
    new OpenAPISchemaValidator({ version: String(document.openapi), validateApiSpec: true }).validate(
      document as Parameters<InstanceType<typeof OpenAPISchemaValidator>['validate']>[0],
    ).errors ?? []
  );
}

const compiled30 = async (): Promise<CompiledCheck> =>
  ((await import('../generated/openapi-3.0-check.js')) as unknown as { default: CompiledCheck }).default;
const compiled31 = async (): Promise<CompiledCheck> =>
  ((await import('../generated/openapi-3.1-check.js')) as unknown as { default: CompiledCheck }).default;

/**
 * True where an `additionalProperties` error of the OpenAPI schema check names a field of a Schema
 * Object the specification does not define (enode.io's `explode` and `in` on a schema whose `$ref`
 * names a Parameter Object). The published 3.0 schema closes the Schema Object, but that schema is
 * informative, and the Schema Object is JSON Schema, whose unknown keywords are ignored (JSON Schema
 * 2020-12 Core §6.5; OAS 3.1's Schema Object is that dialect): such a field constrains nothing and
 * is no reason to refuse the document. Read from the error's place: a Schema Object sits under
 * `schema`, `items`, `not`, `additionalProperties`, a `properties` name, an `allOf`/`anyOf`/`oneOf`
 * index, or `components/schemas` (`definitions` in 2.0).
 */
export function isUnknownSchemaField(error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params'>): boolean {
  if (error.keyword !== 'additionalProperties') return false;
  const field = (error.params as Record<string, unknown>)['additionalProperty'];
  if (typeof field !== 'string' || field.startsWith('x-')) return false;
  const at = error.instancePath.split('/');
  const [parent, last] = [at[at.length - 2], at[at.length - 1]];
  if (last === undefined || parent === undefined) return false;
  if (parent === 'properties' || parent === 'definitions') return true;
  if (['schema', 'items', 'not', 'additionalProperties'].includes(last)) return true;
  if (['allOf', 'anyOf', 'oneOf'].includes(parent)) return /^\d+$/.test(last);
  return parent === 'schemas' && at[at.length - 3] === 'components';
}

/**
 * Why an error of the OpenAPI schema check constrains no request or answer, or undefined when it may.
 * Such a field is ignored and named, never a reason to refuse the document (the mock and the runner
 * read it alike: src/mock/validator.ts, conformance/contract-check.ts):
 * - a Schema Object's `examples` that is no array (codat.io's `ExcelStatus`): an annotation (JSON
 *   Schema 2020-12 Validation §9.5), never checked against a value;
 * - a field the XML Object does not define (opensuse.org's `xml: {example}`): XML naming only;
 * - `info`'s URLs and e-mail (gisgraphy.com's `termsOfService: "Free to use"`): metadata for readers;
 * - a top-level field that is no OpenAPI field (googleapis.com's `source`): OAS 3.0.3 §4.7.1 defines
 *   the root's fields, and no request or answer reads another;
 * - a field the Response Object does not define (LoopBack 4's JWT example, as @loopback/rest writes
 *   it: `responses: {'200': {description, schema: {type: string}}}`, Swagger 2.0's way to give an
 *   answer's body): OAS 3.0.3 §4.7.17 gives an answer's body only through `content`, so the answer
 *   is read as one the document gives no content, as any reader of 3.x reads it.
 */
export function harmlessProblem(
  error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params' | 'message'>,
): string | undefined {
  const at = error.instancePath;
  const field = (error.params as Record<string, unknown>)['additionalProperty'];
  if (error.keyword === 'type' && at.endsWith('/examples') && !at.includes('/content/'))
    return 'is no array (JSON Schema 2020-12 Validation §9.5): an annotation';
  if (error.keyword === 'additionalProperties' && at.endsWith('/xml') && typeof field === 'string')
    return `\`${field}\` is no XML Object field`;
  if (error.keyword === 'format' && at.startsWith('/info/')) return `${error.message ?? 'is malformed'}: metadata`;
  if (error.keyword === 'additionalProperties' && at === '' && typeof field === 'string' && !field.startsWith('x-'))
    return `\`${field}\` is no OpenAPI field at the top level`;
  // OAS 3.1's schema closes the Response Object with unevaluatedProperties, 3.0's with additionalProperties.
  const unknown = field ?? (error.params as Record<string, unknown>)['unevaluatedProperty'];
  if (
    (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') &&
    typeof unknown === 'string' &&
    !unknown.startsWith('x-') &&
    RESPONSE_OBJECT.test(at)
  )
    return `\`${unknown}\` is no Response Object field (OAS 3.0.3 §4.7.17: a body is given in \`content\`): read as an answer without content`;
  return undefined;
}

/** Where a Response Object sits: an operation's `responses/{code}` (JSON Pointer, RFC 6901), or `components/responses/{name}`. */
const RESPONSE_OBJECT =
  /^(\/paths\/[^/]+\/[^/]+|\/webhooks\/[^/]+\/[^/]+|\/components\/pathItems\/[^/]+\/[^/]+)\/responses\/[^/]+$|^\/components\/responses\/[^/]+$/;

/**
 * Why an error of the OpenAPI 3.0 schema check is an `exclusiveMinimum` / `exclusiveMaximum` written
 * as a number, or undefined when it is another error. OAS 3.0.3 §4.7.24 takes these keywords from
 * JSON Schema Wright-00 (a boolean beside `minimum` / `maximum`), but zod-to-OpenAPI generators emit
 * the later form, where the number is itself the exclusive bound (JSON Schema Validation draft-06
 * §6.3 onwards, 2020-12 §6.2.3 / §6.2.5; OAS 3.1's own), also in the 3.0 documents they write. The
 * form is unambiguous, and the kernel reads it so (src/contract/schema.ts keeps the number for ajv,
 * schema-2020.ts lowers it for the generators): it is named, never a reason to refuse the document.
 * `document` is the one the error's pointer is into.
 */
export function numericExclusiveBound(
  error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params'>,
  document: unknown,
): string | undefined {
  const keyword = /\/(exclusiveMinimum|exclusiveMaximum)$/.exec(error.instancePath)?.[1];
  if (keyword === undefined || error.keyword !== 'type') return undefined;
  if ((error.params as Record<string, unknown>)['type'] !== 'boolean') return undefined;
  const value = valueAt(document, error.instancePath);
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return `\`${keyword}: ${value}\` is a number, not OAS 3.0's boolean: read as the exclusive bound (JSON Schema 2020-12 Validation §6.2)`;
}

/**
 * What a document may hold that the schema check refuses but the kit reads, or undefined: a harmless
 * problem (harmlessProblem) or a numeric exclusive bound (numericExclusiveBound). The mock and the
 * runner ask this one question, so neither refuses a document the other serves.
 */
export function toleratedProblem(
  error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params' | 'message'>,
  document: unknown,
): string | undefined {
  return harmlessProblem(error) ?? numericExclusiveBound(error, document);
}

/** The value at a JSON pointer (RFC 6901) of the document. */
function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}

/**
 * The errors the schema check raises above a harmless one, or at its own place: an alternation of
 * a schema or a `$ref` reports "must have required property '$ref'" and "must match exactly one
 * schema in oneOf" at every level above the real error, and at the object itself where that object
 * is the alternation's member (a Response Object or a Reference); with that error harmless, so are they.
 */
export function aboveHarmless(
  error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params'>,
  harmless: readonly string[],
): boolean {
  const cascade =
    (error.keyword === 'required' && (error.params as Record<string, unknown>)['missingProperty'] === '$ref') ||
    ['oneOf', 'anyOf', 'if', 'then', 'else', 'unevaluatedProperties'].includes(error.keyword);
  return cascade && harmless.some((path) => path === error.instancePath || path.startsWith(`${error.instancePath}/`));
}
