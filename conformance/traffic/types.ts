/**
 * Traffic the runner did not create: one exchange as a proxy saw it or a HAR file recorded it.
 * Header names are lower case; repeated headers joined with ", " (RFC 9110 §5.3).
 */
export interface TrafficMessage {
  readonly headers: Readonly<Record<string, string>>;
  /** The content (decoded from any Content-Encoding); undefined when over the cap or not recorded. */
  readonly body: Buffer | undefined;
  /** Octets of content seen on the wire (-1: unknown). */
  readonly size: number;
  /** Why the body is not there to judge, when it is not. */
  readonly unjudged?: string;
}

export interface TrafficExchange {
  readonly startedAt: string;
  readonly method: string;
  /** The absolute URL the request went to (the upstream's, for the proxy). */
  readonly url: string;
  readonly request: TrafficMessage;
  readonly response: (TrafficMessage & { readonly status: number; readonly statusText: string }) | undefined;
  /** Why no answer came back (the upstream refused, reset or timed out). */
  readonly error: string | undefined;
  readonly durationMs: number;
}

/** Bodies larger than this are passed through but not judged (the runner's own reading limit). */
export const DEFAULT_JUDGE_CAP = 4 * 1024 * 1024;

/** Which operations and documented statuses the traffic reached (PRODUCT.md §6 `coverage`). */
export interface TrafficCoverage {
  readonly operations: { readonly seen: number; readonly total: number; readonly unseen: readonly string[] };
  readonly statuses: {
    readonly seen: number;
    readonly documented: number;
    readonly unseen: readonly { readonly operation: string; readonly status: string }[];
  };
  /** Requests that named no operation of the contract (listed, not judged). */
  readonly unmatched: readonly { readonly method: string; readonly url: string; readonly reason: string }[];
  /** Recorded entries outside the contract's servers (HAR; listed, not judged). */
  readonly outside: readonly { readonly method: string; readonly url: string }[];
}
