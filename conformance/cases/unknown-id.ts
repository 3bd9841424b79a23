import type { OpenAPIV3 } from 'openapi-types';
import {
  isCreate,
  itemSegment,
  lowered,
  onCollection,
  operationIndex,
  requestPath,
  resourcePath,
  sampleValue,
  successSchema,
  type Contract,
  type Operation,
  type SchemaValidator,
} from '../../src/contract/index.js';
import { documentedValues, pathParameters } from './inputs.js';
import { leavesNoSegment } from './path-clash.js';
import type { Random } from './random.js';
import { asSchema, effective, properties } from './schema.js';

/**
 * What the "unknown identifier" probe (not_found_for_unknown_id, RFC 9110 §15.5.5) may change, and
 * to what. Only a path parameter that names a resource is an identifier: one a create's `links`
 * fill (OAS 3.0.3 §4.7.20), the one a collection's item path names (`POST /pets` + `GET
 * /pets/{petId}`, where a Location points), or one the parent list's items carry. An enum, a
 * version, a month 1..12 or an IP address is not: any value there is a request the server may
 * rightly answer 400/422, or 200 (every month exists).
 */
export type Probe =
  | { readonly ok: true; readonly param: OpenAPIV3.ParameterObject; readonly value: unknown }
  | { readonly ok: false; readonly reason: string };

/**
 * identifierEvidence's answers, per contract, operation and parameter: it reads the contract alone,
 * and walks every operation's links for each question (1.4 % of the Stripe self-consistency file,
 * which asks again for each of its five runs).
 */
const evidenceKept = new WeakMap<Contract, WeakMap<Operation, Map<OpenAPIV3.ParameterObject, string | undefined>>>();

/** Why the contract says this path parameter names a resource, or undefined when nothing does. */
export function identifierEvidence(
  contract: Contract,
  op: Operation,
  p: OpenAPIV3.ParameterObject,
): string | undefined {
  let byOperation = evidenceKept.get(contract);
  if (!byOperation) evidenceKept.set(contract, (byOperation = new WeakMap()));
  let byParameter = byOperation.get(op);
  if (!byParameter) byOperation.set(op, (byParameter = new Map()));
  if (byParameter.has(p)) return byParameter.get(p);
  const evidence = findIdentifierEvidence(contract, op, p);
  byParameter.set(p, evidence);
  return evidence;
}

function findIdentifierEvidence(contract: Contract, op: Operation, p: OpenAPIV3.ParameterObject): string | undefined {
  // 1. A link of some 2xx answer fills it (OAS 3.0.3 §4.7.20.4), for this operation or one on the same item path.
  const itemPrefix = (() => {
    const at = op.path.indexOf(`{${p.name}}`);
    return at < 0 ? undefined : op.path.slice(0, at + p.name.length + 2);
  })();
  if (itemPrefix === undefined) return undefined;
  for (const { source, target, params } of successLinks(contract)) {
    if (!target.path.startsWith(itemPrefix)) continue;
    if (params[p.name] !== undefined || params[`path.${p.name}`] !== undefined)
      return `the links of ${source.id} fill ${p.name}`;
  }
  // 2. The collection model: a create on the collection and a read of its item (`/pets` + `/pets/{petId}`),
  // by the kernel's one item-path rule (`/Calls/{Sid}.json` reads items of `/Calls.json`).
  const at = op.path.indexOf(`/{${p.name}}`);
  if (at < 0) return undefined;
  const stem = op.path.slice(0, at);
  // A GET there that answers a list reads no item: its parameter selects which items (paylocity's
  // `/earnings/{earningCode}`, "returns all earnings with the provided earning code", 404 "The
  // employee does not exist"; LUIS's `/customprebuiltdomains/{culture}`), and a value nothing holds
  // selects none, an empty list as rightly as a 404.
  const item = itemReads(contract.operations)
    .get(JSON.stringify([p.name, stem]))
    ?.find((o) => !answersList(o));
  const collection = item ? itemSegment(item.path)?.collection : undefined;
  if (item === undefined || collection === undefined) return undefined;
  const create = byResourcePath(contract.operations)
    .get(collection)
    ?.find((o) => isCreate(o, contract));
  if (create) return `${create.id} creates the items ${item.id} reads by ${p.name}`;
  // 3. The list of the collection shows items carrying the parameter (by name, or `id` under `{id}`).
  const list = onCollection(contract, collection, 'get');
  if (list) {
    const success = Object.entries(list.responses).find(([s]) => s.startsWith('2'))?.[1];
    const schema = asSchema(Object.values(success?.content ?? {})[0]?.schema);
    const itemSchema = schema ? listedItemSchema(schema) : undefined;
    const names = [...properties(itemSchema).keys()].map((k) => k.toLowerCase());
    if (names.includes(p.name.toLowerCase()) || (/^id$/i.test(p.name) && names.includes('id')))
      return `${list.id} lists items carrying ${p.name}`;
  }
  // 4. An item read under a named collection (`/things/{name}`, not `/{dataset}/…` nor `/{version}/fields`)
  //    that documents 404 itself: the contract says the value names something that may not exist.
  const lastSegment = collection.slice(collection.lastIndexOf('/') + 1);
  if (lastSegment !== '' && !lastSegment.includes('{') && item.responses['404'] !== undefined)
    return `${item.id} reads an item of ${collection} by ${p.name} and documents 404`;
  return undefined;
}

