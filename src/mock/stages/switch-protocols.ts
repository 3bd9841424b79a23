import type { Request, Response } from 'express';
import { HttpError } from '../errors.js';

/**
 * The protocol a documented 101 Switching Protocols is given for, read from the request. A 1xx is an
 * interim answer (RFC 9110 §15.2), and a server "MUST NOT switch to a protocol that was not
 * indicated by the client in the corresponding request's Upgrade header field" (§7.8), sent with
 * `Connection: upgrade` (§7.6.1). A request naming one is answered 101 with `Upgrade` naming it and
 * the connection closed after the headers: the mock speaks no protocol past the switch.
 * A request naming none is refused 426 Upgrade Required (§15.5.22, which "MUST send an Upgrade header
 * field ... to indicate the required protocol(s)"): `websocket` (RFC 6455 §4.1), what operations
 * documenting only a 101 switch to (PI Web API's channels, edrv's realtime). A 101 written without
 * either left its client waiting for a final answer that never came: `fetch failed`, no status at all.
 */
export function switchProtocols(req: Request, res: Response, codeForStatus: (status: number) => string): void {
  const asked = askedProtocol(req);
  if (asked === undefined)
    throw new HttpError(
      426,
      codeForStatus(426),
      `${req.method} ${req.path} switches protocols (101): the request must ask for it with Upgrade and Connection: upgrade (RFC 9110 §7.8).`,
      [],
      { Upgrade: 'websocket', Connection: 'Upgrade' },
    );
  res.setHeader('Upgrade', asked);
  res.setHeader('Connection', 'Upgrade');
  res.once('finish', () => req.socket.destroy());
}

/** The first protocol the request's `Upgrade` names (RFC 9110 §7.8), where `Connection` lists `upgrade` (§7.6.1). */
function askedProtocol(req: Request): string | undefined {
  const connection = (req.headers.connection ?? '').split(',').map((option) => option.trim().toLowerCase());
  if (!connection.includes('upgrade')) return undefined;
  const first = (req.headers.upgrade ?? '').split(',')[0]?.trim();
  return first ? first : undefined;
}
