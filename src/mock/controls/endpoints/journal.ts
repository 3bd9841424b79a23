import type { RequestHandler, Response } from 'express';
import type { Clock } from '../../clock.js';

export interface JournalEntry {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  readonly operationId: string | undefined;
  /** The request's body as text (JSON bodies re-serialised), cut at BODY_CAP characters; absent when none. */
  readonly requestBody?: string;
  /** The answer's body as text, cut at BODY_CAP characters; absent when none. */
  readonly responseBody?: string;
  /** A 4xx or 5xx answer's message (an internal error's cause included), so a test's failure reads without decoding the body. */
  readonly error?: string;
  /** What the answer went out despite (a documented schema that admits no value: document-faults.ts). */
  readonly warning?: string;
}

/** Each body kept is cut here: the journal holds `capacity` entries, its memory stays bounded. */
export const BODY_CAP = 4096;

/**
 * A copy of `text` that shares no memory with it. V8 makes a long `slice` a view on its parent, so
 * a body cut to BODY_CAP characters would still keep the whole body alive (60 KB bodies: 60 KB per
 * entry, measured by bench/heap-per-record.ts). UTF-16 both ways keeps every code unit, lone
 * surrogates included.
 */
const detached = (text: string): string => Buffer.from(text, 'utf16le').toString('utf16le');

function cut(text: string): string {
  return text.length > BODY_CAP ? `${detached(text.slice(0, BODY_CAP))}… (${text.length} characters)` : text;
}

function asText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body === '' ? undefined : body;
  if (Buffer.isBuffer(body)) return body.length === 0 ? undefined : body.toString('utf8');
  if (typeof body === 'object' && Object.keys(body).length === 0) return undefined; // nothing parsed
  try {
    return JSON.stringify(body);
  } catch {
    // A body nested past the stack (10,000 arrays; refused with 400 by the input guards) is still
    // journaled, by what it is, never by crashing the process after the answer went out.
    return '(a body too deeply nested to write back)';
  }
}

function errorMessage(status: number, body: string | undefined): string | undefined {
  if (status < 400 || body === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    // not JSON: the body itself says it
  }
  return cut(body);
}

/** Where the error handler leaves an error answer's message (errors.ts ANSWER_ERROR; repeated so the journal imports nothing of it). */
const ANSWER_ERROR = 'mock:error';

/** Where an answer's warning is left (document-faults.ts ANSWER_WARNING; repeated so the journal imports nothing of it). */
const ANSWER_WARNING = 'mock:warning';

/** Where the body as the client sent it is kept when the mock changed it before use (read-only-ignored.ts; repeated so the journal imports nothing of it). */
const REQUEST_BODY_SENT = 'mock:requestBodySent';

/** Where an answer's body (a string or Buffer) is kept for the journal, in `res.locals`, by whatever wrote it. */
export const ANSWER_BODY = 'mock:answerBody';

/**
 * Keeps every body `res.send` writes (json() and the error handler go through it) where the
 * journal reads it: set once on an app's response prototype (`app.response`), not per request.
 */
export function keepSentBodies(response: Response): void {
  const send = response.send;
  response.send = function keepBody(this: Response, body?: unknown) {
    if (typeof body === 'string' || Buffer.isBuffer(body)) this.locals[ANSWER_BODY] = body;
    return send.call(this, body);
  };
}

/** An entry as kept: its time as a number, written as text only when the journal is read. */
type Kept = Omit<JournalEntry, 'time'> & { readonly at: number };

/** The recent requests, in a bounded ring buffer: the oldest entry goes when it is full. */
export class Journal {
  private readonly entries: (Kept | undefined)[];
  private next = 0;
  private count = 0;
  private serial = 0;

  constructor(readonly capacity: number) {
    this.entries = new Array<Kept | undefined>(capacity);
  }

  /** `at`: the clock's time of the request, in milliseconds since the epoch. */
  record(entry: Omit<Kept, 'id'>): void {
    this.entries[this.next] = { id: ++this.serial, ...entry };
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  /** Oldest first; with `limit`, only the newest `limit` entries. */
  list(limit?: number): JournalEntry[] {
    const out: JournalEntry[] = [];
    const skip = limit === undefined ? 0 : Math.max(0, this.count - limit);
    for (let i = skip; i < this.count; i++) {
      const entry = this.entries[(this.next - this.count + i + this.capacity) % this.capacity];
      if (!entry) continue;
      const { id, at, ...rest } = entry;
      out.push({ id, time: new Date(at).toISOString(), ...rest });
    }
    return out;
  }

  clear(): void {
    this.entries.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** Records every request but the control endpoints' own, when its answer is finished. */
  middleware(clock: Clock): RequestHandler {
    return (req, res, next) => {
      if (req.path.startsWith('/__mock')) {
        next();
        return;
      }
      const started = performance.now();
      // A number now, its ISO text when the journal is read (list): the same text, not written on every request.
      const at = clock().getTime();
      // Taken now: a HEAD goes through the pipeline as the GET it mirrors, but was a HEAD.
      const method = req.method;
      res.on('finish', () => {
        // What the answer carried (keepSentBodies, or a writer that bypasses res.send).
        const sent: unknown = res.locals[ANSWER_BODY];
        const operationId = res.locals['operationId'];
        const requestBody = asText(REQUEST_BODY_SENT in res.locals ? res.locals[REQUEST_BODY_SENT] : req.body);
        const responseBody = method === 'HEAD' ? undefined : asText(sent);
        // The error handler's own words (the message, and an internal error's cause), else the body's.
        const said: unknown = res.locals[ANSWER_ERROR];
        const error =
          res.statusCode >= 400 && typeof said === 'string' ? cut(said) : errorMessage(res.statusCode, responseBody);
        const entry: { -readonly [K in keyof Omit<Kept, 'id'>]: Omit<Kept, 'id'>[K] } = {
          at,
          method,
          url: req.originalUrl,
          status: res.statusCode,
          durationMs: Math.round(performance.now() - started),
          operationId: typeof operationId === 'string' ? operationId : undefined,
        };
        if (requestBody !== undefined) entry.requestBody = cut(requestBody);
        if (responseBody !== undefined) entry.responseBody = cut(responseBody);
        if (error !== undefined) entry.error = error;
        const warning: unknown = res.locals[ANSWER_WARNING];
        if (typeof warning === 'string') entry.warning = cut(warning);
        this.record(entry);
      });
      next();
    };
  }
}
