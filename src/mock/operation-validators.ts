import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OpenApiValidatorOpts } from 'express-openapi-validator/dist/framework/types.js';
import type { OpenAPIV3 } from 'openapi-types';
import {
  asSchema,
  isRecord,
  freeForm,
  memberNames,
  mergeAllOf,
  plainLocalRefs,
  readNestedMembers,
  readStructuredQuery,
  schemeCredential,
  type Pairs,
  walkRecords,
  type Contract,
  type Operation,
} from '../contract/index.js';
import { checkedValidatorDocument, validatorOptions } from './validator.js';
import { reachableComponents, schemaClosure, schemaEdges } from './reachable-components.js';
import { layerOf, operationKey, validatorDocument, type ValidatorDocument } from './validator-document.js';
import { routedPath } from './operations.js';
import { requestSlot } from './stages/context.js';

/** The path parameters the mock's matcher read from a request, by the names its operation's template gives them. */
const matchedParams = requestSlot<Readonly<Record<string, string>>>('path parameters as the matcher read them');

/**
 * Tells the validators the path parameters the mock's matcher read (the validate stage, before the
 * operation's handler): where the validator cannot route a template, the request is placed with them.
 */
export function matchedBy(req: Request, params: Readonly<Record<string, string>>): void {
  matchedParams.set(req, params);
}

/** The expressions of a path template, in order (`/a/{x}{y}` → x, y). */
const templateNames = (template: string): string[] => [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/**
 * express-openapi-validator driven per operation. Its own middleware loads and pre-processes the
 * whole document on the first request and then, on every request, looks the route up by compiling
 * a path-to-regexp for each route of the document in turn. Here the same pieces of the same
 * validator are put together so that:
 * - nothing of the validator is built at start: the document is only checked (checkedValidatorDocument);
 * - the validator's document state (its loader's bundle, its schema pre-processor, its request and
 *   response validators) is built on the first request to any operation, once per document;
 * - each operation's request and response validators are compiled by the validator on that
 *   operation's first request and cached by it (its own per-route caches, counted in `compiled`);
 * - a request is given the one route of the operation the mock's matcher found, so the route
 *   lookup is one route, not the document; validation is the validator's own, unchanged.
 *
 * Why not one validator instance per operation over a minimal document: an operation of Stripe's
 * contract reaches 351 of its 468 component schemas (median), so 384 instances would compile the
 * same components 384 times; one instance compiles each once, for every operation that reaches it.
 */
export class OperationValidators {
  private state: Promise<DocumentState> | undefined;
  private readonly handlers = new Map<Operation, RequestHandler>();
  /** The validators of operations that share a path and method with an earlier one (validator-document.ts layerOf), by operation (operationKey). */
  private readonly layers = new Map<string, OperationValidators>();
  /** Which layer's validators placed a request, for its answer's check. */
  private readonly placedBy = new WeakMap<Request, OperationValidators>();

  constructor(
    private readonly forValidator: ValidatorDocument,
    private readonly contract?: Contract,
  ) {}

  /** What the operator is told at start (validator-document.ts `notices`). */
  get notices(): readonly string[] {
    return this.forValidator.notices;
  }

  /** The validator's document state once built (set when the promise resolves, for the synchronous response check). */
  private built: DocumentState | undefined;

  /** The validator middleware for one operation: request validation (answers are checked by `checkResponse`). */
  handlerFor(operation: Operation): RequestHandler {
    const known = this.handlers.get(operation);
    if (known) return known;
    const layer =
      this.contract && !this.forValidator.pathKeys.has(operationKey(operation.method, operation.path))
        ? layerOf(this.contract, operation)
        : 0;
    if (layer > 0 && this.contract) {
      // A document of its own per operation (validator-document.ts oneOperation): small and quick to build.
      const key = operationKey(operation.method, operation.path);
      let validators = this.layers.get(key);
      if (!validators)
        this.layers.set(
          key,
          (validators = new OperationValidators(validatorDocument(this.contract, layer, operation))),
        );
      const inner = validators.handlerFor(operation);
      const placed = validators;
      const handler: RequestHandler = (req, res, next) => {
        this.placedBy.set(req, placed);
        inner(req, res, next);
      };
      this.handlers.set(operation, handler);
      return handler;
    }
    let ready: RequestHandler | undefined;
    const pending = (this.state ??= buildState(this.forValidator)).then((state) => {
      this.built = state;
      return (ready = state.chainFor(
        this.forValidator.pathKeys.get(operationKey(operation.method, operation.path)),
        templateNames(routedPath(operation.path)),
      ));
    });
    // A failed build is not kept: the next request tries again (and says why).
    pending.catch(() => {
      this.state = undefined;
      this.handlers.delete(operation);
    });
    const structured = structuredQueries(operation);
    // The names a map's exploded members cannot have: the operation's query parameters and any
    // API key sent in the query.
    const queryNames = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const scheme of Object.values(this.forValidator.document.components?.securitySchemes ?? {})) {
      const credential = '$ref' in scheme ? undefined : schemeCredential(scheme);
      if (credential?.kind === 'apiKey' && credential.in === 'query') queryNames.add(credential.name);
    }
    const sharingNames = objectsSharingNames(operation);
    const aliases = this.forValidator.queryAliases.get(operationKey(operation.method, operation.path));
    const handler: RequestHandler = (req, res, next) => {
      if (aliases) aliasQueryKeys(req, aliases);
      if (structured.length > 0) readStructuredQueries(req, structured, queryNames, sharingNames);
      if (ready) {
        ready(req, res, next);
        return;
      }
      pending.then((chain) => chain(req, res, next), next);
    };
    this.handlers.set(operation, handler);
    return handler;
  }

  /**
   * Checks a JSON answer against the contract, as express-openapi-validator's response validator
   * does when it wraps `res.json` (5.6 dist/middlewares/openapi.response.validator.js `validate`,
   * through its modded express-mung `json_hook`): the same validators, cache and inputs, called
   * directly so the answer is serialised once and written by the mock. Throws the validator's
   * InternalServerError for an answer that breaks the contract. A 5xx is not checked (the hook
   * passes it on unchecked), nor a request the validator did not place (no `req.openapi`). `entry`:
   * the documented content key the body was written in, which it is checked against (the
   * validator's own pick reads Accept and takes the first entry for `*\/*`).
   */
  checkResponse(req: Request, res: Response, body: unknown, entry?: string): void {
    if (res.statusCode >= 500) return;
    const layer = this.placedBy.get(req);
    if (layer) layer.checkResponse(req, res, body, entry);
    else this.built?.checkResponse(req, res, body, entry);
  }

  /**
   * What the validator has compiled so far, one entry per validator it built: `METHOD-route-content
   * type`, its own cache keys (request and response validators are built per route and media type).
   */
  async compiled(): Promise<{ readonly request: readonly string[]; readonly response: readonly string[] }> {
    if (!this.state) return { request: [], response: [] };
    const state = await this.state;
    return { request: Object.keys(state.requestCache), response: Object.keys(state.responseCache) };
  }

  /** Whether anything of the validator exists yet (false until the first request to an operation). */
  get started(): boolean {
    return this.state !== undefined;
  }
}

