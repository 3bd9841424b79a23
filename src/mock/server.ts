import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { buildMockApp, type ServedContract } from './app.js';
import { bornWithPrototypes } from './born-with-prototypes.js';
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
  /** The contract it serves: title, version, base path (for the start-up line). */
  served(): ServedContract;
  close(): Promise<void>;
}

const positive = (name: string, value: number): number => {
  if (!Number.isInteger(value) || value < 1) throw new OptionsError(`${name} must be a positive integer, got ${value}`);
  return value;
};

/** Writes the body of a refusal Node's parser made, from the status, a message and the request line if one was read. */
type RenderBare = (
  status: number,
  message: string,
  method: string | undefined,
  target: string | undefined,
) => { readonly contentType: string; readonly text: string } | undefined;

/**
 * Requests Node's parser refuses never reach Express. Node's default answer is a bare status line;
 * here each (400, 431, 408) carries the contract's error body, as the operation its request line
 * names documents that status (the rule for bodies, src/contract/response-body.ts: documented
 * content is written in one of its media types; RFC 9110 §15.5: a 4xx explains itself). Always
 * with `Connection: close`: the byte stream is unusable.
 */
function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
  lingering: WeakSet<Socket>,
  answered: WeakMap<Socket, number>,
  render: RenderBare,
): void {
  // Node's parser reports an error again for each chunk that arrives after the first: the
  // connection is already answered and closing gracefully.
  if (lingering.has(socket)) return;
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (socket.bytesWritten > (answered.get(socket) ?? 0)) {
    // Part of an answer is on the wire (a pipelined request went wrong behind it): no second one
    // in the middle of it. A kept-alive connection whose earlier answers are complete gets its 4xx
    // like a fresh one (RFC 9112 §9.3: each request on a persistent connection gets its answer).
    closeGracefully(socket, lingering);
    return;
  }
  let head: string;
  let message: string;
  if (error.code === 'HPE_HEADER_OVERFLOW')
    [head, message] = [
      '431 Request Header Fields Too Large',
      'The request line and headers are over the limit this server reads.',
    ];
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    [head, message] = ['408 Request Timeout', 'The request did not arrive in time.'];
  else [head, message] = ['400 Bad Request', 'The request is not valid HTTP/1.1.'];
  // The request line, when the parser got that far (its raw bytes; a request line of any length).
  const line = Buffer.isBuffer(error.rawPacket)
    ? /^([A-Z]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(error.rawPacket.subarray(0, 1 << 20).toString('latin1'))
    : null;
  let rendered: { readonly contentType: string; readonly text: string } | undefined;
  try {
    rendered = render(Number(head.slice(0, 3)), message, line?.[1], line?.[2]);
  } catch {
    rendered = { contentType: 'application/json; charset=utf-8', text: JSON.stringify({ message }) };
  }
  // No body the contract's error schema can carry for this status: the bare status line, as Node sends it.
  const entity =
    rendered === undefined
      ? 'Content-Length: 0\r\n'
      : `Content-Type: ${rendered.contentType}\r\nContent-Length: ${Buffer.byteLength(rendered.text)}\r\n`;
  closeGracefully(socket, lingering, `HTTP/1.1 ${head}\r\nConnection: close\r\n${entity}\r\n${rendered?.text ?? ''}`);
}

/**
 * Closes a connection whose client may still be sending (a refused request, a 413 before its
 * body): RFC 9112 §9.6. Closing at once with unread bytes makes the kernel answer with a reset,
 * which can reach the client before it has read the answer. So: write the answer, half-close
 * (FIN), read and discard what still comes, and close fully when the client closes its side, or
 * once it has sent nothing for `lingerMs`, or after `lingerMaxMs` or past `lingerBytes` in all:
 * bounded, so a client that never stops cannot hold it (Apache httpd's lingering close does the same).
 *
 * Silence is judged after the event loop has read the socket: timers run before reads in each
 * turn, so a process starved of CPU for longer than `lingerMs` (a busy machine) would find its
 * timer due with the client's bytes unread, and cut a client that never paused: a reset.
 */
export function closeGracefully(socket: Socket, lingering: WeakSet<Socket>, answer?: string): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  // bytesRead counts what the socket read, whether as 'data' events or straight into Node's HTTP
  // parser (which still consumes the socket of an answered request whose body is coming).
  const readAtStart = socket.bytesRead;
  let readAtCheck = readAtStart;
  const until = performance.now() + DEFAULTS.lingerMaxMs;
  const silent = (): void => {
    // setImmediate runs after this turn's reads: bytes that waited in the kernel count as heard.
    setImmediate(() => {
      const read = socket.bytesRead;
      if (read > readAtCheck && read - readAtStart <= DEFAULTS.lingerBytes && performance.now() < until) {
        readAtCheck = read;
        timer = setTimeout(silent, DEFAULTS.lingerMs).unref();
      } else socket.destroy();
    }).unref();
  };
  let timer = setTimeout(silent, DEFAULTS.lingerMs).unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('data', () => {
    if (socket.bytesRead - readAtStart > DEFAULTS.lingerBytes) socket.destroy();
  });
  socket.once('end', () => socket.destroy());
  socket.on('error', () => socket.destroy());
  if (answer === undefined) socket.end();
  else socket.end(answer);
  socket.resume();
}

