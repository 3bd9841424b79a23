import { isRecord } from './guards.js';

/** A Swagger 2.0 document upgraded to OpenAPI 3.0, and how to name its places in the original. */
export interface UpgradedSwagger {
  readonly document: Record<string, unknown>;
  /** A JSON pointer into the upgraded document → the place in the user's Swagger 2.0 document. */
  readonly originalPointer: (pointer: string) => string;
}

const escapePointerToken = (s: string): string => s.replaceAll('~', '~0').replaceAll('/', '~1');
const unescapePointerToken = (s: string): string => s.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * Upgrades a parsed Swagger 2.0 document to OpenAPI 3.0 with @scalar/openapi-upgrader (see the
 * README for the choice). The caller's object is never modified. `x-nullable` (the de-facto 2.0
 * extension for 3.0's `nullable`, written by go-swagger, NSwag and Swashbuckle) becomes `nullable`.
 * The upgrader is imported on first use: a 3.x contract never loads it.
 */
export async function upgradeSwagger2(parsed: Record<string, unknown>): Promise<UpgradedSwagger> {
  const { upgrade } = await import('@scalar/openapi-upgrader');
  const copy = structuredClone(parsed);
  xNullable(copy, new Set());
  const shared = sharedResponses(copy, upgrade);
  const document: unknown = upgrade(copy, '3.0');
  if (!isRecord(document)) throw new Error('the upgrader returned no document');
  if (shared !== undefined && isRecord(document['components'])) document['components']['responses'] = shared;
  // Swagger 2.0 fields with no place in 3.0 that the upgrader leaves when there is no `host`
  // (`schemes` without a host: the document's own server) or when they are empty.
  for (const field of [
    'schemes',
    'host',
    'basePath',
    'consumes',
    'produces',
    'securityDefinitions',
    'definitions',
    'parameters',
    'responses',
    'swagger',
  ])
    delete document[field];
  return { document, originalPointer: (pointer) => originalPointer(parsed, pointer) };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/**
 * An operation's own `produces` overrides the document's (Swagger 2.0 "Operation Object"), but
 * @scalar/openapi-upgrader 0.1.11 reads `document.produces ?? operation.produces`, so Docker's
 * ContainerLogs (application/vnd.docker.raw-stream) would get the document's application/json.
 * The document's `produces` is therefore written into each operation that has none and removed
 * from `copy`; the shared `responses`, which only the document's `produces` types, are upgraded
 * apart with it (the upgrader's own code, on a document of those responses alone).
 */
function sharedResponses(
  copy: Record<string, unknown>,
  upgrade: typeof import('@scalar/openapi-upgrader').upgrade,
): Record<string, unknown> | undefined {
  const produces = copy['produces'];
  if (produces === undefined) return undefined;
  delete copy['produces'];
  if (isRecord(copy['paths'])) {
    for (const item of Object.values(copy['paths'])) {
      if (!isRecord(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (isRecord(operation) && operation['produces'] === undefined) operation['produces'] = produces;
      }
    }
  }
  if (!isRecord(copy['responses'])) return undefined;
  // `definitions: {}` makes the upgrader rewrite #/definitions/ references (it does so only when the field is there).
  const alone: unknown = upgrade(
    {
      swagger: '2.0',
      info: copy['info'],
      produces,
      definitions: {},
      responses: structuredClone(copy['responses']),
      paths: {},
    },
    '3.0',
  );
  const components = isRecord(alone) ? alone['components'] : undefined;
  return isRecord(components) && isRecord(components['responses']) ? components['responses'] : undefined;
}

function xNullable(node: unknown, seen: Set<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const child of node) xNullable(child, seen);
    return;
  }
  const record = node as Record<string, unknown>;
  if (record['x-nullable'] === true && record['nullable'] === undefined) record['nullable'] = true;
  for (const child of Object.values(record)) xNullable(child, seen);
}

/**
 * Where a place of the upgraded document was written in the original (its own JSON pointer), by the
 * moves the 2.0 → 3.0 upgrade makes: `components/schemas` ← `definitions`, `components/parameters`
 * and `components/requestBodies` ← `parameters`, `components/securitySchemes` ←
 * `securityDefinitions`, a response's `content/{type}/schema` ← its `schema`, a `requestBody` ← the
 * operation's `in: body` parameter (or its `in: formData` parameters, one property each), an
 * operation's n-th parameter ← its n-th parameter that is neither body nor formData, `servers` ←
 * `host`. Any other place keeps its pointer. Pointers are `#/…` or `/…`; the answer keeps the form.
 */
