import type { OpenAPIV3 } from 'openapi-types';
import type { Contract, Operation, SchemeCredential } from '../src/contract/index.js';
import { schemeCredential, schemeDeprecated } from '../src/contract/index.js';
import { CREDENTIAL_ENV, REDACTED_KEY, redactedAs } from './http/curl.js';

/** A field name: an RFC 9110 §5.6.2 token. */
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** What the user gave on the command line (PRODUCT.md §4): each flag feeds the schemes of its kind. */
export interface Credentials {
  /** Every apiKey scheme, wherever it is carried. */
  readonly apiKey?: string | undefined;
  /** http bearer, and oauth2 / openIdConnect (their access token travels as a bearer token, RFC 6750 §2.1). */
  readonly bearer?: string | undefined;
  /** http basic, `USER:PASS` (RFC 7617). */
  readonly basic?: string | undefined;
  /** A value for a named scheme of `components/securitySchemes`; wins over the flags above. */
  readonly byScheme?: Readonly<Record<string, string>> | undefined;
  /** Headers the user sets with --header (names in any case): a credential there satisfies its scheme as is. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** The kinds of credential a flag gives: --api-key, --bearer (http bearer, oauth2, openIdConnect), --basic. */
export type CredentialKind = 'apiKey' | 'bearer' | 'basic';

/** The value of a scheme whose credential travels in a --header the user gave: nothing to add. */
const IN_USER_HEADER = '\u0000in --header';

/** Where one credential goes on the wire. */
export interface Placement {
  readonly in: 'header' | 'query' | 'cookie';
  readonly name: string;
  readonly value: string;
  /** The value as reports show it: the credential replaced by the variable a reproduce command reads it from (http/curl.ts). */
  readonly shown: string;
}

export type Requirement = OpenAPIV3.SecurityRequirementObject;

/** The flag that gives each kind of credential (the kernel's schemeCredential kinds); any other takes --auth NAME=VALUE. */
const FLAG_OF: Readonly<Partial<Record<SchemeCredential['kind'], string>>> = {
  apiKey: '--api-key',
  basic: '--basic',
  bearer: '--bearer',
};

/**
 * Maps the contract's security schemes (OAS 3.0.3 §4.7.27) to the credentials given, each scheme
 * read through the kernel's schemeCredential (src/contract/security.ts, as the mock's gate reads it): which
 * requirement of an operation the run can satisfy, where each credential is carried, and every
 * place a credential could be, so a probe "without credentials" removes them all.
 */
export class CredentialPlan {
  constructor(
    private readonly contract: Contract,
    private readonly given: Credentials,
  ) {}

  private scheme(name: string): OpenAPIV3.SecuritySchemeObject | undefined {
    return this.contract.securitySchemes.get(name);
  }

  /** What the named scheme takes from a client (the kernel's one mapping). */
  private credential(name: string): SchemeCredential | undefined {
    const scheme = this.scheme(name);
    return scheme && schemeCredential(scheme);
  }

  /** The header that carries a scheme's credential: an apiKey's own header, else Authorization; none for a query or cookie key. */
  private static carrier(credential: SchemeCredential | undefined): string | undefined {
    if (credential?.kind !== 'apiKey') return 'authorization';
    return credential.in === 'header' ? credential.name.toLowerCase() : undefined;
  }

  /** The value of a --header, by name in any case. */
  private userHeader(name: string): string | undefined {
    const wanted = name.toLowerCase();
    return Object.entries(this.given.headers ?? {}).find(([h]) => h.toLowerCase() === wanted)?.[1];
  }

  /** The flags that gave credentials, for messages (`--api-key`, `--auth ApiKeyAuth`, `--header X-Key`…). */
  givenFlags(): string[] {
    const g = this.given;
    const carriers = this.carrierHeaders();
    return [
      ...(g.apiKey !== undefined ? ['--api-key'] : []),
      ...(g.bearer !== undefined ? ['--bearer'] : []),
      ...(g.basic !== undefined ? ['--basic'] : []),
      ...Object.keys(g.byScheme ?? {}).map((name) => `--auth ${name}`),
      ...Object.keys(g.headers ?? {})
        .filter((h) => carriers.has(h.toLowerCase()))
        .map((h) => `--header ${h}`),
    ];
  }

  /** Whether any credential at all was given. */
  get any(): boolean {
    const g = this.given;
    const carriers = this.carrierHeaders();
    return (
      g.apiKey !== undefined ||
      g.bearer !== undefined ||
      g.basic !== undefined ||
      Object.keys(g.byScheme ?? {}).length > 0 ||
      Object.keys(g.headers ?? {}).some((h) => carriers.has(h.toLowerCase()))
    );
  }

  /** What kind of credential a flag gives the scheme, or undefined (another http scheme, mutualTLS: only --auth or nothing). */
  private kindOf(name: string): CredentialKind | undefined {
    const kind = this.credential(name)?.kind;
    return kind === 'apiKey' || kind === 'bearer' || kind === 'basic' ? kind : undefined;
  }

