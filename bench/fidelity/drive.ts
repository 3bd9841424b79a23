import type { OpenAPIV3 } from 'openapi-types';
import {
  documentedResponse,
  identifierOf,
  jsonContent,
  SchemaValidator,
  type Contract,
  type Operation,
} from '../../src/contract/index.js';
import type { BodyPlan, Session, Step } from './session.js';

/** What a side accepts: an API key, a user for the document's OAuth2 password flow, a bearer token. */
export interface SideCredentials {
  readonly apiKey?: string;
  readonly oauth2?: { readonly username: string; readonly password: string };
  readonly bearer?: string;
}

/** How a body compares with the schema the operation documents for the status it came with. */
export type Validity = 'valid' | 'invalid' | 'undocumented status' | 'not JSON';

/** One request and its answer on one side. */
export interface Exchange {
  readonly step: string;
  readonly role: Step['role'] | 'login';
  /** `skipped` when the step needs an identifier this side's create did not give; `no answer` when the connection failed or timed out. */
  readonly status: number | 'skipped' | 'no answer';
  readonly validity: Validity | undefined;
  /** The first violations, for people (not compared). */
  readonly violations?: string;
  /** For a read after a write: the written fields that did not read back as sent (empty: all did). */
  readonly unreadFields?: readonly string[];
  /** For a list: what its page says (item count and the envelope's numbers: offset, limit, total…), compared between the sides. */
  readonly page?: string;
  readonly body?: unknown;
  /** The step's request is one the document calls invalid, and why (Step.breaks). */
  readonly breaks?: string;
  /** The validation answers the document gives such a request (Step.refusedWith). */
  readonly refusedWith?: readonly number[];
}

/**
 * The OAuth2 password flow's token URL the document declares (RFC 6749 §4.3), resolved as the
 * specification allows: a relative reference against the server's URL.
 */
export function passwordTokenUrl(contract: Contract): string | undefined {
  for (const scheme of contract.securitySchemes.values()) {
    if (scheme.type === 'oauth2' && scheme.flows.password) return scheme.flows.password.tokenUrl;
  }
  return undefined;
}

