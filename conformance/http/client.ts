import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { RecordedResponse, TransportError, TransportErrorKind } from '../types.js';

export interface OutgoingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** `latin1`: each character of `body` is one octet (a body that is not UTF-8, sent on purpose); else UTF-8. */
  readonly bodyEncoding?: 'latin1';
}

export type HttpOutcome =
  | { readonly ok: true; readonly response: RecordedResponse }
  | { readonly ok: false; readonly error: TransportError };

export interface HttpClientOptions {
  /** One deadline for connecting, the headers and the whole body. */
  readonly timeoutMs: number;
  /** Larger bodies are cut off and reported (a runaway response must not exhaust the runner). */
  readonly maxBodyBytes: number;
}

/** What had arrived when a request failed: turns "it failed" into "it failed after the headers and 10 of 100 bytes". */
interface Progress {
  socket: Socket | undefined;
  /** socket.bytesRead when the request got its socket (a kept-alive socket has read earlier answers). */
  baseline: number;
  status: number | undefined;
  announced: number | undefined;
  bodyBytes: number;
  /** A TCP (or TLS) connection to the target was established for this request. */
  connected: boolean;
}

/**
 * A small HTTP client on node:http: one deadline per request covering connect,
 * headers and body; a body size cap; redirects are never followed (a 3xx is
 * just a response to judge); every failure is classified, never thrown, and
 * says how far the answer got.
 */
export class HttpClient {
  // One connection per request (`Connection: close`): bytes a target sends after a response (a wrong
  // Content-Length, a smuggled second response) can never be read as the answer to the next request
  // (RFC 9112 §6.3 forbids treating them as one); each exchange is judged on its own connection.
  private readonly httpAgent = new http.Agent({ keepAlive: false, maxSockets: 8 });
  private readonly httpsAgent = new https.Agent({ keepAlive: false, maxSockets: 8 });

  constructor(private readonly options: HttpClientOptions) {}

