/**
 * A generated request set over any contract, for driving the mock through Prism's validating
 * proxy: one valid request per operation (the runner's positive inputs), identifiers taken from
 * the mock's own state where the operation reads a record, credentials for whichever scheme the
 * operation asks for first.
 */
import type { OpenAPIV3 } from 'openapi-types';
import {
  diceOfFaker,
  isRecord,
  sampleValue,
  SchemaValidator,
  type Contract,
  type Direction,
  type Operation,
  type SchemaCheck,
} from '../../src/contract/index.js';
import { validValue } from '../../conformance/cases/inputs.js';
import type { Random } from '../../conformance/cases/random.js';
import { createFaker } from '../../src/mock/faker.js';

export interface PlannedRequest {
  readonly operation: string;
  readonly method: string;
  /** Path and query, relative to the contract's base path. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Engine description as `GET /__mock/engine` gives it. */
export interface EngineDescription {
  readonly rules: string;
  readonly basePath: string;
  readonly stateful: readonly string[];
  readonly collections: readonly {
    readonly path: string;
    readonly itemPath: string;
    readonly idField: string | null;
    readonly operations: Readonly<Record<string, readonly string[]>>;
  }[];
}

/** `GET /__mock/state` of the generic engine: collection → scope → id → record. */
export type GenericState = { readonly collections: Record<string, Record<string, Record<string, unknown>>> };

const asSchema = (
  s: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject | undefined,
): OpenAPIV3.SchemaObject | undefined => (s && !('$ref' in s) ? s : undefined);

export const TOKEN = 'corpus-token';
export const KEY = 'dev-key';

/** Credentials for the first alternative of the operation's security. */
export function credentials(
  contract: Contract,
  operation: Operation,
): { headers: Record<string, string>; query: Record<string, string> } {
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  const cookies: string[] = [];
  for (const name of Object.keys(operation.security[0] ?? {})) {
    const scheme = contract.securitySchemes.get(name);
    if (!scheme) continue;
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'header') headers[scheme.name] = KEY;
      else if (scheme.in === 'query') query[scheme.name] = KEY;
      else cookies.push(`${scheme.name}=${KEY}`);
    } else if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic')
      headers['Authorization'] = `Basic ${Buffer.from('user:secret').toString('base64')}`;
    else headers['Authorization'] = `Bearer ${TOKEN}`;
  }
  if (cookies.length > 0) headers['Cookie'] = cookies.join('; ');
  return { headers, query };
}

function serialise(value: unknown): string {
  return typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(String).join(',')
      : isRecord(value)
        ? JSON.stringify(value)
        : String(value);
}

/** A body the operation accepts: JSON, or a form, or text; undefined when none can be made. */
export function requestBody(
  operation: Operation,
  rng: Random,
  validator: SchemaValidator,
): { type: string; text: string } | undefined | null {
  const content = operation.requestBody?.content;
  if (!content || Object.keys(content).length === 0) return undefined;
  for (const [type, media] of Object.entries(content)) {
    const schema = asSchema(media.schema);
    const examples = [
      media.example,
      ...Object.values(media.examples ?? {}).map((e) => ('$ref' in e ? undefined : e.value)),
    ].filter((v) => v !== undefined);
    if (type === 'application/json' || type.endsWith('+json')) {
      const value = schema ? validValue(schema, rng, 'min', validator, examples) : (examples[0] ?? {});
      if (value !== undefined) return { type, text: JSON.stringify(value) };
    } else if (type === 'application/x-www-form-urlencoded' && schema) {
      const value = validValue(schema, rng, 'min', validator, examples);
      if (isRecord(value)) {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(value))
          for (const item of Array.isArray(v) ? v : [v]) form.append(k, serialise(item));
        return { type, text: form.toString() };
      }
    } else if (type === 'multipart/form-data' && schema) {
      const value = validValue(schema, rng, 'min', validator, examples);
      if (isRecord(value)) return { type: `${type}; boundary=${BOUNDARY}`, text: multipart(value, schema) };
    }
  }
  return operation.requestBody?.required ? null : undefined;
}

const BOUNDARY = 'corpus-boundary-7MA4YWxkTrZu0gW';

