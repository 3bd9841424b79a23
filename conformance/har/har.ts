import type { Contract } from '../../src/contract/index.js';
import type { TrafficExchange, TrafficMessage } from '../traffic/types.js';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the parts the kit writes and reads. */
interface HarHeader {
  readonly name: string;
  readonly value: string;
}
interface HarContent {
  readonly size: number;
  readonly mimeType: string;
  readonly text?: string;
  readonly encoding?: string;
  readonly comment?: string;
}
export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly headers: readonly HarHeader[];
    readonly queryString: readonly HarHeader[];
    readonly cookies: readonly unknown[];
    readonly headersSize: number;
    readonly bodySize: number;
    readonly postData?: {
      readonly mimeType: string;
      readonly text?: string;
      readonly encoding?: string;
      readonly comment?: string;
    };
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly headers: readonly HarHeader[];
    readonly cookies: readonly unknown[];
    readonly content: HarContent;
    readonly redirectURL: string;
    readonly headersSize: number;
    readonly bodySize: number;
    readonly _error?: string;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
}
export interface Har {
  readonly log: {
    readonly version: string;
    readonly creator: { readonly name: string; readonly version: string };
    /** The proxy's upstream (a custom field, HAR 1.2 allows `_` names): its entries are the contract's whatever its servers say. */
    readonly _upstream?: string;
    readonly entries: readonly HarEntry[];
  };
}

/** A HAR file the kit cannot read: one line saying where. */
export class HarError extends Error {
  override readonly name = 'HarError';
}

const headerList = (h: Readonly<Record<string, string>>): HarHeader[] =>
  Object.entries(h).map(([name, value]) => ({ name, value }));

/** Text when the octets are UTF-8 (HAR `text`), else base64 with `encoding` (HAR 1.2 §content). */
function contentText(body: Buffer): { text: string; encoding?: string } {
  const text = body.toString('utf8');
  return Buffer.from(text, 'utf8').equals(body) ? { text } : { text: body.toString('base64'), encoding: 'base64' };
}

function contentOf(m: TrafficMessage): HarContent {
  const mimeType = m.headers['content-type'] ?? '';
  if (m.body === undefined)
    return { size: m.size, mimeType, ...(m.unjudged !== undefined ? { comment: `not recorded: ${m.unjudged}` } : {}) };
  return { size: m.body.length, mimeType, ...contentText(m.body) };
}

