import { readFile } from 'node:fs/promises';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { parse as parseYaml } from 'yaml';
import { parseFullDate } from './dates.js';
import { bundledContractPath } from './paths.js';
import {
  HTTP_METHODS,
  type Contract,
  type DeprecationInfo,
  type Operation,
  type ResolvedRequestBody,
  type Stability,
} from './types.js';
import { fileProblem } from './cli-args.js';
import { isRecord } from './guards.js';
import { ContentCache } from './cache.js';

/** A contract that cannot be read: the file is missing, it is not YAML/JSON, or not OpenAPI 3.0. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
}

/** Reads and indexes a contract file (YAML or JSON); the bundled Petstore contract by default. */
export async function loadContract(path: string = bundledContractPath): Promise<Contract> {
  return (await readContractFile(path)).contract;
}

/** Like loadContract, keeping the file's text too (for serving it as written). */
export async function readContractFile(path: string = bundledContractPath): Promise<{ text: string; contract: Contract }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ContractError(`cannot read the contract ${path}: ${fileProblem(error)}`);
  }
  return { text, contract: await contractFromText(text, path) };
}

/**
 * Indexed contracts by the digest of their text: parsing and dereferencing is most of an app's
 * start-up, and every app built from the same text gets the same (read-only) result.
 */
const indexedByText = new ContentCache<Promise<Contract>>(8);

/** Indexes a contract given as text (YAML is a superset of JSON, so both parse). */
export async function contractFromText(text: string, path?: string): Promise<Contract> {
  const indexed = await indexedByText.get(text, () => indexText(text, path));
  // The file name is not part of the content: the same text read from elsewhere names its own file.
  return indexed.path === path ? indexed : { ...indexed, path };
}

async function indexText(text: string, path: string | undefined): Promise<Contract> {
  let parsed: unknown;
  try {
    parsed = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new ContractError(`the contract${path ? ` ${path}` : ''} is not valid YAML or JSON: ${(error as Error).message}`);
  }
  return contractFromDocument(parsed, path);
}

/** The shape every OpenAPI 3.0 document has: a 3.0.x version and a paths object (its details are the linters' job). */
function isOpenApi30(value: unknown): value is OpenAPIV3.Document & Record<string, unknown> {
  return isRecord(value) && typeof value['openapi'] === 'string' && value['openapi'].startsWith('3.0') && isRecord(value['paths']);
}

/** Indexes a parsed OpenAPI 3.0 document. The caller's object is never modified. */
export async function contractFromDocument(parsed: unknown, path?: string): Promise<Contract> {
  if (!isOpenApi30(parsed)) {
    throw new ContractError(`the contract${path ? ` ${path}` : ''} is not an OpenAPI 3.0 document with paths`);
  }
  const document: OpenAPIV3.Document = parsed;
  let resolved: OpenAPIV3.Document;
  try {
    // Dereference a copy: the document as written is kept for validators and for serving.
    // The resolver types its result as a JSON Schema; it is the same document with $refs replaced.
    const dereferenced: unknown = await $RefParser.dereference(structuredClone(parsed), { resolve: { external: false } });
    if (!isOpenApi30(dereferenced)) throw new Error('the resolved document lost its shape');
    resolved = dereferenced;
  } catch (error) {
    throw new ContractError(`the contract has a $ref that does not resolve: ${(error as Error).message}`);
  }

  const operations = indexOperations(resolved);
  const operationsById = new Map<string, Operation>();
  for (const op of operations) {
    if (operationsById.has(op.id)) throw new ContractError(`operationId ${op.id} is used twice`);
    operationsById.set(op.id, op);
  }
  const apiKeySchemes = new Map<string, OpenAPIV3.ApiKeySecurityScheme>();
  const securitySchemes = new Map<string, OpenAPIV3.SecuritySchemeObject>();
  for (const [name, scheme] of Object.entries(resolved.components?.securitySchemes ?? {})) {
    if ('$ref' in scheme) continue;
    securitySchemes.set(name, scheme);
    if (scheme.type === 'apiKey') apiKeySchemes.set(name, scheme);
  }
  const limits = isRecord(parsed['x-limits']) ? parsed['x-limits'] : {};
  return {
    path,
    document,
    resolved,
    operations,
    operationsById,
    errorCatalogue: readErrorCatalogue(parsed, resolved),
    apiKeySchemes,
    securitySchemes,
    basePath: basePathOf(resolved.servers),
    limits: {
      maxBodyBytes: typeof limits['maxBodyBytes'] === 'number' ? limits['maxBodyBytes'] : undefined,
      maxPageSize: typeof limits['maxPageSize'] === 'number' ? limits['maxPageSize'] : undefined,
    },
  };
}

