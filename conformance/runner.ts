import type { OpenAPIV3 } from 'openapi-types';
import { documentedResponse, HTTP_METHODS, isDocumentedSuccess, SchemaValidator, type Contract, type Operation } from '../src/contract/index.js';
import { cookieParameters, headerParameters, noBodyReason, pathParameters, queryParameters, requestBodyOf, validBody, validParams, validQuery } from './cases/inputs.js';
import { schemaNames } from './cases/discriminator.js';
import { identifierOf, isCreate, isSuccess, listItems } from './cases/roles.js';
import { CredentialPlan } from './credentials.js';
import type { RetryBudget } from './session.js';
import { mutationsFor, type MutableInput } from './cases/mutations.js';
import { Random } from './cases/random.js';
import { asSchema, isRecord, properties, type Schema } from './cases/schema.js';
import { modeFor } from '../src/contract/index.js';
import { SeenValues, unknownIdProbe } from './cases/unknown-id.js';
import { CHECKS, type CheckContext } from './checks/index.js';
import { responseJsonSchema } from './checks/util.js';
import { collect, requestPath as requestPathOf, type Note } from './collect.js';
import { refusedCredentials } from './diagnostics.js';
import { contractProblems } from './contract-check.js';
import { HttpClient } from './http/client.js';
import { Resources } from './resources.js';
import { Session, type CircuitBreaker } from './session.js';
import type { Coverage, Exchange, GeneratedInput, ProgressEvent, RunReport } from './types.js';
import { extraCheckKnown, runExtraChecks, type ExtraCheckOptions } from './workflows/hook.js';

export interface RunOptions {
  readonly target: string;
  readonly contract: Contract;
  readonly apiKey?: string | undefined;
  /** http bearer, oauth2 and openIdConnect schemes (PRODUCT.md §4 --bearer). */
  readonly bearer?: string | undefined;
  /** http basic schemes, `USER:PASS` (--basic). */
  readonly basic?: string | undefined;
  /** Values for named security schemes (--auth SCHEME=VALUE). */
  readonly auth?: Readonly<Record<string, string>> | undefined;
  /** The path before every contract path; default: the contract's first `servers` path unless the target has it. */
  readonly basePath?: string | undefined;
  /** How long rate limits are waited out (see session.ts). */
  readonly retry?: RetryBudget | undefined;
  readonly headers?: Readonly<Record<string, string>>;
  /** Only these checks (names); all by default. */
  readonly checks?: readonly string[] | undefined;
  readonly skipChecks?: readonly string[] | undefined;
  /** Only these operations (operationIds); all by default. */
  readonly operations?: readonly string[] | undefined;
  readonly timeoutMs?: number;
  readonly seed?: number;
  readonly examples?: number;
  readonly strict?: boolean;
  /** Response bodies larger than this are not read (reported `too_large`). */
  readonly maxResponseBytes?: number;
  /** When to stop sending to a target that keeps timing out; false: never stop. */
  readonly circuitBreaker?: CircuitBreaker | false;
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Arazzo workflows and generic rules run after the per-operation checks (conformance/workflows/hook.ts). */
  readonly extra?: ExtraCheckOptions;
}

export const DEFAULTS = {
  timeoutMs: 5000,
  seed: 42,
  examples: 3,
  maxResponseBytes: 4 * 1024 * 1024,
  circuitBreaker: { perRoute: 2, consecutive: 4 },
} as const;

/** Not one byte came back from the target (refused, unknown host, silent, closed at once): a usage-level problem, exit 2. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
}

/** Unknown names in --checks / --skip-checks / --operations. */
export class SelectionError extends Error {
  override readonly name = 'SelectionError';
}

/** Order of execution: creates first (they feed the rest), then reads, then updates and actions, deletes last. */
function phase(op: Operation): number {
  if (isCreate(op)) return 0;
  if (op.method === 'get' || op.method === 'head') return 1;
  if (op.method === 'delete') return 3;
  return 2;
}

/** Writes that change or consume the resource in their path get a fresh resource each. */
const destructive = (op: Operation): boolean => op.method !== 'get' && op.method !== 'head';

/** The error schema most 4xx/5xx responses share (identity of the resolved object), for answers no operation documents. */
function commonErrorSchema(contract: Contract): Schema | undefined {
  const counts = new Map<Schema, number>();
  for (const op of contract.operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      if (!/^[45]/.test(status) && status !== 'default') continue;
      const schema = responseJsonSchema(response)?.schema;
      if (schema) counts.set(schema, (counts.get(schema) ?? 0) + 1);
    }
  }
  let best: Schema | undefined;
  let n = 0;
  for (const [schema, count] of counts) if (count > n) [best, n] = [schema, count];
  return best ?? asSchema(contract.resolved.components?.schemas?.['Error']);
}

/**
 * The base path requests go to: `--base-path` when given; else the contract's first `servers`
 * path (OAS 3.0.3 §4.7.5), unless the target's own path already ends with it.
 */
