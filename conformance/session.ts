import type { OpenAPIV3 } from 'openapi-types';
import type { Contract, Operation } from '../src/contract/index.js';
import type { CredentialPlan, Placement } from './credentials.js';
import { encodeBody } from './http/body.js';
import { asSchema, effective, isRecord } from './cases/schema.js';

const effectiveOf = (schema: unknown): OpenAPIV3.SchemaObject | undefined => {
  const s = asSchema(schema);
  return s ? effective(s) : undefined;
};
import { HttpClient, type HttpOutcome, type OutgoingRequest } from './http/client.js';
import { REDACTED_KEY } from './http/curl.js';
import { withoutQueryParameterMembers, withQuery } from './http/target.js';
import { asksToComeBack, DEFAULT_MAX_RETRY_AFTER_S, retryDelayMs } from './http/rate-limit.js';
import {
  querystringParameter,
  requestPath,
  serialiseCookie,
  serialiseHeader,
  serialisePath,
  serialiseQuery,
  serialiseQuerystring,
} from '../src/contract/index.js';
import type { Exchange, ExchangeContext, ExchangeKind, GeneratedInput } from './types.js';

/** What a sender of already-built requests (workflow steps) needs of the session. */
export interface BuiltRequestSender {
  sendBuilt(request: OutgoingRequest, route: string): Promise<HttpOutcome>;
}

export type AuthMode = 'valid' | 'none' | 'wrong';

export interface SendSpec {
  /** The operation the exchange is reported under. */
  readonly reportAs: string;
  /** The operation whose security and path this request uses; undefined for an undocumented method. */
  readonly operation: Operation | undefined;
  readonly kind: ExchangeKind;
  readonly method: string;
  /** The path template of the contract, `/pets/{petId}`. */
  readonly path: string;
  readonly input: GeneratedInput;
  readonly auth: AuthMode;
  readonly context?: ExchangeContext;
  /** Keep the exchange out of the run's record (shrinking attempts). */
  readonly unrecorded?: boolean;
}

/**
 * When to stop sending to a target that keeps timing out: after `perRoute`
 * timeouts in a row on one method + path, that route; after `consecutive`
 * timeouts in a row on any routes, everything. Any answer (even a failure
 * that is not a timeout) resets the counts. Without it a hanging target costs
 * --timeout per request for the whole plan; with it, at most
 * min(consecutive, routes × perRoute) timeouts in a row.
 */
export interface CircuitBreaker {
  readonly perRoute: number;
  readonly consecutive: number;
}

/** How long the runner waits out a rate limit (RFC 6585 §4, RFC 9110 §10.2.3 Retry-After): per wait, and in all. */
export interface RetryBudget {
  readonly maxWaitMs: number;
  readonly totalMs: number;
  readonly retries: number;
}

export const DEFAULT_BREAKER: CircuitBreaker = { perRoute: 2, consecutive: 4 };

/**
 * Any Retry-After up to --max-retry-after (default 5 s) is waited out, by every request of the run
 * (checks, rules, probes and workflow steps all send through the session); longer ones are not, and
 * what they answered is skipped naming the wait (http/rate-limit.ts). `totalMs` bounds the time all
 * requests spend waiting, counted as wall-clock time (concurrent waits overlap), so a target that
 * limits every request cannot stretch a run without end.
 */
export const DEFAULT_RETRY: RetryBudget = { maxWaitMs: DEFAULT_MAX_RETRY_AFTER_S * 1000, totalMs: 300_000, retries: 2 };

export interface SessionOptions {
  readonly target: string;
  /** The path prefix put before every contract path (the servers' base path), `''` for none. */
  readonly basePath?: string;
  readonly credentials: CredentialPlan;
  readonly retry?: RetryBudget;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly wrongKey: string;
  /** false: send every request whatever happens. */
  readonly circuitBreaker: CircuitBreaker | false;
  /**
   * A valid value for a required parameter a request left out (see Session.complete); undefined
   * when none can be made. Without it such parameters stay out.
   */
  readonly requiredValue?: (p: OpenAPIV3.ParameterObject) => unknown;
  /**
   * A valid body, and the media type it is sent in, for an operation whose required body a request
   * left out (see Session.complete); undefined when none can be made.
   */
  readonly requiredBody?: (
    operation: Operation,
  ) => { readonly body: unknown; readonly contentType: string } | undefined;
}

/** Headers the session sets itself (content negotiation, credentials): never filled as parameters. */
const SESSION_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * Kinds whose input is the runner's own follow-up of a generated request (reads after writes, list
 * walks, prerequisites, credential and method probes). Negative and malformed inputs are left as
 * they are (leaving a parameter out may be their defect), and workflow steps and rule probes
 * send what their author wrote.
 */
