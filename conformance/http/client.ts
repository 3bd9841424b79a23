import http from 'node:http';
import https from 'node:https';
import type { RecordedResponse, TransportError, TransportErrorKind } from '../types.js';

export interface OutgoingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
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

/**
 * A small HTTP client on node:http: one deadline per request covering connect,
 * headers and body; a body size cap; redirects are never followed (a 3xx is
 * just a response to judge); every failure is classified, never thrown.
 */
export class HttpClient {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 8 });

  constructor(private readonly options: HttpClientOptions) {}

  send(request: OutgoingRequest): Promise<HttpOutcome> {
    const started = performance.now();
    return new Promise<HttpOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: HttpOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const fail = (kind: TransportErrorKind, message: string): void => finish({ ok: false, error: { kind, message } });
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        fail('other', `invalid URL ${request.url}`);
        return;
      }
      const secure = url.protocol === 'https:';
      const headers: Record<string, string> = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
      const req = (secure ? https : http).request(url, {
        method: request.method,
        headers,
        agent: secure ? this.httpsAgent : this.httpAgent,
      });
      const timer = setTimeout(() => {
        fail('timeout', `no complete answer within ${this.options.timeoutMs} ms`);
        req.destroy();
      }, this.options.timeoutMs);
      req.on('error', (error: NodeJS.ErrnoException) => fail(classify(error), describeError(error, url)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.options.maxBodyBytes) {
            fail('too_large', `the response body is over ${this.options.maxBodyBytes} bytes`);
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (error: NodeJS.ErrnoException) => fail(classify(error), describeError(error, url)));
        res.on('aborted', () => fail('reset', 'the connection was dropped in the middle of the response body'));
        res.on('end', () => {
          if (!res.complete) {
            fail('reset', 'the connection was dropped in the middle of the response body');
            return;
          }
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
          }
          finish({
            ok: true,
            response: {
              status: res.statusCode ?? 0,
              headers: out,
              body: Buffer.concat(chunks).toString('utf8'),
              durationMs: Math.round(performance.now() - started),
            },
          });
        });
      });
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
  }

  /** Closes the kept-alive sockets, so the process can exit. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function classify(error: NodeJS.ErrnoException): TransportErrorKind {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || /socket hang up/i.test(error.message)) return 'reset';
  if (code.startsWith('HPE_') || code === 'ERR_INVALID_HTTP_TOKEN') return 'bad_response';
  if (code === 'ETIMEDOUT') return 'timeout';
  return 'other';
}

function describeError(error: NodeJS.ErrnoException, url: URL): string {
  switch (classify(error)) {
    case 'refused':
      return `connection refused by ${url.host}`;
    case 'reset':
      return `the connection was dropped before a complete response (${error.code ?? error.message})`;
    case 'bad_response':
      return `the answer is not valid HTTP (${error.code ?? ''}: ${error.message})`;
    default:
      return `${error.code ?? 'error'}: ${error.message}`;
  }
}
