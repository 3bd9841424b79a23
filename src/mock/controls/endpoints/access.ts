import type { RequestHandler } from 'express';
import { HttpError } from '../../errors.js';

/** True for an address of the loopback interface: 127.0.0.0/8 (RFC 1122 §3.2.1.3), ::1 (RFC 4291 §2.5.3), and their IPv4-mapped forms. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

export interface ControlAccess {
  /** Serve the control endpoints at all. */
  readonly enabled: boolean;
  /** Serve them to clients off the loopback interface too. */
  readonly fromAnywhere: boolean;
}

/**
 * Guards `/__mock`: a state reset or import from another machine would pull the floor from under
 * everyone sharing the mock. Refusals are 404 `not_found` (the control endpoints are outside the
 * contract, and 403 is not in its catalogue), still as the contract's Error body.
 */
export function controlGuard(access: ControlAccess): RequestHandler {
  return (req, _res, next) => {
    if (!access.enabled)
      throw new HttpError(
        404,
        'not_found',
        `No resource at ${req.originalUrl.split('?')[0]}: the control endpoints are off (--no-control).`,
      );
    if (!access.fromAnywhere && !isLoopback(req.socket.remoteAddress)) {
      throw new HttpError(
        404,
        'not_found',
        `No resource at ${req.originalUrl.split('?')[0]}: the control endpoints answer loopback clients only (--control-from-anywhere allows others).`,
      );
    }
    next();
  };
}
