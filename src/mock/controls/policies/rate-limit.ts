import type { RequestHandler } from 'express';
import { HttpError } from '../../errors.js';

interface Bucket {
  tokens: number;
  /** When the bucket was last refilled, in the limiter's clock (ms). */
  at: number;
}

/** The most client addresses remembered at once; the idlest are forgotten first (bounded memory). */
const MAX_CLIENTS = 10_000;

/**
 * A token bucket per client address: holds at most `perSecond` tokens, refilled at `perSecond`
 * tokens a second; each request takes one. An empty bucket answers 429 `rate_limited` with
 * `Retry-After` (RFC 6585 §4; RFC 9110 §10.2.3, whole seconds) until a token is back.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token for `client`; returns 0 when allowed, else the seconds to wait (≥ 1). */
  take(client: string): number {
    const now = this.now();
    let bucket = this.buckets.get(client);
    if (bucket) {
      bucket.tokens = Math.min(this.perSecond, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
      bucket.at = now;
      // Re-insert: Map keeps insertion order, so the first key is the least recently seen client.
      this.buckets.delete(client);
    } else {
      bucket = { tokens: this.perSecond, at: now };
      if (this.buckets.size >= MAX_CLIENTS) {
        const oldest = this.buckets.keys().next();
        if (!oldest.done) this.buckets.delete(oldest.value);
      }
    }
    this.buckets.set(client, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }

  /** How many clients are remembered (for tests of the memory bound). */
  get size(): number {
    return this.buckets.size;
  }
}

/** The middleware: clients are told apart by the socket's address (no proxy headers are trusted). */
export function rateLimit(limiter: RateLimiter, codeForStatus: (status: number) => string): RequestHandler {
  return (req, _res, next) => {
    const wait = limiter.take(req.socket.remoteAddress ?? 'unknown');
    if (wait === 0) {
      next();
      return;
    }
    throw new HttpError(
      429,
      codeForStatus(429),
      `Too many requests (over ${limiter.perSecond} a second); retry in ${wait} second${wait === 1 ? '' : 's'}.`,
      [],
      {
        'Retry-After': String(wait),
      },
    );
  };
}
