import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createMockApp } from './app.js';
import { DEFAULTS, OptionsError, type MockOptions } from './options.js';

export interface StartOptions extends MockOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only): other machines reach the mock only when this says so. */
  host?: string;
  /** Request line plus headers, in bytes; over it Node answers 431. Default 16 KiB. */
  maxHeaderBytes?: number;
  /** The headers must have arrived this long after the connection's request began (slow-loris). Default 10 s. */
  headersTimeoutMs?: number;
  /** The whole request must have arrived within this. Default 30 s. */
  requestTimeoutMs?: number;
}

export interface RunningMock {
  /** `http://HOST:PORT` with the real port, no trailing slash. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const positive = (name: string, value: number): number => {
  if (!Number.isInteger(value) || value < 1) throw new OptionsError(`${name} must be a positive integer, got ${value}`);
  return value;
};

/**
 * Requests Node's parser refuses never reach Express. Node's default answer is a bare status line;
 * a 400 here gets the contract's Error body too. 431 and 408 keep Node's bare answer (neither is
 * in the contract's catalogue). Always with `Connection: close`: the byte stream is unusable.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  let head: string;
  let body = '';
  if (error.code === 'HPE_HEADER_OVERFLOW') head = '431 Request Header Fields Too Large';
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') head = '408 Request Timeout';
  else {
    head = '400 Bad Request';
    body = JSON.stringify({ code: 'validation_failed', message: 'The request is not valid HTTP/1.1.', status: 400 });
  }
  const type = body ? 'Content-Type: application/json; charset=utf-8\r\n' : '';
  socket.end(`HTTP/1.1 ${head}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * What Node's parser lets through but HTTP/1.1 forbids, fixed or refused before the app sees it:
 * more than one Host is a 400 (RFC 9112 §3.2); an absolute-form target (RFC 9112 §3.2.2) is
 * reduced to its path and query, which is what the routes match. Returns true when it answered.
 */
function refuseBadFraming(req: IncomingMessage, res: ServerResponse): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts > 1) {
    const body = JSON.stringify({ code: 'validation_failed', message: 'A request carries one Host header (RFC 9112 §3.2).', status: 400 });
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    res.end(body);
    return true;
  }
  const url = req.url ?? '/';
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
  if (m) req.url = m[1]!.startsWith('/') ? m[1]! : `/${m[1]!}`;
  return false;
}

/** Builds the app and listens; `close()` stops the server and the contract watcher. */
export async function start(input: StartOptions = {}): Promise<RunningMock> {
  const {
    port = DEFAULTS.port,
    host = DEFAULTS.host,
    maxHeaderBytes = DEFAULTS.maxHeaderBytes,
    headersTimeoutMs = DEFAULTS.headersTimeoutMs,
    requestTimeoutMs = DEFAULTS.requestTimeoutMs,
    signal,
    ...rest
  } = input;
  positive('maxHeaderBytes', maxHeaderBytes);
  positive('headersTimeoutMs', headersTimeoutMs);
  positive('requestTimeoutMs', requestTimeoutMs);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const app = await createMockApp({ ...rest, signal: controller.signal });
  const server = createServer(
    {
      maxHeaderSize: maxHeaderBytes,
      // Node requires headersTimeout ≤ requestTimeout.
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: DEFAULTS.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (default 30 s, too coarse for a 10 s limit).
      connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs),
    },
    (req, res) => {
      if (refuseBadFraming(req, res)) return;
      app(req, res);
    },
  );
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    controller.abort();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        controller.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        // Requests still in flight get a moment to finish; a stalled client does not hold the close.
        setTimeout(() => server.closeAllConnections(), DEFAULTS.closeGraceMs).unref();
      });
      return closing;
    },
  };
}
