import type { Contract, Operation } from '../src/contract/index.js';
import { HttpClient, type HttpOutcome } from './http/client.js';
import { REDACTED_KEY } from './http/curl.js';
import type { Exchange, ExchangeContext, ExchangeKind, GeneratedInput } from './types.js';

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

export interface SessionOptions {
  readonly target: string;
  readonly apiKey: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly wrongKey: string;
  /** false: send every request whatever happens. */
  readonly circuitBreaker: CircuitBreaker | false;
}

/**
 * Sends requests for the runner and records each exchange. It knows how to put
 * credentials where the contract's security schemes say (header, query or cookie),
 * and never follows redirects: the target is the only host it talks to. It
 * stops sending to a target that keeps timing out (see CircuitBreaker); what it
 * holds back is recorded as `not_sent`, never as an answer.
 */
export class Session {
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

  get hasKey(): boolean {
    return this.options.apiKey !== undefined;
  }

  url(path: string, pathParams: Readonly<Record<string, unknown>>, query: Readonly<Record<string, unknown>>): string {
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pathParams[name] ?? `{${name}}`)));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      // OAS 3.0 query default: style form, explode true (repeated names for arrays).
      for (const v of Array.isArray(value) ? value : [value]) search.append(name, typeof v === 'string' ? v : JSON.stringify(v));
    }
    const qs = search.toString();
    return `${this.options.target.replace(/\/+$/, '')}${filled}${qs ? `?${qs}` : ''}`;
  }

  /** The API-key schemes of the operation's first satisfiable security requirement. */
  private keySchemes(operation: Operation | undefined): Array<{ in: string; name: string }> {
    const schemes: Array<{ in: string; name: string }> = [];
    const requirement = operation?.security.find((req) => Object.keys(req).length > 0 && Object.keys(req).every((n) => this.contract.apiKeySchemes.has(n)));
    for (const name of Object.keys(requirement ?? {})) {
      const scheme = this.contract.apiKeySchemes.get(name);
      if (scheme) schemes.push({ in: scheme.in, name: scheme.name });
    }
    return schemes;
  }

  /** Every place any API-key scheme of the contract reads, so "no credentials" removes them all. */
  private allKeyHeaders(): Set<string> {
    const names = new Set<string>();
    for (const scheme of this.contract.apiKeySchemes.values()) if (scheme.in === 'header') names.add(scheme.name.toLowerCase());
    return names;
  }

  async send(spec: SendSpec): Promise<Exchange> {
    const headers: Record<string, string> = {};
    const recorded: Record<string, string> = {};
    const set = (name: string, value: string, shown = value): void => {
      headers[name.toLowerCase()] = value;
      recorded[name.toLowerCase()] = shown;
    };
    set('accept', 'application/json');
    for (const [name, value] of Object.entries(this.options.headers)) set(name, value);
    const query: Record<string, unknown> = { ...spec.input.query };
    const needsKey = spec.operation ? spec.operation.requiresAuth : false;
    if (spec.auth !== 'valid' || !needsKey) {
      // Without credentials means without any: also those a --header supplied.
      if (spec.auth !== 'valid') for (const name of this.allKeyHeaders()) {
        delete headers[name];
        delete recorded[name];
      }
    }
    const schemes = spec.kind === 'wrong_method' ? this.keySchemes(this.contract.operations.find((o) => o.requiresAuth)) : this.keySchemes(spec.operation);
    const key = spec.auth === 'valid' ? this.options.apiKey : spec.auth === 'wrong' ? this.options.wrongKey : undefined;
    if (key !== undefined && (needsKey || spec.auth === 'wrong' || spec.kind === 'wrong_method')) {
      const shown = spec.auth === 'valid' ? REDACTED_KEY : key;
      for (const scheme of schemes) {
        if (scheme.in === 'header') set(scheme.name, key, shown);
        else if (scheme.in === 'query') query[scheme.name] = key;
        else if (scheme.in === 'cookie') set('cookie', `${scheme.name}=${encodeURIComponent(key)}`, `${scheme.name}=${shown}`);
      }
    }
    let body: string | undefined;
    if (spec.input.rawBody !== undefined) body = spec.input.rawBody;
    else if (spec.input.body !== undefined) body = JSON.stringify(spec.input.body);
    if (body !== undefined && spec.input.contentType) set('content-type', spec.input.contentType);
    const url = this.url(spec.path, spec.input.pathParams, query);
    const route = `${spec.method.toUpperCase()} ${spec.path}`;
    const held = this.openReason ?? this.openRoutes.get(route);
    const outcome: HttpOutcome = held
      ? { ok: false, error: { kind: 'not_sent', message: held, bytesReceived: 0 } }
      : await this.client.send({ method: spec.method.toUpperCase(), url, headers, body });
    if (held) this.heldBack++;
    else this.trip(route, outcome);
    const exchange: Exchange = {
      seq: ++this.seq,
      operationId: spec.reportAs,
      requestedOperationId: spec.kind === 'wrong_method' ? undefined : spec.operation?.id,
      kind: spec.kind,
      request: { method: spec.method.toUpperCase(), url, headers: recorded, body },
      response: outcome.ok ? outcome.response : undefined,
      error: outcome.ok ? undefined : outcome.error,
      input: spec.input,
      context: { ...(spec.context ?? {}), ...(this.hasKey ? {} : { noKeyGiven: true }) },
    };
    if (!spec.unrecorded) {
      this.exchanges.push(exchange);
      // Progress counts requests that went out.
      if (!held) this.onExchange(exchange);
    }
    return exchange;
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
      this.openRoutes.set(route, `not sent: ${route} timed out ${onRoute} times in a row (${each}), so the runner stopped sending it`);
    }
  }

  /** Requests held back by the circuit breaker (recorded or not), and why it opened overall. */
  get breakerState(): { readonly heldBack: number; readonly reason: string | undefined; readonly routes: readonly string[] } {
    return { heldBack: this.heldBack, reason: this.openReason, routes: [...this.openRoutes.keys()] };
  }

  close(): void {
    this.client.close();
  }
}