/** The exchanges as a HAR 1.2 log: content decoded (as HAR stores it), bodies over the cap left out with the reason. */
export function toHar(
  exchanges: readonly TrafficExchange[],
  creator: { name: string; version: string },
  upstream?: string,
): Har {
  const entries = exchanges.map((t): HarEntry => {
    const url = new URL(t.url);
    const request = contentOf(t.request);
    const hasRequestBody = t.request.size > 0;
    return {
      startedDateTime: t.startedAt,
      time: t.durationMs,
      request: {
        method: t.method,
        url: t.url,
        httpVersion: 'HTTP/1.1',
        headers: headerList(t.request.headers),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        cookies: [],
        headersSize: -1,
        bodySize: t.request.size,
        ...(hasRequestBody
          ? {
              postData: {
                mimeType: request.mimeType,
                ...(request.text !== undefined ? { text: request.text } : {}),
                ...(request.encoding ? { encoding: request.encoding } : {}),
                ...(request.comment ? { comment: request.comment } : {}),
              },
            }
          : {}),
      },
      response: t.response
        ? {
            status: t.response.status,
            statusText: t.response.statusText,
            httpVersion: 'HTTP/1.1',
            headers: headerList(t.response.headers),
            cookies: [],
            content: contentOf(t.response),
            redirectURL: t.response.headers['location'] ?? '',
            headersSize: -1,
            bodySize: t.response.size,
          }
        : // HAR 1.2 has no field for a failed exchange; browsers write status 0 (Chrome adds `_error`).
          {
            status: 0,
            statusText: '',
            httpVersion: '',
            headers: [],
            cookies: [],
            content: { size: 0, mimeType: '' },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
            _error: t.error ?? 'no answer',
          },
      cache: {},
      timings: { send: 0, wait: t.durationMs, receive: 0 },
    };
  });
  return { log: { version: '1.2', creator, ...(upstream !== undefined ? { _upstream: upstream } : {}), entries } };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readHeaders(list: unknown, where: string): Record<string, string> {
  if (!Array.isArray(list)) throw new HarError(`${where}.headers is not a list`);
  const out: Record<string, string> = {};
  for (const h of list) {
    if (!isRecord(h) || typeof h['name'] !== 'string') continue;
    const name = h['name'].toLowerCase();
    // HTTP/2 pseudo-headers (:authority, :path…) that browsers record are not fields (RFC 9113 §8.3).
    if (name.startsWith(':')) continue;
    const value = String(h['value'] ?? '');
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/**
 * A body as the recording holds it. HAR 1.2 leaves `text` out "if the information is not available",
 * and gives -1 for a size it does not know (Playwright does both for an answer whose body it had
 * not read when the context closed): such a body is unknown and its checks left unjudged, never
 * judged as empty. Only a size of 0 that the Content-Length field does not contradict is empty.
 */
function readContent(
  c: unknown,
  fallbackSize: number,
  headers: Readonly<Record<string, string>>,
): { body: Buffer | undefined; size: number; unjudged?: string } {
  if (!isRecord(c) || typeof c['text'] !== 'string') {
    const comment =
      isRecord(c) && typeof c['comment'] === 'string' ? c['comment'].replace(/^not recorded: /, '') : undefined;
    const size = isRecord(c) && typeof c['size'] === 'number' ? c['size'] : fallbackSize;
    const declared = Number(headers['content-length'] ?? '0');
    const empty = size === 0 && !(declared > 0);
    return {
      body: empty ? Buffer.alloc(0) : undefined,
      size: Math.max(size, 0),
      ...(empty
        ? {}
        : {
            unjudged:
              comment ??
              (size < 0
                ? 'the recording holds no text of the body, nor its size'
                : 'the recording holds no text of the body'),
          }),
    };
  }
  const body = c['encoding'] === 'base64' ? Buffer.from(c['text'], 'base64') : Buffer.from(c['text'], 'utf8');
  return { body, size: typeof c['size'] === 'number' && c['size'] >= 0 ? c['size'] : body.length };
}

/** Reads a HAR 1.2 log (devtools export, Playwright's recordHar, the proxy's --record) into exchanges, in file order, and the proxy's upstream when it recorded it. */
export function readHar(
  text: string,
  file: string,
): { readonly entries: TrafficExchange[]; readonly upstream: string | undefined } {
  // fromHar first: it says in one line why a file is no HAR.
  const entries = fromHar(text, file);
  const doc = JSON.parse(text) as unknown;
  const upstream =
    isRecord(doc) && isRecord(doc['log']) && typeof doc['log']['_upstream'] === 'string'
      ? doc['log']['_upstream']
      : undefined;
  return { entries, upstream };
}

/** The exchanges of a HAR 1.2 log, in file order. */
export function fromHar(text: string, file: string): TrafficExchange[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch (error) {
    throw new HarError(`${file} is not JSON: ${(error as Error).message.replace(/\s+/g, ' ')}`);
  }
  const entries = isRecord(doc) && isRecord(doc['log']) ? doc['log']['entries'] : undefined;
  if (!Array.isArray(entries)) throw new HarError(`${file} is not a HAR file: no log.entries list`);
  return entries.map((e, i): TrafficExchange => {
    const where = `${file}: log.entries[${i}]`;
    if (!isRecord(e) || !isRecord(e['request']) || !isRecord(e['response']))
      throw new HarError(`${where} has no request or response`);
    const req = e['request'];
    const res = e['response'];
    if (typeof req['method'] !== 'string' || typeof req['url'] !== 'string')
      throw new HarError(`${where}.request has no method or url`);
    const requestHeaders = readHeaders(req['headers'], `${where}.request`);
    const post = isRecord(req['postData']) ? req['postData'] : undefined;
    const request = post
      ? readContent(post, typeof req['bodySize'] === 'number' ? req['bodySize'] : 0, requestHeaders)
      : { body: undefined, size: 0 };
    const status = typeof res['status'] === 'number' ? res['status'] : 0;
    const time = typeof e['time'] === 'number' ? e['time'] : 0;
    const failed = status === 0;
    const responseHeaders = failed ? {} : readHeaders(res['headers'], `${where}.response`);
    return {
      startedAt: typeof e['startedDateTime'] === 'string' ? e['startedDateTime'] : new Date(0).toISOString(),
      method: req['method'],
      url: req['url'],
      request: { headers: requestHeaders, ...request },
      response: failed
        ? undefined
        : {
            status,
            statusText: typeof res['statusText'] === 'string' ? res['statusText'] : '',
            headers: responseHeaders,
            ...readContent(res['content'], typeof res['bodySize'] === 'number' ? res['bodySize'] : 0, responseHeaders),
          },
      error: failed
        ? typeof res['_error'] === 'string'
          ? res['_error']
          : 'no answer was recorded (status 0)'
        : undefined,
      durationMs: Math.round(time),
    };
  });
}

/**
 * Whether a URL is under one of the contract's servers (OAS 3.0.3 §4.7.5): each server URL a
 * pattern, its variables matching their `enum` or anything (a whole-URL variable, `{base_url}`,
 * matches every address); a relative server URL matches any origin; no servers is `/`. `targets`
 * add addresses (--target) whose requests count as the contract's too.
 */
export function inServers(contract: Contract, url: string, targets: readonly string[] = []): boolean {
  const servers = contract.document.servers ?? [];
  if (servers.length === 0 && targets.length === 0) return true;
  const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = servers.map((s) => {
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(s.url) || /^\{[^}]+\}/.test(s.url);
    const source = s.url
      .replace(/\/+$/, '')
      .split(/(\{[^}]+\})/)
      .map((piece) => {
        const m = /^\{([^}]+)\}$/.exec(piece);
        if (!m) return escapeRegExp(piece);
        const values = s.variables?.[m[1] ?? '']?.enum;
        return values && values.length > 0
          ? `(?:${values.map((v) => escapeRegExp(String(v).replace(/\/+$/, ''))).join('|')})`
          : '.*';
      })
      .join('');
    return new RegExp(`^${absolute ? '' : '[a-z][a-z0-9+.-]*://[^/]+/?'}${source}(?:[/?#]|$)`, 'i');
  });
  for (const t of targets) patterns.push(new RegExp(`^${escapeRegExp(t.replace(/\/+$/, ''))}(?:[/?#]|$)`, 'i'));
  return patterns.some((p) => p.test(url));
}
