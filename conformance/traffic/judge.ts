import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import { schemaValidatorFor, type SchemaValidator, type Contract, type Operation } from '../../src/contract/index.js';
import type { Exchange, RunReport } from '../types.js';
import { readRequest } from './request.js';
import { Router } from './route.js';
import { TrafficTally } from './tally.js';
import type { TrafficCoverage, TrafficExchange } from './types.js';

export type { TrafficCoverage } from './types.js';
export { coverageNotices, TrafficTally, type Violation } from './tally.js';

export interface TrafficJudgeOptions {
  readonly contract: Contract;
  readonly checks?: readonly string[] | undefined;
  readonly skipChecks?: readonly string[] | undefined;
  readonly strict?: boolean;
  /** What the report names as its target: the upstream, or the HAR file. */
  readonly target: string;
  readonly startedAt: Date;
  /** HAR entries already found outside the contract's servers. */
  readonly outside?: readonly { readonly method: string; readonly url: string }[];
}

/** The content decoded from its Content-Encoding (RFC 9110 §8.4), for the checks; one the kit cannot undo is said, not judged. */
export function decodeContent(
  body: Buffer,
  encoding: string | undefined,
): { readonly body: Buffer } | { readonly unjudged: string } {
  const coding = (encoding ?? '').trim().toLowerCase();
  try {
    if (coding === '' || coding === 'identity') return { body };
    if (coding === 'gzip' || coding === 'x-gzip') return { body: gunzipSync(body) };
    if (coding === 'deflate') return { body: inflateSync(body) };
    if (coding === 'br') return { body: brotliDecompressSync(body) };
  } catch (error) {
    return { unjudged: `the ${coding} content could not be decoded: ${(error as Error).message}` };
  }
  return { unjudged: `content coded ${coding} (RFC 9110 §8.4) is not decoded by the kit` };
}

/** One recorded exchange in the runner's vocabulary, with the route it took; undefined: outside the contract. */
export interface Converted {
  readonly exchange: Exchange;
  readonly op: Operation;
  readonly unjudged: string | undefined;
}

/**
 * Turns traffic into the runner's exchanges and judges them with the runner's own judge
 * (conformance/judge) and registered checks. Pure: sends nothing, prints nothing.
 */
export class TrafficJudge {
  readonly router: Router;
  readonly validator: SchemaValidator;
  readonly contract: Contract;

  /** `prefixes`: paths before the contract's own (an upstream URL's path), removed before matching. */
  constructor(contract: Contract, prefixes: readonly string[] = []) {
    this.contract = contract;
    this.router = new Router(contract, prefixes);
    // Compiled validators shared with other judges and runs on the same contract; notices are this judge's.
    this.validator = schemaValidatorFor(contract);
  }

  /** The runner's exchange for one piece of traffic, or why it names no operation. */
  convert(t: TrafficExchange, seq: number): Converted | { readonly reason: string } {
    let url: URL;
    try {
      url = new URL(t.url);
    } catch {
      return { reason: 'not a URL' };
    }
    const route = this.router.match(t.method, url.pathname);
    if ('reason' in route) return route;
    const reading = readRequest(
      {
        op: route.op,
        pathParams: route.pathParams,
        url,
        headers: t.request.headers,
        body: t.request.body,
        bodyUnjudged: t.request.unjudged,
      },
      this.contract,
      this.validator,
    );
    // The runner's kinds, read from the traffic: a request breaking the contract is judged as its
    // deliberately invalid ones; a secured request without credentials as its probe without them; one
    // whose credentials the server refused (401/403, RFC 9110 §15.5.2, §15.5.4) as its wrong-key probe.
    const refused = route.op.requiresAuth && (t.response?.status === 401 || t.response?.status === 403);
    const kind =
      reading.violations.length > 0
        ? 'negative'
        : reading.noCredentials
          ? 'no_auth'
          : refused
            ? 'wrong_auth'
            : 'positive';
    let unjudged: string | undefined;
    let body = '';
    if (t.response?.body !== undefined) {
      // The recorded content is already decoded (the proxy decodes what it judges; HAR stores decoded text).
      body = t.response.body.toString('utf8');
    } else if (t.response) {
      unjudged = t.response.unjudged ?? 'the body was not recorded';
    }
    const exchange: Exchange = {
      seq,
      operationId: route.op.id,
      requestedOperationId: route.op.id,
      kind,
      request: {
        method: t.method.toUpperCase(),
        url: t.url,
        headers: t.request.headers,
        body: t.request.body && t.request.body.length > 0 ? t.request.body.toString('utf8') : undefined,
      },
      response: t.response
        ? { status: t.response.status, headers: t.response.headers, body, durationMs: t.durationMs }
        : undefined,
      error: t.response ? undefined : { kind: 'other', message: t.error ?? 'no answer' },
      input: undefined,
      // The judge cannot know whether the identifier a client sent exists: a 404 to it says only that
      // it does not (RFC 9110 §15.5.5), as for the runner's guessed identifiers (status_code_documented).
      // The same holds for an invalid request's identifier, as for the runner's negative cases.
      context: {
        ...(kind === 'negative' ? { defect: reading.violations.join('; ') } : {}),
        ...(Object.keys(route.pathParams).length > 0 ? { guessedId: true } : {}),
      },
    };
    return { exchange, op: route.op, unjudged };
  }

  /** Judges a set of traffic into a report with coverage; operations no traffic reached get no results, only a place in coverage. */
  report(
    traffic: readonly TrafficExchange[],
    options: TrafficJudgeOptions,
  ): RunReport & { readonly traffic: TrafficCoverage } {
    const tally = this.tally(options);
    for (const t of traffic) tally.add(t);
    return tally.report(options);
  }

  /** A judge of traffic as it comes, exchange by exchange, keeping only what the report needs (the proxy's). */
  tally(options: Omit<TrafficJudgeOptions, 'target' | 'startedAt' | 'contract'>): TrafficTally {
    return new TrafficTally(this, options);
  }
}