/**
 * The links of every 2xx answer that name an operation (OAS 3.0.3 §4.7.20), in the contract's order,
 * with their target: built once per contract, where each question walked every operation's answers
 * (Microsoft Graph: 11,422 operations for each path parameter of each operation, 30 % of its run).
 */
interface SuccessLink {
  readonly source: Operation;
  readonly target: Operation;
  readonly params: Readonly<Record<string, unknown>>;
}
const linksKept = new WeakMap<Contract, readonly SuccessLink[]>();
function successLinks(contract: Contract): readonly SuccessLink[] {
  const known = linksKept.get(contract);
  if (known) return known;
  const links: SuccessLink[] = [];
  for (const source of contract.operations)
    for (const [status, response] of Object.entries(source.responses)) {
      if (!status.startsWith('2')) continue;
      for (const link of Object.values(response.links ?? {})) {
        if ('$ref' in link || !link.operationId) continue;
        const target = contract.operationsById.get(link.operationId);
        if (target) links.push({ source, target, params: (link.parameters ?? {}) as Record<string, unknown> });
      }
    }
  linksKept.set(contract, links);
  return links;
}

/** GETs on an item path (items.ts itemSegment) by their item parameter and stem, in the contract's order. */
const itemReads = operationIndex((o) => {
  const segment = o.method === 'get' ? itemSegment(o.path) : undefined;
  return segment === undefined ? '' : JSON.stringify([segment.param, segment.stem]);
});

/** Operations by resource path, in the contract's order. */
const byResourcePath = operationIndex((o) => resourcePath(o.path));

