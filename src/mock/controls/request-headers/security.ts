import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { cookiePairs, schemeCredential, type Contract, type Operation } from '../../../contract/index.js';

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
 * What the mock accepts: API keys (every apiKey scheme), bearer tokens (empty: any non-empty token)
 * and basic `user:password` pairs (empty: any well-formed pair). Configured credentials for a
 * scheme make anything else a 401 with that scheme's challenge.
 */
export interface Credentials {
  readonly apiKeys: readonly string[];
  readonly tokens: readonly string[];
  readonly basic?: readonly string[];
}

export type SecurityVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly message: string; readonly challenges: readonly string[] };

interface SchemeCheck {
  /** True when the request carries acceptable credentials for this scheme. */
  accepts(req: Request, query: URLSearchParams): boolean;
  /** Its challenge for this request (RFC 9110 §11.6.1), and what a client must send, in words. */
  challenge(req: Request): string;
  readonly wants: string;
  /** Where its credential travels (`header authorization`, `query api_key`), when it travels in the request. */
  readonly place?: string;
}

/** The value of one cookie (RFC 6265 §4.2.1: `name=value; name2=value2`), read as the kernel reads cookie parameters. */
function cookie(req: Request, name: string): string | undefined {
  return cookiePairs(req.headers.cookie).find(([key]) => key === name)?.[1];
}

/** The credentials of an `Authorization: <scheme> <credentials>` header when its scheme is `scheme` (case-insensitive, RFC 9110 §11.1). */
function authorization(req: Request, scheme: string): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) +(.*)$/.exec(header.trim());
  return m && m[1]!.toLowerCase() === scheme.toLowerCase() ? m[2]!.trim() : undefined;
}

/** The `user:password` of Basic credentials (RFC 7617 §2: base64 of user-id ":" password, a non-empty user), or undefined. */
export function basicPair(credentials: string | undefined): string | undefined {
  if (credentials === undefined || !/^[A-Za-z0-9+/]+=*$/.test(credentials)) return undefined;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  return decoded.indexOf(':') > 0 ? decoded : undefined;
}

/** The parts of one credential set the scheme checks compare with (constant time). */
interface Accepted {
  readonly keys: readonly Buffer[];
  readonly tokens: readonly Buffer[];
  readonly basic: readonly Buffer[];
}

function schemeCheck(
  scheme: OpenAPIV3.SecuritySchemeObject,
  accepted: Accepted,
  realm: string,
): SchemeCheck | undefined {
  const { keys, tokens, basic } = accepted;
  // What the scheme takes, by the kernel's one mapping (src/contract/security.ts).
  const credential = schemeCredential(scheme);
  switch (credential?.kind) {
    case 'apiKey': {
      const { in: where, name } = credential;
      return {
        accepts: (req, query) =>
          acceptsKey(
            keys,
            where === 'header' ? req.get(name) : where === 'query' ? (query.get(name) ?? undefined) : cookie(req, name),
          ),
        challenge: () => `ApiKey realm="${realm}", ${where}="${name}"`,
        place: `${where} ${where === 'header' ? name.toLowerCase() : name}`,
        wants:
          where === 'header'
            ? `a valid ${name} header`
            : where === 'query'
              ? `a valid ${name} query parameter`
              : `a valid ${name} cookie`,
      };
    }
    case 'bearer':
      // RFC 6750 §2.1 and §3: a bearer token in Authorization, challenged with `Bearer`. The mock
      // issues no tokens: an oauth2 or openIdConnect access token is taken as one.
      return {
        accepts: (req) => {
          const token = authorization(req, 'Bearer');
          if (token === undefined || token === '') return false;
          return tokens.length === 0 || acceptsKey(tokens, token);
        },
        // RFC 6750 §3.1: a request that carried a token which failed gets `error="invalid_token"`; one without any, no error code.
        challenge: (req) =>
          authorization(req, 'Bearer') ? `Bearer realm="${realm}", error="invalid_token"` : `Bearer realm="${realm}"`,
        wants: tokens.length === 0 ? 'an Authorization: Bearer token' : 'an accepted Authorization: Bearer token',
        place: 'header authorization',
      };
    case 'basic':
      // RFC 7617 §2: well-formed credentials are accepted when none were configured (--basic), else only those.
      return {
        accepts: (req) => {
          const pair = basicPair(authorization(req, 'Basic'));
          return pair !== undefined && (basic.length === 0 || acceptsKey(basic, pair));
        },
        challenge: () => `Basic realm="${realm}"`,
        wants: basic.length === 0 ? 'Authorization: Basic credentials' : 'accepted Authorization: Basic credentials',
        place: 'header authorization',
      };
    case 'http':
      return {
        accepts: (req) => (authorization(req, credential.scheme) ?? '') !== '',
        challenge: () => `${credential.scheme} realm="${realm}"`,
        wants: `Authorization: ${credential.scheme} credentials`,
        place: 'header authorization',
      };
    case 'mutualTLS':
      // OAS 3.1.0 §4.8.27: a client certificate is checked by TLS, which the mock does not
      // terminate; over plain HTTP there is nothing to check, so the requirement is met.
      return {
        accepts: () => true,
        challenge: () => '',
        wants: 'a TLS client certificate (not checkable over plain HTTP)',
      };
    default:
      return undefined;
  }
}

