import { isRecord } from './guards.js';

/** The versions the kit reads, as a user would name them (for messages and the README). */
export const SUPPORTED_VERSIONS = 'Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x';

/**
 * Which rules the document's schemas follow: OpenAPI 3.0's extended subset of JSON Schema draft 4/5
 * (OAS 3.0.3 §4.7.24) or JSON Schema 2020-12 (OAS 3.1.0 §4.8.24, OAS 3.2.0 §4.24).
 */
export type SchemaDialect = 'openapi-3.0' | 'json-schema-2020-12';

/** What the document says it is, and how the kit reads it. */
export interface ContractVersion {
  /** The version field as written: `2.0` (from `swagger`), `3.0.3`, `3.1.0`, `3.2.0`. */
  readonly written: string;
  /** The line of the specification the kit reads it by. Swagger 2.0 is upgraded on load to 3.0. */
  readonly family: '2.0' | '3.0' | '3.1' | '3.2';
  readonly schemaDialect: SchemaDialect;
}

/** Thrown (as the caller's ContractError) with one line naming what was found and what is supported. */
export type VersionRefusal = { readonly ok: false; readonly message: string };

/**
 * `jsonSchemaDialect` values that mean the dialect the kit validates with (OAS 3.1.0 §4.8.1: the
 * default is the OAS dialect `https://spec.openapis.org/oas/3.1/dialect/base`, which is 2020-12
 * plus the OAS vocabulary; 3.2.0's default is its own dated dialect).
 */
const KNOWN_DIALECTS = [
  /^https:\/\/spec\.openapis\.org\/oas\/3\.[12]\/dialect\/[A-Za-z0-9-]+$/,
  /^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/,
];

/**
 * Reads the version field of a parsed document (OAS 3.x §4.x `openapi`, Swagger 2.0 `swagger`).
 * Refuses, with one line, any version the kit does not read: Swagger 1.x, OpenAPI 4, a missing
 * field, a 3.0 document without `paths` (required in 3.0, OAS 3.0.3 §4.7.1), or a 3.1/3.2 document
 * that declares a schema dialect other than the default.
 */
export function readVersion(document: unknown, where: string): ContractVersion | VersionRefusal {
  const refuse = (found: string): VersionRefusal => ({
    ok: false,
    message: `the contract${where} ${found}; supported: ${SUPPORTED_VERSIONS}`,
  });
  if (!isRecord(document)) return refuse('is not an object with an "openapi" or "swagger" version field');
  const openapi = document['openapi'];
  const swagger = document['swagger'];
  if (openapi === undefined && swagger === undefined) {
    return refuse(
      `has no version field ("openapi: 3.1.0" or "swagger: \\"2.0\\"")${document['swaggerVersion'] !== undefined ? ` (swaggerVersion ${JSON.stringify(document['swaggerVersion'])} is Swagger 1.x)` : ''}`,
    );
  }
  if (openapi === undefined) {
    if (String(swagger) !== '2.0') return refuse(`is Swagger ${JSON.stringify(swagger)}`);
    if (!isRecord(document['paths'])) return refuse('is Swagger 2.0 without paths (2.0 requires them)');
    return { written: '2.0', family: '2.0', schemaDialect: 'openapi-3.0' };
  }
  if (typeof openapi !== 'string')
    return refuse(
      `has openapi: ${JSON.stringify(openapi)} (a version is a string such as "3.1.0"; a YAML number loses its patch part)`,
    );
  const match = /^3\.([0-2])\.\d+(-[0-9A-Za-z.-]+)?$/.exec(openapi);
  // A patch release only clarifies its minor version (OAS 3.2.0 §4.1: tooling SHOULD NOT consider
  // the patch version), so 3.2.1 is read as 3.2.0 is.
  if (!match) return refuse(`is OpenAPI ${openapi}`);
  const family = `3.${match[1]}` as '3.0' | '3.1' | '3.2';
  if (family === '3.0') {
    if (!isRecord(document['paths']))
      return refuse(`is OpenAPI ${openapi} without paths (3.0 requires them; 3.1 made them optional)`);
    return { written: openapi, family, schemaDialect: 'openapi-3.0' };
  }
  const dialect = document['jsonSchemaDialect'];
  if (dialect !== undefined && (typeof dialect !== 'string' || !KNOWN_DIALECTS.some((d) => d.test(dialect)))) {
    return {
      ok: false,
      message: `the contract${where} declares jsonSchemaDialect ${JSON.stringify(dialect)}; the kit validates schemas by the OAS dialect (JSON Schema 2020-12), the default when jsonSchemaDialect is absent`,
    };
  }
  if (!isRecord(document['paths']) && !isRecord(document['webhooks']) && !isRecord(document['components'])) {
    return refuse(`is OpenAPI ${openapi} with none of paths, webhooks or components (one is required)`);
  }
  return { written: openapi, family, schemaDialect: 'json-schema-2020-12' };
}

export function isRefusal(value: ContractVersion | VersionRefusal): value is VersionRefusal {
  return 'ok' in value;
}
