import { bundledContractPath } from '../contract/paths.js';
import { isSeed, SEED_RANGE } from '../contract/seed.js';
import type { StateSnapshotInput } from './store/types.js';

/** An inclusive range of milliseconds; a fixed latency is `{ min: n, max: n }`. */
export interface LatencyRange {
  readonly min: number;
  readonly max: number;
}

/**
 * What happened to the contract under `watch`, and internal errors (an answer of 500 and its
 * cause, which the client is never told): reported through `onEvent`, never printed by the library.
 */
export type MockEvent =
  | { readonly type: 'contract-reloaded'; readonly path: string }
  | { readonly type: 'contract-error'; readonly path: string; readonly error: Error }
  | {
      readonly type: 'internal-error';
      readonly method: string;
      readonly url: string;
      readonly operationId: string | undefined;
      readonly cause: string;
    }
  /**
   * An answer sent as generated although it breaks its documented schema, because that schema
   * admits no value (the document's fault): where (`pointer`, into the document) and why.
   */
  | {
      readonly type: 'document-fault';
      readonly method: string;
      readonly url: string;
      readonly operationId: string | undefined;
      readonly status: number;
      readonly pointer: string;
      readonly reason: string;
    };

/** Options as a caller writes them: everything optional. */
export interface MockOptions {
  /** The contract file (YAML or JSON); the bundled Petstore contract by default. */
  spec?: string;
  /** Seeds the store, dynamic bodies, latency and chaos: the same seed gives the same answers. Default 42. */
  seed?: number;
  /** Accepted values of `X-API-Key`. Default `['dev-key']`. */
  apiKeys?: readonly string[];
  /**
   * Accepted bearer tokens (http bearer, oauth2 and openIdConnect schemes). Default none: any
   * non-empty token is accepted.
   */
  tokens?: readonly string[];
  /**
   * Accepted `USER:PASS` pairs for http basic schemes (RFC 7617: the user has no colon, the password
   * may). Default none: any well-formed pair with a non-empty user is accepted.
   */
  basic?: readonly string[];
  /** How many pets the seeded store holds. Default 50. */
  pets?: number;
  /**
   * Any other contract: how many records each collection starts with, its documented examples first,
   * then generated ones; 0 starts every collection empty (as a freshly deployed service does). Default:
   * every documented example, else three generated records.
   */
  records?: number;
  /**
   * The most records the store holds (Petstore: categories, pets and orders; any other contract:
   * every collection's records). A create beyond it is answered 507 Insufficient Storage in the
   * contract's error shape, and nothing stored is dropped. Default 2,000,000.
   */
  maxRecords?: number;
  /** Pretend the clock reads this instant (it then advances normally): rehearses the sunset. */
  sunsetNow?: Date;
  /** Added to every API request: a number of milliseconds, `"MS"` or `"MIN-MAX"`, or a range. */
  latency?: number | string | LatencyRange;
  /** Share of API requests (0..1) answered 500 `internal` or 503 `unavailable`. Default 0. */
  chaos?: number;
  /** Reload the contract when its file changes, keeping the state. Default false. */
  watch?: boolean;
  /** CORS headers and preflight answers. Default true. */
  cors?: boolean;
  /** The initial state (as `GET /__mock/state` exports it) instead of the seeded one. */
  state?: StateSnapshotInput;
  /** How many requests `/__mock/requests` remembers. Default 200. */
  journalSize?: number;
  /** Receives contract reload events (with `watch`). */
  onEvent?: (event: MockEvent) => void;
  /** Stops the watcher (and anything else long-lived) when aborted. */
  signal?: AbortSignal;
  /** Serve the `/__mock` control endpoints. Default true; false answers them 404 `not_found`. */
  control?: boolean;
  /** Let clients that are not on the loopback interface use `/__mock`. Default false (they get 404). */
  controlFromAnywhere?: boolean;
  /**
   * Requests per second per client IP (token bucket: bursts up to this many, refilled at this
   * rate). Over it: 429 `rate_limited` with `Retry-After`. Default 0: no limit.
   */
  rateLimit?: number;
  /**
   * How express-openapi-validator is driven: `operation` (default) builds each operation's
   * validators on its first request and gives the validator that operation's route; `document` is
   * the validator's own middleware over the whole document, kept for the validation-equivalence suite.
   */
  validatorDispatch?: 'operation' | 'document';
}

