import type { RecordedResponse } from '../types.js';

/** The longest Retry-After the runner waits out by default (--max-retry-after, in seconds). */
export const DEFAULT_MAX_RETRY_AFTER_S = 5;

/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date; absent → a short default wait. */
export function retryDelayMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return 1000;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A 429, or a 503 with Retry-After: the server asking to come back later (RFC 6585 §4, RFC 9110 §15.6.4). */
export function asksToComeBack(response: Pick<RecordedResponse, 'status' | 'headers'>): boolean {
  return response.status === 429 || (response.status === 503 && response.headers['retry-after'] !== undefined);
}

/**
 * Why an answer that is still a rate limit after the runner's waits cannot be judged, naming the wait
 * it asked for; undefined when it is no rate limit. Every check, rule and workflow skips with it.
 */
export function rateLimitReason(
  response: Pick<RecordedResponse, 'status' | 'headers'> | undefined,
  maxWaitMs = DEFAULT_MAX_RETRY_AFTER_S * 1000,
): string | undefined {
  if (!response || !asksToComeBack(response)) return undefined;
  const what = response.status === 429 ? 'rate limited (429)' : 'temporarily unavailable (503 with Retry-After)';
  const after = response.headers['retry-after'];
  const delay = retryDelayMs(after);
  if (after !== undefined && delay !== undefined && delay > maxWaitMs) {
    return `${what}: Retry-After asks for a wait of ${Math.ceil(delay / 1000)} s, longer than the runner waits (--max-retry-after, default ${DEFAULT_MAX_RETRY_AFTER_S} s): cannot judge`;
  }
  return `${what} even after waiting out Retry-After: cannot judge`;
}