const COMPLETED_KINDS: ReadonlySet<ExchangeKind> = new Set<ExchangeKind>([
  'positive',
  'no_auth',
  'wrong_auth',
  'unknown_id',
  'wrong_method',
  'read_back',
  'list_back',
  'read_after_delete',
  'prerequisite',
]);

/**
 * Sends requests for the runner and records each exchange. It knows how to put
 * credentials where the contract's security schemes say (header, query or cookie),
 * and never follows redirects: the target is the only host it talks to. It
 * stops sending to a target that keeps timing out (see CircuitBreaker); what it
 * holds back is recorded as `not_sent`, never as an answer.
 */
export class Session implements BuiltRequestSender {
  readonly exchanges: Exchange[] = [];
  private readonly client: HttpClient;
  private seq = 0;
  private consecutiveTimeouts = 0;
  private readonly routeTimeouts = new Map<string, number>();
  private readonly openRoutes = new Map<string, string>();
  private openReason: string | undefined;
  private heldBack = 0;

  constructor(
    private readonly contract: Contract,
    private readonly options: SessionOptions,
    private readonly onExchange: (exchange: Exchange) => void,
  ) {
    this.client = new HttpClient({ timeoutMs: options.timeoutMs, maxBodyBytes: options.maxResponseBytes });
  }

  /** Whether valid credentials were given at all (some checks are skipped without them). */
  get hasKey(): boolean {
    return this.options.credentials.any;
  }

  get credentials(): CredentialPlan {
    return this.options.credentials;
  }

  /** Values sent so far for header and cookie parameters, by `in` and lower-case name. */
  private readonly sentParams = new Map<string, unknown>();

  /**
   * The input with every required parameter of the operation that it leaves out filled in. A
   * required header such as a tenant id (`xero-tenant-id`) or a required query parameter belongs
   * to every request of the operation (OAS 3.0.3 §4.7.12 `required`): a read after a create sent
   * without it is answered 400/422, which no check must take for the server's defect. Header and
   * cookie values already sent in this run are reused (the same tenant for the write and the read
   * of one resource), else the runner's generator makes one.
   */
  private complete(spec: SendSpec): GeneratedInput {
    const op = spec.operation;
    const input = spec.input;
    if (!op) return input;
    const remember = spec.kind !== 'negative' && spec.kind !== 'malformed_json' && spec.kind !== 'non_utf8';
    if (remember) {
      for (const [name, value] of Object.entries(input.headerParams ?? {}))
        if (value !== undefined && !this.sentParams.has(`header ${name.toLowerCase()}`))
          this.sentParams.set(`header ${name.toLowerCase()}`, value);
      for (const [name, value] of Object.entries(input.cookieParams ?? {}))
        if (value !== undefined && !this.sentParams.has(`cookie ${name}`)) this.sentParams.set(`cookie ${name}`, value);
    }
    if (!COMPLETED_KINDS.has(spec.kind)) return input;
    const fill = (
      where: 'header' | 'cookie' | 'query',
      given: Readonly<Record<string, unknown>> | undefined,
    ): Record<string, unknown> | undefined => {
      let out: Record<string, unknown> | undefined;
      for (const p of op.parameters) {
        if (p.in !== where || p.required !== true) continue;
        if (where === 'header' && SESSION_HEADERS.has(p.name.toLowerCase())) continue;
        const present =
          where === 'header'
            ? Object.keys(given ?? {}).some((n) => n.toLowerCase() === p.name.toLowerCase())
            : given?.[p.name] !== undefined;
        if (present) continue;
        const key = `${where} ${where === 'header' ? p.name.toLowerCase() : p.name}`;
        const value = this.sentParams.get(key) ?? this.options.requiredValue?.(p);
        if (value === undefined) continue;
        out ??= { ...(given ?? {}) };
        out[p.name] = value;
      }
      return out;
    };
    const headerParams = fill('header', input.headerParams);
    const cookieParams = fill('cookie', input.cookieParams);
    const query = fill('query', input.query);
    // A required body belongs to every request of the operation as a required parameter does (OAS
    // 3.0.3 §4.7.13 `required`): a list read after a create (SES's `ListContacts`, a GET taking a
    // JSON filter) sent without it was refused 415, and no check must take that for the server's
    // answer. A method probe is left as it is: its method takes no body of this operation's.
    const body =
      op.requestBody?.required === true &&
      spec.kind !== 'wrong_method' &&
      input.body === undefined &&
      input.rawBody === undefined
        ? this.options.requiredBody?.(op)
        : undefined;
    if (!headerParams && !cookieParams && !query && !body) return input;
    return {
      ...input,
      ...(headerParams ? { headerParams } : {}),
      ...(cookieParams ? { cookieParams } : {}),
      ...(query ? { query } : {}),
      ...(body ? { body: body.body, contentType: body.contentType } : {}),
    };
  }

