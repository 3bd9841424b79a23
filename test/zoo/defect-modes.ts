import type { Contract, Operation } from '../../src/contract/index.js';
import { identifierOf, isCreate, isRecord, jsonContent } from '../../src/contract/index.js';
import type { Defect, ProxiedRequest, ProxiedResponse, Verdict } from '../../fixtures/broken/proxy.js';
import { BENIGN_VARIATIONS, rateLimited, type BenignVariation } from '../../fixtures/broken/benign.js';

/**
 * The seeded-defect and benign modes of issue 30 item 7, built for any contract (never for one
 * service): each reads the operations, their documented statuses and schemas from the document, so
 * the same mode applies to every zoo service. A mode that has nothing to act on in a document (no
 * documented Location, no deprecated operation) says why it does not apply.
 */
export interface Mode {
  readonly name: string;
  readonly kind: 'defect' | 'benign';
  readonly what: string;
  /** Why the mode cannot apply to this document, or undefined when it does. */
  readonly notApplicable: (contract: Contract) => string | undefined;
  /** For a defect: the checks (and rules) any one of which failing on a cell the clean run passes catches it. */
  readonly caughtBy?: readonly string[];
  /**
   * For a defect some of whose checks judge answers: whether its traffic can show it on this document
   * (undefined: it can). An optional header is promised to the runner's probe, but no answer lacking it breaks the contract.
   */
  readonly showsInTraffic?: (contract: Contract) => boolean;
  /** The run waits (a rate limiter's Retry-After): started before the others, so that its waits overlap their runs. */
  readonly waits?: boolean;
  /** A fresh proxy behaviour per run (modes may keep state, as a rate limiter does). */
  readonly make: (contract: Contract) => Pick<Defect, 'request' | 'response'>;
}

const pathOf = (req: ProxiedRequest): string => req.path.split('?')[0] ?? '/';
const queryOf = (req: ProxiedRequest): URLSearchParams => new URLSearchParams(req.path.split('?')[1] ?? '');
const ok = (res: ProxiedResponse): boolean => res.status >= 200 && res.status < 300;
const isJson = (res: ProxiedResponse): boolean =>
  /json/i.test(res.headers['content-type'] ?? '') && res.body.length > 0;
const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The operation a request is for: method and path template (each `{param}` one segment), under the contract's base path. */
export function operationOf(contract: Contract, req: ProxiedRequest): Operation | undefined {
  const path = pathOf(req);
  const method = req.method.toLowerCase();
  return contract.operations.find(
    (op) =>
      op.method === method &&
      new RegExp(
        `^${escapeRegExp(contract.basePath.replace(/\/$/, ''))}${op.path
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('[^/]+')}$`,
      ).test(path),
  );
}

/** The success statuses the operation documents, first one first. */
const successes = (op: Operation): number[] =>
  Object.keys(op.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .map(Number);

/** The documented JSON schema of the operation's answer with this status. */
function answerSchema(op: Operation, status: number): Record<string, unknown> | undefined {
  const schema = jsonContent(op.responses[String(status)]?.content)?.schema;
  return isRecord(schema) ? schema : undefined;
}

/** The credential headers the contract's schemes use (apiKey in header, and Authorization for http and oauth2). */
function credentialHeaders(contract: Contract): string[] {
  const out = new Set<string>();
  for (const scheme of contract.securitySchemes.values()) {
    if (scheme.type === 'apiKey' && scheme.in === 'header') out.add(scheme.name.toLowerCase());
    else out.add('authorization');
  }
  return [...out];
}

const securedOps = (contract: Contract): Operation[] => contract.operations.filter((op) => op.requiresAuth);

/** Deletes the record a create answered, through the item path's DELETE, with the create's own credentials. */
async function forget(
  contract: Contract,
  create: Operation,
  req: ProxiedRequest,
  res: ProxiedResponse,
  upstream: Parameters<NonNullable<Defect['response']>>[2],
): Promise<void> {
  const base = pathOf(req).replace(/\/$/, '');
  const del = contract.operations.find(
    (op) =>
      op.method === 'delete' &&
      /^\{[^}/]+\}$/.test(op.path.slice(create.path.replace(/\/$/, '').length + 1)) &&
      op.path.startsWith(`${create.path.replace(/\/$/, '')}/{`),
  );
  const id = identifierOf(
    parse(res.body),
    del?.path.slice(del.path.lastIndexOf('{') + 1, -1),
    undefined,
    res.headers['location'],
    `http://upstream${req.path}`,
  );
  if (!del || id === undefined || typeof id === 'object') return;
  const headers: Record<string, string> = {};
  for (const h of credentialHeaders(contract)) if (req.headers[h] !== undefined) headers[h] = req.headers[h] ?? '';
  await upstream({ method: 'DELETE', path: `${base}/${encodeURIComponent(String(id))}`, headers, body: '' });
}