export function effectiveBasePath(target: string, contractBasePath: string, override: string | undefined): string {
  const clean = (p: string): string => {
    const trimmed = p.trim().replace(/\/+$/, '');
    return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  };
  if (override !== undefined) return clean(override);
  const base = clean(contractBasePath);
  if (!base) return '';
  let targetPath = '';
  try {
    targetPath = new URL(target).pathname.replace(/\/+$/, '');
  } catch {
    return base;
  }
  return targetPath.endsWith(base) ? '' : base;
}

/**
 * Whether the target serves the contract's paths at its root rather than under the base path of
 * the servers entry: mocks (Prism among them) and gateways often do. One GET of a contract path
 * under the base path; only when that is 404 and the same path at the root is answered (not 404,
 * not 5xx) are the paths sent without the base path. --base-path overrides this guess.
 *
 * The probe is always a GET, safe and idempotent (RFC 9110 §9.2.1), whatever the path documents:
 * on a path that documents only POST it is answered 405 (or 401, 422…) where the path exists and
 * 404 where it does not, which is all the guess needs. So contracts with no parameterless GET
 * (RPC-style APIs of POSTs only, reads that all need a required header such as a tenant id) are
 * probed too; a path that needs path parameters is probed last, with a placeholder in each.
 */
export function basePathProbe(contract: Contract): string | undefined {
  const byPreference = [
    (o: Operation): boolean => o.method === 'get' && !o.parameters.some((p) => p.in === 'path' || p.required === true),
    (o: Operation): boolean => o.method === 'get' && !o.parameters.some((p) => p.in === 'path'),
    (o: Operation): boolean => !o.parameters.some((p) => p.in === 'path') && !/\{[^}]*\}/.test(o.path),
    (): boolean => true,
  ];
  for (const wanted of byPreference) {
    const op = contract.operations.find(wanted);
    // A template placeholder that is not a declared path parameter still needs a value to make a URL.
    if (op) return op.path.replace(/\{[^}]*\}/g, 'conformance-probe');
  }
  return undefined;
}

async function servesAtRoot(target: string, basePath: string, contract: Contract, timeoutMs: number): Promise<boolean> {
  const path = basePathProbe(contract);
  if (path === undefined) return false;
  const client = new HttpClient({ timeoutMs, maxBodyBytes: 64 * 1024 });
  const status = async (prefix: string): Promise<number | undefined> => {
    const outcome = await client.send({ method: 'GET', url: `${target.replace(/\/+$/, '')}${prefix}${path}`, headers: { accept: '*/*' }, body: undefined });
    return outcome.ok ? outcome.response.status : undefined;
  };
  try {
    if ((await status(basePath)) !== 404) return false;
    const atRoot = await status('');
    return atRoot !== undefined && atRoot !== 404 && atRoot < 500;
  } finally {
    client.close();
  }
}

const UNKNOWN_STRING_ID = 'conformance-unknown-00000000';

function unknownIdFor(p: OpenAPIV3.ParameterObject): unknown {
  const schema = asSchema(p.schema);
  if (schema?.type === 'integer' || schema?.type === 'number') {
    const max = schema.maximum ?? (schema.format === 'int32' ? 2_147_483_647 : Number.MAX_SAFE_INTEGER);
    return max;
  }
  if (schema?.format === 'uuid') return 'ffffffff-ffff-4fff-bfff-ffffffffffff';
  return UNKNOWN_STRING_ID;
}

/**
 * Runs every selected check against the target: plan (operations in dependency
 * order), execute (positive, negative, state, auth, unknown ids, undocumented
 * methods), collect (judge each exchange with each check; shrink failing inputs).
 * Returns the results; prints nothing.
 */
