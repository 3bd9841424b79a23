import { decodeContent } from '../traffic/judge.js';
import type { TrafficExchange, TrafficMessage } from '../traffic/types.js';

/**
 * One message of an exchange as the proxy saw it on the wire, before any work is done on it: the
 * raw header pairs, and the body's octets copied into a buffer of its own (so that it can be
 * transferred to the judging thread without copying again, and without the socket's buffers).
 */
export interface WireMessage {
  /** Name, value, name, value… as Node's rawHeaders gives them. */
  readonly rawHeaders: readonly string[];
  /** The octets as they came (still content-coded); undefined past the judging cap. */
  readonly body: Uint8Array | undefined;
  /** Octets seen on the wire. */
  readonly size: number;
  /** Why the body is not judged, said by the proxy itself (an answer streamed on past the cap under --mark). */
  readonly unjudged?: string;
}

export interface WireExchange {
  /** Epoch milliseconds. */
  readonly started: number;
  readonly method: string;
  readonly url: string;
  readonly request: WireMessage;
  readonly response: (WireMessage & { readonly status: number; readonly statusText: string }) | undefined;
  readonly error: string | undefined;
  readonly durationMs: number;
}

/** Raw header pairs as one record: names in lower case, repeated fields joined with ", " (RFC 9110 §5.3). */
export function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    const value = raw[i + 1] ?? '';
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/** The chunks of a body in one buffer of its own (not a slice of Node's pool or of a socket's read buffer). */
export function ownCopy(chunks: readonly Buffer[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function message(wire: WireMessage, cap: number): TrafficMessage {
  const headers = headerRecord(wire.rawHeaders);
  if (wire.unjudged !== undefined) return { headers, body: undefined, size: wire.size, unjudged: wire.unjudged };
  if (wire.body === undefined)
    return {
      headers,
      body: undefined,
      size: wire.size,
      unjudged: `the body of ${wire.size} octets is over the judging cap of ${cap} octets: passed through, not judged`,
    };
  const octets = Buffer.from(wire.body.buffer, wire.body.byteOffset, wire.body.byteLength);
  const decoded = decodeContent(octets, headers['content-encoding']);
  return 'body' in decoded
    ? { headers, body: decoded.body, size: wire.size }
    : { headers, body: undefined, size: wire.size, unjudged: decoded.unjudged };
}

/** The exchange the judges read: header records, bodies decoded from their Content-Encoding (RFC 9110 §8.4). */
export function trafficExchange(wire: WireExchange, cap: number): TrafficExchange {
  return {
    startedAt: new Date(wire.started).toISOString(),
    method: wire.method,
    url: wire.url,
    request: message(wire.request, cap),
    response: wire.response && {
      status: wire.response.status,
      statusText: wire.response.statusText,
      ...message(wire.response, cap),
    },
    error: wire.error,
    durationMs: wire.durationMs,
  };
}
