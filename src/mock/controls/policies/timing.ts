import { setTimeout as sleep } from 'node:timers/promises';
import type { LatencyRange } from '../../options.js';
import { HttpError } from '../../errors.js';

/** The delay of one request in ms: `Prefer: delay` when given, else a seeded draw from the latency range (a draw only when it is a range). */
export function latencyMs(range: LatencyRange, preferred: number | undefined, random: () => number): number {
  return (
    preferred ?? (range.max === range.min ? range.min : range.min + Math.floor(random() * (range.max - range.min + 1)))
  );
}

export { sleep };

/**
 * Chaos: with probability `rate` the request fails with 500 `internal` or 503 `unavailable`
 * (with `Retry-After`, RFC 9110 §10.2.3), both documented for every operation. Seeded draws, so a
 * run is repeatable.
 */
export function chaos(rate: number, random: () => number, codeForStatus: (status: number) => string): void {
  if (rate <= 0 || random() >= rate) return;
  if (random() < 0.5) throw new HttpError(500, codeForStatus(500), 'Chaos: the server failed on purpose (--chaos).');
  throw new HttpError(503, codeForStatus(503), 'Chaos: the service is unavailable on purpose (--chaos).', [], {
    'Retry-After': '1',
  });
}