/**
 * What Node's parser lets through but HTTP/1.1 forbids, fixed or refused before the app sees it:
 * more than one Host is a 400 (RFC 9112 §3.2); an absolute-form target (RFC 9112 §3.2.2) is
 * reduced to its path and query, which is what the routes match. Returns true when it answered.
 */
function refuseBadFraming(req: IncomingMessage, res: ServerResponse): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]!.length === 4 && req.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts > 1) {
    const body = JSON.stringify({
      code: 'validation_failed',
      message: 'A request carries one Host header (RFC 9112 §3.2).',
      status: 400,
    });
    res.writeHead(400, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    });
    res.end(body);
    return true;
  }
  const url = req.url ?? '/';
  // An origin-form target (the usual one) starts with '/' and cannot match.
  const m = url.startsWith('/') ? null : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
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
  const { app, served, renderBare } = await buildMockApp({ ...rest, signal: controller.signal });
  // Per connection, the bytes written when its last complete answer ended.
  const answered = new WeakMap<Socket, number>();
  // One listener for every answer (not a closure per request); `res.req.socket`, as the answer's own socket is detached by then.
  const noteAnswered = function (this: ServerResponse): void {
    const socket = this.req.socket;
    answered.set(socket, socket.bytesWritten);
  };
  const server = createServer(
    {
      maxHeaderSize: maxHeaderBytes,
      // Node requires headersTimeout ≤ requestTimeout.
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: DEFAULTS.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (default 30 s, too coarse for a 10 s limit).
      connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs),
      ...bornWithPrototypes(app),
    },
    (req, res) => {
      res.on('finish', noteAnswered);
      if (refuseBadFraming(req, res)) return;
      app(req, res);
    },
  );
  // The sockets closing gracefully, so that a repeated parser error leaves them be.
  const lingering = new WeakSet<Socket>();
  server.on('clientError', (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) =>
    answerClientError(error, socket, lingering, answered, renderBare),
  );
  // Node closes a `Connection: close` answer's socket with destroySoon(): at once, unread request
  // bytes and all (a reset). Each socket closes gracefully instead (RFC 9112 §9.6).
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = () => closeGracefully(socket, lingering);
  });
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
    served,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        controller.abort();
        // Requests still in flight get a moment to finish; a stalled client does not hold the close.
        // The timer stays ref'd until the close completes: `await mock.close()` must settle even when
        // the only other handles are sockets an in-process client has unref'd (undici does for idle
        // keep-alive ones), or Node ends the process with the await unsettled (exit 13).
        const grace = setTimeout(() => server.closeAllConnections(), DEFAULTS.closeGraceMs);
        server.close((error) => {
          clearTimeout(grace);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
