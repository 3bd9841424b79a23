import type { OpenAPIV3 } from 'openapi-types';
import type { ContractVersion } from './version.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export const HTTP_METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];
/**
 * The method of an operation, lower-cased: a fixed field's, OpenAPI 3.2's `query`, or a method of
 * 3.2's `additionalOperations` (OAS 3.2.0 §4.9.1; see methods.ts for which are served).
 */
export type OperationMethod = HttpMethod | 'query' | (string & {});

/** Values of `x-stability`: the newest operations, which may still change. */
export type Stability = 'experimental' | 'alpha' | 'beta';

/** What the contract says about an operation's retirement (`deprecated`, `x-deprecated-at`, `x-sunset`). */
export interface DeprecationInfo {
  /** When the operation was deprecated (`x-deprecated-at`), if the contract says. */
  readonly deprecatedAt: Date | undefined;
  /** When it is removed (`x-sunset`), if the contract says. */
  readonly sunset: Date | undefined;
  /** Where its deprecation is documented (`x-deprecation-link`), if the contract says. */
  readonly link: string | undefined;
}

export interface ResolvedRequestBody {
  readonly required: boolean;
  readonly content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>>;
}

/** One operation of the contract, with every `$ref` resolved and path-level parameters merged in. */
export interface Operation {
  readonly id: string;
  readonly method: OperationMethod;
  /** The path template as written, `/pets/{petId}`. */
  readonly path: string;
  readonly tags: readonly string[];
  readonly summary: string | undefined;
  readonly deprecated: boolean;
  /** Present when the operation is deprecated. */
  readonly deprecation: DeprecationInfo | undefined;
  readonly stability: Stability | undefined;
  readonly hideTryItPanel: boolean;
  /** The effective security requirements (the operation's, else the document's); empty means public. */
  readonly security: readonly OpenAPIV3.SecurityRequirementObject[];
  /** True when no alternative of `security` is empty: a request without credentials must be refused. */
  readonly requiresAuth: boolean;
  readonly parameters: readonly OpenAPIV3.ParameterObject[];
  readonly requestBody: ResolvedRequestBody | undefined;
  /** Responses by status code (`"200"`, `"4XX"`, `"default"`). */
  readonly responses: Readonly<Record<string, OpenAPIV3.ResponseObject>>;
}

export interface Contract {
  /** The file it was read from, when it came from a file. */
  readonly path: string | undefined;
  /** The version the document declares and the schema rules it follows (Swagger 2.0 is read as 3.0). */
  readonly version: ContractVersion;
  /** What the document declares that neither half serves or judges, one line each with its reason. */
  readonly notExercised: readonly string[];
  /**
   * A JSON pointer into `document` → the same place in the user's own file: the identity, except
   * for a Swagger 2.0 document, whose places moved when it was upgraded to 3.0.
   */
  readonly originalPointer: (pointer: string) => string;
  /** The document as written (a Swagger 2.0 one upgraded to 3.0), `$ref`s kept (what validators and `/openapi.yaml` use). */
  readonly document: OpenAPIV3.Document;
  /** The same document with every `$ref` replaced by its target. */
  readonly resolved: OpenAPIV3.Document;
  readonly operations: readonly Operation[];
  readonly operationsById: ReadonlyMap<string, Operation>;
  /** Error code → HTTP status, from `x-error-codes` (else the `Error.code` enum, with no status). */
  readonly errorCatalogue: ReadonlyMap<string, number | undefined>;
  /** API-key security schemes by name, with the header (or query/cookie) that carries the key. */
  readonly apiKeySchemes: ReadonlyMap<string, OpenAPIV3.ApiKeySecurityScheme>;
  /** Every security scheme of `components/securitySchemes`, resolved, by name. */
  readonly securitySchemes: ReadonlyMap<string, OpenAPIV3.SecuritySchemeObject>;
  /** The path of the first `servers` entry, variables at their defaults; `''` for none (see basePathOf). */
  readonly basePath: string;
  /** `x-limits` of the document. */
  readonly limits: { readonly maxBodyBytes: number | undefined; readonly maxPageSize: number | undefined };
}