  send(request: OutgoingRequest): Promise<HttpOutcome> {
    const started = performance.now();
    const { timeoutMs, maxBodyBytes } = this.options;
    return new Promise<HttpOutcome>((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const progress: Progress = {
        socket: undefined,
        baseline: 0,
        status: undefined,
        announced: undefined,
        bodyBytes: 0,
        connected: false,
      };
      const received = (): number => (progress.socket ? Math.max(0, progress.socket.bytesRead - progress.baseline) : 0);
      const finish = (outcome: HttpOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const fail = (kind: TransportErrorKind, message: string): void =>
        finish({ ok: false, error: { kind, message, bytesReceived: received(), connected: progress.connected } });
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        fail('other', `invalid URL ${request.url}`);
        return;
      }
      const secure = url.protocol === 'https:';
      const headers: Record<string, string> = { ...request.headers };
      const octets = request.body === undefined ? undefined : Buffer.from(request.body, request.bodyEncoding ?? 'utf8');
      // A request naming its own Transfer-Encoding (Azure Data Lake's required `Transfer-Encoding: chunked`
      // header parameter) is framed by it: a sender MUST NOT send Content-Length beside it (RFC 9112 §6.2),
      // and a server refuses a message carrying both (the mock: 400 "not valid HTTP/1.1"). Node then
      // writes the body in chunks.
      const framed = Object.keys(headers).some((name) => name.toLowerCase() === 'transfer-encoding');
      if (octets !== undefined && !framed) headers['content-length'] = String(octets.length);
      let req: http.ClientRequest;
      try {
        req = (secure ? https : http).request(url, {
          method: request.method,
          headers,
          agent: secure ? this.httpsAgent : this.httpAgent,
        });
      } catch (error) {
        // Invalid header values from --header, an unsupported protocol...: the request never left.
        fail('other', `the request could not be sent: ${(error as Error).message}`);
        return;
      }
      timer = setTimeout(() => {
        fail('timeout', `no complete answer within ${timeoutMs} ms (${describeProgress(progress, received())})`);
        req.destroy();
      }, timeoutMs);
      req.on('socket', (socket: Socket) => {
        progress.socket = socket;
        progress.baseline = socket.bytesRead;
        // A reused socket is connected already; a new one says so with 'connect' (refused never does).
        if (!socket.connecting) progress.connected = true;
        else socket.once('connect', () => (progress.connected = true));
      });
      req.on('error', (error: NodeJS.ErrnoException) =>
        fail(classify(error), describeError(error, url, progress, received())),
      );
      req.on('response', (res) => {
        progress.status = res.statusCode;
        const length = res.headers['content-length'];
        progress.announced = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
        if (progress.announced !== undefined && progress.announced > maxBodyBytes) {
          // Refuse before reading: the announced size alone is over the cap.
          fail(
            'too_large',
            `status ${res.statusCode ?? '?'} announces a ${progress.announced}-byte body (Content-Length), over the cap of ${maxBodyBytes} bytes: not read`,
          );
          req.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          progress.bodyBytes += chunk.length;
          if (progress.bodyBytes > maxBodyBytes) {
            fail(
              'too_large',
              `status ${res.statusCode ?? '?'}: the response body is over the cap of ${maxBodyBytes} bytes: stopped reading after ${progress.bodyBytes} bytes`,
            );
            chunks.length = 0;
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        const dropped = (): void =>
          fail(
            'reset',
            `the connection closed in the middle of the response body (${describeProgress(progress, received())})`,
          );
        res.on('error', (error: NodeJS.ErrnoException) => {
          if (classify(error) === 'reset') dropped();
          else fail(classify(error), describeError(error, url, progress, received()));
        });
        res.on('aborted', dropped);
        res.on('end', () => {
          if (!res.complete) {
            dropped();
            return;
          }
          finish({
            ok: true,
            response: {
              status: res.statusCode ?? 0,
              headers: headersOf(res),
              body: Buffer.concat(chunks).toString('utf8'),
              durationMs: Math.round(performance.now() - started),
            },
          });
        });
      });
      // A 101 with Upgrade (RFC 9110 §7.8, §15.2.2): past its headers the connection speaks another
      // protocol, which the runner does not; the answer is that status and its headers, and the
      // socket is closed (without this listener Node leaves the request hanging until the timeout).
      req.on('upgrade', (res: http.IncomingMessage, socket: Socket) => {
        socket.destroy();
        finish({
          ok: true,
          response: {
            status: res.statusCode ?? 0,
            headers: headersOf(res),
            body: '',
            durationMs: Math.round(performance.now() - started),
          },
        });
      });
      if (octets !== undefined) req.write(octets);
      req.end();
    });
  }

  /** Closes any socket still open (a request given up on), so the process can exit. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function headersOf(res: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function classify(error: NodeJS.ErrnoException): TransportErrorKind {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ECONNABORTED' ||
    /socket hang up|aborted/i.test(error.message)
  )
    return 'reset';
  if (code.startsWith('HPE_') || code === 'ERR_INVALID_HTTP_TOKEN' || code === 'ERR_INVALID_CHAR')
    return 'bad_response';
  if (code === 'ETIMEDOUT') return 'timeout';
  return 'other';
}

function describeProgress(p: Progress, received: number): string {
  if (!p.socket || p.socket.connecting) return 'could not connect';
  if (p.status === undefined)
    return received === 0
      ? 'connected, but nothing was received'
      : `${received} bytes received, the status line and headers never completed`;
  const of = p.announced !== undefined ? ` of the ${p.announced} its Content-Length announced` : '';
  return `status ${p.status} and headers received, then ${p.bodyBytes} body bytes${of}`;
}

/** A printable excerpt of the bytes the HTTP parser choked on. */
function firstBytes(error: NodeJS.ErrnoException): string {
  const raw = (error as { rawPacket?: unknown }).rawPacket;
  if (!Buffer.isBuffer(raw)) return '';
  const text = raw
    .subarray(0, 48)
    .toString('latin1')
    .replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `; it starts "${text}"${raw.length > 48 ? '…' : ''}`;
}

const PARSER_ERRORS: Readonly<Record<string, string>> = {
  HPE_INVALID_CONSTANT: 'does not start with an HTTP status line',
  HPE_INVALID_VERSION: 'has an invalid HTTP version',
  HPE_INVALID_STATUS: 'has an invalid status code',
  HPE_INVALID_HEADER_TOKEN: 'has invalid bytes in a header',
  HPE_HEADER_OVERFLOW: 'has headers over the 16 KiB limit',
  HPE_INVALID_CONTENT_LENGTH: 'has an invalid Content-Length',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'has both Content-Length and Transfer-Encoding',
  HPE_INVALID_CHUNK_SIZE: 'has an invalid chunk size',
  HPE_INVALID_TRANSFER_ENCODING: 'has an invalid Transfer-Encoding',
};

function describeError(error: NodeJS.ErrnoException, url: URL, p: Progress, received: number): string {
  switch (classify(error)) {
    case 'refused':
      return `connection refused by ${url.host}`;
    case 'reset': {
      // "socket hang up": an orderly close (FIN) with the answer incomplete; ECONNRESET proper: a reset (RST).
      const how = /socket hang up/i.test(error.message) ? 'closed' : 'reset';
      return p.status === undefined && received === 0
        ? `connection ${how} by ${url.host} before it sent anything (${error.message})`
        : `connection ${how} by ${url.host} before a complete response (${describeProgress(p, received)}; ${error.message})`;
    }
    case 'bad_response': {
      const code = error.code ?? '';
      return `not HTTP: the answer ${PARSER_ERRORS[code] ?? 'is not valid HTTP/1.1'} (${code}: ${(error as { reason?: string }).reason ?? error.message})${firstBytes(error)}`;
    }
    case 'timeout':
      return `timed out (${describeProgress(p, received)})`;
    default:
      if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN')
        return `unknown host ${url.hostname} (${error.code})`;
      return `${error.code ?? 'error'}: ${error.message}`;
  }
}
