import { readFile } from 'node:fs/promises';
import type { OpenAPIV3 } from 'openapi-types';
import { parseFullDate } from './dates.js';
import { bundledContractPath } from './paths.js';
import type { Contract, DeprecationInfo, Operation, ResolvedRequestBody, Stability } from './types.js';
import { fileProblem } from './cli-args.js';
import { isRecord } from './guards.js';
import { ContentCache, digest } from './cache.js';
import { dereferencePlain, dropReferenceSiblings, plainLocalRefs } from './local-refs.js';
import { YAML_OPTIONS } from './yaml-options.js';
import { parsedContracts } from '../generated/parsed-contracts.js';
import { isRefusal, readVersion, type ContractVersion } from './version.js';
import { upgradeSwagger2 } from './swagger2.js';
import { noteComponentNames } from './sample/schema-names.js';
import { pathItemOperations } from './methods.js';
import { sequenceSyntax } from './sequential.js';
import { schemeDeprecated } from './deprecation.js';

/** A contract that cannot be read: the file is missing, it is not YAML/JSON, or not a version the kit reads. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
}

/** Reads and indexes a contract file (YAML or JSON); the bundled Petstore contract by default. */
export async function loadContract(path: string = bundledContractPath): Promise<Contract> {
  return (await readContractFile(path)).contract;
}

/** Like loadContract, keeping the file's text too (for serving it as written). */
export async function readContractFile(
  path: string = bundledContractPath,
): Promise<{ text: string; contract: Contract }> {
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
    parsed = await parseText(text);
  } catch (error) {
    // Named for the format the file is in: a truncated JSON contract gets the JSON parser's message
    // (with its line and column), not the YAML parser's, though YAML would read valid JSON too.
    const json = jsonSyntaxError(text, path);
    if (json !== undefined) throw new ContractError(`the contract${path ? ` ${path}` : ''} is not valid JSON: ${json}`);
    throw new ContractError(`the contract${path ? ` ${path}` : ''} is not valid YAML: ${(error as Error).message}`);
  }
  return contractFromDocument(parsed, path);
}

