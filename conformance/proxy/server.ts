import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Contract } from '../../src/contract/index.js';
import { decodeContent, TrafficJudge } from '../traffic/judge.js';
import type { RunReport } from '../types.js';
import {
  DEFAULT_JUDGE_CAP,
  type TrafficCoverage,
  type TrafficExchange,
  type TrafficMessage,
} from '../traffic/types.js';

/** RFC 9110 §7.6.1: connection-specific fields are not forwarded by an intermediary. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The most a batch of judging holds the event loop, in milliseconds (see drain). */
const SLICE_MS = 0.5;
/** Exchanges waiting to be judged past which a batch judges them all, whatever the time. */
const BACKLOG = 2000;

/** The header `--mark` adds, like Prism's `sl-violations`: a JSON array of `{ check, severity, message }`. */
export const MARK_HEADER = 'conformance-violations';

export interface ProxyOptions {
  readonly contract: Contract;
  /** Where requests go: scheme, host, port and an optional path before every request's path. */
  readonly upstream: string;
  readonly port?: number;
  readonly host?: string;
  /** Add the MARK_HEADER to answers with violations (the answer is then held, up to the cap, to judge it first). */
  readonly mark?: boolean;
  /** Bodies over this many octets pass through but are not judged. */
  readonly judgeCap?: number;
  readonly checks?: readonly string[] | undefined;
  readonly skipChecks?: readonly string[] | undefined;
  readonly strict?: boolean;
  /**
   * Keep every exchange, bodies and all, in `exchanges` (for --record, which writes them as HAR). Without it
   * each exchange is judged soon after its answer has gone out and then let go: only the results and the
   * coverage stay, however long the proxy runs.
   */
  readonly retain?: boolean;
  /**
   * Octets kept by `retain` (bodies, header fields, URLs), over all exchanges (default 512 MiB): past it, exchanges are
   * still forwarded and judged but no longer kept, and `dropped` counts them, so memory stays bounded however
   * long the proxy runs.
   */
  readonly retainBytes?: number;
  /** Called once per finished exchange, after it is judged. */
  readonly onExchange?: (exchange: TrafficExchange) => void;
}

export interface ProxyHandle {
  /** `http://HOST:PORT`, the real port. */
  readonly url: string;
  readonly upstream: string;
  /** With `retain`: every finished exchange kept, in the order they finished (empty without it). */
  readonly exchanges: readonly TrafficExchange[];
  /** With `retain`: exchanges forwarded and judged after the kept ones reached `retainBytes`, not kept. */
  dropped(): number;
  /** Exchanges judged so far. */
  requests(): number;
  readonly judge: TrafficJudge;
  /** The report of every exchange judged so far (all of them, after close()). */
  report(at: { readonly target: string; readonly startedAt: Date }): RunReport & { readonly traffic: TrafficCoverage };
  close(): Promise<void>;
}

function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    const value = raw[i + 1] ?? '';
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/** Raw header pairs without the hop-by-hop ones (and those Connection names), `replace` applied. */
function forwarded(raw: readonly string[], replace?: Readonly<Record<string, string>>): string[] {
  // One plain pass on every exchange: the Set of the fields Connection names is built only when it names some.
  let named: Set<string> | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] ?? '').toLowerCase() !== 'connection') continue;
    named ??= new Set();
    for (const field of (raw[i + 1] ?? '').split(',')) named.add(field.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named?.has(lower) || replace?.[lower] !== undefined) continue;
    out.push(name, raw[i + 1] ?? '');
  }
  if (replace) for (const [k, v] of Object.entries(replace)) out.push(k, v);
  return out;
}

/** Keeps the first `cap` octets of a stream's chunks, counting all of them. */
class Capture {
  private chunks: Buffer[] = [];
  size = 0;
  over = false;
  constructor(private readonly cap: number) {}
  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.over) return;
    if (this.size > this.cap) {
      this.over = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
  }
  message(headers: Record<string, string>): TrafficMessage {
    if (this.over)
      return {
        headers,
        body: undefined,
        size: this.size,
        unjudged: `the body of ${this.size} octets is over the judging cap of ${this.cap} octets: passed through, not judged`,
      };
    // Most bodies come in one chunk: kept as it is, not copied.
    const joined = this.chunks.length === 1 && this.chunks[0] ? this.chunks[0] : Buffer.concat(this.chunks);
    const decoded = decodeContent(joined, headers['content-encoding']);
    return 'body' in decoded
      ? { headers, body: decoded.body, size: this.size }
      : { headers, body: undefined, size: this.size, unjudged: decoded.unjudged };
  }
}