/** The per-document validators, cached by document (the contract cache hands every app the same one); a refused document is not kept. */
export function operationValidators(contract: Contract): Promise<OperationValidators> {
  const known = built.get(contract.document);
  if (known) return known;
  const made = checkedValidatorDocument(contract).then(
    (forValidator) => new OperationValidators(forValidator, contract),
  );
  built.set(contract.document, made);
  made.catch(() => {
    if (built.get(contract.document) === made) built.delete(contract.document);
  });
  return made;
}

/** Cache of contract-derived validators (see above); never holds per-app state. */
const built = new WeakMap<object, Promise<OperationValidators>>();

interface DocumentState {
  /** `names`: the operation's own template's expressions, which the matcher's parameters are named by. */
  chainFor(pathKey: string | undefined, names: readonly string[]): RequestHandler;
  checkResponse(req: Request, res: Response, body: unknown, entry?: string): void;
  readonly requestCache: Record<string, unknown>;
  readonly responseCache: Record<string, unknown>;
}

/**
 * ajv options the validator passes through to its ajv instances (express-openapi-validator 5.6
 * framework/ajv/index.js createAjv): the generated code is not run through ajv's optimisation
 * passes (`code.optimize`), which rename and drop variables and change no outcome. They were about
 * half of each compile (Stripe's self-consistency run: 5.8 of 12.3 s of compiling), and a validator is
 * compiled on its operation's first request; V8 optimises the code it runs often anyway.
 * `inlineRefs: false`: a referenced schema is compiled once, as a function of its own that every
 * schema referring to it calls, instead of its code copied into each place that refers to it (ajv's
 * default inlines any target without references of its own): the same outcome and errors, a
 * fraction of the code to generate where a large document's schemas share many small components.
 */
const UNOPTIMISED = { code: { optimize: false }, inlineRefs: false } as const;

