/** The shared vocabulary of the runner: exchanges (what was sent and received), check outcomes and results. */
import type { TrafficCoverage } from './traffic/types.js';

/** A request as it went on the wire (the API key shown redacted, see http/curl.ts). */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** `latin1`: each character of `body` is one octet (a body that is not UTF-8, sent on purpose); else UTF-8. */
  readonly bodyEncoding?: 'latin1';
}

export interface RecordedResponse {
  readonly status: number;
  /** Header names in lower case; repeated headers joined with ", " (RFC 9110 §5.3). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly durationMs: number;
}

/**
 * Why no response arrived. `not_sent`: the runner did not send the request at
 * all, because the target had timed out too often (the circuit breaker, see session.ts).
 */
export type TransportErrorKind = 'refused' | 'timeout' | 'reset' | 'bad_response' | 'too_large' | 'not_sent' | 'other';

export interface TransportError {
  readonly kind: TransportErrorKind;
  readonly message: string;
  /** Bytes the target sent for this request before it failed (0: nothing at all came back). */
  readonly bytesReceived?: number;
  /** Whether a connection to the target was established (false: refused, unknown host, connect timeout). */
  readonly connected?: boolean;
}

/** Why the runner sent a request: checks pick the exchanges they judge by kind. */
export type ExchangeKind =
  | 'positive' // generated valid input, sent with valid credentials
  | 'negative' // generated invalid input (one defect), sent with valid credentials
  | 'malformed_json' // a body that is not JSON, declared application/json
  | 'non_utf8' // a valid JSON body declared UTF-8 carrying an octet that is not (RFC 8259 §8.1)
  | 'no_auth' // the positive shape without credentials
  | 'wrong_auth' // the positive shape with a wrong key
  | 'unknown_id' // a valid but unknown identifier in the path
  | 'wrong_method' // an undocumented method on a documented path
  | 'read_back' // reading a resource after creating or replacing it
  | 'list_back' // listing the collection after creating a resource
  | 'read_after_delete' // reading a resource after deleting it
  | 'prerequisite' // creating what another request needs
  | 'workflow' // a step of an Arazzo workflow (conformance/workflows)
  | 'rule'; // a request of a probe check, the CLI's generic rules (conformance/probes)

/** What a state exchange expects; set by the runner, judged by the checks. */
export interface ExchangeContext {
  /** Fields sent in the create / replace body that the read must return unchanged. */
  readonly expectedFields?: Readonly<Record<string, unknown>>;
  /** The identifier of the resource under test. */
  readonly resourceId?: unknown;
  /** For list_back: every identifier seen over the pages walked. */
  readonly listedIds?: readonly unknown[];
  /** For list_back: the pages walked, for the message. */
  readonly pagesWalked?: number;
  /** For list_back: the first page answered 2xx with no list of items in it (the kernel's listItems found none). */
  readonly listUnreadable?: boolean;
  /** The list is documented by example alone (follow-ups.ts undescribedList): why its ids tell nothing. */
  readonly listUndescribed?: string;
  /**
   * For list_back: the list's items, as their schema writes them, have no field that can carry the
   * identifier (no field named for it, nor `id`, nor one the kernel's identifierField reads for it).
   */
  readonly listUnnamed?: string;
  /** For read_back after a replace: the replace operation. */
  readonly after?: 'create' | 'replace';
  /**
   * For read_back: the read takes paging parameters, so a list it answers is one window of the list
   * (follow-ups.ts pagedRead): each member sent is held to be listed there, not the window to equal it.
   */
  readonly pagedRead?: boolean;
  /** For negative: what the input breaks, in words. */
  readonly defect?: string;
  /** For negative: why accepting it is a framework's default leniency, judged a warning (Mutation.lenient). */
  readonly lenient?: string;
  /** For wrong_method: the methods the contract documents on the path (upper case). */
  readonly documentedMethods?: readonly string[];
  /** Path parameters taken from the contract's examples or generated, not from a resource known to exist: a 404 is no defect. */
  readonly guessedId?: boolean;
  /** For workflow: the status the failing step's one unmet criterion asks for (`$statusCode == 401`), read by the contract-first rule (judge/policies.ts). */
  readonly expectedStatus?: number;
  /** True when the request carried no valid credentials because none were given (--api-key absent). */
  readonly noKeyGiven?: boolean;
  /** True when the valid input carries values the user gave (--inputs, --oauth2), not only generated ones. */
  readonly userInput?: boolean;
}

export interface Exchange {
  readonly seq: number;
  /** The operation the exchange is reported under. */
  readonly operationId: string;
  /** The operation whose method and path were actually requested; undefined for wrong_method. */
  readonly requestedOperationId: string | undefined;
  readonly kind: ExchangeKind;
  readonly request: RecordedRequest;
  readonly response: RecordedResponse | undefined;
  readonly error: TransportError | undefined;
  /** The generated input (body, parameters), for shrinking and for the report. */
  readonly input: GeneratedInput | undefined;
  readonly context: ExchangeContext;
}

export interface GeneratedInput {
  readonly pathParams: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** undefined: no body sent. */
  readonly body: unknown;
  /** The media type the body is sent as; application/json unless a negative case says otherwise. */
  readonly contentType: string | undefined;
  /** A raw body overriding `body` (malformed JSON, wrong content type). */
  readonly rawBody?: string;
  /** `latin1`: each character of `rawBody` is one octet, sent as is (octets that are not UTF-8, RFC 8259 §8.1). */
  readonly rawBodyEncoding?: 'latin1';
  /** Header and cookie parameters (OAS 3.0.3 §4.7.12: `in: header`, `in: cookie`). */
  readonly headerParams?: Readonly<Record<string, unknown>>;
  readonly cookieParams?: Readonly<Record<string, unknown>>;
  /** The path parameters were guessed (examples, generated), not taken from a resource known to exist. */
  readonly guessedId?: boolean;
}

export interface Violation {
  readonly message: string;
  /** JSON pointer or header name, when the violation has a place. */
  readonly where?: string;
}

/** What a check says about one exchange. */
export type CheckOutcome =
  | { readonly status: 'pass' }
  | { readonly status: 'fail'; readonly violations: readonly Violation[] }
  | { readonly status: 'skip'; readonly reason: string }
  /** Not a defect of the server, but worth saying (the contract omits what the server rightly answers). */
  | { readonly status: 'warn'; readonly reason: string };

export type ResultStatus = 'passed' | 'failed' | 'skipped' | 'warning';

/** One cell of the matrix: an operation × a check. */
export interface CheckResult {
  readonly check: string;
  readonly operation: string;
  readonly status: ResultStatus;
  readonly message: string;
  /** The (smallest) failing exchange, for failures and warnings. */
  readonly exchange: Exchange | undefined;
  /** For generated inputs: the smallest failing input found, when shrinking made it smaller. */
  readonly smallestInput: GeneratedInput | undefined;
  readonly reproduce: string | undefined;
  /** How many exchanges the check judged. */
  readonly judged: number;
  /** Wall time of the exchanges the check judged, summed (the JUnit testcase time). */
  readonly durationMs?: number;
}

export interface RunSummary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly warnings: number;
}