  /**
   * What sending `spec` would do to the session, without sending it: the header and cookie values
   * it carries are remembered and the values it lacks are generated, as send() does. A shard
   * (conformance/shard) withholds the safe requests of the operations it does not judge, and its
   * later requests must still carry the values the whole run's do.
   */
  withhold(spec: SendSpec): void {
    this.complete(spec);
  }

  /** Rate-limit waits so far (for the report). */
  retried = 0;
  private waitedMs = 0;
  private waitingUntil = 0;

  url(
    path: string,
    pathParams: Readonly<Record<string, unknown>>,
    query: Readonly<Record<string, unknown>>,
    operation?: Operation,
    rawQuery: readonly string[] = [],
  ): string {
    const param = (name: string, where: string): OpenAPIV3.ParameterObject | undefined =>
      operation?.parameters.find((p) => p.name === name && p.in === where);
    // A path key's fragment is never sent (src/contract/path-template.ts); the query follows the path,
    // after the key's own query where the key carries one (http/target.ts).
    const key = withoutQueryParameterMembers(
      requestPath(path),
      (name) => param(name, 'query') !== undefined && param(name, 'path') === undefined,
    );
    const filled = key.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = pathParams[name];
      if (value === undefined) return `{${name}}`;
      const p = param(name, 'path');
      return p ? serialisePath(p, value) : encodeURIComponent(String(value));
    });
    const pieces: string[] = [...rawQuery];
    const querystring = operation ? querystringParameter(operation.parameters) : undefined;
    for (const [name, value] of Object.entries(query)) {
      // OpenAPI 3.2's `in: querystring`: the value is the whole query string, in its media type.
      if (querystring && name === querystring.parameter.name && !param(name, 'query'))
        pieces.push(serialiseQuerystring(querystring.mediaType, value));
      else pieces.push(...serialiseQuery(param(name, 'query'), name, value));
    }
    const qs = pieces.join('&');
    const base = `${this.options.target.replace(/\/+$/, '')}${(this.options.basePath ?? '').replace(/\/+$/, '')}`;
    return `${base}${withQuery(filled, qs)}`;
  }

  async send(given: SendSpec): Promise<Exchange> {
    const spec: SendSpec = { ...given, input: this.complete(given) };
    const headers: Record<string, string> = {};
    const recorded: Record<string, string> = {};
    const set = (name: string, value: string, shown = value): void => {
      headers[name.toLowerCase()] = value;
      recorded[name.toLowerCase()] = shown;
    };
    const unset = (name: string): void => {
      delete headers[name];
      delete recorded[name];
    };
    set('accept', 'application/json, */*;q=0.5');
    for (const [name, value] of Object.entries(this.options.headers)) set(name, value);
    const plan = this.options.credentials;
    const op = spec.operation;
    for (const [name, value] of Object.entries(spec.input.headerParams ?? {})) {
      const p = op?.parameters.find((x) => x.name === name && x.in === 'header');
      // An empty list is undefined in RFC 6570 §2.3, and an undefined variable expands to nothing:
      // an optional header is left out (beezup's `Accept-Language`, an array: an empty field was refused 400).
      const empty = Array.isArray(value) ? value.length === 0 : isRecord(value) && Object.keys(value).length === 0;
      if (empty && p?.required !== true) continue;
      if (value !== undefined) set(name, p ? serialiseHeader(p, value) : String(value));
    }
    const cookies: string[] = [];
    const shownCookies: string[] = [];
    for (const [name, value] of Object.entries(spec.input.cookieParams ?? {})) {
      const p = op?.parameters.find((x) => x.name === name && x.in === 'cookie');
      if (value === undefined || !p) continue;
      const pairs = serialiseCookie(p, value);
      cookies.push(...pairs);
      shownCookies.push(...pairs);
    }
    const query: Record<string, unknown> = { ...spec.input.query };
    const credentialQuery = plan.credentialQuery();
    if (spec.auth !== 'valid') {
      // Without (or with wrong) credentials means without any the run sends: those a --header
      // supplied too (an Authorization, a Cookie, any apiKey header, any header carrying a given secret).
      // Only a header the user supplied can carry a secret by value: the runner's own headers (Accept,
      // generated header parameters such as a tenant id) never do, and a short credential ("t") is a
      // substring of nearly any value, which would strip them and change the request beyond its
      // credentials.
      const secrets = plan.secrets();
      const supplied = new Set(Object.keys(this.options.headers).map((n) => n.toLowerCase()));
      for (const name of Object.keys(headers)) {
        if (
          plan.credentialHeaders().has(name) ||
          (supplied.has(name) && secrets.some((s) => (headers[name] ?? '').includes(s)))
        )
          unset(name);
      }
      for (const name of credentialQuery) delete query[name];
    }
    let placements: Placement[] = [];
    // Valid credentials are shown as the variables a reproduce command reads them from; wrong ones as sent.
    let shownValue = (placement: Placement): string => placement.value;
    const securedOp =
      spec.kind === 'wrong_method'
        ? op?.requiresAuth
          ? op
          : this.contract.operations.find((o) => o.requiresAuth)
        : op;
    if (securedOp?.security.some((r) => Object.keys(r).length > 0)) {
      if (spec.auth === 'valid') {
        placements = (securedOp.requiresAuth || spec.kind === 'wrong_method' ? plan.valid(securedOp) : undefined) ?? [];
        shownValue = (placement) => placement.shown;
      } else if (spec.auth === 'wrong') {
        placements = plan.wrong(securedOp, this.options.wrongKey);
      }
    }
    const rawQuery: string[] = [];
    // Two schemes of one requirement may name the same place (fec.gov's `ApiKeyQueryAuth` and
    // `apiKey`, both `api_key` in the query): the one value sent there serves both. Sent twice, the
    // single-valued parameter became a list, refused "must be string".
    const placed = new Set<string>();
    for (const placement of placements) {
      const where = `${placement.in} ${placement.in === 'header' ? placement.name.toLowerCase() : placement.name}`;
      if (placed.has(where)) continue;
      placed.add(where);
      if (placement.in === 'header') set(placement.name, placement.value, shownValue(placement));
      else if (placement.in === 'query') {
        delete query[placement.name];
        rawQuery.push(`${encodeURIComponent(placement.name)}=${encodeURIComponent(placement.value)}`);
      } else {
        cookies.push(`${placement.name}=${encodeURIComponent(placement.value)}`);
        shownCookies.push(`${placement.name}=${shownValue(placement)}`);
      }
    }
    if (cookies.length > 0) {
      const existing = spec.auth === 'valid' ? headers['cookie'] : undefined;
      set(
        'cookie',
        [existing, ...cookies].filter(Boolean).join('; '),
        [existing, ...shownCookies].filter(Boolean).join('; '),
      );
    }
    let body: string | undefined;
    let contentType = spec.input.contentType;
    const bodyEncoding = spec.input.rawBody !== undefined ? spec.input.rawBodyEncoding : undefined;
    if (spec.input.rawBody !== undefined) body = spec.input.rawBody;
    else if (spec.input.body !== undefined) {
      const media = contentType ? op?.requestBody?.content[contentType] : undefined;
      const encoded = encodeBody(
        spec.input.body,
        contentType ?? 'application/json',
        media?.encoding ?? {},
        effectiveOf(media?.schema),
      );
      body = encoded.body;
      contentType = encoded.contentType;
    }
    if (body !== undefined && contentType) set('content-type', contentType);
    const url = this.url(spec.path, spec.input.pathParams, query, op, rawQuery);
    // The reproduce command must not carry a valid key given in the query either.
    const shownUrl =
      spec.auth === 'valid'
        ? rawQuery.reduce(
            (u, piece) => u.replace(piece, `${piece.split('=')[0] ?? ''}=${encodeURIComponent(REDACTED_KEY)}`),
            url,
          )
        : url;
    const route = `${spec.method.toUpperCase()} ${spec.path}`;
    const held = this.openReason ?? this.openRoutes.get(route);
    let outcome: HttpOutcome = held
      ? { ok: false, error: { kind: 'not_sent', message: held, bytesReceived: 0 } }
      : await this.client.send({
          method: spec.method.toUpperCase(),
          url,
          headers,
          body,
          ...(bodyEncoding ? { bodyEncoding } : {}),
        });
    if (held) this.heldBack++;
    else {
      this.trip(route, outcome);
      outcome = await this.waitOutRateLimit(outcome, {
        method: spec.method.toUpperCase(),
        url,
        headers,
        body,
        ...(bodyEncoding ? { bodyEncoding } : {}),
      });
    }
    const exchange: Exchange = {
      seq: ++this.seq,
      operationId: spec.reportAs,
      requestedOperationId: spec.kind === 'wrong_method' ? undefined : spec.operation?.id,
      kind: spec.kind,
      request: {
        method: spec.method.toUpperCase(),
        url: shownUrl,
        headers: recorded,
        body,
        ...(bodyEncoding ? { bodyEncoding } : {}),
      },
      response: outcome.ok ? outcome.response : undefined,
      error: outcome.ok ? undefined : outcome.error,
      input: spec.input,
      context: {
        ...(spec.context ?? {}),
        ...(!this.hasKey || (securedOp?.requiresAuth === true && plan.valid(securedOp) === undefined)
          ? { noKeyGiven: true }
          : {}),
      },
    };
    if (!spec.unrecorded) {
      this.exchanges.push(exchange);
      // Progress counts requests that went out.
      if (!held) this.onExchange(exchange);
    }
    return exchange;
  }

  /**
   * Sends a request already built by its author (an Arazzo step: its own URL, headers and body)
   * under the same rules as every other request of the run: the timeout and size cap, the circuit
   * breaker (a held request comes back `not_sent`), and rate limits waited out within the retry
   * budget. The author records it; it is not one of the per-operation exchanges the checks judge.
   */
  async sendBuilt(request: OutgoingRequest, route: string): Promise<HttpOutcome> {
    const held = this.openReason ?? this.openRoutes.get(route);
    if (held) {
      this.heldBack++;
      return { ok: false, error: { kind: 'not_sent', message: held, bytesReceived: 0 } };
    }
    const outcome = await this.client.send(request);
    this.trip(route, outcome);
    return this.waitOutRateLimit(outcome, { ...request, headers: { ...request.headers } });
  }

  /**
   * A 429, or a 503 with Retry-After, is the server asking to come back later (RFC 6585 §4, RFC 9110
   * §15.6.4): the request is sent again after the delay it names, within the retry budget. What is
   * still limited after that is judged by nobody (collect.ts skips it), never failed.
   */
  private async waitOutRateLimit(
    first: HttpOutcome,
    request: { method: string; url: string; headers: Record<string, string>; body: string | undefined },
  ): Promise<HttpOutcome> {
    const budget = this.options.retry ?? DEFAULT_RETRY;
    let outcome = first;
    for (let attempt = 0; attempt < budget.retries; attempt++) {
      if (!outcome.ok) return outcome;
      const { status, headers } = outcome.response;
      const after = headers['retry-after'];
      if (!asksToComeBack({ status, headers })) return outcome;
      const delay = retryDelayMs(after);
      if (delay === undefined || delay > budget.maxWaitMs) return outcome;
      // Wall-clock waiting: a wait overlapping one already counted adds only what reaches past it.
      const now = Date.now();
      const added = Math.max(0, now + delay - Math.max(now, this.waitingUntil));
      if (this.waitedMs + added > budget.totalMs) return outcome;
      this.waitedMs += added;
      this.waitingUntil = Math.max(this.waitingUntil, now + delay);
      this.retried++;
      await new Promise((resolve) => setTimeout(resolve, delay));
      outcome = await this.client.send(request);
    }
    return outcome;
  }

  /** Counts timeouts in a row, per route and overall, and opens the breaker at its thresholds. */
  private trip(route: string, outcome: HttpOutcome): void {
    const breaker = this.options.circuitBreaker;
    if (!breaker) return;
    if (outcome.ok || outcome.error.kind !== 'timeout') {
      this.consecutiveTimeouts = 0;
      this.routeTimeouts.delete(route);
      return;
    }
    this.consecutiveTimeouts++;
    const onRoute = (this.routeTimeouts.get(route) ?? 0) + 1;
    this.routeTimeouts.set(route, onRoute);
    const each = `each after --timeout ${this.options.timeoutMs} ms`;
    if (this.consecutiveTimeouts >= breaker.consecutive) {
      this.openReason = `not sent: the target timed out on ${this.consecutiveTimeouts} requests in a row (${each}), so the runner stopped sending to it`;
    } else if (onRoute >= breaker.perRoute) {
      this.openRoutes.set(
        route,
        `not sent: ${route} timed out ${onRoute} times in a row (${each}), so the runner stopped sending it`,
      );
    }
  }

  /** Requests held back by the circuit breaker (recorded or not), and why it opened overall. */
  get breakerState(): {
    readonly heldBack: number;
    readonly reason: string | undefined;
    readonly routes: readonly string[];
  } {
    return { heldBack: this.heldBack, reason: this.openReason, routes: [...this.openRoutes.keys()] };
  }

  close(): void {
    this.client.close();
  }
}

export { retryDelayMs };
