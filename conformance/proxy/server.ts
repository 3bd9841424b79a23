import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Contract } from '../../src/contract/index.js';
import { TrafficJudge } from '../traffic/judge.js';
import { DEFAULT_JUDGE_CAP, type TrafficExchange } from '../traffic/types.js';
import {
  DEFAULT_JUDGE_BACKLOG,
  LocalJudging,
  WorkerJudging,
  type ProxyJudging,
  type TrafficReport,
} from './judging.js';
import { ownCopy, trafficExchange, type WireExchange, type WireMessage } from './wire.js';

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
  /**
   * Judge on a thread of its own (node:worker_threads), given the contract's text (the thread indexes it
   * again: a Contract cannot cross threads), so that the proxy's thread only forwards and hands each
   * finished exchange over; without it, exchanges are judged on the proxy's thread between requests.
   * Either way every exchange is judged, in the order they finished. With it, report() is ready after close().
   */
  readonly worker?: {
    readonly contractText: string;
    /** Added to the judging thread's nice value (Linux): forwarding goes first on busy cores. */
    readonly lowerPriorityBy?: number;
  };
  /**
   * With `worker`: octets of finished exchanges waiting to be judged (default DEFAULT_JUDGE_BACKLOG,
   * 256 MiB) past which exchanges are forwarded but not judged, counted by notJudged() and named in the
   * report's notices, so that a judging thread that falls behind never grows memory without bound.
   */
  readonly judgeBacklog?: number;
}