export async function runConformance(options: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const { contract } = options;
  const seed = options.seed ?? DEFAULTS.seed;
  const examples = Math.max(1, options.examples ?? DEFAULTS.examples);
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const progress = options.onProgress ?? ((): void => undefined);

  for (const name of [...(options.checks ?? []), ...(options.skipChecks ?? [])]) {
    if (!CHECKS.some((c) => c.name === name) && !extraCheckKnown(name, options.extra)) throw new SelectionError(`unknown check "${name}" (known: ${CHECKS.map((c) => c.name).join(', ')})`);
  }
  for (const id of options.operations ?? []) {
    if (!contract.operationsById.has(id)) throw new SelectionError(`unknown operation "${id}" (known: ${contract.operations.map((o) => o.id).join(', ')})`);
  }
  const checks = CHECKS.filter((c) => (!options.checks || options.checks.length === 0 || options.checks.includes(c.name)) && !(options.skipChecks ?? []).includes(c.name));
  const wanted = (name: string): boolean => checks.some((c) => c.name === name);
  const selected = contract.operations.filter((op) => !options.operations || options.operations.length === 0 || options.operations.includes(op.id));
  // Among deletes, sub-resources go before the resource they hang from (`/identities/{id}/sessions` before `/identities/{id}`).
  const depth = (op: Operation): number => (op.method === 'delete' ? -op.path.split('/').length : 0);
  const ordered = [...selected].sort((a, b) => phase(a) - phase(b) || depth(a) - depth(b));

  // Reachability: one request to the base address. Unreachable means no connection could be made
  // (refused, unknown host, no route, connect timeout). A target that accepts the connection and then
  // hangs, closes or answers garbage is reachable and broken: it is judged (exit 1), and the circuit
  // breaker keeps a hanging one from costing a timeout per planned request.
  const probe = new HttpClient({ timeoutMs, maxBodyBytes: 1024 * 1024 });
  const reached = await probe.send({ method: 'GET', url: options.target, headers: { accept: 'application/json' }, body: undefined });
  probe.close();
  if (!reached.ok && reached.error.connected !== true && reached.error.kind !== 'bad_response' && reached.error.kind !== 'too_large') {
    throw new TargetUnreachableError(`target unreachable: ${options.target}: ${reached.error.message}`);
  }
  // An invalid contract is the user's to fix, not the server's fault (a usage error, exit 2). Checked
  // after the probe, never while it is on the wire: the check holds the event loop for a moment, and
  // a probe timer firing before its connection is seen would call a live target unreachable.
  const problems = contractProblems(contract);
  if (problems.length > 0) throw new SelectionError(`the contract is not a valid OpenAPI ${contract.document.openapi} document: ${problems.join('; ')}`);
  const rng = new Random(seed);
  const validator = new SchemaValidator(contract.version.schemaDialect);
  let total = 0;
  const credentials = new CredentialPlan(contract, { apiKey: options.apiKey, bearer: options.bearer, basic: options.basic, byScheme: options.auth, headers: options.headers });
  const notices: string[] = [...contract.notExercised];
  const internalErrors: string[] = [];
  for (const name of Object.keys(options.auth ?? {})) {
    if (!contract.securitySchemes.has(name)) throw new SelectionError(`--auth ${name}=…: the contract has no security scheme "${name}" (known: ${[...contract.securitySchemes.keys()].join(', ') || 'none'})`);
  }
  let basePath = effectiveBasePath(options.target, contract.basePath, options.basePath);
  if (basePath && options.basePath === undefined && (await servesAtRoot(options.target, basePath, contract, timeoutMs))) {
    notices.push(`the target serves the contract's paths without the base path ${basePath} of its servers entry (as Prism's mock does): requests go to ${options.target.replace(/\/+$/, '')} (override with --base-path)`);
    basePath = '';
  }
  if (basePath) notices.push(`requests go to ${options.target.replace(/\/+$/, '')}${basePath}: the base path ${options.basePath !== undefined ? 'given with --base-path' : "of the contract's first servers entry"} (override with --base-path)`);
  const fillRng = rng.fork(2);
  const session = new Session(
    contract,
    {
      target: options.target,
      basePath,
      credentials,
      retry: options.retry,
      headers: options.headers ?? {},
      timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
      wrongKey: `conformance-wrong-key-${seed}`,
      circuitBreaker: options.circuitBreaker ?? DEFAULTS.circuitBreaker,
      // Its own stream, so filling a follow-up's parameters does not shift the generated inputs.
      requiredValue: (p) => validParams([p], fillRng, 'random', validator)[p.name],
    },
    (exchange) => progress({ type: 'exchange', exchange, total: ++total }),
  );
  const resources = new Resources(contract, session, validator, rng.fork(1));
  const notes: Note[] = [];
  const note = (operation: string, check: string, reason: string): void => void notes.push({ operation, check, reason });
  const hasKey = credentials.any;
  const seen = new SeenValues(() => session.exchanges);
  const names = schemaNames(contract);

  try {
    for (const op of ordered) {
      progress({ type: 'phase', phase: op.id });
      const opRng = rng.fork(hash(op.id));
      try {
      const body = requestBodyOf(op);
      if (op.requestBody && !body) {
        note(op.id, 'positive_data_accepted', `${op.id} takes only ${Object.keys(op.requestBody.content).join(', ')} bodies, which the runner does not write`);
        notices.push(`request bodies in ${Object.keys(op.requestBody.content).join(', ')} are not generated: ${op.id} is not exercised`);
      }
      const authBlocked = op.requiresAuth && credentials.valid(op) === undefined;
      const needsInput = async (fresh: boolean, mode: ReturnType<typeof modeFor>): Promise<GeneratedInput | string> => {
        const params = await resources.pathParamsFor(op, fresh);
        if (!params.ok) return params.reason;
        let value: unknown;
        if (body) {
          value = validBody(op, opRng, mode, validator, names);
          if (value === undefined) return noBodyReason(op);
          if (isRecord(value)) {
            const filled = await resources.fillReferences(op, value);
            if (!filled.ok) return filled.reason;
          }
        }
        const query = validQuery(op, opRng, mode, validator);
        const headerParams = validParams(headerParameters(op), opRng, mode, validator);
        const cookieParams = validParams(cookieParameters(op), opRng, mode, validator);
        for (const p of queryParameters(op)) {
          // A reference filter (categoryId) points at a resource that exists when we can make one.
          const base = /^(.+?)(?:Id|_id)$/.exec(p.name)?.[1];
          const createOp = base ? resources.createOpFor(base) : undefined;
          if (p.name in query && createOp && hasKey) {
            const created = await resources.sharedResource(createOp);
            if (created.ok) query[p.name] = created.value.id;
          }
        }
        return { pathParams: params.value, query, body: value, contentType: body?.mediaType, headerParams, cookieParams, ...(params.guessed ? { guessedId: true } : {}) };
      };
      const send = (kind: Exchange['kind'], input: GeneratedInput, auth: 'valid' | 'none' | 'wrong', context = {}): Promise<Exchange> =>
        session.send({ reportAs: op.id, operation: op, kind, method: op.method, path: op.path, input, auth, context: input.guessedId ? { ...context, guessedId: true } : context });

      // Positive data, and the state flows that follow a success.
      const needPositive = ['positive_data_accepted', 'created_resource_readable', 'use_after_delete', 'response_schema', 'response_headers', 'content_type', 'deprecation_headers', 'sunset_enforced', 'status_code_documented', 'auth_enforced', 'not_a_server_error'].some(wanted);
      if (authBlocked) {
        for (const c of ['positive_data_accepted', 'negative_data_rejected', 'malformed_json_rejected', 'created_resource_readable', 'use_after_delete', 'not_found_for_unknown_id']) {
          note(op.id, c, credentials.missing(op));
        }
      } else if (needPositive && !(op.requestBody && !body)) {
        let listed = false;
        const deletedIds = new Set<string>();
        for (let i = 0; i < examples; i++) {
          const input = await needsInput(destructive(op), modeFor(i));
          if (typeof input === 'string') {
            for (const c of ['positive_data_accepted', 'created_resource_readable', 'use_after_delete']) note(op.id, c, input);
            break;
          }
          // Each resource is deleted once per case (RFC 9110 §9.3.5: after the first, it is gone, and a
          // 404 is right): a listed or documented id that comes back again is not deleted again.
          if (op.method === 'delete') {
            const key = JSON.stringify(input.pathParams);
            if (deletedIds.has(key)) break;
            deletedIds.add(key);
          }
          if (isRecord(input.body)) await resources.raiseStock(op, input.body);
          const exchange = await send('positive', input, 'valid');
          const ok = exchange.response !== undefined && isSuccess(op, exchange.response.status);
          if (!ok) continue;
          if (isCreate(op) && wanted('created_resource_readable')) {
            const cannot = await readBack(contract, session, op, exchange, input, !listed);
            if (cannot) note(op.id, 'created_resource_readable', cannot);
            listed = true;
          } else if (op.method === 'put' && wanted('created_resource_readable')) {
            const cannot = await readAfterReplace(contract, session, op, input);
            if (cannot) note(op.id, 'created_resource_readable', cannot);
          } else if (op.method === 'delete' && wanted('use_after_delete')) {
            // Only a DELETE of an item (its path ends in the item's parameter, RFC 9110 §9.3.5: the
            // target resource goes) makes its URL unreadable. A DELETE on a collection or a
            // sub-resource (`/playlists/{id}/tracks` with the tracks to remove in its body) removes
            // members: the collection stays, and reading it with 200 is right.
            if (/\}$/.test(requestPathOf(op.path))) {
              const cannot = await readAfterDelete(contract, session, op, input);
              if (cannot) note(op.id, 'use_after_delete', cannot);
            }
            else note(op.id, 'use_after_delete', `${op.method.toUpperCase()} ${op.path} removes members of a collection, not the resource at its URL`);
          }
        }
      }

      // Negative data: every single-defect mutation of a valid base, per example.
      if (!authBlocked && (wanted('negative_data_rejected') || wanted('error_shape') || wanted('not_a_server_error'))) {
        const mutations = mutationsFor(op.parameters, body, (reason) => note(op.id, 'negative_data_rejected', reason));
        let victim: GeneratedInput | string | undefined;
        for (let i = 0; i < examples && mutations.length > 0; i++) {
          const generated = await needsInput(false, 'random');
          if (typeof generated === 'string') {
            note(op.id, 'negative_data_rejected', generated);
            break;
          }
          let base = generated;
          if (destructive(op) && pathParameters(op).length > 0) {
            // One resource per operation absorbs the invalid writes (a server that wrongly accepts one changes only it).
            victim ??= await needsInput(true, 'random');
            if (typeof victim !== 'string') base = { ...base, pathParams: victim.pathParams };
          }
          for (const mutation of mutations) {
            const m: MutableInput = { pathParams: { ...base.pathParams }, query: { ...base.query }, body: structuredClone(base.body), contentType: base.contentType };
            mutation.apply(m);
            const headerParams = base.headerParams;
            const cookieParams = base.cookieParams;
            // A defect that cannot be made on this base (a field of a body that is not an object, as
            // when the only valid body is the contract's example string) leaves a valid request: sent
            // as a negative it would fail a server for accepting valid input.
            const unchanged =
              m.rawBody === undefined &&
              m.contentType === base.contentType &&
              JSON.stringify(m.body) === JSON.stringify(base.body) &&
              JSON.stringify(m.query) === JSON.stringify(base.query) &&
              JSON.stringify(m.pathParams) === JSON.stringify(base.pathParams);
            if (unchanged) continue;
            const bodyChanged = m.rawBody === undefined && m.body !== undefined && body && JSON.stringify(m.body) !== JSON.stringify(base.body);
            if (bodyChanged && body && validator.check(body.schema, m.body, 'request').valid) continue; // not actually invalid
            await send('negative', { ...m, headerParams, cookieParams, ...(base.guessedId ? { guessedId: true } : {}) }, 'valid', { defect: mutation.defect });
          }
        }
      }

      // Malformed JSON declared as application/json.
      if (!authBlocked && body?.json && wanted('malformed_json_rejected')) {
        const base = await needsInput(false, 'random');
        if (typeof base !== 'string') {
          const text = JSON.stringify(base.body ?? {});
          await send('malformed_json', { ...base, rawBody: `${text.slice(0, Math.max(1, text.length - 1))},`, contentType: 'application/json' }, 'valid');
        } else note(op.id, 'malformed_json_rejected', base);
      }

      // Credentials: without, and with a wrong key.
      if (op.requiresAuth && wanted('auth_enforced')) {
        for (const auth of ['none', 'wrong'] as const) {
          let input = !authBlocked ? await needsInput(destructive(op), 'random') : await inputWithoutKey(op, resources, opRng, validator);
          if (typeof input === 'string') input = await inputWithoutKey(op, resources, opRng, validator);
          await send(auth === 'none' ? 'no_auth' : 'wrong_auth', input, auth);
        }
      }

      // An identifier no one created: only a parameter that names a resource, a value its schema
      // admits that no answer has shown, and the operation's other required inputs all present.
      const pathParams = pathParameters(op);
      if (pathParams.length > 0 && wanted('not_found_for_unknown_id') && !authBlocked) {
        if (!documentedResponse(op.responses, 404)) {
          note(op.id, 'not_found_for_unknown_id', `${op.id} documents no 404`);
        } else {
          const probe = unknownIdProbe(contract, op, validator, opRng, (v) => seen.has(v));
          const base = probe.ok ? await needsInput(false, 'random') : undefined;
          if (!probe.ok) note(op.id, 'not_found_for_unknown_id', probe.reason);
          else if (typeof base === 'string' || base === undefined) note(op.id, 'not_found_for_unknown_id', `not sent: the operation's other required inputs could not be made (${base ?? 'no input'})`);
          else await send('unknown_id', { ...base, pathParams: { ...base.pathParams, [probe.param.name]: probe.value } }, 'valid');
        }
      }
      } catch (error) {
        // One operation's trouble is the runner's, not the server's: say so and go on with the others.
        const message = `${op.id}: internal error while exercising it: ${error instanceof Error ? error.message : String(error)}`;
        internalErrors.push(message);
        for (const c of CHECKS) note(op.id, c.name, message);
      }
    }

    // Undocumented methods, once per path (reported under the path's first selected operation).
    if (wanted('method_not_allowed') || wanted('error_shape')) {
      const seen = new Set<string>();
      for (const op of selected) {
        if (seen.has(op.path)) continue;
        seen.add(op.path);
        const documented = contract.operations.filter((o) => o.path === op.path).map((o) => o.method);
        const method = (['patch', 'delete', 'put', 'post', 'get'] as const).find((m) => !documented.includes(m));
        if (!method) {
          note(op.id, 'method_not_allowed', `every common method is documented on ${op.path}`);
          continue;
        }
        const input = await resources.pathParamsFor(op, false);
        const pathParams = input.ok ? input.value : Object.fromEntries(pathParameters(op).map((p) => [p.name, unknownIdFor(p)]));
        await session.send({
          reportAs: op.id,
          operation: op,
          kind: 'wrong_method',
          method,
          path: op.path,
          input: { pathParams, query: {}, body: undefined, contentType: undefined },
          auth: 'valid',
          context: { documentedMethods: HTTP_METHODS.filter((m) => documented.includes(m)).map((m) => m.toUpperCase()) },
        });
      }
    }

    progress({ type: 'phase', phase: 'judging' });
    const pathRepresentatives = new Set<string>();
    const paths = new Set<string>();
    for (const op of selected) if (!paths.has(op.path)) [paths.add(op.path), pathRepresentatives.add(op.id)];
    const ctx: CheckContext = { contract, validator, errorSchema: commonErrorSchema(contract), pathRepresentatives };
    const results = await collect({
      session,
      ctx,
      checks,
      operations: selected,
      exchanges: session.exchanges,
      notes,
      strict: options.strict ?? false,
      validator,
      onInternalError: (operation, error) => void internalErrors.push(`${operation}: internal error while judging it: ${error instanceof Error ? error.message : String(error)}`),
    });
    const coverage = coverageOf(selected, session.exchanges, notes);
    if (session.retried > 0) notices.push(`rate limits: ${session.retried} request(s) were sent again after waiting out Retry-After`);
    notices.push(...validator.notices);
    if (internalErrors.length > 0) notices.push(...internalErrors);
    // --- issue 11 hook: workflows and generic rules, after the per-operation checks ---
    progress({ type: 'phase', phase: 'workflows' });
    // Workflows address the target as the per-operation requests do: under the same base path.
    const workflowTarget = `${options.target.replace(/\/+$/, '')}${basePath}`;
    results.push(...(await runExtraChecks({ options, session, contract, validator, target: workflowTarget, timeoutMs, maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes })));
    // --- end of issue 11 hook ---
    const summary = {
      passed: results.filter((r) => r.status === 'passed').length,
      failed: results.filter((r) => r.status === 'failed').length,
      skipped: results.filter((r) => r.status === 'skipped').length,
      warnings: results.filter((r) => r.status === 'warning').length,
    };
    // Checked on the per-operation exchanges, which carry the credentials where the contract says.
    const credentialsRefused = refusedCredentials(session.exchanges, contract, credentials.givenFlags());
    if (credentialsRefused !== undefined) notices.unshift(credentialsRefused);
    const report: RunReport = {
      target: options.target,
      seed,
      examples,
      strict: options.strict ?? false,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      operations: selected.map((o) => o.id),
      checks: [...checks.map((c) => c.name), ...results.map((r) => r.check).filter((name, i, all) => !CHECKS.some((c) => c.name === name) && all.indexOf(name) === i)],
      results,
      summary,
      requests: session.exchanges.filter((e) => e.error?.kind !== 'not_sent').length,
      ...breakerSummary(session),
      coverage,
      notices,
      ...(credentialsRefused !== undefined ? { credentialsRefused } : {}),
      ...(internalErrors.length > 0 ? { internalErrors } : {}),
    };
    progress({ type: 'done', report });
    return report;
  } finally {
    session.close();
  }
}