  /**
   * The secret itself for a scheme, whichever flag gave it: --auth, the flag of its kind, or a
   * --header carrying it (unwrapped: `Authorization: Bearer t` gives `t`, Basic its `user:pass`,
   * RFC 7617 §2). What workflow inputs receive, so they see the credentials the checks send.
   */
  secretFor(name: string): string | undefined {
    const value = this.valueFor(name);
    if (value !== IN_USER_HEADER) return value;
    const credential = this.credential(name);
    if (!credential) return undefined;
    if (credential.kind === 'apiKey') return this.userHeader(credential.name);
    const header = this.userHeader('authorization') ?? '';
    const m = /^\S+\s+(.*)$/.exec(header.trim());
    if (!m?.[1]) return undefined;
    return credential.kind === 'basic' ? Buffer.from(m[1], 'base64').toString('utf8') : m[1];
  }

  /** The secret of the first scheme of this kind that has one, else the flag of that kind as given. */
  secretOfKind(kind: CredentialKind): string | undefined {
    for (const name of this.contract.securitySchemes.keys()) {
      if (this.kindOf(name) !== kind) continue;
      const secret = this.secretFor(name);
      if (secret !== undefined) return secret;
    }
    return this.given[kind];
  }

  /** Each scheme of the contract with the secret the run has for it. */
  secretsByScheme(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of this.contract.securitySchemes.keys()) {
      const secret = this.secretFor(name);
      if (secret !== undefined) out[name] = secret;
    }
    return out;
  }

  /** Headers that carry some scheme's credential: Authorization, and each apiKey header. */
  private carrierHeaders(): Set<string> {
    const names = new Set<string>();
    for (const scheme of this.contract.securitySchemes.values()) {
      const carrier = CredentialPlan.carrier(schemeCredential(scheme));
      if (carrier !== undefined) names.add(carrier);
    }
    return names;
  }

  /** The value given for a scheme, or undefined. */
  valueFor(name: string): string | undefined {
    const named = this.given.byScheme?.[name];
    if (named !== undefined) return named;
    if (!this.scheme(name)) return undefined;
    const credential = this.credential(name);
    // mutualTLS (OAS 3.1.0 §4.8.27): a client certificate, not an HTTP credential; met with nothing to send.
    if (credential?.kind === 'mutualTLS') return IN_USER_HEADER;
    const carrier = CredentialPlan.carrier(credential);
    const inHeader = carrier !== undefined && this.userHeader(carrier) !== undefined ? IN_USER_HEADER : undefined;
    // The flag of the scheme's kind (oauth2 and openIdConnect tokens are bearer tokens), else a --header carrying it.
    const kind = this.kindOf(name);
    return (kind && this.given[kind]) ?? inHeader;
  }

  /** Where a value for the scheme goes (RFC 7617 Basic, RFC 6750 Bearer, or the apiKey's place). */
  placements(name: string, value: string): Placement[] {
    const credential = this.credential(name);
    if (!credential || value === IN_USER_HEADER) return [];
    switch (credential.kind) {
      case 'apiKey':
        return [{ in: credential.in, name: credential.name, value, shown: REDACTED_KEY }];
      case 'bearer':
        return [
          {
            in: 'header',
            name: 'authorization',
            value: `Bearer ${value}`,
            shown: `Bearer ${redactedAs(CREDENTIAL_ENV.bearer)}`,
          },
        ];
      case 'basic':
        return [
          {
            in: 'header',
            name: 'authorization',
            value: `Basic ${Buffer.from(value).toString('base64')}`,
            shown: `Basic ${redactedAs(CREDENTIAL_ENV.basic)}`,
          },
        ];
      case 'http':
        return [
          {
            in: 'header',
            name: 'authorization',
            value: `${credential.scheme} ${value}`,
            shown: `${credential.scheme} ${redactedAs(CREDENTIAL_ENV.other)}`,
          },
        ];
      // A TLS client certificate is not sent in HTTP (OAS 3.1.0 §4.8.27).
      case 'mutualTLS':
        return [];
    }
  }

  /**
   * The first requirement of the operation whose every scheme has a credential (an empty one:
   * public); one without a deprecated scheme first (OAS 3.2.0 §4.27.1: consumers SHOULD refrain
   * from a deprecated scheme, and the runner is one).
   */
  satisfiable(operation: Operation): Requirement | undefined {
    const met = operation.security.filter(
      (req) =>
        Object.keys(req).every((name) => this.valueFor(name) !== undefined) &&
        this.collision(req) === undefined &&
        this.unsendable(req) === undefined,
    );
    return met.find((req) => !Object.keys(req).some((name) => schemeDeprecated(this.scheme(name)))) ?? met[0];
  }