/** Runs the session against one side (the service or the mock) at `url` and records each exchange. */
export async function driveSession(
  contract: Contract,
  session: Session,
  url: string,
  credentials: SideCredentials,
): Promise<Exchange[]> {
  const validator = new SchemaValidator(contract.version.schemaDialect);
  const exchanges: Exchange[] = [];
  const created = new Map<string, string>();
  let token = credentials.bearer;
  const tokenUrl = passwordTokenUrl(contract);
  if (tokenUrl !== undefined && credentials.oauth2) {
    let target = new URL(tokenUrl, `${url}/`);
    // An absolute tokenUrl elsewhere whose path the document serves itself is that operation, on this side.
    const served = (path: string): boolean =>
      contract.operations.some((op) => op.method === 'post' && contract.basePath + op.path === path);
    if (target.origin !== new URL(url).origin && served(target.pathname)) target = new URL(target.pathname, `${url}/`);
    const form = new URLSearchParams({
      grant_type: 'password',
      username: credentials.oauth2.username,
      password: credentials.oauth2.password,
    });
    const answer = await send(
      target.href,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    const login = contract.operations.find(
      (op) => op.method === 'post' && contract.basePath + op.path === target.pathname,
    );
    const access =
      answer && isObject(answer.body) && typeof answer.body['access_token'] === 'string'
        ? answer.body['access_token']
        : undefined;
    if (access !== undefined) token = access;
    exchanges.push({
      step: `login ${target.pathname}`,
      role: 'login',
      ...(answer
        ? { status: answer.status, ...judge(validator, login, answer) }
        : { status: 'no answer', validity: undefined }),
    });
  }
  for (const step of session.steps) {
    const path = fillPath(step, created);
    if (path === undefined) {
      exchanges.push({ step: step.name, role: step.role, status: 'skipped', validity: undefined });
      continue;
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    const query = new URLSearchParams(step.query);
    if (step.credentials) authorize(contract, step.operation, credentials, token, headers, query);
    const { body, contentType } = encode(step.body);
    if (contentType) headers['content-type'] = contentType;
    const target = `${url}${contract.basePath}${path}${query.size > 0 ? `?${query}` : ''}`;
    const answer = await send(target, step.operation.method.toUpperCase(), headers, body);
    if (!answer) {
      exchanges.push({
        step: step.name,
        role: step.role,
        status: 'no answer',
        validity: undefined,
        ...(step.readBack ? { unreadFields: Object.keys(step.readBack) } : {}),
      });
      continue;
    }
    if (step.remember && answer.status >= 200 && answer.status < 300) {
      const id = identifierOf(
        record(answer.body, step.envelope),
        step.remember.idParam,
        step.remember.idField,
        answer.location,
        `${url}${contract.basePath}${step.remember.path}`,
      );
      if (id !== undefined && id !== null) created.set(step.remember.path, String(id));
    }
    exchanges.push({
      step: step.name,
      role: step.role,
      status: answer.status,
      ...(step.breaks !== undefined ? { breaks: step.breaks } : {}),
      ...(step.refusedWith !== undefined ? { refusedWith: step.refusedWith } : {}),
      ...judge(validator, step.operation, answer),
      ...(step.readBack ? { unreadFields: unread(step.readBack, answer, step.envelope) } : {}),
      ...(step.role === 'list' ? { page: pageOf(answer) } : {}),
    });
  }
  return exchanges;
}

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly body: unknown;
  readonly location: string | undefined;
}

/** Long enough for a loaded machine, short enough that a hung answer is reported instead of stalling the run. */
const ANSWER_TIMEOUT_MS = 20_000;

async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | FormData | undefined,
): Promise<Answer | undefined> {
  let response: Response;
  const attempt = (): Promise<Response> =>
    fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  try {
    try {
      response = await attempt();
    } catch (error) {
      // A kept-alive connection the service closed while idle (uvicorn after 5 s, RFC 9112 §9.6) fails
      // the next request before any of it is read: sent once more, on a new connection. A timeout or
      // a refused connection is not retried.
      if (!closedIdle(error)) throw error;
      response = await attempt();
    }
  } catch {
    // A reset, a refused connection or a timeout: an exchange without an answer, compared as such.
    return undefined;
  }
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  let parsed: unknown;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return {
    status: response.status,
    contentType,
    text,
    body: parsed,
    location: response.headers.get('location') ?? undefined,
  };
}

function judge(
  validator: SchemaValidator,
  op: Operation | undefined,
  answer: Answer,
): Pick<Exchange, 'validity' | 'violations' | 'body'> {
  const documented = op ? documentedResponse(op.responses, answer.status) : undefined;
  if (!documented) return { validity: 'undocumented status', body: answer.body };
  const schema = jsonContent(documented.response.content)?.schema as OpenAPIV3.SchemaObject | undefined;
  if (!schema) return { validity: 'valid', body: answer.body };
  if (answer.text !== '' && answer.body === undefined) return { validity: 'not JSON', body: answer.text.slice(0, 200) };
  const result = validator.validate(schema, answer.body, 'response');
  if (result.state === 'invalid')
    return {
      validity: 'invalid',
      violations: result.violations
        .slice(0, 3)
        .map((v) => `${v.path || '/'} ${v.message}`)
        .join('; '),
      body: answer.body,
    };
  return { validity: 'valid', body: answer.body };
}

/** The fields sent that the answer does not give back equal (JSON values compared structurally). */
function unread(sent: Readonly<Record<string, unknown>>, answer: Answer, envelope: string | undefined): string[] {
  const body = record(answer.body, envelope);
  if (answer.status < 200 || answer.status >= 300 || !isObject(body))
    return Object.keys(sent).length > 0 ? Object.keys(sent) : ['(the record)'];
  return Object.keys(sent).filter((name) => !sameJson(sent[name], body[name]));
}

/** The record in an answer: the envelope's member where the model reads the answers as wrapping it and the answer does, else the body. */
function record(body: unknown, envelope: string | undefined): unknown {
  return envelope !== undefined && isObject(body) && isObject(body[envelope]) ? body[envelope] : body;
}

/**
 * What a list answer says of its page, the same way on both sides and without the schema: the
 * number of items, and the numbers beside the items in the object that holds them (`offset`,
 * `limit`, `total`…), found in the body or one level down (`{status, data: {orders, total}}`).
 */