/**
 * The path of the first `servers` entry, its variables at their defaults (OAS 3.0.3 §4.7.5):
 * `https://api.example.com/v2` → `/v2`, `/api/v3` → `/api/v3`, `{base_url}` → its default's path.
 * `''` when the entry has no path (or there is none). Never ends in `/`.
 */
export function basePathOf(servers: readonly OpenAPIV3.ServerObject[] | undefined): string {
  const server = servers?.[0];
  if (!server || typeof server.url !== 'string') return '';
  const url = server.url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const variable = server.variables?.[name];
    return variable && typeof variable.default === 'string' ? variable.default : '';
  });
  let path: string;
  try {
    path = new URL(url, 'http://base.invalid').pathname;
  } catch {
    return '';
  }
  try {
    path = decodeURI(path);
  } catch {
    // keep it percent-encoded
  }
  return path.replace(/\/+$/, '');
}

function readErrorCatalogue(parsed: Record<string, unknown>, resolved: OpenAPIV3.Document): Map<string, number | undefined> {
  const catalogue = new Map<string, number | undefined>();
  const declared = parsed['x-error-codes'];
  if (isRecord(declared)) {
    for (const [code, status] of Object.entries(declared)) catalogue.set(code, typeof status === 'number' ? status : undefined);
    return catalogue;
  }
  const error = resolved.components?.schemas?.['Error'];
  const code = error && !('$ref' in error) ? error.properties?.['code'] : undefined;
  if (code && !('$ref' in code) && Array.isArray(code.enum)) {
    for (const value of code.enum) if (typeof value === 'string') catalogue.set(value, undefined);
  }
  return catalogue;
}

const STABILITIES: readonly Stability[] = ['experimental', 'alpha', 'beta'];

function readDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value; // YAML may already have turned an unquoted date into a Date
  if (typeof value !== 'string') return undefined;
  return parseFullDate(value) ?? (Number.isNaN(Date.parse(value)) ? undefined : new Date(value));
}

function indexOperations(resolved: OpenAPIV3.Document): Operation[] {
  const operations: Operation[] = [];
  const globalSecurity = resolved.security ?? [];
  for (const [path, item] of Object.entries(resolved.paths)) {
    if (!item) continue;
    const pathParameters = (item.parameters ?? []) as OpenAPIV3.ParameterObject[];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const ext: Record<string, unknown> = Object.fromEntries(Object.entries(op)); // the x- extensions
      const opParameters = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
      // Operation-level parameters override path-level ones with the same name and location (OAS 3.0.3 §4.7.9).
      const parameters = [
        ...pathParameters.filter((p) => !opParameters.some((o) => o.name === p.name && o.in === p.in)),
        ...opParameters,
      ];
      const security = op.security ?? globalSecurity;
      const deprecated = op.deprecated === true;
      const deprecation: DeprecationInfo | undefined = deprecated
        ? {
            deprecatedAt: readDate(ext['x-deprecated-at']),
            sunset: readDate(ext['x-sunset']),
            link: typeof ext['x-deprecation-link'] === 'string' ? ext['x-deprecation-link'] : undefined,
          }
        : undefined;
      const stability = STABILITIES.find((s) => s === ext['x-stability']);
      const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      const requestBody: ResolvedRequestBody | undefined = body
        ? { required: body.required === true, content: body.content }
        : undefined;
      operations.push({
        id: op.operationId ?? `${method}_${path}`,
        method,
        path,
        tags: op.tags ?? [],
        summary: op.summary,
        deprecated,
        deprecation,
        stability,
        hideTryItPanel: ext['x-hideTryItPanel'] === true,
        security,
        requiresAuth: security.length > 0 && security.every((req) => Object.keys(req).length > 0),
        parameters,
        requestBody,
        responses: op.responses as Record<string, OpenAPIV3.ResponseObject>,
      });
    }
  }
  return operations;
}