/**
 * An operation is exercised when a valid request for it (generated, or a read-back) got a documented success
 * answer (a 2xx the operation documents; for an operation documenting no 2xx, any status it
 * documents), so the checks judged what the operation is for. A target that answers every request
 * 404 (a wrong base path, `--target …/docs`) exercised nothing. The others are listed with the
 * first reason the run noted for them (PRODUCT.md §4).
 */
const VALID_KINDS: ReadonlySet<Exchange['kind']> = new Set(['positive', 'read_back', 'list_back', 'prerequisite']);

function coverageOf(operations: readonly Operation[], exchanges: readonly Exchange[], notes: readonly Note[]): Coverage {
  const notExercised: Array<{ operation: string; reason: string }> = [];
  for (const op of operations) {
    // Valid requests for the operation: its generated ones, and the reads and lists of a resource the run made.
    const positives = exchanges.filter((e) => VALID_KINDS.has(e.kind) && e.requestedOperationId === op.id);
    if (positives.some((e) => e.response !== undefined && isDocumentedSuccess(op.responses, e.response.status))) continue;
    const answered = positives.filter((e) => e.response !== undefined);
    const statuses = [...new Set(answered.map((e) => e.response!.status))].sort();
    const undocumentedAnswers =
      answered.length > 0
        ? `no valid request got a documented success answer: ${answered.length === 1 ? 'its answer was' : `its ${answered.length} answers were`} ${statuses.join(', ')} (${answered[0]!.request.method} ${answered[0]!.request.url})`
        : undefined;
    const reason =
      undocumentedAnswers ??
      notes.find((n) => n.operation === op.id && n.check === 'positive_data_accepted')?.reason ??
      notes.find((n) => n.operation === op.id)?.reason ??
      positives.find((e) => e.error)?.error?.message ??
      'no valid request could be made for it';
    notExercised.push({ operation: op.id, reason });
  }
  return { exercised: operations.length - notExercised.length, total: operations.length, notExercised };
}