export function pageOf(answer: { readonly status: number; readonly body: unknown }): string {
  if (answer.status < 200 || answer.status >= 300) return 'no page';
  const holder = (
    value: unknown,
    depth: number,
  ): { items: unknown[]; numbers: Array<[string, number]> } | undefined => {
    if (Array.isArray(value)) return { items: value, numbers: [] };
    if (!isObject(value)) return undefined;
    const arrays = Object.values(value).filter((v): v is unknown[] => Array.isArray(v));
    if (arrays.length === 1)
      return {
        items: arrays[0]!,
        numbers: Object.entries(value)
          .filter((e): e is [string, number] => typeof e[1] === 'number')
          .sort(([a], [b]) => a.localeCompare(b)),
      };
    if (depth === 0) return undefined;
    for (const inner of Object.values(value)) {
      const found = holder(inner, depth - 1);
      if (found) return found;
    }
    return undefined;
  };
  const found = holder(answer.body, 1);
  if (!found) return 'no list';
  return [`${found.items.length} items`, ...found.numbers.map(([name, n]) => `${name} ${n}`)].join(', ');
}

/**
 * Whether a value written reads back as sent: JSON values compared structurally, and two RFC 3339
 * date-times as the instants they name (RFC 3339 §5.6 spells one instant several ways: a service
 * that stores a date answers `…:02.000Z` for `…:02Z`, or `+00:00` for `Z`, and has kept it).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return sameInstant(a, b);
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Two RFC 3339 date-times (RFC 3339 §5.6 `date-time`, with its time offset) that name the same instant. */
function sameInstant(a: string, b: string): boolean {
  if (!RFC3339.test(a) || !RFC3339.test(b)) return false;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return !Number.isNaN(x) && x === y;
}

function fillPath(step: Step, created: ReadonlyMap<string, string>): string | undefined {
  let missing = false;
  const path = step.operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = step.path[name];
    const text = value === undefined ? undefined : value.kind === 'fixed' ? value.value : created.get(value.collection);
    if (text === undefined) missing = true;
    return encodeURIComponent(text ?? whole);
  });
  return missing ? undefined : path;
}

/** The first security alternative of the operation this side can satisfy (OAS 3.0.3 §4.7.30: any one alternative will do). */
function authorize(
  contract: Contract,
  op: Operation,
  credentials: SideCredentials,
  token: string | undefined,
  headers: Record<string, string>,
  query: URLSearchParams,
): void {
  for (const requirement of op.security) {
    const names = Object.keys(requirement);
    const schemes = names.map((name) => contract.securitySchemes.get(name));
    const can = schemes.every(
      (s) =>
        s !== undefined &&
        ((s.type === 'apiKey' && credentials.apiKey !== undefined) ||
          ((s.type === 'oauth2' ||
            s.type === 'openIdConnect' ||
            (s.type === 'http' && s.scheme.toLowerCase() === 'bearer')) &&
            token !== undefined)),
    );
    if (!can) continue;
    for (const scheme of schemes) {
      if (scheme?.type === 'apiKey') {
        if (scheme.in === 'header') headers[scheme.name.toLowerCase()] = credentials.apiKey!;
        else if (scheme.in === 'query') query.set(scheme.name, credentials.apiKey!);
        else headers['cookie'] = `${scheme.name}=${encodeURIComponent(credentials.apiKey!)}`;
      } else headers['authorization'] = `Bearer ${token!}`;
    }
    return;
  }
}

function encode(plan: BodyPlan | undefined): { body: string | FormData | undefined; contentType: string | undefined } {
  if (!plan) return { body: undefined, contentType: undefined };
  if (plan.kind === 'json') return { body: JSON.stringify(plan.value), contentType: 'application/json' };
  if (plan.kind === 'raw') return { body: plan.text, contentType: plan.contentType };
  const form = new FormData();
  for (const [name, value] of Object.entries(plan.fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.file], { type: 'text/plain' }), 'zoo.txt');
  }
  // fetch writes the multipart boundary into the content type itself.
  return { body: form, contentType: undefined };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether fetch failed because the other side had closed the connection it reused (undici's socket errors). */
function closedIdle(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
}