/** The validator's internals, as its own `middleware()` composes them (express-openapi-validator 5.6 dist/openapi.validator.js installMiddleware). */
async function buildState(forValidator: ValidatorDocument): Promise<DocumentState> {
  // Imported here, not at start: an app that is never asked anything never loads the validator.
  const [
    { OpenApiValidator },
    { OpenApiSpecLoader },
    { SchemaPreprocessor },
    { OpenApiContext },
    eov,
    { ContentType },
  ] = await Promise.all([
    import('express-openapi-validator/dist/openapi.validator.js'),
    import('express-openapi-validator/dist/framework/openapi.spec.loader.js'),
    import('express-openapi-validator/dist/middlewares/parsers/schema.preprocessor.js'),
    import('express-openapi-validator/dist/framework/openapi.context.js'),
    import('express-openapi-validator/dist/middlewares/index.js'),
    import('express-openapi-validator/dist/middlewares/util.js'),
  ]);
  const options = validatorOptions(forValidator) as OpenApiValidatorOpts;
  const oav = new OpenApiValidator(options);
  type LoaderArgs = ConstructorParameters<typeof OpenApiSpecLoader>[0];
  const loader = new OpenApiSpecLoader({
    apiDoc: forValidator.document as LoaderArgs['apiDoc'],
    validateApiSpec: false,
    $refParser: oav.options.$refParser,
  });
  skipSchemaCompile(Reflect.get(loader, 'framework'));
  const spec = await loader.load();
  // validateResponses is set (validatorOptions), so the validator's options hold its object form.
  const responseOptions = oav.options.validateResponses || {};
  const preprocessor = new SchemaPreprocessor(spec.apiDoc, oav.ajvOpts.preprocessor, responseOptions);
  resolveWithoutCompiling(preprocessor);
  const responseDocument = preprocessor.preProcess().apiDocRes;
  // No ignored paths: the mock's matcher has already placed the request in the contract.
  const none = (): boolean => false;
  const wholeContext = new OpenApiContext(spec, none, false, false);
  const wholeLookup = eov.applyOpenApiMetadata(wholeContext, responseDocument);
  // EOV puts the document's whole `paths` beside every request and response schema it compiles, so
  // that `#/paths/…` references resolve: ajv then walks all of them again for every validator it
  // compiles (request and response, per operation). Where nothing can point into `paths`, they carry none.
  const pathsReachable = mayReferToPaths(spec.apiDoc);
  const requests = new eov.RequestValidator(pathsReachable ? spec.apiDoc : { ...spec.apiDoc, paths: {} }, {
    ...oav.ajvOpts.request,
    ...UNOPTIMISED,
  });
  if (!pathsReachable) componentsPerOperation(requests, shareRequestComponents(requests));
  const responseValidator = new eov.ResponseValidator(
    responseDocument,
    { ...oav.ajvOpts.response, ...UNOPTIMISED },
    responseOptions,
    spec.serial,
  );
  shareComponentSchemas(responseValidator, responseDocument, pathsReachable);
  // Its `validate()` would install a res.json hook on every request; checkResponse calls what the hook calls instead.
  // Called from the lookup's callbacks too, outside `attempt`: a throw of the validator's own (a
  // TypeError of a parser it calls) goes to the error handler, never up through a callback to crash.
  const validate: RequestHandler = (req, res, next) => attempt((q, s, n) => requests.validate(q, s, n), req, res, next);
  const responseSerial: unknown = Reflect.get(responseValidator, 'serial');
  return {
    checkResponse(req, res, body, entry) {
      const openapi: unknown = Reflect.get(req, 'openapi');
      // biome-ignore lint/suspicious/noDoubleEquals: loose equality, as the validator compares them.
      if (!isRecord(openapi) || responseSerial != openapi['serial']) return;
      const responseSchema = openapi['_responseSchema'];
      const all = responseValidator._getOrBuildValidator(
        req,
        normalisedMedia(isRecord(responseSchema) ? responseSchema['responses'] : undefined, (type) =>
          ContentType.fromString(type).normalize(),
        ) as Parameters<typeof responseValidator._getOrBuildValidator>[1],
      );
      // The entry the mock wrote the body in, alone: the validator then checks against it whatever Accept says.
      const validators = (
        entry === undefined ? all : onlyEntry(all, ContentType.fromString(entry).normalize())
      ) as typeof all;
      const contentType = res.getHeader('content-type');
      const accept = req.headers.accept;
      // The answer's Content-Type when set, else the Accept header's ranges: the validator's own inputs.
      const accepts = contentType ? [String(contentType)] : accept ? accept.split(',').map((h) => h.trim()) : [];
      responseValidator._validate({
        validators,
        body: body as object,
        statusCode: res.statusCode,
        path: req.originalUrl,
        accepts,
      });
    },
    requestCache: Reflect.get(requests, 'middlewareCache') as Record<string, unknown>,
    responseCache: Reflect.get(responseValidator, 'validatorsCache') as Record<string, unknown>,
    chainFor(pathKey, names) {
      const routes =
        pathKey === undefined ? [] : spec.routes.filter((r) => r.openApiRoute.substring(r.basePath.length) === pathKey);
      const placing = pathKey === undefined ? undefined : placer(pathKey, names);
      // The validator's own lookup, over the routes of this one path: the same req.openapi, path
      // parameters and errors it would give. A request it does not place there (none the matcher
      // sends) gets the whole-document lookup, as before.
      const remembering =
        routes.length === 0
          ? undefined
          : remembered(
              eov.applyOpenApiMetadata(new OpenApiContext({ ...spec, routes }, none, false, false), responseDocument),
            );
      const lookup = remembering?.lookup ?? wholeLookup;
      // Set once the validator's lookup has failed to compile this path's route (below).
      let unroutable = false;
      return (req: Request, res: Response, next: NextFunction) => {
        // A target placed before: placed again at once (what the lookup would do), then validated.
        if (remembering?.recall(req)) {
          validate(req, res, next);
          return;
        }
        if (unroutable && placing?.(req)) {
          validate(req, res, next);
          return;
        }
        // A request no lookup places would pass the validator unchecked (it validates only what it
        // placed): a base path the validator spells otherwise than the mock (a server variable's
        // default `123456:ABC-…` it percent-encodes to `123456%3AABC-…`, Telegram's bot token) left
        // every body unvalidated. The mock's matcher placed it: the validator is given that route.
        const placeOrPass = (): void => {
          if (Reflect.get(req, 'openapi') === undefined && placing?.(req)) unroutable = true;
          validate(req, res, next);
        };
        const then = (error?: unknown): void => {
          if (error !== undefined) next(error);
          else if (Reflect.get(req, 'openapi') === undefined && lookup !== wholeLookup)
            attempt(wholeLookup, req, res, (again?: unknown) => (again === undefined ? placeOrPass() : next(again)));
          else placeOrPass();
        };
        attempt(lookup, req, res, (error?: unknown) => {
          // The validator compiles each route with path-to-regexp (Express 5's), which refuses
          // templates the OpenAPI path syntax allows (OAS 3.0.3 §4.7.8): parentheses
          // (`/docs('{key}')`, OData keys), two expressions side by side (`/{id}{mediaTypeExtension}`),
          // an expression followed by letters (`{day}F{start}T{end}`), a `:` in the base path. It
          // threw a TypeError, not one of its HTTP errors, on every request: 500. The mock's matcher
          // has placed the request already, so the validator is given that route and its parameters.
          if (error instanceof TypeError && !('status' in error) && placing?.(req)) {
            unroutable = true;
            validate(req, res, next);
          } else then(error);
        });
      };
    },
  };

  /**
   * Places a request as the validator's lookup does (`req.openapi`, `req.params`), with the path
   * parameters the mock's matcher read, named as the validator's copy names them (the same
   * positions: validator-document.ts renames, never reorders). False when there is nothing to place.
   */
  function placer(pathKey: string, names: readonly string[]): (req: Request) => boolean {
    const keyNames = templateNames(pathKey);
    const item = (spec.apiDoc.paths as Record<string, unknown>)[pathKey];
    const answers = (responseDocument.paths as Record<string, unknown>)[pathKey];
    return (req) => {
      const method = req.method.toLowerCase();
      const route = spec.routes.find(
        (r) => r.openApiRoute.substring(r.basePath.length) === pathKey && r.method === req.method,
      );
      const params = matchedParams.get(req);
      const schema = isRecord(item) ? item[method] : undefined;
      if (!route || !params || !isRecord(schema) || keyNames.length !== names.length) return false;
      const pathParams: Record<string, string> = {};
      keyNames.forEach((name, i) => {
        const value = params[names[i]!];
        if (value !== undefined) pathParams[name] = value;
      });
      Reflect.set(req, 'openapi', {
        expressRoute: route.expressRoute,
        openApiRoute: route.openApiRoute,
        pathParams,
        schema,
        serial: spec.serial,
        _responseSchema: isRecord(answers) ? answers[method] : undefined,
      });
      req.params = pathParams as Request['params'];
      return true;
    };
  }
}

