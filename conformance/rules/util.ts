import { rateLimitReason } from '../http/rate-limit.js';
import { postCollections, successSchema, type Operation, type PostCollection } from '../../src/contract/index.js';
import { isRecord, properties } from '../cases/schema.js';

export { properties };
import type { CheckResult, Exchange } from '../types.js';
import { toCurl } from '../http/curl.js';
import type { RuleContext } from './index.js';

/** A collection the generic rules probe (the kernel's postCollections). */
export type Collection = PostCollection;

export const collections = (ctx: RuleContext): Collection[] => postCollections(ctx.contract);

export const selected = (ctx: RuleContext, op: Operation): boolean => !ctx.operations || ctx.operations.length === 0 || ctx.operations.includes(op.id);

/** The body of the last accepted positive request of an operation in this run: a body the target took. */
export function acceptedBody(ctx: RuleContext, op: Operation): Record<string, unknown> | undefined {
  for (let i = ctx.session.exchanges.length - 1; i >= 0; i--) {
    const e = ctx.session.exchanges[i];
    if (e?.kind !== 'positive' || e.requestedOperationId !== op.id || !e.response || e.response.status < 200 || e.response.status > 299) continue;
    if (isRecord(e.input?.body)) return structuredClone(e.input.body);
  }
  return undefined;
}

export function json(exchange: Exchange): unknown {
  if (!exchange.response) return undefined;
  try {
    return JSON.parse(exchange.response.body) as unknown;
  } catch {
    return undefined;
  }
}

/** The schema of a 2xx JSON answer of an operation: the resource model's (src/contract/resources/model.ts). */
export { successSchema };

export const ok = (e: Exchange): boolean => !!e.response && e.response.status >= 200 && e.response.status < 300;

export function result(check: string, op: Operation, status: CheckResult['status'], message: string, exchange?: Exchange, judged = 1, reproduce?: string): CheckResult {
  // A rule whose deciding answer is still a rate limit after the session's waits judged nothing (RFC 6585 §4).
  const limited = status === 'failed' ? rateLimitReason(exchange?.response) : undefined;
  if (limited !== undefined) return { check, operation: op.id, status: 'skipped', message: `${message}: ${limited}`, exchange, smallestInput: undefined, reproduce: undefined, judged: 0 };
  return {
    check,
    operation: op.id,
    status,
    message,
    exchange,
    smallestInput: undefined,
    reproduce: reproduce ?? (status === 'failed' && exchange ? toCurl(exchange.request) : undefined),
    judged: status === 'skipped' ? 0 : judged,
  };
}

/**
 * The path parameters of the last request to `op` the target accepted (2xx) in this run: values that
 * name something that exists. Undefined when `op` has path parameters and no such request was made;
 * an empty record when it has none.
 */
const EXISTING: ReadonlySet<Exchange['kind']> = new Set(['positive', 'prerequisite', 'read_back', 'list_back', 'workflow']);

export function acceptedPathParams(ctx: RuleContext, op: Operation): Record<string, unknown> | undefined {
  const names = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  if (names.length === 0) return {};
  for (let i = ctx.session.exchanges.length - 1; i >= 0; i--) {
    const e = ctx.session.exchanges[i];
    // Only requests sent with values meant to exist: an unknown-id probe a server wrongly accepted names nothing.
    if (!e || e.requestedOperationId !== op.id || !ok(e) || e.input === undefined || !EXISTING.has(e.kind)) continue;
    const params = e.input.pathParams;
    if (names.every((n) => params[n] !== undefined)) return Object.fromEntries(names.map((n) => [n, params[n]]));
  }
  return undefined;
}

/** Why a rule cannot probe `op`: its path names resources and no accepted request of the run filled them. */
export function unfilledPath(ctx: RuleContext, op: Operation): string | undefined {
  return acceptedPathParams(ctx, op) === undefined ? `no request to ${op.id} was accepted in this run with its path parameters (${op.path}) filled, so a probe would name nothing that exists` : undefined;
}

/**
 * Sends one probe through the runner's session (credentials where the contract says), unrecorded.
 * Path parameters the caller does not give are those of an accepted request (acceptedPathParams):
 * a probe is never sent with a raw `{id}` template.
 */
export function probe(ctx: RuleContext, op: Operation, check: string, input: { pathParams?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }): Promise<Exchange> {
  const pathParams = { ...(acceptedPathParams(ctx, op) ?? {}), ...(input.pathParams ?? {}) };
  const media = Object.keys(op.requestBody && 'content' in op.requestBody ? (op.requestBody.content ?? {}) : {})[0];
  return ctx.session.send({
    reportAs: op.id,
    operation: op,
    kind: 'rule',
    method: op.method,
    path: op.path,
    input: { pathParams, query: input.query ?? {}, body: input.body, contentType: input.body !== undefined ? (media ?? 'application/json') : undefined },
    auth: 'valid',
    context: { defect: check },
    unrecorded: true,
  });
}