/** Which operations the run exercised, and why the others were not (PRODUCT.md §4). */
export interface Coverage {
  readonly exercised: number;
  readonly total: number;
  readonly notExercised: readonly { readonly operation: string; readonly reason: string }[];
}

export interface RunReport {
  readonly target: string;
  readonly seed: number;
  readonly examples: number;
  readonly strict: boolean;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly operations: readonly string[];
  readonly checks: readonly string[];
  readonly results: readonly CheckResult[];
  readonly summary: RunSummary;
  /** Requests sent (recorded ones; not counting those the circuit breaker held back). */
  readonly requests: number;
  /** Requests the runner did not send because the target kept timing out; absent when none. */
  readonly notSent?: number;
  /** Why the runner stopped sending (some or all) requests; absent when it never did. */
  readonly circuitBreaker?: string;
  readonly coverage?: Coverage;
  readonly notices?: readonly string[];
  /**
   * Set when credentials were given and every secured operation refused them (401/403, never a
   * 2xx): the run has no verdict (exit 2, "credentials refused"), whatever failed. The same line
   * is the first notice.
   */
  readonly credentialsRefused?: string;
  /** Failures of the runner itself (exit 3); what was judged before them is still reported. */
  readonly internalErrors?: readonly string[];
  /** The contract the run judged against (`info.title`, `info.version`, the file), for the reports' headers. */
  readonly contract?: ContractInfo;
  /** Proxy and HAR runs: what the traffic reached (PRODUCT.md §6 `coverage`; conformance/traffic). */
  readonly traffic?: TrafficCoverage;
  /** When the run was one shard of N (conformance/shard): `K/N`, and every operation of the whole run in its order (for merge). */
  readonly shard?: { readonly label: string; readonly order: readonly string[] };
}

export interface ContractInfo {
  readonly title: string;
  readonly version: string;
  readonly source: string;
}

/** Progress events, for live reporting; the runner itself never prints. */
export type ProgressEvent =
  | { readonly type: 'phase'; readonly phase: string }
  | { readonly type: 'exchange'; readonly exchange: Exchange; readonly total: number }
  | { readonly type: 'done'; readonly report: RunReport };