/**
 * The loader's framework (express-openapi-validator 5.6 dist/framework/index.js `initialize`)
 * compiles the whole OpenAPI schema even when told not to validate the document with it
 * (validateApiSpec: false; 60–90 ms of CPU on the Petstore's first request). The document was
 * checked at start with the same schema (src/contract/openapi-check.ts), so this instance's initialize does
 * what EOV's does without building that validator: bundle, base paths, sorted tags, the visit.
 */
function skipSchemaCompile(framework: unknown): void {
  if (!isRecord(framework)) return;
  const call = (name: string, ...args: unknown[]): unknown =>
    Reflect.apply(Reflect.get(framework, name) as (...a: unknown[]) => unknown, framework, args);
  const args = Reflect.get(framework, 'args') as { apiDoc: unknown; $refParser: unknown };
  if (
    typeof framework['loadSpec'] !== 'function' ||
    typeof framework['getBasePathsFromServers'] !== 'function' ||
    typeof framework['sortApiDocTags'] !== 'function'
  )
    return;
  framework['initialize'] = async (visitor: {
    visitApi?: (context: { basePaths: string[]; getApiDoc: () => unknown }) => void;
  }) => {
    // A document whose references are all plain local pointers (local-refs.ts) is its own bundle:
    // json-schema-ref-parser's bundle (which mutates its input) would write each $ref back as the
    // same string. Not running it spares its crawl and Node's fetch implementation, which reading
    // the global `Headers` in its options merge loads.
    const apiDoc = (
      plainLocalRefs(args.apiDoc) !== undefined ? args.apiDoc : await call('loadSpec', args.apiDoc, args.$refParser)
    ) as { servers?: unknown };
    const basePaths = new Set<string>();
    for (const basePath of call('getBasePathsFromServers', apiDoc.servers) as { all(): string[] }[])
      for (const path of basePath.all()) basePaths.add(path);
    call('sortApiDocTags', apiDoc);
    visitor.visitApi?.({ basePaths: [...basePaths], getApiDoc: () => apiDoc });
    return { apiDoc, basePaths: [...basePaths] };
  };
}

/**
 * The schema pre-processor (express-openapi-validator 5.6 dist/middlewares/parsers/schema.preprocessor.js
 * `resolveSchema`) reads the target of each `$ref` it meets as `ajv.getSchema(ref).schema`: ajv compiles
 * the target into a validating function only for the pre-processor to read the schema that function
 * hangs on, then drop it (the Petstore: about a third of the CPU of the first request). Its ajv holds
 * every component schema under its own key (dist/framework/ajv/index.js `createAjv`, `addSchema`), and
 * ajv keeps the very object it was given, so the target is read there, uncompiled; any other reference
 * goes through `getSchema` as before. Schemas are still compiled, each by the validator that uses it.
 */
function resolveWithoutCompiling(preprocessor: object): void {
  const ajv: unknown = Reflect.get(preprocessor, 'ajv');
  if (!isRecord(ajv) || typeof ajv['getSchema'] !== 'function' || !isRecord(ajv['schemas']) || !isRecord(ajv['refs']))
    return;
  const { getSchema, schemas, refs } = ajv;
  ajv['getSchema'] = (ref: string): unknown => {
    let held = schemas[ref] ?? refs[ref];
    // ajv's aliases: a key that names another key (ajv/dist/core.js getSchEnv).
    for (let hops = 0; typeof held === 'string' && hops < 8; hops++) held = schemas[held] ?? refs[held];
    return isRecord(held) && 'schema' in held ? { schema: held['schema'] } : Reflect.apply(getSchema, ajv, [ref]);
  };
}