/** Options after defaults and checks: what the rest of the mock reads. */
export interface NormalizedOptions {
  readonly spec: string;
  readonly seed: number;
  readonly apiKeys: readonly string[];
  readonly tokens: readonly string[];
  readonly basic: readonly string[];
  readonly pets: number;
  readonly records: number | undefined;
  readonly maxRecords: number;
  readonly sunsetNow: Date | undefined;
  readonly latency: LatencyRange;
  readonly chaos: number;
  readonly watch: boolean;
  readonly cors: boolean;
  readonly state: StateSnapshotInput | undefined;
  readonly journalSize: number;
  readonly onEvent: (event: MockEvent) => void;
  readonly signal: AbortSignal | undefined;
  readonly control: boolean;
  readonly controlFromAnywhere: boolean;
  readonly rateLimit: number;
  readonly validatorDispatch: 'operation' | 'document';
}

/** The defaults, in one place. */
export const DEFAULTS = {
  seed: 42,
  apiKeys: ['dev-key'] as readonly string[],
  pets: 50,
  latency: { min: 0, max: 0 } as LatencyRange,
  chaos: 0,
  journalSize: 200,
  port: 4010,
  host: '127.0.0.1',
  maxPets: 1_000_000,
  maxRecords: 10_000,
  /** The store's cap (`--max-records`): above the largest seeded Petstore store (maxPets and its categories). */
  storeRecords: 2_000_000,
  maxDelayMs: 60_000,
  rateLimit: 0,
  maxRateLimit: 1_000_000,
  /** JSON bodies nested deeper than this are refused (the contract's resources are flat). */
  maxBodyDepth: 32,
  /** Node's own default, stated: a request line plus headers over this is refused with 431. */
  maxHeaderBytes: 16 * 1024,
  /** Slow clients are cut off: the headers must arrive within this, the whole request within requestTimeoutMs. */
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  /**
   * A connection closed on a client still sending is read (and discarded) until the client has
   * been silent this long, at most lingerMaxMs and lingerBytes in all, before it is cut (RFC 9112
   * §9.6; Apache httpd's lingering close: 2 s between reads, 30 s in all).
   */
  lingerMs: 2_000,
  lingerMaxMs: 30_000,
  lingerBytes: 8 * 1024 * 1024,
  /** On close, requests in flight get this long before their connections are cut. */
  closeGraceMs: 2_000,
} as const;

/** A bad option value: the CLI turns it into a usage error (exit 2). */
export class OptionsError extends Error {
  override readonly name = 'OptionsError';
}

/** Parses `MS` or `MIN-MAX` (milliseconds, each ≤ 60000). */
export function parseLatency(value: number | string | LatencyRange): LatencyRange {
  if (typeof value === 'number') return checkRange({ min: value, max: value }, String(value));
  if (typeof value === 'object') return checkRange(value, `${value.min}-${value.max}`);
  const m = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  if (!m) throw new OptionsError(`latency must be MS or MIN-MAX (milliseconds), got "${value}"`);
  const min = Number(m[1]);
  return checkRange({ min, max: m[2] === undefined ? min : Number(m[2]) }, value);
}

function checkRange(range: LatencyRange, text: string): LatencyRange {
  const ok = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= DEFAULTS.maxDelayMs;
  if (!ok(range.min) || !ok(range.max) || range.min > range.max) {
    throw new OptionsError(`latency must be whole milliseconds 0..${DEFAULTS.maxDelayMs}, MIN ≤ MAX, got "${text}"`);
  }
  return { min: range.min, max: range.max };
}