/** The honest account of what the circuit breaker held back, for the report. */
function breakerSummary(session: Session): Pick<RunReport, 'notSent' | 'circuitBreaker'> {
  const state = session.breakerState;
  if (state.heldBack === 0) return {};
  const routes = state.routes.length > 0 ? `stopped sending ${state.routes.join(', ')} after repeated timeouts` : undefined;
  const reason = [state.reason?.replace(/^not sent: /, ''), routes].filter(Boolean).join('; ');
  return { notSent: state.heldBack, circuitBreaker: `${reason}: ${state.heldBack} request(s) not sent (their checks are skipped, not passed)` };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Without a key nothing can be created: take ids the server lists, else an unknown one. */
async function inputWithoutKey(op: Operation, resources: Resources, rng: Random, validator: SchemaValidator): Promise<GeneratedInput> {
  const params = await resources.pathParamsFor(op, false);
  const body = requestBodyOf(op);
  return {
    pathParams: params.ok ? params.value : Object.fromEntries(pathParameters(op).map((p) => [p.name, unknownIdFor(p)])),
    query: {},
    body: body ? validBody(op, rng, 'random', validator, schemaNames(resources.contract)) : undefined,
    contentType: body?.mediaType,
  };
}

/** Fields sent that the read response also has (and may show): what a read must give back unchanged. */
function expectedFields(sent: unknown, readSchema: Schema | undefined): Record<string, unknown> {
  if (!isRecord(sent)) return {};
  const props = readSchema ? properties(readSchema) : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) {
    const prop = props?.get(k);
    if (props && (!prop || prop.writeOnly === true)) continue;
    out[k] = v;
  }
  return out;
}