/** The key the response validator's ajv holds the document's component schemas under, once. */
// An absolute URI: a relative key would resolve against each validator's own key (`GET-/v1/…`).
const SHARED_COMPONENTS = 'urn:kit:shared-components';

/**
 * EOV builds each response validator as a schema of its own that carries the document's whole
 * `components` (and `paths`) beside it, so that `#/components/schemas/…` resolves inside it: ajv
 * then walks all of it and compiles every component the response reaches again for each operation
 * × status × media type (an operation of Stripe's contract reaches 351 of its 468 components; the
 * first 30 operations took the process to 859 MB). Here the component schemas are added to that
 * ajv once, under a key of their own, the response copy's references point there
 * (`urn:kit:shared-components#/components/schemas/…`, the same schema objects), and what each validator
 * carries beside it keeps every component but the schemas: each component is compiled once, for
 * every response that reaches it, and checks what it checked before. Left as EOV makes it when the
 * document refers into `paths` (the one other place a response schema may point) or ajv refuses.
 */
function shareComponentSchemas(validator: object, document: unknown, pathsReachable: boolean): void {
  const spec: unknown = Reflect.get(validator, 'spec');
  const ajv: unknown = Reflect.get(validator, 'ajvBody');
  if (
    !isRecord(spec) ||
    !isRecord(spec['components']) ||
    !isRecord(spec['components']['schemas']) ||
    !isRecord(ajv) ||
    typeof ajv['addSchema'] !== 'function'
  )
    return;
  if (refersIntoPaths(document)) return;
  const { schemas, ...components } = spec['components'];
  try {
    Reflect.apply(ajv['addSchema'], ajv, [
      { components: { ...referredBy(schemas, components), schemas } },
      SHARED_COMPONENTS,
    ]);
  } catch {
    return;
  }
  // References outside the component schemas (responses, paths) name the shared copy; those inside
  // them resolve against it already.
  walkRecords(
    { ...spec, components },
    (node) => {
      if (typeof node['$ref'] === 'string' && node['$ref'].startsWith('#/components/schemas/'))
        node['$ref'] = `${SHARED_COMPONENTS}${node['$ref']}`;
    },
    new Set(),
    [schemas],
  );
  Reflect.set(
    validator,
    'spec',
    pathsReachable || mayReferToPaths(document) ? { ...spec, components } : { ...spec, components, paths: {} },
  );
  responseComponentsPerOperation(validator);
}

/**
 * The response side of componentsPerOperation: EOV builds an operation's response validators with
 * the validator's `components` beside them (its `buildValidators`, on the operation's first
 * answer), and ajv walks all of it for each one: every example, response and parameter of the
 * document (Microsoft Graph: 1,419 examples and 726 responses for each of 11,422 operations). Here
 * that one synchronous build reads a copy whose `components` hold what the operation's responses
 * reach; the component schemas are in the shared copy (shareComponentSchemas), named by references
 * taken as certain. Where reachability is not certain, the whole components, as before.
 */
function responseComponentsPerOperation(validator: object): void {
  const build: unknown = Reflect.get(validator, 'buildValidators');
  const spec: unknown = Reflect.get(validator, 'spec');
  if (typeof build !== 'function' || !isRecord(spec)) return;
  Reflect.set(validator, 'buildValidators', (...args: unknown[]): unknown => {
    // args: the operation's responses, the cache key.
    const components = reachableComponents(spec['components'], [args[0]], undefined, SHARED_COMPONENTS);
    if (!components) return Reflect.apply(build, validator, args);
    Reflect.set(validator, 'spec', { ...spec, components });
    try {
      return Reflect.apply(build, validator, args);
    } finally {
      Reflect.set(validator, 'spec', spec);
    }
  });
}

/**
 * The other kinds of component (`parameters`, `responses`…) a component schema points into
 * (codat's `{"$ref": "#/components/parameters/companyId/schema"}`): a reference resolves against
 * the document that holds it (JSON Schema 2020-12 §8.2.3.1), so the shared copy carries them too.
 */
function referredBy(schemas: unknown, components: Record<string, unknown>): Record<string, unknown> {
  const kinds = new Set<string>();
  walkRecords(schemas, (node) => {
    const ref = node['$ref'];
    if (typeof ref !== 'string' || !ref.startsWith('#/components/')) return;
    const kind = ref.slice('#/components/'.length).split('/')[0];
    if (kind !== undefined && kind !== 'schemas' && kind in components) kinds.add(kind);
  });
  return Object.fromEntries([...kinds].map((kind) => [kind, components[kind]]));
}

/**
 * The request validator compiles each operation's validators with the document's `components`
 * beside them (its Validator class), read from its `apiDoc` when it builds that operation's
 * middleware, once, on its first request. Here it reads a copy whose `components` hold what that
 * operation reaches (reachable-components.ts) for that one synchronous build, and the whole document
 * again after it: what each operation validates is unchanged, ajv walks a fraction of the schemas.
 * Where the component schemas are `shared` (shareRequestComponents), each schema is there a
 * one-line reference to its shared copy, so neither the reach nor ajv walks the schemas
 * themselves once per operation.
 * Called only where nothing can point into `paths` (the validator's copy then carries none).
 */