/** The JSON value with its first required member (by the documented schema) removed, at the top or in each item. */
function dropRequired(value: unknown, schema: Record<string, unknown>): unknown {
  const items = isRecord(schema['items']) ? (schema['items'] as Record<string, unknown>) : undefined;
  if (Array.isArray(value) && items) return value.map((v) => dropRequired(v, items));
  const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];
  const first = required.find((r): r is string => typeof r === 'string');
  if (!isRecord(value) || first === undefined) return value;
  const { [first]: _dropped, ...rest } = value;
  return rest;
}

/** Adds a member to every object the documented schema leaves open (additionalProperties not false). */
function addExtra(value: unknown, schema: Record<string, unknown> | undefined): unknown {
  if (!schema) return value;
  const items = isRecord(schema['items']) ? (schema['items'] as Record<string, unknown>) : undefined;
  if (Array.isArray(value)) return value.map((v) => addExtra(v, items));
  if (!isRecord(value) || schema['additionalProperties'] === false || schema['unevaluatedProperties'] === false)
    return value;
  const props = isRecord(schema['properties']) ? (schema['properties'] as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = addExtra(v, isRecord(props[k]) ? (props[k] as Record<string, unknown>) : undefined);
  return { ...out, servedBy: 'another-implementation' };
}

const reverseKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reverseKeys)
    : isRecord(value)
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reverseKeys(v)]),
        )
      : value;

const benign = (name: string | BenignVariation): Pick<Defect, 'request' | 'response'> => {
  const v = typeof name === 'string' ? BENIGN_VARIATIONS.find((b) => b.name === name) : name;
  if (!v) throw new Error(`no benign variation ${String(name)}`);
  const gate = v.gate?.();
  return {
    request: (req) => gate?.(req) ?? req,
    response: (req, res) => v.response(req, res, `http://${req.headers['host'] ?? '127.0.0.1'}`),
  };
};

const listsWith = (contract: Contract, test: (name: string) => boolean): Operation[] =>
  contract.operations.filter(
    (op) => op.method === 'get' && op.parameters.some((p) => p.in === 'query' && test(p.name)),
  );
const LIMIT = /^(limit|per_page|page_size|pagesize|size|count|max|top)$/i;
const OFFSET = /^(offset|skip|page|start|cursor|after|before)$/i;