/** The GET on the same path as a write, or on the item path of a create (`/pets` → `/pets/{petId}`). */
function readOpFor(contract: Contract, path: string): Operation | undefined {
  return contract.operations.find((o) => o.method === 'get' && o.path === path);
}

function okJson(exchange: Exchange): unknown {
  const r = exchange.response;
  if (!r || r.status < 200 || r.status > 299) return undefined;
  try {
    return JSON.parse(r.body) as unknown;
  } catch {
    return undefined;
  }
}

/** The read operation the 201's `links` name for the new resource, else the GET on `<collection>/{param}`. */
function readerOfCreated(contract: Contract, create: Operation, created: Record<string, unknown>, location: string | undefined, url: string): { op: Operation; params: Record<string, unknown>; id: unknown } | undefined {
  for (const [status, response] of Object.entries(create.responses)) {
    if (!status.startsWith('2')) continue;
    for (const link of Object.values(response.links ?? {})) {
      if ('$ref' in link || !link.operationId) continue;
      const op = contract.operationsById.get(link.operationId);
      if (!op || op.method !== 'get' || op.path.split('/').length !== create.path.split('/').length + 1) continue;
      const params: Record<string, unknown> = {};
      let id: unknown;
      for (const [name, expr] of Object.entries((link.parameters ?? {}) as Record<string, unknown>)) {
        // OAS 3.0.3 §4.7.20.4 runtime expressions: a body field, or a response header (Location).
        const m = typeof expr === 'string' ? /^\$response\.body#\/(.+)$/.exec(expr) : null;
        const h = typeof expr === 'string' ? /^\$response\.header\.(.+)$/i.exec(expr) : null;
        const value = m?.[1] ? created[m[1].split('/')[0] ?? ''] : h?.[1]?.toLowerCase() === 'location' ? identifierOf(undefined, undefined, undefined, location, url) : undefined;
        if (value !== undefined) params[name.replace(/^path\./, '')] = id = value;
      }
      if (Object.keys(params).length === pathParameters(op).length) return { op, params, id };
    }
  }
  const op = contract.operations.find((o) => o.method === 'get' && o.path.startsWith(`${create.path}/{`) && pathParameters(o).length === pathParameters(create).length + 1 && !o.path.slice(create.path.length + 1).includes('/'));
  const param = op ? pathParameters(op).at(-1) : undefined;
  if (!op || !param) return undefined;
  const id = identifierOf(created, param.name, undefined, location, url);
  return id === undefined ? undefined : { op, params: { [param.name]: id }, id };
}