function componentsPerOperation(validator: object, shared: SharedSchemas | undefined): void {
  const build: unknown = Reflect.get(validator, 'buildMiddleware');
  const whole: unknown = Reflect.get(validator, 'apiDoc');
  if (typeof build !== 'function' || !isRecord(whole)) return;
  // Which component schemas each refers to, made on the first operation's build.
  let edges: Map<string, string[]> | undefined;
  Reflect.set(validator, 'buildMiddleware', (...args: unknown[]): unknown => {
    // args: path, the operation's schema (parameters, requestBody, security), content type, cache key.
    const components = reachableComponents(whole['components'], [args[1]], shared ? 'schemas' : undefined);
    if (!components) return Reflect.apply(build, validator, args);
    // Every schema the operation reaches, not only those it names: the validator inlines a
    // parameter's schema (its parser reads `$ref`s through ajv), and what it inlines names others
    // (Lob's `bank_id`: an allOf of `bank_id_no_description`). Not every schema of the document:
    // ajv walks what the copy carries for each operation, and Microsoft Graph's 2,599 one-line
    // references, twice for each of its 11,422 operations, kept its mock from answering in 300 s.
    if (shared) {
      const schemas = isRecord(whole['components']) ? whole['components']['schemas'] : undefined;
      edges ??= schemaEdges(isRecord(schemas) ? schemas : {});
      const named = Object.keys(components['schemas'] ?? {});
      components['schemas'] = Object.fromEntries(
        [...schemaClosure(edges, named)].flatMap((name) => (shared[name] ? [[name, shared[name]]] : [])),
      );
    }
    Reflect.set(validator, 'apiDoc', { ...whole, components });
    try {
      return Reflect.apply(build, validator, args);
    } finally {
      Reflect.set(validator, 'apiDoc', whole);
    }
  });
}

/** Each component schema's name and a one-line reference to its shared copy. */
type SharedSchemas = Record<string, { readonly $ref: string }>;

/**
 * The request side of shareComponentSchemas: the document's component schemas added once to each
 * of the request validator's two ajv instances (parameters and body: their options differ) under
 * SHARED_COMPONENTS, for the operations' references to name (componentsPerOperation). Each
 * component is then walked and compiled with its own references once per ajv, not once per
 * operation that reaches it (Stripe: ajv's walk of the components an operation carries was 7 % of
 * its self-consistency file). Not done (undefined: each operation carries its components, as
 * before) where a schema declares an identifier or a dynamic reference (`$id`, `$anchor`,
 * `$dynamicAnchor`, `$dynamicRef`; JSON Schema 2020-12 §8.2), whose scope would change; where a
 * reference points inside a component schema (`#/components/schemas/A/properties/b`: the
 * validator may inline the schema that holds it) or a schema points outside the component
 * schemas; or where ajv refuses.
 */
function shareRequestComponents(validator: object): SharedSchemas | undefined {
  const document: unknown = Reflect.get(validator, 'apiDoc');
  const schemas =
    isRecord(document) && isRecord(document['components']) ? document['components']['schemas'] : undefined;
  if (!isRecord(schemas)) return undefined;
  const inside = /^#\/components\/schemas\/[^/]+\//;
  const unshareable = walkRecords(document, (node) =>
    ['$id', '$anchor', '$dynamicAnchor', '$dynamicRef'].some((k) => typeof node[k] === 'string') ||
    (typeof node['$ref'] === 'string' && inside.test(node['$ref']))
      ? 'stop'
      : undefined,
  );
  // The shared copy holds the schemas alone: a schema that points elsewhere in the document keeps it beside it.
  const outward = walkRecords(schemas, (node) =>
    typeof node['$ref'] === 'string' && !node['$ref'].startsWith('#/components/schemas/') ? 'stop' : undefined,
  );
  if (unshareable || outward) return undefined;
  for (const name of ['ajv', 'ajvBody']) {
    const ajv: unknown = Reflect.get(validator, name);
    if (!isRecord(ajv) || typeof ajv['addSchema'] !== 'function') return undefined;
    try {
      Reflect.apply(ajv['addSchema'], ajv, [{ components: { schemas } }, SHARED_COMPONENTS]);
    } catch {
      return undefined;
    }
  }
  return Object.fromEntries(
    Object.keys(schemas).map((name) => [name, { $ref: `${SHARED_COMPONENTS}#/components/schemas/${name}` }]),
  );
}

/**
 * Whether a schema may reach into `paths`: a `$ref` to `#/paths/…`, or an identifier declared under
 * `paths` that another schema could name (`$id`, `$anchor`, `$dynamicAnchor`; JSON Schema 2020-12 §8.2).
 */
function mayReferToPaths(document: unknown): boolean {
  if (refersIntoPaths(document)) return true;
  const paths = isRecord(document) ? document['paths'] : undefined;
  return walkRecords(paths, (node) =>
    typeof node['$id'] === 'string' || typeof node['$anchor'] === 'string' || typeof node['$dynamicAnchor'] === 'string'
      ? 'stop'
      : undefined,
  );
}

/** Whether any `$ref` of the document points into `#/paths` (each object once). */
function refersIntoPaths(document: unknown): boolean {
  return walkRecords(document, (node) =>
    typeof node['$ref'] === 'string' && node['$ref'].startsWith('#/paths') ? 'stop' : undefined,
  );
}

/**
 * Query keys that are the literal names of bracketed parameters (`limit[subcategories]`), given to
 * the validator under the names its copy gives those parameters (validator-document.ts
 * literalBracketNames), so it does not group them into another parameter's object.
 */