export interface ProxyHandle {
  /** `http://HOST:PORT`, the real port. */
  readonly url: string;
  readonly upstream: string;
  /** With `retain`: every finished exchange kept, in the order they finished (empty without it). */
  readonly exchanges: readonly TrafficExchange[];
  /** With `retain`: exchanges forwarded and judged after the kept ones reached `retainBytes`, not kept. */
  dropped(): number;
  /** Exchanges finished so far (every one is judged by the end of close(), but for notJudged()). */
  requests(): number;
  /** With `worker`: exchanges forwarded but let go unjudged because judging had fallen behind (`judgeBacklog`). */
  notJudged(): number;
  /** A judge of the contract on this thread (the proxy's own judging may be on another: `worker`). */
  readonly judge: TrafficJudge;
  /**
   * The report of every exchange judged so far: all of them, after close(). With `worker`, only after
   * close() (the judging thread sends it then).
   */
  report(at: { readonly target: string; readonly startedAt: Date }): TrafficReport;
  close(): Promise<void>;
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
  /** The message as it came, its body copied out of the socket's buffers (undefined past the cap). */
  message(rawHeaders: readonly string[], unjudged?: string): WireMessage {
    const body = this.over || unjudged !== undefined ? undefined : ownCopy(this.chunks, this.size);
    this.chunks = [];
    return { rawHeaders, body, size: this.size, ...(unjudged !== undefined ? { unjudged } : {}) };
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
  const tallyOptions = { checks: options.checks, skipChecks: options.skipChecks, strict: options.strict };
  // A judge on this thread: judging itself when there is no worker, and for callers (convert, validator).
  let judge: TrafficJudge | undefined;
  const localJudge = (): TrafficJudge => (judge ??= new TrafficJudge(options.contract, [prefix]));
  // Each exchange is judged after its answer has gone out and folded into a tally, which keeps one cell
  // per operation × check: its bodies are garbage soon after, young, instead of being kept to the end
  // of the run and promoted through every old-space collection.
  const local = options.worker ? undefined : localJudge().tally(tallyOptions);
  const judging: ProxyJudging = local
    ? new LocalJudging(local, cap)
    : new WorkerJudging(
        {
          contractText: options.worker?.contractText ?? '',
          contractPath: options.contract.path,
          prefixes: [prefix],
          cap,
          options: tallyOptions,
          ...(options.worker?.lowerPriorityBy !== undefined ? { lowerPriorityBy: options.worker.lowerPriorityBy } : {}),
        },
        // A kept exchange reads the same body buffers: they are then copied to the judging thread, not moved.
        {
          transfer: !options.retain,
          ...(options.judgeBacklog !== undefined ? { backlog: options.judgeBacklog } : {}),
        },
      );
  let finished = 0;
  let closed: Promise<TrafficReport> | undefined;
  let final: TrafficReport | undefined;
  const exchanges: TrafficExchange[] = [];
  const budget = options.retainBytes ?? 512 * 1024 * 1024;
  let retained = 0;
  let dropped = 0;
  const keep = (wire: WireExchange): void => {
    const t = trafficExchange(wire, cap);
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
  };
  /** A finished exchange: kept (with `retain`) and handed to the judging, which judges it later, off the client's path. */
  const hand = (wire: WireExchange, judged: boolean): void => {
    finished += 1;
    if (options.retain) keep(wire);
    if (!judged) judging.add(wire);
  };

  const server = http.createServer((req, res) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const path = `${prefix}${req.url ?? '/'}`;
    const url = `${upstream.origin}${path}`;
    const requestBody = new Capture(cap);
    const responseBody = new Capture(cap);
    let done = false;
    const wireOf = (
      response: { status: number; statusText: string; rawHeaders: readonly string[] } | undefined,
      error: string | undefined,
      responseUnjudged?: string,
    ): WireExchange => ({
      started,
      method,
      url,
      request: requestBody.message(req.rawHeaders),
      response: response && {
        status: response.status,
        statusText: response.statusText,
        ...responseBody.message(response.rawHeaders, responseUnjudged),
      },
      error,
      durationMs: Date.now() - started,
    });
    const finish = (
      response: { status: number; statusText: string; rawHeaders: readonly string[] } | undefined,
      error: string | undefined,
    ): void => {
      if (done) return;
      done = true;
      hand(wireOf(response, error), false);
    };
    const upReq = client.request(
      { ...target, method, path, headers: forwarded(req.rawHeaders, { host: upstream.host }) },
      (upRes) => {
        const status = upRes.statusCode ?? 502;
        const statusText = upRes.statusMessage ?? '';
        const outHeaders = forwarded(upRes.rawHeaders);
        const head = { status, statusText, rawHeaders: upRes.rawHeaders };
        upRes.on('error', (e) => {
          finish(undefined, `the upstream's answer broke off: ${e.message}`);
          res.destroy();
        });
        if (!options.mark) {
          // Forwarded as it comes: the head at once, the body piped; pipe's own 'end' listener, added first,
          // ends the client's answer before this one hands the exchange over.
          upRes.on('data', (chunk: Buffer) => responseBody.add(chunk));
          res.writeHead(status, statusText, outHeaders);
          upRes.pipe(res);
          upRes.on('end', () => finish(head, undefined));
          return;
        }
        // --mark: hold the answer (up to the cap) to judge it before its header goes out; past the cap, stream on.
        // The exchange judged for the header is the one the report folds in: each is judged once.
        const held: Buffer[] = [];
        let heldSize = 0;
        const markAndWrite = async (partial: boolean): Promise<void> => {
          done = true;
          const wire = wireOf(head, undefined, partial ? `over the judging cap of ${cap} octets` : undefined);
          hand(wire, true);
          const violations = await judging.mark(wire);
          if (res.destroyed) return;
          res.writeHead(
            status,
            statusText,
            violations.length > 0 ? [...outHeaders, 'Conformance-Violations', asciiJson(violations)] : outHeaders,
          );
        };
        const onData = (chunk: Buffer): void => {
          responseBody.add(chunk);
          held.push(chunk);
          heldSize += chunk.length;
          if (heldSize > cap) {
            upRes.off('data', onData);
            upRes.off('end', onEnd);
            upRes.pause();
            void markAndWrite(true).then(() => {
              if (res.destroyed) return;
              for (const c of held) res.write(c);
              upRes.pipe(res);
            });
          }
        };
        const onEnd = (): void => {
          void markAndWrite(false).then(() => {
            if (!res.destroyed) res.end(Buffer.concat(held));
          });
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
    requests: () => finished,
    notJudged: () => judging.notJudged(),
    get judge() {
      return localJudge();
    },
    report: (at) => {
      const report = final ?? local?.report(at);
      if (!report) throw new Error('the proxy judges on a thread of its own: its report is ready after close()');
      const unjudged = judging.notJudged();
      const notices =
        unjudged > 0
          ? [
              ...(report.notices ?? []),
              `${unjudged} exchange(s) not judged: judging fell behind (more than ${Math.round((options.judgeBacklog ?? DEFAULT_JUDGE_BACKLOG) / 1024)} KiB of exchanges were waiting to be judged); they were forwarded unchanged`,
            ]
          : report.notices;
      return {
        ...report,
        ...(notices !== undefined ? { notices } : {}),
        target: at.target,
        startedAt: at.startedAt.toISOString(),
        durationMs: Date.now() - at.startedAt.getTime(),
      };
    },
    close: async () => {
      closed ??= (async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        agent.destroy();
        // Every exchange that finished is judged and reported: those still waiting are judged now.
        return (await judging.finish()).report;
      })();
      final = await closed;
    },
  };
}