/** Walks the list of a collection (largest page the contract allows) and returns every id seen. */
async function listIds(session: Session, listOp: Operation, reportAs: string, kind: Exchange['kind'], context: Exchange['context'], field = 'id', pathParams: Readonly<Record<string, unknown>> = {}): Promise<Exchange | undefined> {
  const limitParam = queryParameters(listOp).find((p) => p.name === 'limit');
  const offsetParam = queryParameters(listOp).find((p) => p.name === 'offset');
  const limit = limitParam ? (asSchema(limitParam.schema)?.maximum ?? 100) : undefined;
  const ids: unknown[] = [];
  let last: Exchange | undefined;
  let pages = 0;
  for (let offset = 0; pages < 50; pages++) {
    const query: Record<string, unknown> = {};
    if (limit !== undefined) query['limit'] = limit;
    if (offsetParam) query['offset'] = offset;
    last = await session.send({ reportAs, operation: listOp, kind: 'prerequisite', method: 'get', path: listOp.path, input: { pathParams, query, body: undefined, contentType: undefined }, auth: 'valid', unrecorded: true });
    const items = listItems(okJson(last), listOp.path.split('/').filter((s) => s !== '' && !s.startsWith('{')).at(-1));
    if (!items) break;
    for (const item of items) if (isRecord(item)) ids.push(item[field] ?? item['id']);
    if (!offsetParam || limit === undefined || items.length < limit || items.length === 0 || ids.some((id) => id === context.resourceId)) break;
    offset += items.length;
  }
  if (!last) return undefined;
  // Record the walk as one exchange: its last page, with every id seen.
  const exchange = await session.send({
    reportAs,
    operation: listOp,
    kind,
    method: 'get',
    path: listOp.path,
    input: last.input ?? { pathParams, query: {}, body: undefined, contentType: undefined },
    auth: 'valid',
    context: { ...context, listedIds: ids, pagesWalked: pages + 1 },
  });
  return exchange;
}

