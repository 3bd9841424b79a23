import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ROOT } from '../mock/helpers.js';

/** A piece of text: literal (UTF-8), repeated, or exact bytes. Lets the corpus hold 100 KB headers in a line. */
export type Part = string | { readonly repeat: string; readonly times: number } | { readonly base64: string };
export type Text = string | readonly Part[];

/** One case of `fixtures/hardening/bad-inputs.json`. */
export interface BadInput {
  readonly name: string;
  readonly method: string;
  /** The request-target exactly as sent (no normalisation, no encoding added). */
  readonly path: Text;
  /** Adds `X-API-Key: dev-key`. */
  readonly auth?: boolean;
  /** Adds `Content-Type: application/json`. */
  readonly json?: boolean;
  /** Extra header lines, in order, duplicates allowed. */
  readonly headers?: readonly (readonly [string, Text])[];
  /** `times` header lines; `{i}` in the name is replaced by the line's index. */
  readonly headerRepeat?: { readonly name: string; readonly value: string; readonly times: number };
  /** The body as UTF-8 text… */
  readonly body?: Text;
  /** …or as exact bytes. */
  readonly bodyBase64?: string;
  /** How the body is framed: Content-Length (default), chunked, or neither (the case's headers say). */
  readonly framing?: 'length' | 'chunked' | 'none';
  /** The whole request, bytes as they are (HTTP-layer cases); everything above is ignored. */
  readonly raw?: Text;
  /** The expected status, or the set of acceptable ones. */
  readonly status: number | readonly number[];
  /** The expected Error `code`; null for a success or an HTTP-layer answer without a code. */
  readonly code: string | null;
  /** Refused by Node's HTTP parser, before the app: `Connection: close`, a body that is empty or an Error. */
  readonly layer?: 'http';
  /** For a 2xx: fields the JSON body must have, with these values. */
  readonly expectBody?: Readonly<Record<string, unknown>>;
  /** For a 2xx: fields the JSON body must not have. */
  readonly absent?: readonly string[];
  /** Why the expectation is what it is, where it is a decision. */
  readonly why?: string;
}

export interface Corpus {
  readonly description: string;
  readonly apiKey: string;
  readonly cases: readonly BadInput[];
}

export function textBytes(text: Text): Buffer {
  if (typeof text === 'string') return Buffer.from(text, 'utf8');
  return Buffer.concat(
    text.map((part) => {
      if (typeof part === 'string') return Buffer.from(part, 'utf8');
      if ('base64' in part) return Buffer.from(part.base64, 'base64');
      return Buffer.from(part.repeat.repeat(part.times), 'utf8');
    }),
  );
}

const CHUNK = 16 * 1024;

/** The bytes of a case's request. Every request asks for `Connection: close` unless the case sets Connection. */
export function requestBytes(c: BadInput, apiKey: string): Buffer {
  if (c.raw !== undefined) return textBytes(c.raw);
  const body =
    c.bodyBase64 !== undefined
      ? Buffer.from(c.bodyBase64, 'base64')
      : c.body !== undefined
        ? textBytes(c.body)
        : undefined;
  const lines: Buffer[] = [
    Buffer.concat([Buffer.from(`${c.method} `, 'latin1'), textBytes(c.path), Buffer.from(' HTTP/1.1', 'latin1')]),
  ];
  const header = (name: string, value: Text): void => {
    lines.push(Buffer.concat([Buffer.from(`${name}: `, 'latin1'), textBytes(value)]));
  };
  const given = new Set((c.headers ?? []).map(([name]) => name.toLowerCase()));
  if (!given.has('host')) header('Host', '127.0.0.1');
  if (!given.has('connection')) header('Connection', 'close');
  if (c.auth) header('X-API-Key', apiKey);
  if (c.json) header('Content-Type', 'application/json');
  for (const [name, value] of c.headers ?? []) header(name, value);
  if (c.headerRepeat) {
    for (let i = 0; i < c.headerRepeat.times; i++)
      header(c.headerRepeat.name.replace('{i}', String(i)), c.headerRepeat.value);
  }
  const framing = c.framing ?? 'length';
  let payload: Buffer = Buffer.alloc(0);
  if (body !== undefined) {
    if (framing === 'length' && !given.has('content-length')) header('Content-Length', String(body.length));
    if (framing === 'chunked') {
      if (!given.has('transfer-encoding')) header('Transfer-Encoding', 'chunked');
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.length; at += CHUNK) {
        const piece = body.subarray(at, at + CHUNK);
        chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`, 'latin1'), piece, Buffer.from('\r\n', 'latin1'));
      }
      chunks.push(Buffer.from('0\r\n\r\n', 'latin1'));
      payload = Buffer.concat(chunks);
    } else payload = body;
  }
  const crlf = Buffer.from('\r\n', 'latin1');
  return Buffer.concat([...lines.flatMap((l) => [l, crlf]), crlf, payload]);
}

export const statuses = (c: BadInput): readonly number[] => (typeof c.status === 'number' ? [c.status] : c.status);

/** Methods that may change the state. */
export const isWrite = (c: BadInput): boolean => !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(c.method.toUpperCase());

/**
 * The corpus, plus the cases of every file named in `BAD_INPUTS` (paths separated by the path
 * delimiter ':'; relative to the repository root): others can check the mock with cases beyond ours.
 */
export function loadCorpus(): Corpus {
  const read = (path: string): Corpus => JSON.parse(readFileSync(path, 'utf8')) as Corpus;
  const base = read(join(ROOT, 'fixtures', 'hardening', 'bad-inputs.json'));
  const extra = (process.env['BAD_INPUTS'] ?? '')
    .split(':')
    .filter((p) => p.trim() !== '')
    .flatMap((p) => read(isAbsolute(p) ? p : join(ROOT, p)).cases);
  return { ...base, cases: [...base.cases, ...extra] };
}
