/**
 * An open-loop load generator at a steady rate (the model of wrk2): request i is due at
 * start + i / rate, whatever became of the requests before it, and its latency is counted from that
 * due time, so a stalled server (or a stalled generator) is charged for every request it held back
 * (coordinated omission, Tene). autocannon's `overallRate` is not this: each connection may send
 * rate / connections requests in a second, back to back as fast as answers come, then waits for the
 * next second, so "1,000 a second" arrives as bursts of 20 concurrent requests at full speed and its
 * latencies measure the depth of that burst's queue times each hop's CPU, not a proxy at 1,000 a
 * second (bench/proxy-overhead.ts).
 */
import http from 'node:http';

export interface PacedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface PacedOptions {
  /** Requests a second, spread evenly. */
  readonly rate: number;
  readonly seconds: number;
  /** Keep-alive connections at most; a request due while all are busy waits for one (and is charged for it). */
  readonly connections: number;
  /** Sent in turn. */
  readonly requests: readonly PacedRequest[];
  /** A request unanswered this long counts as an error (default 10 s). */
  readonly timeoutMs?: number;
}

export interface PacedResult {
  /** Each answered request's time from its due time to the end of its answer, µs, sorted. */
  readonly fromDueUs: readonly number[];
  /** The same from the moment it was handed to the HTTP client (no correction), µs, sorted. */
  readonly fromSentUs: readonly number[];
  /** Answers with a 2xx status. */
  readonly ok: number;
  readonly non2xx: number;
  /** Socket errors and timeouts. */
  readonly errors: number;
  /** Answers a second over the run, from the first due time to the last answer. */
  readonly rps: number;
}

/** The value at percentile p of ascending values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Sends rate × seconds requests to `url`, each at its due time, and waits for every answer. */
export function pacedLoad(url: string, options: PacedOptions): Promise<PacedResult> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, noDelay: true });
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fromDue: number[] = [];
  const fromSent: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let settled = 0;
  let sent = 0;
  let lastEnd = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const settle = (): void => {
      settled += 1;
      if (settled < total) return;
      agent.destroy();
      fromDue.sort((a, b) => a - b);
      fromSent.sort((a, b) => a - b);
      resolve({
        fromDueUs: fromDue,
        fromSentUs: fromSent,
        ok,
        non2xx,
        errors,
        rps: ((ok + non2xx) * 1000) / Math.max(lastEnd - start, 1),
      });
    };
    const send = (index: number): void => {
      const due = start + index * interval;
      const request = options.requests[index % options.requests.length] as PacedRequest;
      const at = performance.now();
      let done = false;
      const fail = (): void => {
        if (done) return;
        done = true;
        errors += 1;
        settle();
      };
      const req = http.request(
        {
          agent,
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers: request.headers,
        },
        (res) => {
          res.on('data', () => {});
          res.on('error', fail);
          res.on('end', () => {
            if (done) return;
            done = true;
            const end = performance.now();
            lastEnd = Math.max(lastEnd, end);
            fromDue.push((end - due) * 1000);
            fromSent.push((end - at) * 1000);
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) ok += 1;
            else non2xx += 1;
            settle();
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
      req.on('error', fail);
      req.end();
    };
    // Every request that is due is sent at each wake (a timer may wake late: those due meanwhile go at once,
    // still charged from their own due times); then sleep until the next one is due.
    const tick = (): void => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
}
