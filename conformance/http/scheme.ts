import net from 'node:net';
import tls from 'node:tls';
import type { Exchange } from '../types.js';

/**
 * Whether a run's exchanges look like a protocol mismatch: not one answer, and the failures
 * immediate (closed, not HTTP, TLS errors), never timeouts: a silent target is not asked again.
 */
export function looksLikeProtocolMismatch(exchanges: readonly Exchange[]): boolean {
  const sent = exchanges.filter((e) => e.error?.kind !== 'not_sent');
  return (
    sent.length > 0 &&
    sent.every(
      (e) =>
        e.response === undefined &&
        (e.error?.kind === 'reset' || e.error?.kind === 'bad_response' || e.error?.kind === 'other'),
    )
  );
}

/**
 * When no request got an answer: does the target speak the protocol its URL names? `https://`
 * against a plain-HTTP port (or `http://` against a TLS port), or a certificate
 * Node does not trust, would otherwise surface as one failure per request with
 * OpenSSL text; here it becomes one line. Never throws; undefined = no mismatch
 * found (an unreachable target is left to the runner's own probe).
 */
export async function schemeMismatch(target: string, timeoutMs: number): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const other = new URL(url.href);
  other.protocol = secure ? 'http:' : 'https:';
  // Changing the scheme drops a default port: keep it explicit.
  if (!url.port) other.port = String(port);
  if (secure) {
    const handshake = await tlsHandshake(host, port, url.hostname, true, timeoutMs);
    if (handshake.ok) return undefined;
    if (handshake.certificate) {
      return `the target's TLS certificate is not trusted (${handshake.code}: ${handshake.message}): give Node its CA with NODE_EXTRA_CA_CERTS=/path/to/ca.pem`;
    }
    if (!handshake.protocol) return undefined;
    const plain = await plainHttp(host, port, timeoutMs);
    return plain.http ? `the target speaks plain HTTP, not TLS: use ${other.href}` : undefined;
  }
  const plain = await plainHttp(host, port, timeoutMs);
  // Not connected, or silent: nothing says TLS (a TLS port closes or alerts at once).
  if (!plain.connected || plain.timedOut) return undefined;
  // A TLS port answers plain HTTP with nothing, a TLS alert record, or (nginx) a 400 that says so.
  if (plain.http && plain.status !== 400) return undefined;
  const handshake = await tlsHandshake(host, port, url.hostname, false, timeoutMs);
  return handshake.ok ? `the target speaks TLS (HTTPS), not plain HTTP: use ${other.href}` : undefined;
}

/** Certificate problems Node reports by code (verification of the chain or the name). */
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ALTNAME/;
/** The peer does not speak TLS at all (RFC 8446 §5.1: no valid record header came back). */
const NOT_TLS = /WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|UNKNOWN_PROTOCOL|HTTP_REQUEST|RECORD_LAYER_FAILURE/;

type Handshake = { ok: true } | { ok: false; certificate: boolean; protocol: boolean; code: string; message: string };

function tlsHandshake(
  host: string,
  port: number,
  servername: string,
  verify: boolean,
  timeoutMs: number,
): Promise<Handshake> {
  return new Promise((resolve) => {
    const sni = net.isIP(servername.replace(/^\[|\]$/g, '')) === 0 ? servername : undefined;
    const socket = tls.connect({
      host,
      port,
      ...(sni ? { servername: sni } : {}),
      rejectUnauthorized: verify,
      ALPNProtocols: ['http/1.1'],
    });
    const done = (result: Handshake): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => done({ ok: false, certificate: false, protocol: false, code: 'ETIMEDOUT', message: 'no TLS handshake' }),
      timeoutMs,
    );
    socket.once('secureConnect', () => done({ ok: true }));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      done({
        ok: false,
        certificate: CERTIFICATE_CODES.test(code),
        protocol: NOT_TLS.test(code) || /wrong version number|packet length too long/i.test(error.message),
        code,
        message: error.message.split('\n')[0] ?? '',
      });
    });
  });
}

interface PlainAnswer {
  readonly connected: boolean;
  /** The first bytes are an HTTP/1.x status line. */
  readonly http: boolean;
  readonly status: number | undefined;
  /** Nothing decisive within the timeout (neither an answer nor a close). */
  readonly timedOut: boolean;
}

/** One `GET /` in plain HTTP/1.1 (RFC 9112 §3); only the first bytes of the answer matter. */
function plainHttp(host: string, port: number, timeoutMs: number): Promise<PlainAnswer> {
  return new Promise((resolve) => {
    let connected = false;
    let received = Buffer.alloc(0);
    const socket = net.connect({ host, port });
    const done = (timedOut = false): void => {
      clearTimeout(timer);
      socket.destroy();
      const head = received.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      resolve({
        connected,
        http: m !== null,
        status: m?.[1] ? Number(m[1]) : undefined,
        timedOut: timedOut && received.length === 0,
      });
    };
    const timer = setTimeout(() => done(true), timeoutMs);
    socket.once('connect', () => {
      connected = true;
      socket.write(
        `GET / HTTP/1.1\r\nHost: ${host.includes(':') ? `[${host}]` : host}:${port}\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 16) done();
    });
    socket.once('error', () => done());
    socket.once('close', () => done());
  });
}
