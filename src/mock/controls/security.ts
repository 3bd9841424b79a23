import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { Contract, Operation } from '../../contract/index.js';

type Handler = (req: Request) => boolean;

/** True when `given` equals one of the keys, comparing in constant time (no early exit on a match). */
export function acceptsKey(keys: readonly Buffer[], given: string | undefined): boolean {
  if (given === undefined) return false;
  const candidate = Buffer.from(given, 'utf8');
  let ok = false;
  for (const key of keys) {
    if (key.length === candidate.length && timingSafeEqual(key, candidate)) ok = true;
  }
  return ok;
}

/**
 * Whether the request satisfies one alternative of the operation's security requirements
 * (OAS 3.0.3 §4.8.30: alternatives are ORed, the schemes of one alternative ANDed). Schemes the
 * mock has no handler for are left to the validator.
 */
export function satisfiesSecurity(operation: Operation, handlers: Readonly<Record<string, Handler>>, req: Request): boolean {
  if (!operation.requiresAuth) return true;
  return operation.security.some((alternative) => Object.keys(alternative).every((name) => handlers[name]?.(req) ?? true));
}

/** One security handler per API-key scheme of the contract, accepting only the configured keys. */
export function apiKeyHandlers(contract: Contract, apiKeys: readonly string[]): Record<string, Handler> {
  const keys = apiKeys.map((k) => Buffer.from(k, 'utf8'));
  const handlers: Record<string, Handler> = {};
  for (const [name, scheme] of contract.apiKeySchemes) {
    handlers[name] = (req) => {
      const raw =
        scheme.in === 'header' ? req.get(scheme.name) : scheme.in === 'query' ? new URL(req.originalUrl, 'http://mock').searchParams.get(scheme.name) : undefined;
      return acceptsKey(keys, raw ?? undefined);
    };
  }
  return handlers;
}