/** JSON.parse's message, at its line and column, when the text is JSON (a `.json` file, or one that opens with `{` or `[`). */
function jsonSyntaxError(text: string, path: string | undefined): string | undefined {
  if (!/\.json$/i.test(path ?? '') && !/^\s*[{[]/.test(text)) return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message)?.[1];
    const at = position === undefined ? text.length : Number(position);
    const before = text.slice(0, at).split('\n');
    return `${message} (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
  }
}

/**
 * The text parsed as YAML (a superset of JSON). The bundled contract is kept parsed at build time
 * (src/generated/parsed-contracts.ts, under the digest of its text): JSON.parse then does in well
 * under a millisecond what loading `yaml` and parsing with it does in about 70 ms of a cold start.
 * Any other text, an edited contract included, is parsed by `yaml`, imported on first use.
 */
async function parseText(text: string): Promise<unknown> {
  const kept = parsedContracts.get(digest(text));
  if (kept !== undefined) return JSON.parse(kept);
  const { parse } = await import('yaml');
  return parse(text, YAML_OPTIONS);
}

/** The shape the kit indexes: an OpenAPI 3.x document with a paths object (an empty one when 3.1+ leaves it out). */
function isIndexable(value: unknown): value is OpenAPIV3.Document & Record<string, unknown> {
  return (
    isRecord(value) &&
    typeof value['openapi'] === 'string' &&
    value['openapi'].startsWith('3.') &&
    isRecord(value['paths'])
  );
}

/**
 * Indexes a parsed OpenAPI 3.0, 3.1 or 3.2 document, or a Swagger 2.0 one upgraded to 3.0 on the
 * way in. The caller's object is never modified. Any other version is refused with one line that
 * names it and the versions the kit reads.
 */
export async function contractFromDocument(parsed: unknown, path?: string): Promise<Contract> {
  const where = path ? ` ${path}` : '';
  const version = readVersion(parsed, where);
  if (isRefusal(version)) throw new ContractError(version.message);
  let written: Record<string, unknown> = parsed as Record<string, unknown>;
  let originalPointer: (pointer: string) => string = (pointer) => pointer;
  if (version.family === '2.0') {
    try {
      const upgraded = await upgradeSwagger2(written);
      written = upgraded.document;
      originalPointer = upgraded.originalPointer;
    } catch (error) {
      throw new ContractError(
        `the Swagger 2.0 contract${where} could not be upgraded to OpenAPI 3.0: ${(error as Error).message}`,
      );
    }
  } else if (!isRecord(written['paths'])) {
    // OAS 3.1.0 §4.8.1: paths is optional (a document of webhooks or components only); it then has no operations.
    written = { ...written, paths: {} };
  }
  if (!isIndexable(written)) throw new ContractError(`the contract${where} is not an OpenAPI document with paths`);
  const document: OpenAPIV3.Document & Record<string, unknown> = written;
  const parsedDocument: Record<string, unknown> = written;
  let resolved: OpenAPIV3.Document;
  try {
    // Dereference a copy: the document as written is kept for validators and for serving.
    // The resolver types its result as a JSON Schema; it is the same document with $refs replaced.
    const copy = structuredClone(document);
    if (version.family === '2.0' || version.family === '3.0') dropReferenceSiblings(copy);
    // Plain local references (local-refs.ts) are replaced here as json-schema-ref-parser would:
    // loading it costs a start some 30 files, and each call reads the global `Headers`, which
    // makes Node load its fetch implementation. Any other document goes to the resolver.
    const targets = plainLocalRefs(copy);
    if (targets) dereferencePlain(copy, targets);
    const dereferenced: unknown = targets
      ? copy
      : await (await import('@apidevtools/json-schema-ref-parser')).default.dereference(copy, {
          resolve: { external: false },
        });
    if (!isIndexable(dereferenced)) throw new Error('the resolved document lost its shape');
    resolved = dereferenced;
  } catch (error) {
    throw new ContractError(`the contract has a $ref that does not resolve: ${(error as Error).message}`);
  }

  noteComponentNames(resolved);
  const operations = indexOperations(resolved, version.family);
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
  const limits = isRecord(parsedDocument['x-limits']) ? parsedDocument['x-limits'] : {};
  const contractVersion: ContractVersion = version;
  return {
    path,
    version: contractVersion,
    notExercised: notExercised(resolved, version.family),
    originalPointer,
    document,
    resolved,
    operations,
    operationsById,
    errorCatalogue: readErrorCatalogue(parsedDocument, resolved),
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

function readErrorCatalogue(
  parsed: Record<string, unknown>,
  resolved: OpenAPIV3.Document,
): Map<string, number | undefined> {
  const catalogue = new Map<string, number | undefined>();
  const declared = parsed['x-error-codes'];
  if (isRecord(declared)) {
    for (const [code, status] of Object.entries(declared))
      catalogue.set(code, typeof status === 'number' ? status : undefined);
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

function indexOperations(resolved: OpenAPIV3.Document, family: string): Operation[] {
  const operations: Operation[] = [];
  const tlsOnly = new Set(
    Object.entries(resolved.components?.securitySchemes ?? {})
      .filter(([, scheme]) => isRecord(scheme) && scheme['type'] === 'mutualTLS')
      .map(([name]) => name),
  );
  const globalSecurity = resolved.security ?? [];
  for (const [path, item] of Object.entries(resolved.paths)) {
    if (!item) continue;
    const pathParameters = (item.parameters ?? []) as OpenAPIV3.ParameterObject[];
    for (const { method, operation } of pathItemOperations(item as Record<string, unknown>, family).operations) {
      const op = operation as OpenAPIV3.OperationObject;
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
        // A requirement met only by mutualTLS (OAS 3.1.0 §4.8.27.1: a client certificate, at the TLS
        // layer) asks nothing of a plain HTTP request: neither half can check it there.
        requiresAuth:
          security.length > 0 && security.every((req) => Object.keys(req).some((name) => !tlsOnly.has(name))),
        parameters,
        requestBody,
        // OAS 3.1.0 §4.8.10: `responses` is no longer required; none documented is an empty map.
        responses: (op.responses ?? {}) as Record<string, OpenAPIV3.ResponseObject>,
      });
    }
  }
  return operations;
}

/**
 * What the document declares that neither half serves or judges, one line each with the reason
 * (listed by the runner's report and the README's version table).
 */
function notExercised(resolved: OpenAPIV3.Document, family: string): string[] {
  const doc: unknown = resolved;
  const out: string[] = [];
  if (!isRecord(doc)) return out;
  const webhooks = isRecord(doc['webhooks']) ? Object.keys(doc['webhooks']) : [];
  if (webhooks.length > 0)
    out.push(
      `webhooks (${webhooks.join(', ')}) are not exercised: they are requests the API sends, not ones it serves (OAS 3.1.0 §4.8.1)`,
    );
  const methods: string[] = [];
  const unreadSequences: string[] = [];
  const paths: unknown = doc['paths'];
  for (const [path, item] of Object.entries(isRecord(paths) ? paths : {})) {
    if (!isRecord(item)) continue;
    const { operations, unserved } = pathItemOperations(item, family);
    for (const { method, reason } of unserved) methods.push(`${method} ${path}: ${reason}`);
    for (const { method, operation } of operations) {
      const body = operation['requestBody'];
      for (const [type, media] of Object.entries(isRecord(body) && isRecord(body['content']) ? body['content'] : {})) {
        if (isRecord(media) && media['itemSchema'] !== undefined && sequenceSyntax(type) === undefined)
          unreadSequences.push(`${method.toUpperCase()} ${path} request ${type}`);
      }
      for (const response of Object.values(isRecord(operation['responses']) ? operation['responses'] : {})) {
        const content = isRecord(response) && isRecord(response['content']) ? response['content'] : {};
        for (const [type, media] of Object.entries(content)) {
          if (isRecord(media) && media['itemSchema'] !== undefined && sequenceSyntax(type) === undefined)
            unreadSequences.push(`${method.toUpperCase()} ${path} answer ${type}`);
        }
      }
    }
  }
  if (methods.length > 0) out.push(`operations of other methods are not exercised (${methods.join('; ')})`);
  if (unreadSequences.length > 0) {
    out.push(
      `itemSchema is not checked item by item on ${unreadSequences.join(', ')}: the kit reads streams of JSON Lines, NDJSON, JSON Text Sequences and Server-Sent Events only (multipart/mixed and other sequential types are not split into items)`,
    );
  }
  for (const [name, scheme] of Object.entries(resolved.components?.securitySchemes ?? {})) {
    // OAS 3.2.0 §4.27.1: a deprecated scheme asks clients to stop using it; HTTP has no header that
    // announces it (RFC 9745's Deprecation is about the resource), so there is nothing to judge.
    if (schemeDeprecated(scheme))
      out.push(
        `security scheme ${name} is deprecated (OpenAPI 3.2): no answer announces it, so no server is judged by it; the runner meets another requirement when it can, this one only when it must`,
      );
  }
  for (const [name, scheme] of Object.entries(resolved.components?.securitySchemes ?? {})) {
    if (isRecord(scheme) && scheme['type'] === 'mutualTLS')
      out.push(
        `security scheme ${name} (mutualTLS) is not checkable over plain HTTP: the client certificate belongs to TLS, so requirements it meets are taken as met`,
      );
  }
  return out;
}