/**
 * Checks the security requirements of an operation for every scheme type of OAS 3.0.3 §4.7.33:
 * apiKey (header, query, cookie), http basic / bearer / other schemes, oauth2 and openIdConnect
 * (as bearer tokens). Alternatives are ORed, the schemes of one alternative ANDed (§4.7.30).
 */
export class SecurityGate {
  private readonly checks = new Map<string, SchemeCheck>();

  constructor(contract: Contract, credentials: Credentials, realm: string) {
    const bytes = (values: readonly string[] | undefined): Buffer[] =>
      (values ?? []).map((v) => Buffer.from(v, 'utf8'));
    const accepted: Accepted = {
      keys: bytes(credentials.apiKeys),
      tokens: bytes(credentials.tokens),
      basic: bytes(credentials.basic),
    };
    for (const [name, scheme] of contract.securitySchemes) {
      const check = schemeCheck(scheme, accepted, realm);
      if (check) this.checks.set(name, check);
    }
  }

  check(operation: Operation, req: Request, query: URLSearchParams): SecurityVerdict {
    if (!operation.requiresAuth) return { ok: true };
    // A scheme the document does not define cannot be satisfied (the reader refused $refs to nothing).
    const passes = (name: string): boolean => this.checks.get(name)?.accepts(req, query) ?? false;
    // Schemes of one alternative that read the same place (Azure Container Registry's basic beside an
    // apiKey `Authorization` header; fec.gov's two `api_key` query keys) are met by the one value
    // that place can carry (RFC 9110 §11.6.2: one Authorization field, one credential), so it is
    // enough that one of them accepts it.
    const met = (alternative: Readonly<Record<string, unknown>>): boolean => {
      const names = Object.keys(alternative);
      const placeOf = (name: string): string => this.checks.get(name)?.place ?? `scheme ${name}`;
      return names.every(
        (name) =>
          passes(name) || names.some((other) => other !== name && placeOf(other) === placeOf(name) && passes(other)),
      );
    };
    if (operation.security.some(met)) return { ok: true };
    const challenges: string[] = [];
    const wants: string[] = [];
    for (const alternative of operation.security) {
      const missing = Object.keys(alternative).filter((name) => !passes(name));
      for (const name of missing) {
        const check = this.checks.get(name);
        const challenge = check?.challenge(req);
        if (challenge !== undefined && !challenges.includes(challenge)) challenges.push(challenge);
      }
      const described = missing.map((name) => this.checks.get(name)?.wants ?? `the ${name} credentials`);
      if (described.length > 0) wants.push(described.join(' and '));
    }
    return { ok: false, message: `${capitalise(wants.join(', or '))} is required for this operation.`, challenges };
  }
}

function capitalise(text: string): string {
  return text.length === 0 ? 'Credentials' : `${text[0]!.toUpperCase()}${text.slice(1)}`;
}