export const MODES: readonly Mode[] = [
  {
    name: 'undocumented-status',
    kind: 'defect',
    what: 'every 200 answer becomes 203, which no operation documents',
    notApplicable: (c) =>
      c.operations.some((op) => op.responses['200'] !== undefined && op.responses['203'] === undefined)
        ? undefined
        : 'no operation documents 200 without 203',
    caughtBy: ['status_code_documented'],
    make: () => ({ response: (_req, res) => (res.status === 200 ? { ...res, status: 203 } : res) }),
  },
  {
    name: 'location-dropped',
    kind: 'defect',
    what: 'Location removed from 201 answers',
    notApplicable: (c) =>
      c.operations.some((op) =>
        Object.values(op.responses).some((r) =>
          Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === 'location'),
        ),
      )
        ? undefined
        : 'the document declares no Location header, and RFC 9110 §15.3.2 lets a 201 without one name the target URI',
    // A declared Location is what location_names_resource reads the created resource through; one
    // declared `required: true` (Hono's zod headers, FastAPI's and Nest's when the team says so) is
    // judged on every 201 by response_headers, from traffic too.
    caughtBy: ['response_headers', 'location_names_resource'],
    showsInTraffic: (c) =>
      c.operations.some((op) =>
        Object.entries(op.responses['201']?.headers ?? {}).some(
          ([h, v]) => h.toLowerCase() === 'location' && isRecord(v) && v['required'] === true,
        ),
      ),
    make: () => ({
      response: (_req, res) =>
        res.status === 201
          ? {
              ...res,
              headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => k.toLowerCase() !== 'location')),
            }
          : res,
    }),
  },
  {
    name: 'limit-ignored',
    kind: 'defect',
    what: 'the page-size parameter of lists is dropped before the service sees it',
    notApplicable: (c) =>
      listsWith(c, (n) => LIMIT.test(n)).length > 0 ? undefined : 'no list takes a page-size parameter',
    caughtBy: ['paging_truthful'],
    make: (c) => ({
      request: (req) => {
        const op = operationOf(c, req);
        if (op?.method !== 'get') return req;
        const q = queryOf(req);
        for (const name of [...q.keys()]) if (LIMIT.test(name)) q.delete(name);
        const s = q.toString();
        return { ...req, path: `${pathOf(req)}${s ? `?${s}` : ''}` };
      },
    }),
  },
  {
    name: 'filter-ignored',
    kind: 'defect',
    what: 'the filter parameters of lists (neither page size nor offset) are dropped before the service sees them',
    notApplicable: (c) =>
      listsWith(c, (n) => !LIMIT.test(n) && !OFFSET.test(n)).length > 0
        ? undefined
        : 'no list takes a filter parameter',
    caughtBy: ['filters_filter'],
    make: (c) => ({
      request: (req) => {
        const op = operationOf(c, req);
        if (op?.method !== 'get' || pathOf(req).endsWith('}')) return req;
        const q = queryOf(req);
        for (const name of [...q.keys()]) if (!LIMIT.test(name) && !OFFSET.test(name)) q.delete(name);
        const s = q.toString();
        return { ...req, path: `${pathOf(req)}${s ? `?${s}` : ''}` };
      },
    }),
  },
  {
    name: 'create-forgotten',
    kind: 'defect',
    what: 'a create is answered as the service answers it, and the record is deleted right after',
    notApplicable: (c) => (c.operations.some((op) => isCreate(op, c)) ? undefined : 'no create'),
    caughtBy: ['created_resource_readable', 'use_after_delete', 'positive_data_accepted', 'location_names_resource'],
    make: (c) => ({
      response: async (req, res, upstream) => {
        const op = operationOf(c, req);
        if (op && isCreate(op, c) && ok(res)) await forget(c, op, req, res, upstream);
        return res;
      },
    }),
  },
  {
    name: 'delete-ignored',
    kind: 'defect',
    what: 'a DELETE is answered with its documented success and never reaches the service',
    notApplicable: (c) => (c.operations.some((op) => op.method === 'delete') ? undefined : 'no delete'),
    caughtBy: ['use_after_delete'],
    make: (c) => ({
      request: async (req, upstream): Promise<ProxiedRequest | Verdict> => {
        const op = operationOf(c, req);
        if (op?.method !== 'delete') return req;
        // What the record looks like now, for a delete that answers it (200 with the record).
        const read = await upstream({ ...req, method: 'GET', body: '' });
        if (read.status === 404 || read.status === 401 || read.status === 403 || read.status >= 400) return req;
        const status = successes(op)[0] ?? 204;
        return status === 204
          ? { status, headers: {}, body: '' }
          : { status, headers: { 'content-type': 'application/json' }, body: read.body };
      },
    }),
  },
  {
    name: 'invalid-accepted',
    kind: 'defect',
    what: "a 400 or 422 refusal of a write becomes the operation's documented success status",
    notApplicable: (c) =>
      c.operations.some((op) => op.requestBody !== undefined) ? undefined : 'no operation takes a body',
    caughtBy: ['negative_data_rejected', 'malformed_json_rejected'],
    make: (c) => ({
      response: (req, res) => {
        const op = operationOf(c, req);
        if (!op || op.requestBody === undefined || (res.status !== 400 && res.status !== 422)) return res;
        return { ...res, status: successes(op)[0] ?? 200 };
      },
    }),
  },
  {
    name: 'stack-trace-500',
    kind: 'defect',
    what: 'a 400 or 422 refusal becomes a 500 carrying a stack trace as text',
    notApplicable: () => undefined,
    caughtBy: ['not_a_server_error'],
    make: () => ({
      response: (_req, res) =>
        res.status === 400 || res.status === 422
          ? {
              status: 500,
              headers: { 'content-type': 'text/plain' },
              body: "TypeError: Cannot read properties of undefined (reading 'name')\n    at handler (/srv/app/routes.js:42:17)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
            }
          : res,
    }),
  },
  {
    name: 'required-field-dropped',
    kind: 'defect',
    what: 'the first required member of each documented success answer (or of each item) is removed',
    notApplicable: (c) =>
      c.operations.some((op) => successes(op).some((s) => answerSchema(op, s) !== undefined))
        ? undefined
        : 'no documented JSON success answer',
    caughtBy: ['response_schema'],
    make: (c) => ({
      response: (req, res) => {
        const op = operationOf(c, req);
        const schema = op ? answerSchema(op, res.status) : undefined;
        if (!schema || !ok(res) || !isJson(res)) return res;
        const value = parse(res.body);
        return value === undefined ? res : { ...res, body: JSON.stringify(dropRequired(value, schema)) };
      },
    }),
  },
  {
    name: 'deprecation-missing',
    kind: 'defect',
    what: 'Deprecation and Sunset removed from the answers of deprecated operations',
    notApplicable: (c) => {
      const deprecated = c.operations.filter((op) => op.deprecated);
      if (deprecated.length === 0) return 'no operation is deprecated';
      // As location-dropped: a header is caught missing only where the document promises it, by a date
      // (x-deprecated-at, x-sunset) or by declaring it on a success answer; deprecation_headers warns otherwise.
      return deprecated.some(
        (op) =>
          op.deprecation?.deprecatedAt !== undefined ||
          op.deprecation?.sunset !== undefined ||
          Object.entries(op.responses).some(
            ([status, r]) =>
              status.startsWith('2') && Object.keys(r.headers ?? {}).some((h) => /^(deprecation|sunset)$/i.test(h)),
          ),
      )
        ? undefined
        : 'no deprecated operation promises Deprecation or Sunset (no success answer declares them, no x-deprecated-at or x-sunset dates them): RFC 9745 leaves an undated, undeclared header to the server';
    },
    caughtBy: ['deprecation_headers'],
    make: () => ({
      response: (_req, res) => ({
        ...res,
        headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => !/^(deprecation|sunset)$/i.test(k))),
      }),
    }),
  },
  {
    name: 'credentials-ignored',
    kind: 'defect',
    what: 'a request without or with wrong credentials is sent on with the last credentials the service accepted',
    notApplicable: (c) => (securedOps(c).length > 0 ? undefined : 'no operation requires credentials'),
    caughtBy: ['auth_enforced'],
    make: (c) => {
      const names = credentialHeaders(c);
      let good: Record<string, string> | undefined;
      return {
        request: (req) => {
          if (!good) return req;
          const headers = { ...req.headers };
          for (const [k, v] of Object.entries(good)) headers[k] = v;
          return { ...req, headers };
        },
        response: (req, res) => {
          // Credentials the service accepted on a secured operation: remembered for every later request.
          const op = operationOf(c, req);
          if (op?.requiresAuth && ok(res) && names.some((n) => req.headers[n] !== undefined))
            good ??= Object.fromEntries(
              names.filter((n) => req.headers[n] !== undefined).map((n) => [n, req.headers[n] ?? '']),
            );
          return res;
        },
      };
    },
  },
  {
    name: 'rate-limited-1s',
    kind: 'benign',
    what: 'every fifth read answered 429 with Retry-After: 1 before the service sees it',
    notApplicable: () => undefined,
    waits: true,
    make: () => benign('rate-limited-1s'),
  },
  {
    // Issue 30 item 7: "rate limiting with Retry-After 1–2 s"; 2 s is within --max-retry-after (5 s by default).
    name: 'rate-limited-2s',
    kind: 'benign',
    what: 'every fifth read answered 429 with Retry-After: 2 before the service sees it',
    notApplicable: () => undefined,
    waits: true,
    make: () => benign(rateLimited(2)),
  },
  {
    name: 'chunked',
    kind: 'benign',
    what: 'every answer sent with Transfer-Encoding: chunked (RFC 9112 §7.1), in small chunks',
    notApplicable: () => undefined,
    make: () => ({
      response: (_req, res) => ({ ...res, headers: { ...res.headers, 'transfer-encoding': 'chunked' } }),
    }),
  },
  {
    name: 'header-case',
    kind: 'benign',
    what: 'answer header names in upper case (field names are case-insensitive, RFC 9110 §5.1)',
    notApplicable: () => undefined,
    make: () => ({
      response: (_req, res) => ({
        ...res,
        headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toUpperCase(), v])),
      }),
    }),
  },
  {
    name: 'extra-properties',
    kind: 'benign',
    what: 'an extra member in every answer object whose schema leaves additional properties open (JSON Schema 2020-12 §10.3.2.3)',
    notApplicable: () => undefined,
    make: (c) => ({
      response: (req, res) => {
        const op = operationOf(c, req);
        if (!op || !isJson(res)) return res;
        const value = parse(res.body);
        return value === undefined
          ? res
          : { ...res, body: JSON.stringify(addExtra(value, answerSchema(op, res.status))) };
      },
    }),
  },
  {
    name: 'reordered-keys',
    kind: 'benign',
    what: 'JSON members in reverse order, pretty-printed (RFC 8259 §4: an object is unordered)',
    notApplicable: () => undefined,
    make: () => ({
      response: (_req, res) => {
        const value = isJson(res) ? parse(res.body) : undefined;
        return value === undefined ? res : { ...res, body: JSON.stringify(reverseKeys(value), null, 2) };
      },
    }),
  },
  {
    name: 'connection-close',
    kind: 'benign',
    what: 'Connection: close on every answer (RFC 9112 §9.6)',
    notApplicable: () => undefined,
    make: () => benign('connection-close'),
  },
];