/**
 * Why a `USER:PASS` pair cannot be Basic credentials, or undefined when it can: RFC 7617 §2 joins a
 * user-id that contains no colon and a password (which may) with ":"; the mock wants a user.
 */
export function basicPairProblem(pair: unknown): string | undefined {
  if (typeof pair !== 'string' || pair.indexOf(':') <= 0)
    return `credentials must look like USER:PASS with a non-empty user, got ${JSON.stringify(pair)}`;
  return undefined;
}

/** Applies the defaults and checks every value; the caller's object is never modified. */
export function normalizeOptions(input: MockOptions = {}): NormalizedOptions {
  const seed = input.seed ?? DEFAULTS.seed;
  if (!isSeed(seed))
    throw new OptionsError(`seed must be a whole number ${SEED_RANGE.min}..${SEED_RANGE.max}, got ${seed}`);
  const pets = input.pets ?? DEFAULTS.pets;
  if (!Number.isInteger(pets) || pets < 0 || pets > DEFAULTS.maxPets) {
    throw new OptionsError(`pets must be an integer 0..${DEFAULTS.maxPets}, got ${pets}`);
  }
  const records = input.records;
  if (records !== undefined && (!Number.isInteger(records) || records < 0 || records > DEFAULTS.maxRecords)) {
    throw new OptionsError(`records must be an integer 0..${DEFAULTS.maxRecords}, got ${records}`);
  }
  const maxRecords = input.maxRecords ?? DEFAULTS.storeRecords;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1)
    throw new OptionsError(`maxRecords must be a positive integer, got ${maxRecords}`);
  const chaos = input.chaos ?? DEFAULTS.chaos;
  if (typeof chaos !== 'number' || !(chaos >= 0 && chaos <= 1))
    throw new OptionsError(`chaos must be a number 0..1, got ${chaos}`);
  const apiKeys = [...(input.apiKeys ?? DEFAULTS.apiKeys)];
  if (apiKeys.length === 0 || apiKeys.some((k) => typeof k !== 'string' || k.length === 0)) {
    throw new OptionsError('api keys must be non-empty strings');
  }
  const tokens = [...(input.tokens ?? [])];
  if (tokens.some((t) => typeof t !== 'string' || t.length === 0))
    throw new OptionsError('tokens must be non-empty strings');
  const basic = [...(input.basic ?? [])];
  const badPair = basic.find((pair) => basicPairProblem(pair) !== undefined);
  if (badPair !== undefined) throw new OptionsError(`basic ${basicPairProblem(badPair)}`);
  if (input.sunsetNow !== undefined && Number.isNaN(input.sunsetNow.getTime()))
    throw new OptionsError('sunsetNow is not a valid date');
  const journalSize = input.journalSize ?? DEFAULTS.journalSize;
  if (!Number.isInteger(journalSize) || journalSize < 1)
    throw new OptionsError(`journalSize must be a positive integer, got ${journalSize}`);
  const rateLimit = input.rateLimit ?? DEFAULTS.rateLimit;
  if (!Number.isInteger(rateLimit) || rateLimit < 0 || rateLimit > DEFAULTS.maxRateLimit) {
    throw new OptionsError(
      `rateLimit must be an integer 0..${DEFAULTS.maxRateLimit} (requests per second; 0 is off), got ${rateLimit}`,
    );
  }
  return {
    spec: input.spec ?? bundledContractPath,
    seed,
    apiKeys,
    tokens,
    basic,
    pets,
    records,
    maxRecords,
    sunsetNow: input.sunsetNow === undefined ? undefined : new Date(input.sunsetNow.getTime()),
    latency: parseLatency(input.latency ?? DEFAULTS.latency),
    chaos,
    watch: input.watch ?? false,
    cors: input.cors ?? true,
    state: input.state,
    journalSize,
    onEvent: input.onEvent ?? (() => undefined),
    signal: input.signal,
    control: input.control ?? true,
    controlFromAnywhere: input.controlFromAnywhere ?? false,
    rateLimit,
    validatorDispatch: input.validatorDispatch ?? 'operation',
  };
}
