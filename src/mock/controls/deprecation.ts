import type { Response } from 'express';
import { formatHttpDate, formatStructuredDate, type Operation } from '../../contract/index.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';

/**
 * For an operation the contract marks `deprecated: true`: `Deprecation` (RFC 9745 §2, a
 * structured-field date), `Sunset` (RFC 8594 §3, an IMF-fixdate) and `Link` with
 * `rel="deprecation"` (RFC 9745 §3), all derived from the contract (`x-deprecated-at`,
 * `x-sunset`, `x-deprecation-link`). From the sunset on (by the mock's clock) the operation is
 * gone: 410. Other operations never get these headers.
 */
export function applyDeprecation(operation: Operation, res: Response, clock: Clock): void {
  const info = operation.deprecation;
  if (!operation.deprecated || info === undefined) return;
  if (info.deprecatedAt) res.setHeader('Deprecation', formatStructuredDate(info.deprecatedAt));
  if (info.sunset) res.setHeader('Sunset', formatHttpDate(info.sunset));
  if (info.link) res.append('Link', `<${info.link}>; rel="deprecation"; type="text/html"`);
  if (info.sunset && clock().getTime() >= info.sunset.getTime()) {
    const day = info.sunset.toISOString().slice(0, 10);
    throw new HttpError(410, 'gone', `${operation.method.toUpperCase()} ${operation.path} was removed on ${day}.`);
  }
}
