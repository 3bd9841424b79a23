import { connect } from 'node:net';
import { scaled } from '../load-scale.js';

/** A response read off a raw socket. */
export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly text: string;
  /** The socket ended or was reset by the server. */
  readonly closedByServer: boolean;
}

/** A raw request failed before any response came back (reset, timeout). */
export class RawError extends Error {
  override readonly name = 'RawError';
}

/**
 * Writes `bytes` to a new connection and reads one response until the server closes it (the
 * request asks for `Connection: close`) or the response is complete. Real bytes on a real
 * socket: HTTP clients refuse to send most of what the corpus holds.
 */
export function sendRaw(
  port: number,
  bytes: Buffer,
  options: { timeoutMs?: number; head?: boolean } = {},
): Promise<RawResponse> {
  const timeoutMs = options.timeoutMs ?? scaled(10_000);
  return new Promise<RawResponse>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closedByServer: boolean): void => {
      if (settled) return;
      const all = Buffer.concat(chunks);
      const parsed = parseResponse(all, options.head ?? false);
      if (!parsed && !closedByServer) return; // need more bytes
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (!parsed)
        reject(
          new RawError(
            `no complete response (${all.length} bytes: ${JSON.stringify(all.subarray(0, 120).toString('latin1'))})`,
          ),
        );
      else resolve({ ...parsed, closedByServer });
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(new RawError(`no response within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after a full response is fine (the server closed while we were still writing).
      if (parseResponse(Buffer.concat(chunks), options.head ?? false)) finish(true);
      else if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(new RawError(`connection error ${error.code ?? error.message}`));
      }
    });
    socket.write(bytes, () => undefined);
  });
}

/** Parses one HTTP/1.1 response (Content-Length, chunked, or until close); undefined when incomplete. */
export function parseResponse(all: Buffer, head: boolean): Omit<RawResponse, 'closedByServer'> | undefined {
  let start = 0;
  // Skip interim 1xx responses (100 Continue).
  for (;;) {
    const end = all.indexOf('\r\n\r\n', start);
    if (end === -1) return undefined;
    const lines = all.subarray(start, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!m) return undefined;
    const status = Number(m[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const name = line.slice(0, i).trim().toLowerCase();
      const value = line.slice(i + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const bodyStart = end + 4;
    if (status >= 100 && status < 200) {
      start = bodyStart;
      continue;
    }
    if (head || status === 204 || status === 304) return done(status, headers, Buffer.alloc(0));
    if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
      const body = dechunk(all.subarray(bodyStart));
      return body ? done(status, headers, body) : undefined;
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (all.length - bodyStart < length) return undefined;
      return done(status, headers, all.subarray(bodyStart, bodyStart + length));
    }
    return undefined; // read until close
  }
}

function done(status: number, headers: Record<string, string>, body: Buffer): Omit<RawResponse, 'closedByServer'> {
  return { status, headers, body, text: body.toString('utf8') };
}

function dechunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol === -1) return undefined;
    const size = parseInt(data.subarray(at, eol).toString('latin1').split(';')[0]!, 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return Buffer.concat(parts);
    if (data.length < eol + 2 + size + 2) return undefined;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** A plain request over a raw socket: method, target, headers, optional body with Content-Length. */
export function rawRequest(
  method: string,
  target: string,
  headers: Readonly<Record<string, string>> = {},
  body?: string | Buffer,
): Buffer {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  let head = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (payload) head += `Content-Length: ${payload.length}\r\n`;
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), payload ?? Buffer.alloc(0)]);
}