/** Whether an operation's success answer is an array (OAS 3.1 `type: [array, "null"]` too). */
function answersList(op: Operation): boolean {
  const schema = successSchema(op);
  if (!schema) return false;
  const type = lowered(effective(schema)).type;
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

/** The item schema of a list answer: an array's items, or the one array property of a wrapper. */
function listedItemSchema(schema: OpenAPIV3.SchemaObject): OpenAPIV3.SchemaObject | undefined {
  const flat = effective(schema);
  if (flat.type === 'array') return asSchema((flat as OpenAPIV3.ArraySchemaObject).items);
  const arrays = [...properties(flat).values()].map(effective).filter((s) => s.type === 'array');
  return arrays.length >= 1 ? asSchema((arrays[0] as OpenAPIV3.ArraySchemaObject).items) : undefined;
}

/** Formats that name a value of their own kind, not an identifier the server assigns. */
const NOT_ID_FORMATS = new Set([
  'ipv4',
  'ipv6',
  'date',
  'date-time',
  'time',
  'email',
  'hostname',
  'uri',
  'url',
  'byte',
  'binary',
  'password',
  'duration',
]);
/** An integer range this small is a set of values that may all exist (a month 1..12, a weekday). */
const SMALL_RANGE = 1000;

/**
 * A value for the identifier that the schema admits (type, format, bounds, pattern) and that no
 * answer of the run has shown (`seen`), or the reason there is none.
 */
export function unknownValueFor(
  p: OpenAPIV3.ParameterObject,
  validator: SchemaValidator,
  rng: Random,
  seen: (value: unknown) => boolean,
  like?: unknown,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const schema = asSchema(p.schema);
  if (!schema) return { ok: false, reason: `${p.name} has no schema to choose a valid unknown value from` };
  const flat = effective(schema);
  if (flat.enum) return { ok: false, reason: `${p.name} is an enum: every value it admits may exist` };
  if (typeof flat.format === 'string' && NOT_ID_FORMATS.has(flat.format))
    return { ok: false, reason: `${p.name} is a ${flat.format}, not an identifier` };
  // A value the contract documents for the parameter (its example, the schema's) is shown as one that
  // exists: the sampler draws it first, a mock seeds its records from it (Twitter's TweetId example
  // `1346889436626259968`), and a service's documentation names a record it holds. Not unknown.
  const documented = new Set([...documentedValues(p), flat.example].map((v) => String(v)));
  const first = (candidates: readonly unknown[]): unknown =>
    candidates.find(
      (value) =>
        value !== undefined &&
        value !== null &&
        typeof value !== 'object' &&
        !documented.has(String(value)) &&
        // An empty value or a dot segment names another path (RFC 3986 §3.3, §5.2.4), not an unknown item.
        !(p.in === 'path' && leavesNoSegment(value)) &&
        validator.check(schema, value, 'request').valid &&
        !seen(value),
    );
  const candidates: unknown[] = [];
  if (flat.type === 'integer' || flat.type === 'number') {
    const max = flat.maximum ?? (flat.format === 'int32' ? 2_147_483_647 : Number.MAX_SAFE_INTEGER);
    const min = flat.minimum ?? (flat.format === 'int32' ? -2_147_483_648 : Number.MIN_SAFE_INTEGER);
    if (max - min < SMALL_RANGE)
      return { ok: false, reason: `${p.name} is bounded to ${min}..${max}: every value may exist` };
    const top = flat.exclusiveMaximum === true ? max - 1 : max;
    candidates.push(top, top - 1, top - 7919, top - 104_729);
  } else {
    // The form of the identifiers the server really assigns, when the run holds one: a plain string
    // parameter whose records are UUIDs (Nest's ParseUUIDPipe answers 400 to any other string) is
    // probed with an unknown UUID, digits with digits. Else the schema's form.
    candidates.push(...sameShape(like));
    if (flat.format === 'uuid')
      candidates.push('ffffffff-ffff-4fff-bfff-ffffffffffff', 'fffffffe-ffff-4fff-bfff-ffffffffffff');
    candidates.push('conformance-unknown-00000000');
    // A pattern or a length the fixed value breaks: the sampler's own values, checked below.
    for (let i = 0; i < 8; i++) candidates.push(sampleValue(schema, { dice: rng, direction: 'request' }));
  }
  let value = first(candidates);
  // A pattern's sampler gives the schema's example back each time: then draws without it.
  if (value === undefined && flat.type !== 'integer' && flat.type !== 'number' && flat.example !== undefined) {
    const unexampled = { ...flat, example: undefined };
    value = first(Array.from({ length: 8 }, () => sampleValue(unexampled, { dice: rng, direction: 'request' })));
  }
  return value !== undefined
    ? { ok: true, value }
    : {
        ok: false,
        reason: `no value of ${p.name}'s schema was found that is valid and absent from every answer of the run`,
      };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Unknown values in the form of a known identifier (a UUID, a string of digits), or none. */
function sameShape(like: unknown): unknown[] {
  if (typeof like !== 'string') return [];
  if (UUID.test(like)) return ['ffffffff-ffff-4fff-bfff-ffffffffffff', 'fffffffe-ffff-4fff-bfff-ffffffffffff'];
  if (/^\d{1,15}$/.test(like))
    return ['9'.repeat(Math.max(like.length + 3, 9)), '8'.repeat(Math.max(like.length + 3, 9))];
  return [];
}

/** Whether `value` has the form of the known identifier `like` (or nothing is known). */
export function shapedLike(value: unknown, like: unknown): boolean {
  const shapes = sameShape(like);
  return (
    shapes.length === 0 ||
    (typeof value === 'string' && (UUID.test(String(like)) ? UUID.test(value) : /^\d+$/.test(value)))
  );
}

/** The identifier to probe (the last path parameter that is one) and its unknown value, or why the probe is not sent. */
export function unknownIdProbe(
  contract: Contract,
  op: Operation,
  validator: SchemaValidator,
  rng: Random,
  seen: (value: unknown) => boolean,
  known: Readonly<Record<string, unknown>> = {},
): Probe {
  if (op.responses['201'])
    return {
      ok: false,
      reason: `${op.id} answers 201: it may create the resource its path names, so an unknown identifier is no error there`,
    };
  const params = pathParameters(op);
  const reasons: string[] = [];
  // PUT asks that its target "be created or replaced" (RFC 9110 §9.3.4): at a name nothing holds, a
  // 2xx is the create the method defines (Azure's `CreateOrUpdate`, "Successfully created or updated",
  // 200 beside a `default` error), unless the operation documents a 404 of its own. The target's own
  // identifier (the path's last segment) is then no probe; a parent's still is (a PUT does not create it).
  const putCreates = op.method === 'put' && op.responses['404'] === undefined && op.responses['410'] === undefined;
  const target = /\{([^}]+)\}$/.exec(requestPath(op.path))?.[1];
  for (const p of [...params].reverse()) {
    if (putCreates && p.name === target) {
      reasons.push(
        `${p.name} names what this PUT creates when nothing holds it (RFC 9110 §9.3.4; ${op.id} documents no 404 of its own)`,
      );
      continue;
    }
    const evidence = identifierEvidence(contract, op, p);
    if (!evidence) {
      reasons.push(`${p.name} names no resource (no link, create + item read, or list names it)`);
      continue;
    }
    const value = unknownValueFor(p, validator, rng, seen, known[p.name]);
    if (!value.ok) {
      reasons.push(value.reason);
      continue;
    }
    return { ok: true, param: p, value: value.value };
  }
  return {
    ok: false,
    reason: `no path parameter of ${op.id} is an identifier the runner can make unknown: ${reasons.join('; ')}`,
  };
}

/**
 * Whether a value appears in some successful answer recorded so far: an identifier a server showed
 * may exist. Error answers do not count (a 404 naming the id it did not find proves its absence).
 * A string counts as its JSON form (quoted), a number only as a whole number token. Each answer is
 * scanned once per value (the session only appends).
 */
export class SeenValues {
  private readonly scanned = new Map<string, { upTo: number; seen: boolean }>();
  constructor(
    private readonly exchanges: () => readonly {
      readonly response?: { readonly status: number; readonly body: string } | undefined;
    }[],
  ) {}

  has(value: unknown): boolean {
    const key = typeof value === 'string' ? JSON.stringify(value) : String(value);
    const test: (body: string) => boolean =
      typeof value === 'number'
        ? (
            (re) =>
            (body: string): boolean =>
              re.test(body)
          )(new RegExp(`(^|[^0-9.])${key.replace('.', '\\.')}($|[^0-9.])`))
        : (body) => body.includes(key) || body === String(value);
    const all = this.exchanges();
    const state = this.scanned.get(key) ?? { upTo: 0, seen: false };
    for (; !state.seen && state.upTo < all.length; state.upTo++) {
      const response = all[state.upTo]?.response;
      if (response && response.status >= 200 && response.status < 300 && test(response.body)) state.seen = true;
    }
    this.scanned.set(key, state);
    return state.seen;
  }
}
