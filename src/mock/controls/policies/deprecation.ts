import type { Response } from 'express';
import { deprecationAnnouncement, isRecord, parseStructuredDate, type Operation } from '../../../contract/index.js';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../errors.js';

/** Each operation's announcement, worked out once (its dates formatted once): pure data of the contract, keyed by operation. */
const announcements = new WeakMap<Operation, ReturnType<typeof deprecationAnnouncement>>();

/**
 * For an operation the contract marks `deprecated: true`: `Deprecation` (RFC 9745 §2, a
 * structured-field date), `Sunset` (RFC 8594 §3, an IMF-fixdate) and `Link` with
 * `rel="deprecation"` (RFC 9745 §3), all derived from the contract (`x-deprecated-at`,
 * `x-sunset`, `x-deprecation-link`), by the kernel's one rule (`deprecationAnnouncement`): a
 * deprecated operation without `x-deprecated-at` sends no `Deprecation`, as there is no date to
 * send. From the sunset on (by the mock's clock) the operation is gone: 410. Other operations
 * never get these headers.
 */
export function applyDeprecation(operation: Operation, res: Response, clock: Clock): void {
  let announcement = announcements.get(operation);
  if (!announcement) announcements.set(operation, (announcement = deprecationAnnouncement(operation)));
  const info = operation.deprecation;
  if (announcement.kind === 'not-deprecated' || info === undefined) return;
  if (announcement.kind === 'dated') res.setHeader('Deprecation', announcement.deprecation);
  else {
    const declared = declaredDeprecation(operation);
    if (declared !== undefined) res.setHeader('Deprecation', declared);
  }
  if (announcement.sunset) res.setHeader('Sunset', announcement.sunset);
  if (announcement.link) res.append('Link', `<${announcement.link}>; rel="deprecation"; type="text/html"`);
  if (info.sunset && clock().getTime() >= info.sunset.getTime()) {
    const day = info.sunset.toISOString().slice(0, 10);
    throw new HttpError(410, 'gone', `${operation.method.toUpperCase()} ${operation.path} was removed on ${day}.`);
  }
}

/**
 * An undated deprecation whose success answer declares `Deprecation` (as FastAPI, Nest or Fastify
 * teams document the header they send) with an RFC 9745 date for its example: the contract promises
 * the header and names the date there, so the mock sends it (the runner requires a declared one).
 */
function declaredDeprecation(operation: Operation): string | undefined {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status)) continue;
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (name.toLowerCase() !== 'deprecation' || !isRecord(header)) continue;
      const schema = isRecord(header['schema']) ? header['schema'] : {};
      const example = header['example'] ?? schema['example'];
      if (typeof example === 'string' && parseStructuredDate(example)) return example;
    }
  }
  return undefined;
}
