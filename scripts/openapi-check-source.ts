/**
 * Writes the source of the OpenAPI-schema checks the mock runs at start (src/generated/openapi-*-check.ts):
 * express-openapi-validator's own check of a document (its `OpenAPISchemaValidator`: the OpenAPI 3.0
 * or 3.1 schema it ships, the same ajv class, options and formats) compiled ahead of time with ajv's
 * standalone code. Compiling that schema was 140–200 ms of CPU on every start; loading the compiled
 * code is a few. `test/mock/openapi-check.test.ts` regenerates it and fails when the committed files
 * differ (an upgrade of the validator or ajv), and `OPENAPI_CHECK_UPDATE=1` rewrites them.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { _, type Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import { fastFormats } from 'ajv-formats/dist/formats.js';
import * as AjvDraft04Module from 'ajv-draft-04';

// CommonJS default exports, as Node's ESM loader and vite hand them over.
type Standalone = typeof standaloneModule.default;
type AjvDraft04Class = typeof AjvDraft04Module.default;
const standaloneCode =
  (Reflect.get(standaloneModule, 'default') as { default?: Standalone } & Standalone).default ??
  (Reflect.get(standaloneModule, 'default') as Standalone);
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  addFormatsModule) as FormatsPlugin;
const AjvDraft04 =
  (Reflect.get(AjvDraft04Module, 'default') as { default?: AjvDraft04Class } & AjvDraft04Class).default ??
  (Reflect.get(AjvDraft04Module, 'default') as AjvDraft04Class);

export type CheckedFamily = '3.0' | '3.1';

const require = createRequire(import.meta.url);
const schemaFiles: Record<CheckedFamily, string> = {
  // express-openapi-validator 5.x dist/framework/openapi/factory.schema.js
  '3.0': 'express-openapi-validator/dist/framework/openapi.v3.schema.json',
  '3.1': 'express-openapi-validator/dist/framework/openapi.v3_1.modified.schema.json',
};

/** Keys whose `format: uri` the specification means as an absolute URI (OAS 3.1.0 §4.8.1, §4.8.26.1), not a URL. */
const ABSOLUTE_URIS = new Set(['jsonSchemaDialect', 'namespace', '$schema', '$id']);

/**
 * express-openapi-validator's schema for the family, with two corrections where it departs from
 * the specification:
 * - 3.1 writes `format: uri` on the fields that hold URLs (`tokenUrl`, `servers`' and
 *   `externalDocs`' `url`…), where OAS 3.1.0 §4.3.2 says: "Unless specified otherwise, all
 *   properties that are URLs MAY be relative references as defined by RFC3986 Section 4.2"
 *   (FastAPI writes `tokenUrl: /api/v1/login/access-token`). They become `uri-reference`, as the
 *   3.0 schema already has them; the absolute URIs (ABSOLUTE_URIS) keep `uri`.
 * - 3.1's Schema Object is any object or boolean there ("without schema validation"), where OAS
 *   3.1.0 §4.8.24 makes it a JSON Schema 2020-12 schema (the dialect's meta-schema, which refuses
 *   `type: strng`). It is checked against the 2020-12 meta-schema (ajv's copy; the OAS base
 *   dialect's own keywords, `discriminator`, `xml`, `example`, are unknown keywords it allows).
 */
function specificationFaithful(family: CheckedFamily, schema: Record<string, unknown>): Record<string, unknown> {
  if (family !== '3.1') return schema;
  const relax = (node: unknown, key: string | undefined): unknown => {
    if (Array.isArray(node)) return node.map((item) => relax(item, undefined));
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = relax(v, k);
    if (out['format'] === 'uri' && key !== undefined && !ABSOLUTE_URIS.has(key)) out['format'] = 'uri-reference';
    return out;
  };
  const relaxed = relax(schema, undefined) as Record<string, unknown> & { $defs: Record<string, unknown> };
  relaxed.$defs['schema'] = {
    $comment: 'https://spec.openapis.org/oas/v3.1.0#schema-object: a JSON Schema 2020-12 schema',
    $ref: 'https://json-schema.org/draft/2020-12/schema',
  };
  return relaxed;
}

/** The TypeScript module text for one family (the standalone code, unchecked by tsc: it is generated). */
export function openApiCheckSource(family: CheckedFamily): string {
  // The options of express-openapi-validator 5.6 dist/framework/openapi.schema.validator.js with
  // validateApiSpec: true, and ajv/factory.js's class per family.
  const options = {
    allErrors: true,
    validateFormats: true,
    coerceTypes: false,
    useDefaults: false,
    strict: false,
    code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  } as const;
  const ajv: Ajv = family === '3.0' ? new AjvDraft04(options) : new Ajv2020(options);
  if (family === '3.1') ajv.addFormat('media-range', true);
  addFormats(ajv, ['email', 'regex', 'uri']);
  // RFC 3986's grammar refuses `{` and `}`, which a JSON pointer into `paths` carries: the
  // specification's own Link Object example (OAS 3.0.3 §4.7.20.4, 3.1.0 §4.8.20.4) is
  // `operationRef: '#/paths/~12.0~1repositories~1{username}/get'`. A reference is refused for
  // whitespace or a backslash, as ajv-formats' "fast" reading of the format does.
  ajv.addFormat('uri-reference', fastFormats['uri-reference'] as RegExp);
  const schema = specificationFaithful(
    family,
    JSON.parse(readFileSync(require.resolve(schemaFiles[family]), 'utf8')) as Record<string, unknown>,
  );
  ajv.addSchema(schema);
  const code = standaloneCode(ajv, ajv.compile(schema));
  const versions = ['express-openapi-validator', 'ajv', 'ajv-formats', 'ajv-draft-04'].map(
    (name) =>
      `${name} ${(JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version}`,
  );
  return [
    '// @ts-nocheck',
    `// Generated by scripts/openapi-check-source.ts from the OpenAPI ${family} schema of ${versions.join(', ')}: do not edit.`,
    '// OPENAPI_CHECK_UPDATE=1 npx vitest run test/mock/openapi-check.test.ts rewrites it.',
    "import { createRequire } from 'node:module';",
    'const require = createRequire(import.meta.url);',
    code,
    '',
  ].join('\n');
}