/** ASCII-only JSON, so the header value is valid field content (RFC 9110 §5.5). */
const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A validating reverse proxy (PRODUCT.md §6 `proxy`): forwards every request and answer unchanged
 * (bodies stream; nothing is buffered beyond the judging cap), judges each exchange after its answer
 * has gone out, and adds nothing to answers unless `mark`. Prints nothing; the CLI reports.
 */
export async function startProxy(options: ProxyOptions): Promise<ProxyHandle> {
  const upstream = new URL(options.upstream);
  const prefix = upstream.pathname.replace(/\/+$/, '');
  const judge = new TrafficJudge(options.contract, [prefix]);
  const cap = options.judgeCap ?? DEFAULT_JUDGE_CAP;
  const secure = upstream.protocol === 'https:';
  // Keep-alive upstream connections, as many as clients need at once (maxSockets is unbounded), reused newest
  // first; noDelay so a request's head and body are not held by Nagle's algorithm (RFC 896) behind a delayed ACK.
  const agentOptions = {
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    scheduling: 'lifo',
    noDelay: true,
  } as const;
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const client = secure ? https : http;
  // The upstream's address parsed once, not from a URL string on every request.
  const target = {
    protocol: upstream.protocol,
    hostname: upstream.hostname.startsWith('[') ? upstream.hostname.slice(1, -1) : upstream.hostname,
    port: upstream.port,
    agent,
  };
  // Each exchange is judged once it is built (below, after its answer has gone out) and folded into the
  // tally, which keeps one cell per operation × check: its bodies are garbage as soon as the batch ends,
  // young, instead of being kept to the end of the run and promoted through every old-space collection.
  const tally = judge.tally({ checks: options.checks, skipChecks: options.skipChecks, strict: options.strict });
  const exchanges: TrafficExchange[] = [];
  const budget = options.retainBytes ?? 512 * 1024 * 1024;
  let retained = 0;
  let dropped = 0;
  const record = (t: TrafficExchange): void => {
    tally.add(t);
    if (options.retain) {
      const fields = (h: Readonly<Record<string, string>> | undefined): number => {
        let n = 0;
        for (const k in h) n += k.length + (h[k]?.length ?? 0);
        return n;
      };
      const size =
        (t.request.body?.length ?? 0) +
        (t.response?.body?.length ?? 0) +
        fields(t.request.headers) +
        fields(t.response?.headers) +
        t.url.length;
      if (retained + size > budget) dropped += 1;
      else {
        retained += size;
        exchanges.push(t);
      }
    }
    options.onExchange?.(t);
  };

  // Finished exchanges wait here, as the wire gave them, and are made into TrafficExchanges (header records,
  // bodies joined and decoded), judged and let go (or kept, with `retain`) in setImmediate batches: after the
  // answer has gone out, never on a client's path. close() drains what is left.
  const queue: Array<() => TrafficExchange> = [];
  let scheduled: NodeJS.Immediate | undefined;
  // Judging takes a fraction of a millisecond an exchange: a batch stops after SLICE_MS and leaves the rest to
  // the next turn of the event loop, so a burst of finished exchanges never holds a client's answer behind it
  // for long; past BACKLOG waiting exchanges it judges them all at once, so that memory stays bounded.
  const drain = (): void => {
    scheduled = undefined;
    const until = performance.now() + SLICE_MS;
    let done = 0;
    // A record() callback may finish more exchanges: they are pushed behind and wait their turn.
    while (done < queue.length && (queue.length - done > BACKLOG || performance.now() < until)) {
      const build = queue[done] as () => TrafficExchange;
      done += 1;
      record(build());
    }
    queue.splice(0, done);
    if (queue.length > 0) scheduled = setImmediate(drain);
  };
  const enqueue = (build: () => TrafficExchange): void => {
    queue.push(build);
    scheduled ??= setImmediate(drain);
  };

  const server = http.createServer((req, res) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const path = `${prefix}${req.url ?? '/'}`;
    const url = `${upstream.origin}${path}`;
    const requestBody = new Capture(cap);
    const responseBody = new Capture(cap);
    let done = false;
    const finish = (
      response: { status: number; statusText: string; headers: Record<string, string> } | undefined,
      error: string | undefined,
      judged?: TrafficExchange,
    ): void => {
      if (done) return;
      done = true;
      if (judged) {
        enqueue(() => judged);
        return;
      }
      const durationMs = Date.now() - started;
      enqueue(() => ({
        startedAt: new Date(started).toISOString(),
        method,
        url,
        request: requestBody.message(headerRecord(req.rawHeaders)),
        response: response && {
          status: response.status,
          statusText: response.statusText,
          ...responseBody.message(response.headers),
        },
        error,
        durationMs,
      }));
    };
    const upReq = client.request(
      { ...target, method, path, headers: forwarded(req.rawHeaders, { host: upstream.host }) },
      (upRes) => {
        const status = upRes.statusCode ?? 502;
        const statusText = upRes.statusMessage ?? '';
        const outHeaders = forwarded(upRes.rawHeaders);
        upRes.on('data', (chunk: Buffer) => responseBody.add(chunk));
        upRes.on('error', (e) => {
          finish(undefined, `the upstream's answer broke off: ${e.message}`);
          res.destroy();
        });
        if (!options.mark) {
          // Forwarded as it comes: the head at once, the body piped; pipe's own 'end' listener, added first,
          // ends the client's answer before this one queues the exchange.
          res.writeHead(status, statusText, outHeaders);
          upRes.pipe(res);
          upRes.on('end', () => finish({ status, statusText, headers: headerRecord(upRes.rawHeaders) }, undefined));
          return;
        }
        // --mark: hold the answer (up to the cap) to judge it before its header goes out; past the cap, stream on.
        const headers = headerRecord(upRes.rawHeaders);
        const held: Buffer[] = [];
        let heldSize = 0;
        const markAndWrite = (partial: boolean): TrafficExchange => {
          const t: TrafficExchange = {
            startedAt: new Date(started).toISOString(),
            method,
            url,
            request: requestBody.message(headerRecord(req.rawHeaders)),
            response: {
              status,
              statusText,
              ...responseBody.message(headers),
              ...(partial ? { body: undefined, unjudged: `over the judging cap of ${cap} octets` } : {}),
            },
            error: undefined,
            durationMs: Date.now() - started,
          };
          const violations = judge.violationsOf(t, options);
          res.writeHead(
            status,
            statusText,
            violations.length > 0 ? [...outHeaders, 'Conformance-Violations', asciiJson(violations)] : outHeaders,
          );
          return t;
        };
        const onData = (chunk: Buffer): void => {
          held.push(chunk);
          heldSize += chunk.length;
          if (heldSize > cap) {
            upRes.off('data', onData);
            upRes.off('end', onEnd);
            upRes.pause();
            markAndWrite(true);
            for (const c of held) res.write(c);
            upRes.pipe(res);
            upRes.on('end', () => finish({ status, statusText, headers }, undefined));
          }
        };
        const onEnd = (): void => {
          // The exchange just judged for the header is the one kept: its bodies are not joined and decoded twice.
          const judged = markAndWrite(false);
          res.end(Buffer.concat(held));
          finish({ status, statusText, headers }, undefined, judged);
        };
        upRes.on('data', onData);
        upRes.on('end', onEnd);
      },
    );
    upReq.on('error', (e) => {
      finish(undefined, `upstream ${upstream.origin}: ${e.message}`);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            status: 502,
            code: 'BAD_GATEWAY',
            message: `conformance proxy: the upstream could not be reached: ${e.message}`,
          }),
        );
      } else res.destroy();
    });
    req.on('data', (chunk: Buffer) => requestBody.add(chunk));
    req.on('aborted', () => upReq.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upReq.destroy();
    });
    req.pipe(upReq);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4020, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    upstream: options.upstream,
    exchanges,
    dropped: () => dropped,
    requests: () => tally.requests,
    judge,
    report: (at) => tally.report(at),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      // Every exchange that finished is judged and reported: the batches not yet run are run now.
      if (scheduled) clearImmediate(scheduled);
      for (const build of queue.splice(0)) record(build());
    },
  };
}