/** Reads a created resource back (and lists it); the reason when the contract gives no way to. */
async function readBack(contract: Contract, session: Session, create: Operation, exchange: Exchange, input: GeneratedInput, list: boolean): Promise<string | undefined> {
  // A create may answer without a body (201 + Location, RFC 9110 §15.3.2): the Location alone names it.
  const answered = okJson(exchange);
  const created = isRecord(answered) ? answered : {};
  const location = exchange.response?.headers['location'];
  const reader = readerOfCreated(contract, create, created, location, exchange.request.url);
  if (!reader) {
    return isRecord(answered) || location !== undefined
      ? `no read of what ${create.id} created: no links, and no GET ${create.path}/{id} takes the identifier its answer gives`
      : `${create.id} answered neither a JSON object nor a Location: nothing names what it created`;
  }
  const readSchema = responseJsonSchema(reader.op.responses['200'] ?? ({} as OpenAPIV3.ResponseObject))?.schema;
  const idField = Object.entries(created).find(([, v]) => v === reader.id)?.[0] ?? 'id';
  const context = { expectedFields: expectedFields(input.body, readSchema), resourceId: reader.id, after: 'create' as const };
  await session.send({ reportAs: create.id, operation: reader.op, kind: 'read_back', method: 'get', path: reader.op.path, input: { pathParams: { ...input.pathParams, ...reader.params }, query: {}, body: undefined, contentType: undefined }, auth: 'valid', context });
  const listOp = contract.operations.find((o) => o.method === 'get' && o.path === create.path);
  // Only a list without required query parameters can be walked as is (they may filter it); the
  // session fills required headers and cookies (a tenant id) as for any follow-up.
  if (list && listOp && !listOp.parameters.some((p) => p.required === true && p.in === 'query')) await listIds(session, listOp, create.id, 'list_back', context, idField, input.pathParams);
  return undefined;
}

async function readAfterReplace(contract: Contract, session: Session, op: Operation, input: GeneratedInput): Promise<string | undefined> {
  const reader = readOpFor(contract, op.path);
  if (!reader) return `no GET on ${op.path} reads the replaced resource back`;
  const readSchema = responseJsonSchema(reader.responses['200'] ?? ({} as OpenAPIV3.ResponseObject))?.schema;
  const context = { expectedFields: expectedFields(input.body, readSchema), resourceId: Object.values(input.pathParams).pop(), after: 'replace' as const };
  await session.send({ reportAs: op.id, operation: reader, kind: 'read_back', method: 'get', path: reader.path, input: { pathParams: input.pathParams, query: {}, body: undefined, contentType: undefined }, auth: 'valid', context });
  return undefined;
}

async function readAfterDelete(contract: Contract, session: Session, op: Operation, input: GeneratedInput): Promise<string | undefined> {
  const resourceId = Object.values(input.pathParams).pop();
  const reader = readOpFor(contract, op.path);
  const readInput = { pathParams: input.pathParams, query: {}, body: undefined, contentType: undefined };
  if (reader) {
    const exchange = await session.send({ reportAs: op.id, operation: reader, kind: 'read_after_delete', method: 'get', path: reader.path, input: readInput, auth: 'valid', context: { resourceId } });
    // A read past its sunset says 410 for everything: ask the list instead.
    if (exchange.response?.status !== 410) return undefined;
  }
  const parent = op.path.slice(0, op.path.lastIndexOf('/{'));
  const listOp = contract.operations.find((o) => o.method === 'get' && o.path === parent);
  if (!listOp) return reader ? `${reader.id} is past its sunset and no GET ${parent} lists the collection` : `neither a GET on ${op.path} nor a GET ${parent} can show whether the resource is gone`;
  await listIds(session, listOp, op.id, 'read_after_delete', { resourceId });
  return undefined;
}