/** A multipart/form-data body (RFC 7578): a part per field, objects as JSON parts, binary strings as files. */
function multipart(value: Record<string, unknown>, schema: OpenAPIV3.SchemaObject): string {
  const parts: string[] = [];
  for (const [name, field] of Object.entries(value)) {
    const sub = asSchema(schema.properties?.[name]);
    for (const item of Array.isArray(field) ? field : [field]) {
      const file =
        sub?.format === 'binary' || asSchema(sub && 'items' in sub ? sub.items : undefined)?.format === 'binary';
      const json = isRecord(item) || Array.isArray(item);
      const disposition = `Content-Disposition: form-data; name="${name}"${file ? `; filename="${name}.bin"` : ''}`;
      const type = json
        ? '\r\nContent-Type: application/json'
        : file
          ? '\r\nContent-Type: application/octet-stream'
          : '';
      parts.push(`--${BOUNDARY}\r\n${disposition}${type}\r\n\r\n${json ? JSON.stringify(item) : serialise(item)}\r\n`);
    }
  }
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/**
 * Values for path parameters as the drive goes: the identifier of each collection (from the
 * mock's seeded state, then from each create's Location), and one value per other parameter
 * name, generated once and reused (so `/accounts/{AccountSid}/calls` and its items agree).
 */
export class PathValues {
  private readonly ids = new Map<string, string>();
  private readonly named = new Map<string, string>();

  constructor(
    private readonly contract: Contract,
    private readonly description: EngineDescription,
    state: GenericState,
    private readonly generateValue: (schema: OpenAPIV3.SchemaObject, name: string) => unknown,
  ) {
    for (const collection of description.collections) {
      const first = Object.keys(state.collections[collection.path]?.[''] ?? {})[0];
      if (first !== undefined) this.ids.set(collection.itemPath, first);
    }
  }

  /** Reads the parameters of a created item from its Location (relative to the base path). */
  learn(location: string): void {
    const path = decodeURI(location.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!).slice(
      this.description.basePath.length,
    );
    for (const collection of this.description.collections) {
      const names: string[] = [];
      const source = collection.itemPath
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
          names.push(name);
          return '([^/]+)';
        });
      const m = new RegExp(`^${source}$`).exec(path);
      if (!m) continue;
      names.forEach((name, i) => {
        if (i === names.length - 1) this.ids.set(collection.itemPath, m[i + 1]!);
        else this.named.set(name, m[i + 1]!);
      });
      return;
    }
  }

  /** The identifier last learnt for an item path. */
  idFor(itemPath: string): string | undefined {
    return this.ids.get(itemPath);
  }

  value(operation: Operation, name: string): string | undefined {
    const idParam = /\{([^}]+)\}(\.\w+)?$/.exec(operation.path)?.[1];
    if (name === idParam && this.ids.has(operation.path)) return this.ids.get(operation.path);
    // An item the path lies under (`/invoices/{invoice_id}/send`): one the mock holds, as the
    // mock answers an unknown parent with its documented 404.
    for (const [itemPath, id] of this.ids) {
      if (operation.path.startsWith(`${itemPath}/`) && /\{([^}]+)\}(\.\w+)?$/.exec(itemPath)?.[1] === name) return id;
    }
    const known = this.named.get(name);
    if (known !== undefined) return known;
    // The most constrained declaration of the name anywhere (one operation may say less than another).
    const declared = this.contract.operations
      .flatMap((op) => op.parameters.filter((p) => p.in === 'path' && p.name === name))
      .map((p) => asSchema(p.schema))
      .filter((schema): schema is OpenAPIV3.SchemaObject => schema !== undefined)
      .sort((a, b) => Object.keys(b).length - Object.keys(a).length);
    const value = this.generateValue(declared[0] ?? { type: 'string' }, name);
    if (value === undefined) return undefined;
    this.named.set(name, serialise(value));
    return serialise(value);
  }
}

/** Creates first (so reads find records), then reads, then other writes, deletes last. */
export function driveOrder(contract: Contract, description: EngineDescription): Operation[] {
  const creates = new Set(description.collections.map((c) => c.path));
  const rank = (op: Operation): number =>
    op.method === 'post' && creates.has(op.path) ? 0 : op.method === 'get' ? 1 : op.method === 'delete' ? 3 : 2;
  return [...contract.operations]
    .filter((op) => !['trace', 'options', 'head'].includes(op.method))
    .sort((a, b) => rank(a) - rank(b));
}

/** A validator that never throws: a schema ajv cannot compile (a PCRE pattern, a discriminator mapping) accepts the value. */
export class LenientValidator extends SchemaValidator {
  override check(
    schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject,
    value: unknown,
    direction: Direction,
  ): SchemaCheck {
    try {
      return super.check(schema, value, direction);
    } catch {
      return { valid: true };
    }
  }
}

/** One valid request for an operation, or undefined when no valid input can be made. */
export function planRequest(
  contract: Contract,
  operation: Operation,
  paths: PathValues,
  rng: Random,
  validator: SchemaValidator,
): PlannedRequest | undefined {
  let ok = true;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = paths.value(operation, name);
    if (value === undefined) ok = false;
    return encodeURIComponent(value ?? '');
  });
  const auth = credentials(contract, operation);
  const query = new URLSearchParams(auth.query);
  const headers: Record<string, string> = { ...auth.headers };
  for (const parameter of operation.parameters) {
    if (parameter.required !== true || parameter.in === 'path') continue;
    const schema = asSchema(parameter.schema);
    if (!schema) continue;
    const value = validValue(schema, rng, 'min', validator, parameter.example !== undefined ? [parameter.example] : []);
    if (value === undefined) {
      ok = false;
      continue;
    }
    if (parameter.in === 'query')
      for (const item of Array.isArray(value) && parameter.explode !== false ? value : [value])
        query.append(parameter.name, serialise(item));
    else if (parameter.in === 'header') headers[parameter.name] = serialise(value);
    else if (parameter.in === 'cookie')
      headers['Cookie'] = `${headers['Cookie'] ? `${headers['Cookie']}; ` : ''}${parameter.name}=${serialise(value)}`;
  }
  const body = requestBody(operation, rng, validator);
  if (body === null || !ok) return undefined;
  const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status))?.[1];
  const accept = Object.keys(success?.content ?? {})[0];
  if (accept) headers['Accept'] = accept;
  if (body) headers['Content-Type'] = body.type;
  const search = query.toString();
  return {
    operation: operation.id,
    method: operation.method.toUpperCase(),
    target: `${path}${search ? `?${search}` : ''}`,
    headers,
    ...(body ? { body: body.text } : {}),
  };
}

/**
 * A valid value for a schema, for the request drivers: the runner's own generator first, else the
 * kernel sampler's value when the validator accepts it (undefined when neither gives one).
 */
export function validValues(
  rng: Random,
  validator: SchemaValidator,
  seed: number,
): (schema: OpenAPIV3.SchemaObject) => unknown {
  const faker = createFaker(seed);
  return (schema) => {
    const value = validValue(schema, rng, 'min', validator);
    if (value !== undefined) return value;
    const generated = sampleValue(schema, { dice: diceOfFaker(faker), everyProperty: true });
    return validator.check(schema, generated, 'request').valid ? generated : undefined;
  };
}