export function originalPointer(original: Record<string, unknown>, pointer: string): string {
  const hash = pointer.startsWith('#');
  const parts = (hash ? pointer.slice(1) : pointer).split('/').slice(1).map(unescapePointerToken);
  const out = mapParts(original, parts);
  return `${hash ? '#' : ''}${out.map((p) => `/${escapePointerToken(p)}`).join('')}`;
}

function mapParts(original: Record<string, unknown>, parts: string[]): string[] {
  const [head, kind, name, ...rest] = parts;
  if (head === 'components') {
    if (kind === 'schemas' && name !== undefined) return ['definitions', name, ...rest];
    if ((kind === 'parameters' || kind === 'requestBodies') && name !== undefined)
      return ['parameters', name, ...bodyTail(rest)];
    if (kind === 'securitySchemes' && name !== undefined) return ['securityDefinitions', name, ...rest];
    if (kind === 'responses' && name !== undefined) return ['responses', name, ...responseTail(rest)];
    return parts;
  }
  if (head === 'servers') return original['host'] !== undefined ? ['host'] : ['basePath'];
  if (head === 'paths' && kind !== undefined && name !== undefined) {
    const item = isRecord(original['paths']) ? original['paths'][kind] : undefined;
    const operation = isRecord(item) ? item[name] : undefined;
    const params = isRecord(operation) && Array.isArray(operation['parameters']) ? operation['parameters'] : [];
    const [section, index, ...tail] = rest;
    if (name === 'parameters' && section !== undefined) {
      // Path-item level parameters: paths/{path}/parameters/{n}/…
      const shared = isRecord(item) && Array.isArray(item['parameters']) ? item['parameters'] : [];
      return ['paths', kind, 'parameters', String(plainIndex(shared, Number(section), original)), ...rest.slice(1)];
    }
    if (section === 'responses' && index !== undefined)
      return ['paths', kind, name, 'responses', index, ...responseTail(tail)];
    if (section === 'parameters' && index !== undefined)
      return ['paths', kind, name, 'parameters', String(plainIndex(params, Number(index), original)), ...tail];
    if (section === 'requestBody') {
      // requestBody/content/{type}/schema[/properties/{field}/…]
      const [, , schema, properties, field, ...deeper] = [index, ...tail];
      const body = params.findIndex((p) => located(p, original) === 'body');
      if (body >= 0)
        return [
          'paths',
          kind,
          name,
          'parameters',
          String(body),
          ...(schema === 'schema'
            ? ['schema', ...[properties, field, ...deeper].filter((p): p is string => p !== undefined)]
            : []),
        ];
      if (schema === 'schema' && properties === 'properties' && field !== undefined) {
        const form = params.findIndex((p) => located(p, original) === 'formData' && isRecord(p) && p['name'] === field);
        if (form >= 0) return ['paths', kind, name, 'parameters', String(form), ...deeper];
      }
      return ['paths', kind, name, 'parameters'];
    }
    return parts;
  }
  return parts;
}

/** Where a parameter is sent, following one `#/parameters/…` reference. */
function located(parameter: unknown, original: Record<string, unknown>): unknown {
  if (!isRecord(parameter)) return undefined;
  if (typeof parameter['$ref'] === 'string' && parameter['$ref'].startsWith('#/parameters/')) {
    const shared = isRecord(original['parameters'])
      ? original['parameters'][unescapePointerToken(parameter['$ref'].slice('#/parameters/'.length))]
      : undefined;
    return isRecord(shared) ? shared['in'] : undefined;
  }
  return parameter['in'];
}

/** The original index of the n-th parameter that stayed a parameter (body and formData became the requestBody). */
function plainIndex(params: readonly unknown[], n: number, original: Record<string, unknown>): number {
  let seen = -1;
  for (let i = 0; i < params.length; i += 1) {
    const where = located(params[i], original);
    if (where === 'body' || where === 'formData') continue;
    seen += 1;
    if (seen === n) return i;
  }
  return n;
}

/** A response's `content/{type}/schema/…` was its `schema/…`; `headers` stay. */
function responseTail(rest: readonly string[]): string[] {
  if (rest[0] === 'content' && rest[2] === 'schema') return ['schema', ...rest.slice(3)];
  if (rest[0] === 'content') return [];
  return [...rest];
}

/** A shared body parameter's `content/{type}/schema/…` was its `schema/…`. */
function bodyTail(rest: readonly string[]): string[] {
  if (rest[0] === 'content' && rest[2] === 'schema') return ['schema', ...rest.slice(3)];
  if (rest[0] === 'content') return [];
  return [...rest];
}