function aliasQueryKeys(req: Request, aliases: ReadonlyMap<string, string>): void {
  const query = req.query as Record<string, unknown>;
  const taken = new Set(aliases.values());
  if (!Object.keys(query).some((key) => aliases.has(key) || taken.has(key))) return;
  // A key sent as an alias itself names no parameter of the contract: it stays unknown, encoded.
  const renamed = Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      aliases.get(key) ?? (taken.has(key) ? encodeURIComponent(key) : key),
      value,
    ]),
  );
  // Express 5's req.query is a getter (see readStructuredQueries).
  Object.defineProperty(req, 'query', { value: renamed, writable: true, configurable: true, enumerable: true });
}

/**
 * A part of a query value that its schema makes an object arrives as JSON text (the kernel's
 * serialisers, as the runner sends it: a deepObject member `parameters[report]={"report_type":…}`,
 * an exploded form object's member `DocumentSuggesterOptions={"SourceField":…}`, an exploded
 * array's item `Identifiers={"SnapshotIdentifier":…}`), which the validator keeps as a string and
 * refuses as "must be object". Such values are read back with the kernel's readStructuredQuery and
 * given to the validator grouped under the parameter's name, as it groups `name[member]` keys and
 * exploded members itself. Nothing changes for a request without such a part. An exploded object
 * whose members share names with other parameters (`sharingNames`) is read by ownMembersOf.
 */
function readStructuredQueries(
  req: Request,
  parameters: readonly OpenAPIV3.ParameterObject[],
  taken: ReadonlySet<string>,
  sharingNames: ReadonlySet<OpenAPIV3.ParameterObject>,
): void {
  const at = req.originalUrl.indexOf('?');
  if (at < 0) return;
  const pairs = [...new URLSearchParams(req.originalUrl.slice(at + 1))];
  let query: Record<string, unknown> | undefined;
  for (const parameter of parameters) {
    const read = sharingNames.has(parameter)
      ? ownMembersOf(parameter, pairs, taken)
      : readStructuredQuery(parameter, pairs, taken);
    if (!read) continue;
    query ??= { ...(req.query as Record<string, unknown>) };
    if (parameter.style === 'deepObject') {
      for (const key of Object.keys(query)) if (key.startsWith(`${parameter.name}[`)) delete query[key];
    } else if (!Array.isArray(read)) for (const member of Object.keys(read)) delete query[member];
    query[parameter.name] = read;
  }
  // Express 5 computes req.query from the URL on each read (a getter); the validator reads and
  // replaces it the same way (openapi.request.validator.js, its "HACK for express 5").
  if (query)
    Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
}

/**
 * The query parameters a part of whose value may be an object written as JSON text: deepObjects,
 * and exploded form objects and arrays (readStructuredQuery reads them); and an exploded form map,
 * whose members are keys of their own, where it is the operation's only one.
 */
function structuredQueries(operation: Operation): OpenAPIV3.ParameterObject[] {
  const explodedForm = (p: OpenAPIV3.ParameterObject): boolean =>
    p.in === 'query' && p.content === undefined && (p.style ?? 'form') === 'form' && p.explode !== false;
  // A map's members are the keys nothing else names: read so only where one map can own them.
  const maps = operation.parameters.filter((p) => {
    const schema = asSchema(p.schema);
    return explodedForm(p) && schema !== undefined && freeForm(schema);
  });
  return operation.parameters.filter((p) => {
    if (p.in !== 'query' || p.content !== undefined) return false;
    if (p.style === 'deepObject') return true;
    const schema = asSchema(p.schema);
    return (
      explodedForm(p) &&
      schema !== undefined &&
      (mergeAllOf(schema).type === 'array' || memberNames(schema).size > 0 || (maps.length === 1 && maps[0] === p))
    );
  });
}

/**
 * The exploded form objects of an operation some of whose members are named like its other query
 * parameters (sinao.app's `columns` {amount, discount, subtotal, …} beside a `discount` parameter;
 * `movements` {amount, id, type} beside `id` and `type`). The validator's copy reads such an object
 * from its bracketed keys only (validator-document.ts collidingFormObjects: the query cannot say
 * whose a shared key is), on the same condition.
 */
function objectsSharingNames(operation: Operation): Set<OpenAPIV3.ParameterObject> {
  const out = new Set<OpenAPIV3.ParameterObject>();
  const query = operation.parameters.filter((p) => p.in === 'query');
  for (const parameter of query) {
    const schema = asSchema(parameter.schema);
    if (
      !schema ||
      parameter.content !== undefined ||
      (parameter.style ?? 'form') !== 'form' ||
      parameter.explode === false
    )
      continue;
    const members = memberNames(schema);
    if (query.some((other) => other !== parameter && members.has(other.name))) out.add(parameter);
  }
  return out;
}

/**
 * The members of an exploded form object (OAS 3.0.3 §4.7.12.4: `subtotal=x`, the object's name
 * not written) that only it can own: keys its schema names and no other parameter bears (`taken`),
 * JSON text read where a member is an object or an array (readNestedMembers). A shared key stays
 * the parameter's that bears it, and the object's bracketed keys the validator's to read. The runner
 * writes the object so; the validator's copy read it from bracketed keys only, and refused each of
 * its other members, 400 "Unknown query parameter 'subtotal'". Undefined when no key is the object's.
 */