  /**
   * Two schemes of one requirement that write different values into one header (Azure Container
   * Registry's `{registry_auth: [], registry_oauth2: []}`: http basic and an apiKey named
   * `Authorization`): a request carries one Authorization, holding one set of credentials (RFC 9110
   * §11.6.2), so no request meets both; the header and the two schemes, else undefined. Two that
   * write the same value (a bearer and an oauth2 scheme, both `Bearer t`) travel together.
   */
  private collision(req: Requirement): { header: string; schemes: [string, string] } | undefined {
    const written = new Map<string, { scheme: string; value: string }>();
    for (const name of Object.keys(req)) {
      for (const placed of this.placements(name, this.valueFor(name) ?? '')) {
        if (placed.in !== 'header') continue;
        const header = placed.name.toLowerCase();
        const before = written.get(header);
        if (before !== undefined && before.value !== placed.value) return { header, schemes: [before.scheme, name] };
        written.set(header, { scheme: name, value: placed.value });
      }
    }
    return undefined;
  }

  /**
   * A header a scheme of the requirement names that no request can carry: a field name is a token
   * (RFC 9110 §5.1), so rapidapi's `"in": "header", "name": "ADVICEment API Key"` cannot be sent; the
   * runner failed "the request could not be sent" against the server. The scheme and the name, else undefined.
   */
  private unsendable(req: Requirement): { scheme: string; header: string } | undefined {
    for (const name of Object.keys(req))
      for (const placed of this.placements(name, this.valueFor(name) ?? ''))
        if (placed.in === 'header' && !FIELD_NAME.test(placed.name)) return { scheme: name, header: placed.name };
    return undefined;
  }

  /** Valid credentials for the operation, placed; undefined when no requirement can be met. */
  valid(operation: Operation): Placement[] | undefined {
    const req = this.satisfiable(operation);
    if (!req) return undefined;
    return Object.keys(req).flatMap((name) => this.placements(name, this.valueFor(name) ?? ''));
  }

  /** Wrong credentials in the places the operation's (satisfiable, else first) requirement reads. */
  wrong(operation: Operation, wrongValue: string): Placement[] {
    const req = this.satisfiable(operation) ?? operation.security.find((r) => Object.keys(r).length > 0) ?? {};
    return Object.keys(req)
      .flatMap((name) => {
        const basic = this.credential(name)?.kind === 'basic';
        return this.placements(name, basic ? `${wrongValue}:${wrongValue}` : wrongValue);
      })
      .filter((placed) => placed.in !== 'header' || FIELD_NAME.test(placed.name)); // see unsendable
  }

  /** Why the operation's requirements cannot be met, naming the flags that would. */
  missing(operation: Operation): string {
    const alternatives = operation.security
      .map((req) =>
        Object.keys(req)
          .map((name) => {
            const scheme = this.scheme(name);
            // The scheme as its document names it (`bearer`, `oauth2`); the flag by what it takes.
            const kind = scheme?.type === 'http' ? scheme.scheme.toLowerCase() : (scheme?.type ?? 'unknown');
            const taken = this.credential(name)?.kind;
            const flag = (taken && FLAG_OF[taken]) ?? '--auth';
            return `${name} (${kind}: ${flag} or --auth ${name}=VALUE)`;
          })
          .join(' + '),
      )
      .filter(Boolean);
    // A requirement whose credentials were all given but cannot travel together: the contract's.
    const colliding = operation.security
      .filter((req) => Object.keys(req).every((name) => this.valueFor(name) !== undefined))
      .map((req) => this.collision(req))
      .find((c) => c !== undefined);
    const unsendable = operation.security
      .filter((req) => Object.keys(req).every((name) => this.valueFor(name) !== undefined))
      .map((req) => this.unsendable(req))
      .find((u) => u !== undefined);
    if (unsendable !== undefined && alternatives.length === 1)
      return `${operation.id} requires ${unsendable.scheme} in the header "${unsendable.header}", which is no field name (RFC 9110 §5.1: a token, no spaces): no request can carry it`;
    if (colliding !== undefined && alternatives.length === 1)
      return `${operation.id} requires ${colliding.schemes.join(' and ')} together, both carried in the ${colliding.header} header, which holds one credential (RFC 9110 §11.6.2): no request can meet that requirement`;
    return `${operation.id} requires credentials the run was not given: ${alternatives.join(' or ')}`;
  }

  /** Header names (lower case) that carry credentials for some scheme of the contract, or always may. */
  credentialHeaders(): Set<string> {
    const names = new Set(['authorization', 'proxy-authorization', 'cookie']);
    for (const carrier of this.carrierHeaders()) names.add(carrier);
    return names;
  }

  /** Query parameter names that carry credentials. */
  credentialQuery(): Set<string> {
    const names = new Set<string>();
    for (const scheme of this.contract.securitySchemes.values()) {
      const credential = schemeCredential(scheme);
      if (credential?.kind === 'apiKey' && credential.in === 'query') names.add(credential.name);
    }
    return names;
  }

  /** The secret values given, so a header carrying one (from --header) is recognised and removed. */
  secrets(): string[] {
    const g = this.given;
    return [g.apiKey, g.bearer, g.basic, ...Object.values(g.byScheme ?? {})].filter(
      (v): v is string => v !== undefined && v.length > 0,
    );
  }
}
