import type { Request, Response } from 'express';
import { ANSWER_BODY } from './controls/endpoints/journal.js';

/**
 * Writes JSON answers with the bytes and headers Express 5.2's `res.json` → `res.send` writes
 * (lib/response.js), without their per-request work: the body is serialised once and written as
 * one string with its headers (one socket write, no Buffer copy), and the Content-Type is not
 * parsed and formatted again on every answer. What `res.send` writes depends on the Content-Type
 * already set (it adds `charset=utf-8`, RFC 9110 §8.3.2), so the first answer with each such value
 * goes through Express and its resulting header is kept for the next ones. Whatever else changes
 * what Express writes (a conditional request it may answer 304, an ETag function, a JSON setting
 * of the app, a status without content) goes through Express every time.
 */
export class JsonAnswers {
  /** The Content-Type set before the answer (or '' for none) → the one Express's send writes. */
  private readonly contentTypes = new Map<string, string>();

  write(req: Request, res: Response, body: unknown): void {
    const before = res.getHeader('content-type');
    const key = typeof before === 'string' ? before : before === undefined ? '' : undefined;
    const header = key === undefined ? undefined : this.contentTypes.get(key);
    if (header === undefined || !plain(req, res)) {
      res.json(body);
      const written = res.getHeader('content-type');
      if (key !== undefined && header === undefined && typeof written === 'string' && plain(req, res))
        this.contentTypes.set(key, written);
      return;
    }
    const text = JSON.stringify(body);
    res.setHeader('Content-Type', header);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.locals[ANSWER_BODY] = text;
    // A HEAD (answered as the GET it mirrors) keeps GET's headers; Node leaves the body out (RFC 9110 §9.3.2).
    res.end(text);
  }
}

/** Whether Express's send would write the body as it is: no 304 (req.fresh), no ETag, no JSON settings, a status with content. */
function plain(req: Request, res: Response): boolean {
  const settings = req.app.settings as Record<string, unknown>;
  return (
    req.headers['if-none-match'] === undefined &&
    req.headers['if-modified-since'] === undefined &&
    typeof settings['etag fn'] !== 'function' &&
    settings['json replacer'] === undefined &&
    settings['json spaces'] === undefined &&
    !settings['json escape'] &&
    res.statusCode !== 204 &&
    res.statusCode !== 205 &&
    res.statusCode !== 304
  );
}
