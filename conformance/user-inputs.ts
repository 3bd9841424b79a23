import { readFile } from 'node:fs/promises';
import type { OpenAPIV3 } from 'openapi-types';
import { fileProblem } from '../src/contract/cli-args.js';
import { YAML_OPTIONS } from '../src/contract/yaml-options.js';
import type { Contract, Operation } from '../src/contract/index.js';
import { asSchema, effective, isRecord } from './cases/schema.js';
import { requestBodyOf } from './cases/inputs.js';
import type { GeneratedInput } from './types.js';

/**
 * Inputs the runner cannot invent: logins, one-time codes, secrets, webhooks' shared keys. It
 * recognises the operations that need one, takes the values a user gives (--inputs FILE, keyed by
 * operationId; PRODUCT.md §6), and obtains an OAuth2 token through the contract's own flow
 * (--oauth2, --oauth2-client).
 */
export interface UserInput {
  readonly path?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly header?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

export type UserInputs = Readonly<Record<string, UserInput>>;

export class UserInputError extends Error {
  override readonly name = 'UserInputError';
}

/** Reads an --inputs document (already parsed from YAML or JSON): `{ operationId: { path, query, header, body } }`. */
export function parseUserInputs(value: unknown, contract: Contract, source: string): UserInputs {
  if (!isRecord(value))
    throw new UserInputError(`${source}: expected a map of operationId → { path, query, header, body }`);
  const out: Record<string, UserInput> = {};
  for (const [id, entry] of Object.entries(value)) {
    if (!contract.operationsById.has(id))
      throw new UserInputError(`${source}: ${id} is not an operationId of the contract`);
    if (!isRecord(entry)) throw new UserInputError(`${source}: ${id}: expected { path, query, header, body }`);
    const unknown = Object.keys(entry).filter((k) => !['path', 'query', 'header', 'body'].includes(k));
    if (unknown.length > 0)
      throw new UserInputError(
        `${source}: ${id}: unknown key ${unknown.join(', ')} (expected path, query, header, body)`,
      );
    for (const bag of ['path', 'query', 'header'] as const) {
      if (entry[bag] !== undefined && !isRecord(entry[bag]))
        throw new UserInputError(`${source}: ${id}.${bag}: expected a map of parameter → value`);
    }
    out[id] = entry as UserInput;
  }
  return out;
}

/** The generated valid input with the user's values put in (a body object's fields merged over the generated ones). */
export function withUserInput(generated: GeneratedInput, given: UserInput | undefined): GeneratedInput {
  if (!given) return generated;
  const body =
    given.body === undefined
      ? generated.body
      : isRecord(given.body) && isRecord(generated.body)
        ? { ...generated.body, ...given.body }
        : given.body;
  return {
    ...generated,
    pathParams: { ...generated.pathParams, ...(given.path ?? {}) },
    query: { ...generated.query, ...(given.query ?? {}) },
    headerParams: { ...(generated.headerParams ?? {}), ...(given.header ?? {}) },
    body,
  };
}

type Flows = OpenAPIV3.OAuth2SecurityScheme['flows'];

/** The OAuth2 flows of the contract that take a user's or a client's secret at a token endpoint (RFC 6749 §4.3, §4.4). */
export function tokenFlows(
  contract: Contract,
): Array<{ scheme: string; grant: 'password' | 'client_credentials'; tokenUrl: string; scopes: string[] }> {
  const out: Array<{ scheme: string; grant: 'password' | 'client_credentials'; tokenUrl: string; scopes: string[] }> =
    [];
  for (const [name, scheme] of contract.securitySchemes) {
    if (scheme.type !== 'oauth2') continue;
    const flows: Flows = scheme.flows;
    if (flows.password)
      out.push({
        scheme: name,
        grant: 'password',
        tokenUrl: flows.password.tokenUrl,
        scopes: Object.keys(flows.password.scopes ?? {}),
      });
    if (flows.clientCredentials)
      out.push({
        scheme: name,
        grant: 'client_credentials',
        tokenUrl: flows.clientCredentials.tokenUrl,
        scopes: Object.keys(flows.clientCredentials.scopes ?? {}),
      });
  }
  return out;
}

/** The path of a tokenUrl, relative ones taken as they are (`/api/v1/login/access-token`, `token`). */
const urlPath = (url: string): string => {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
};

/**
 * Why a valid request to this operation needs a value only its user has, or undefined:
 * - the token endpoint of an OAuth2 password or client-credentials flow (its credentials);
 * - a required body field or parameter of `format: password` (a secret);
 * - an operation the contract marks `x-conformance-needs-input` (true, or the reason as text).
 */
export function needsUserInput(contract: Contract, operation: Operation): string | undefined {
  const raw: unknown = (contract.resolved.paths?.[operation.path] as Record<string, unknown> | undefined)?.[
    operation.method
  ];
  const mark = isRecord(raw) ? raw['x-conformance-needs-input'] : undefined;
  if (mark === true || (typeof mark === 'string' && mark.length > 0))
    return `${operation.id} needs an input the runner cannot invent${typeof mark === 'string' ? ` (${mark})` : ''}, marked x-conformance-needs-input`;
  if (operation.method === 'post') {
    const path = `${contract.basePath}${operation.path}`.replace(/\/+$/, '');
    for (const flow of tokenFlows(contract)) {
      const token = urlPath(flow.tokenUrl).replace(/\/+$/, '');
      const absolute = token.startsWith('/') ? token : `/${token}`;
      if (
        absolute === path ||
        absolute === operation.path.replace(/\/+$/, '') ||
        (!token.startsWith('/') && path.endsWith(absolute))
      ) {
        return `${operation.id} is the token endpoint of the OAuth2 ${flow.grant === 'password' ? 'password' : 'client-credentials'} flow of ${flow.scheme}: it needs real credentials (--oauth2${flow.grant === 'password' ? ' USER:PASS' : '-client ID:SECRET'}, or --inputs)`;
      }
    }
  }
  const body = requestBodyOf(operation);
  const schema = body ? asSchema(body.schema) : undefined;
  if (schema) {
    const e = effective(schema);
    const required = new Set(e.required ?? []);
    const secret = Object.entries(e.properties ?? {}).find(
      ([name, s]) => required.has(name) && asSchema(s)?.format === 'password',
    );
    if (secret)
      return `${operation.id} needs a secret the runner cannot invent (body field ${secret[0]}, format: password): give it with --inputs`;
  }
  const param = operation.parameters.find((p) => p.required === true && asSchema(p.schema)?.format === 'password');
  if (param)
    return `${operation.id} needs a secret the runner cannot invent (${param.in} parameter ${param.name}, format: password): give it with --inputs`;
  return undefined;
}

/** Resolves a tokenUrl against --target (PRODUCT.md §6): `/x` from its origin, `x` under its path. */
export function resolveTokenUrl(tokenUrl: string, target: string): string {
  const base = target.endsWith('/') ? target : `${target}/`;
  return new URL(tokenUrl, base).toString();
}

export type TokenOutcome =
  | { readonly ok: true; readonly token: string; readonly tokenUrl: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Obtains an access token through the contract's own flow (RFC 6749 §4.3.2 password, §4.4.2 client
 * credentials; the client authenticates with HTTP Basic, §2.3.1), as a form POST to its tokenUrl.
 */
export async function obtainToken(
  contract: Contract,
  target: string,
  grant:
    | { readonly kind: 'password'; readonly user: string; readonly pass: string }
    | { readonly kind: 'client_credentials'; readonly id: string; readonly secret: string },
  timeoutMs: number,
): Promise<TokenOutcome> {
  const flow = tokenFlows(contract).find((f) => f.grant === grant.kind);
  const flag = grant.kind === 'password' ? '--oauth2' : '--oauth2-client';
  if (!flow)
    return {
      ok: false,
      reason: `${flag}: the contract declares no OAuth2 ${grant.kind === 'password' ? 'password' : 'clientCredentials'} flow`,
    };
  const tokenUrl = resolveTokenUrl(flow.tokenUrl, target);
  const form = new URLSearchParams();
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (grant.kind === 'password') {
    form.set('grant_type', 'password');
    form.set('username', grant.user);
    form.set('password', grant.pass);
  } else {
    form.set('grant_type', 'client_credentials');
    headers['authorization'] =
      `Basic ${Buffer.from(`${encodeURIComponent(grant.id)}:${encodeURIComponent(grant.secret)}`).toString('base64')}`;
  }
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      headers,
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return {
      ok: false,
      reason: `${flag}: the token endpoint ${tokenUrl} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const text = await response.text();
  let token: unknown;
  try {
    token = (JSON.parse(text) as Record<string, unknown>)['access_token'];
  } catch {
    token = undefined;
  }
  // RFC 6749 §5.1: a successful answer is 200 with `access_token`; anything else refused the login (§5.2).
  if (response.status !== 200 || typeof token !== 'string' || token.length === 0) {
    return {
      ok: false,
      reason: `${flag}: the token endpoint ${tokenUrl} refused the login (answered ${response.status}${typeof token === 'string' ? '' : ', no access_token'}): ${text.replace(/\s+/g, ' ').slice(0, 160)}`,
    };
  }
  return { ok: true, token, tokenUrl };
}

/** Reads --inputs FILE (YAML or JSON). */
export async function readUserInputs(file: string, contract: Contract): Promise<UserInputs> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UserInputError(`cannot read --inputs ${file}: ${fileProblem(error)}`);
  }
  let value: unknown;
  try {
    value = /\.json$/i.test(file) ? JSON.parse(text) : (await import('yaml')).parse(text, YAML_OPTIONS);
  } catch (error) {
    throw new UserInputError(
      `--inputs ${file} is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseUserInputs(value, contract, `--inputs ${file}`);
}

/**
 * The token endpoint's own valid request carries the login given to --oauth2 (RFC 6749 §4.3.2 form
 * fields), unless --inputs already gives its body.
 */
export function withLoginInputs(
  contract: Contract,
  inputs: UserInputs,
  login: { readonly user: string; readonly pass: string },
): UserInputs {
  const out: Record<string, UserInput> = { ...inputs };
  for (const op of contract.operations) {
    const why = needsUserInput(contract, op);
    if (why === undefined || !/token endpoint of the OAuth2 password flow/.test(why) || out[op.id]?.body !== undefined)
      continue;
    out[op.id] = { ...(out[op.id] ?? {}), body: { username: login.user, password: login.pass } };
  }
  return out;
}