function ownMembersOf(
  parameter: OpenAPIV3.ParameterObject,
  pairs: Pairs,
  taken: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const schema = asSchema(parameter.schema);
  if (!schema || pairs.some(([key]) => key.startsWith(`${parameter.name}[`))) return undefined;
  const names = memberNames(schema);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    if (!names.has(key) || taken.has(key)) continue;
    const seen = fields[key];
    fields[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  if (Object.keys(fields).length === 0) return undefined;
  return readNestedMembers(fields, schema) ?? fields;
}

/** How many request targets each path's lookup remembers (a read of many ids cycles through them). */
const REMEMBERED_TARGETS = 64;

/**
 * The validator's lookup (express-openapi-validator 5.6 dist/middlewares/openapi.metadata.js)
 * compiles a path-to-regexp of each route it tries on every request. What it sets, `req.openapi`
 * and `req.params`, depends only on the method, the request target's path and the app's routing
 * settings, so its answer is kept for the last REMEMBERED_TARGETS targets and given again as
 * fresh objects (the validator writes into `req.params` after). A target it refuses (404, 405,
 * a malformed escape) or does not place is asked again each time.
 */
function remembered(lookup: RequestHandler): { readonly lookup: RequestHandler; recall(req: Request): boolean } {
  const known = new Map<
    string,
    { readonly openapi: Record<string, unknown>; readonly params: Record<string, unknown> }
  >();
  const keyOf = (req: Request): string => {
    const url = req.originalUrl;
    const query = url.indexOf('?');
    // The settings as app.enabled reads them (Boolean of app.settings[name]).
    const settings = req.app.settings as Record<string, unknown>;
    return `${req.method} ${Boolean(settings['strict routing'])} ${Boolean(settings['case sensitive routing'])} ${query === -1 ? url : url.slice(0, query)}`;
  };
  /** Places a request whose target is remembered, as the lookup placed it; false when it is not. */
  const recall = (req: Request, key = keyOf(req)): boolean => {
    const hit = known.get(key);
    if (!hit) return false;
    const pathParams = { ...hit.params };
    Reflect.set(req, 'openapi', { ...hit.openapi, pathParams });
    req.params = pathParams as Request['params'];
    return true;
  };
  const remembering: RequestHandler = (req, res, next) => {
    const key = keyOf(req);
    if (recall(req, key)) {
      next();
      return;
    }
    attempt(lookup, req, res, (error?: unknown) => {
      const openapi: unknown = Reflect.get(req, 'openapi');
      if (error === undefined && isRecord(openapi) && isRecord(openapi['pathParams'])) {
        if (known.size >= REMEMBERED_TARGETS) known.delete(known.keys().next().value!);
        known.set(key, { openapi: { ...openapi }, params: { ...openapi['pathParams'] } });
      }
      next(error);
    });
  };
  return { lookup: remembering, recall };
}

const normalisedResponses = new WeakMap<object, Record<string, unknown>>();

/**
 * The responses with each content key in the validator's normal form (`application/json;charset=UTF-8`,
 * eBay's, becomes `application/json; charset=utf-8`). The validator finds an answer's validator by
 * that normal form but keys its validators by the document's spelling, so under any other spelling
 * it found none, printed "no validator found" and let the answer through unchecked. A media type's
 * parameter names and a charset's value are case-insensitive (RFC 9110 §8.3.1, RFC 2046 §4.1.2),
 * so both spellings name one type. Kept per responses object: the validator caches what it builds.
 */
function normalisedMedia(responses: unknown, normalise: (type: string) => string): unknown {
  if (!isRecord(responses)) return responses;
  const known = normalisedResponses.get(responses);
  if (known) return known;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(responses)) {
    const content = isRecord(response) ? response['content'] : undefined;
    if (!isRecord(response) || !isRecord(content) || Object.keys(content).every((t) => normalise(t) === t)) {
      out[status] = response;
      continue;
    }
    changed = true;
    const media: Record<string, unknown> = {};
    for (const [type, value] of Object.entries(content)) {
      const normal = normalise(type);
      if (!(normal in media)) media[normal] = value;
    }
    out[status] = { ...response, content: media };
  }
  const result = changed ? out : responses;
  normalisedResponses.set(responses, result);
  return result;
}

/** Runs a middleware that may throw instead of calling next (the validator's lookup throws 404 / 405 / 400). */
function attempt(handler: RequestHandler, req: Request, res: Response, next: (error?: unknown) => void): void {
  try {
    const result: unknown = handler(req, res, next);
    if (result instanceof Promise) result.catch(next);
  } catch (error) {
    next(error);
  }
}

/** The validators by status with each status's media types narrowed to `entry` where it documents it (cached per validators object). */
function onlyEntry(validators: unknown, entry: string): unknown {
  if (!isRecord(validators)) return validators;
  const byEntry = narrowed.get(validators) ?? new Map<string, unknown>();
  narrowed.set(validators, byEntry);
  const known = byEntry.get(entry);
  if (known !== undefined) return known;
  const out: Record<string, unknown> = {};
  for (const [status, byType] of Object.entries(validators))
    out[status] = isRecord(byType) && byType[entry] !== undefined ? { [entry]: byType[entry] } : byType;
  byEntry.set(entry, out);
  return out;
}

/** onlyEntry's answers, by the validator's cached validators object and the entry. */
const narrowed = new WeakMap<object, Map<string, unknown>>();
