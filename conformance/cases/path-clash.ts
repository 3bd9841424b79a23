import {
  bySpecificity,
  requestPath,
  resourcePath,
  samePath,
  type Contract,
  type Operation,
} from '../../src/contract/index.js';

/**
 * Why an operation cannot be exercised as itself: another operation has the same method on the same
 * path written with other parameter names (`GET /v2/boards/{board_id}/items` and `GET
 * /v2/boards/{board_id_PlatformTags}/items`, Miro). OAS 3.0.3 §4.7.8: such templated paths "MUST NOT
 * exist as they are identical", so one request names both operations and the contract does not say
 * which one a server applies: judging the answer against either would be a guess. Undefined when
 * the operation's method and path are its own. Keys with a fragment clash only where nothing the
 * request carries tells them apart (toldApart).
 */
export function pathClash(contract: Contract, op: Operation): string | undefined {
  const others = (shapesOf(contract.operations).byPath.get(samePath(op.path)) ?? []).filter(
    (o) => o !== op && o.method === op.method && (!fragmented(op, o) || !toldApart(op, o)),
  );
  if (others.length === 0) return undefined;
  if (others.some((o) => fragmented(op, o)))
    return `not exercised: ${op.method.toUpperCase()} ${op.path} is the same request as ${others.map((o) => `${o.id} (${o.path})`).join(', ')}: a fragment is never sent (RFC 3986 §3.5) and nothing the request carries tells them apart, so the contract does not say which operation a server applies`;
  return `not exercised: ${op.method.toUpperCase()} ${op.path} is the same request as ${others.map((o) => `${o.id} (${o.path})`).join(', ')}: templated paths differing only in parameter names are identical (OAS 3.0.3 §4.7.8), so the contract does not say which operation a server applies`;
}

/** Whether either key has a fragment (`/files/{id}#get_shared_link`, `/{id}#disambiguation_dummy`). */
const fragmented = (a: Operation, b: Operation): boolean => a.path.includes('#') || b.path.includes('#');

/**
 * Whether two keys of one method and request path are variants the document tells apart on purpose,
 * sent as one path and told apart by what the request carries, each exercised as itself: a fragment
 * naming a query member (`/#Action=CreateDomain`, AWS's query protocol), or a required query, header
 * or cookie parameter one declares and the other does not (Box's `GET /files/{file_id}#get_shared_link`
 * requires `fields`). Azure's `/{applicationDefinitionId}#disambiguation_dummy` beside
 * `/{applicationId}` carries nothing of the kind: one `PUT /x` request names both, and a server
 * applies one of them.
 */
function toldApart(a: Operation, b: Operation): boolean {
  if (/#.*=/.test(a.path) || /#.*=/.test(b.path)) return true;
  const required = (op: Operation): Set<string> =>
    new Set(
      op.parameters
        .filter((p) => p.required === true && p.in !== 'path')
        .map((p) => `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`),
    );
  const [ra, rb] = [required(a), required(b)];
  return [...ra].some((n) => !rb.has(n)) || [...rb].some((n) => !ra.has(n));
}

/**
 * Whether a path parameter's value leaves no segment of its own: an empty one (`/projects//experiments`,
 * RFC 3986 §3.3) or a dot segment (`.`, `..`), which the client removes before the request is sent
 * (RFC 3986 §5.2.4; WHATWG URL parsing does): either way the request names another path than the
 * template's, and its answer is not the operation's.
 */
export function leavesNoSegment(value: unknown): boolean {
  return value === '' || value === '.' || value === '..';
}

/** The methods the contract documents on an operation's path, under any parameter names (OAS 3.0.3 §4.7.8). */
export function methodsOnPath(contract: Contract, path: string): Set<string> {
  return new Set((shapesOf(contract.operations).byPath.get(samePath(path)) ?? []).map((o) => o.method));
}

/**
 * The operation a request of `op` names instead, once path parameter `name` carries `value`: an
 * empty value turns `/deployments/{deploymentName}` into `/deployments/`, which is the path of the
 * collection's own GET (Azure documents both). OAS 3.0.3 §4.7.8: "concrete (non-templated) paths
 * would be matched before their templated counterparts", so such a request is the other
 * operation's, and its answer says nothing about `op`'s validation. A trailing slash is read as
 * the kit's resource model reads it (`resourcePath`: `/tasks/` and `/tasks` are one collection).
 * HEAD is answered as GET (RFC 9110 §9.3.2). Undefined when the request is still `op`'s own.
 */
export function namesOtherOperation(
  contract: Contract,
  op: Operation,
  name: string,
  value: unknown,
): Operation | undefined {
  if (value === null || typeof value === 'object') return undefined;
  const own = requestPath(op.path);
  const target = own.replace(`{${name}}`, encodeURIComponent(String(value)));
  if (target === own) return undefined;
  const sameMethod = (o: Operation): boolean =>
    o !== op && (o.method === op.method || (op.method === 'head' && o.method === 'get'));
  const shapes = shapesOf(contract.operations);
  const same = (shapes.byResource.get(samePath(resourcePath(target))) ?? []).find(sameMethod);
  if (same) return same;
  // A value that fits a segment with literal text beside its expressions (callfire's `1.5` for
  // `/media/{id}` beside `/media/{id}.{extension}`): that template is tried first (bySpecificity),
  // so the request is that operation's (id 1, extension 5), not a wrong `id` of this one.
  return shapes.mixed.find(
    ({ op: o, pattern }) => sameMethod(o) && bySpecificity(o.path, own) < 0 && pattern.test(target),
  )?.op;
}

/**
 * The expression written directly beside path parameter `name`, with no literal text between, that
 * takes any text (nasa.gov's `/api/projects/{id}{.format}`, `.format` any string): nothing in the
 * template says where one value ends (OAS 3.0.3 §4.7.8), so a wrong `id` such as `1.5` is also the
 * valid reading `id` 1 and `.format` `.5…`, and a server may take either. Undefined when each
 * neighbour is told apart by literal text or by what its schema admits (an enum, a pattern, a format),
 * or when the parameter's own schema lists its values.
 */
export function besideAnyText(op: Operation, name: string): string | undefined {
  const parts = requestPath(op.path).split(/(\{[^}]+\})/);
  const at = parts.indexOf(`{${name}}`);
  // A listed value (bufferapp's `{mediaTypeExtension}`, `enum: [".json"]`) is told apart by itself:
  // a request whose path does not end in one has no valid reading.
  const own = op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
  if (at < 0 || (own && !('$ref' in own) && (own.enum !== undefined || 'const' in own))) return undefined;
  for (const i of [at - 2, at + 2]) {
    const between = parts[(at + i) / 2];
    const neighbour = /^\{([^}]+)\}$/.exec(parts[i] ?? '')?.[1];
    if (between !== '' || neighbour === undefined) continue;
    const schema = op.parameters.find((p) => p.in === 'path' && p.name === neighbour)?.schema;
    const s = schema && !('$ref' in schema) ? schema : undefined;
    const anyText =
      s === undefined ||
      ((s.type === undefined || s.type === 'string') &&
        s.enum === undefined &&
        !('const' in s) &&
        s.pattern === undefined &&
        s.format === undefined);
    if (anyText) return neighbour;
  }
  return undefined;
}

/**
 * The documented path a request of `op` lands on once path parameter `name` carries `value`, when
 * that path is another, more concrete one, whatever its methods (VTEX's example `Client` for
 * `PATCH /api/dataentities/{dataEntityName}/documents` beside `POST /api/dataentities/Client/documents`).
 * Paths are matched before methods and concrete ones first (OAS 3.0.3 §4.7.8): such a request is
 * that path's, answered 405 where it lacks the method. A valid input takes no such value.
 */
export function landsOnOtherPath(contract: Contract, op: Operation, name: string, value: unknown): string | undefined {
  if (value === null || typeof value === 'object') return undefined;
  const own = requestPath(op.path);
  const target = own.replace(`{${name}}`, encodeURIComponent(String(value)));
  if (target === own) return undefined;
  return (shapesOf(contract.operations).byResource.get(samePath(resourcePath(target))) ?? []).find((o) => o !== op)
    ?.path;
}

/** The operations by the shape of their path (samePath), and of their resource path (resourcePath, then samePath), in document order. */
interface Shapes {
  readonly byPath: ReadonlyMap<string, readonly Operation[]>;
  readonly byResource: ReadonlyMap<string, readonly Operation[]>;
  /** The operations with a segment of literal text beside expressions, each with the request paths its template matches. */
  readonly mixed: readonly { readonly op: Operation; readonly pattern: RegExp }[];
}

/** A segment with literal text beside its expressions (`{id}.{extension}`, `{name}:verb`). */
const MIXED_SEGMENT = /(^|\/)([^/{]+\{[^}/]+\}|\{[^}/]+\}[^/{][^/]*)/;

/** The request paths a template matches: each expression one or more characters of a segment. */
function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

// Keyed by the list of operations (nobody modifies it), gone with it: the plan asks these of every
// operation and every path mutation, and a scan of all operations each time made planning quadratic
// (autotask.net, 2,958 operations).
const shapeIndexes = new WeakMap<readonly Operation[], Shapes>();

function shapesOf(operations: readonly Operation[]): Shapes {
  const known = shapeIndexes.get(operations);
  if (known) return known;
  const byPath = new Map<string, Operation[]>();
  const byResource = new Map<string, Operation[]>();
  const add = (map: Map<string, Operation[]>, key: string, op: Operation): void => {
    const list = map.get(key);
    if (list) list.push(op);
    else map.set(key, [op]);
  };
  const mixed: { op: Operation; pattern: RegExp }[] = [];
  for (const op of operations) {
    add(byPath, samePath(op.path), op);
    add(byResource, samePath(resourcePath(op.path)), op);
    const path = requestPath(op.path);
    if (MIXED_SEGMENT.test(path)) mixed.push({ op, pattern: templatePattern(path) });
  }
  const shapes = { byPath, byResource, mixed };
  shapeIndexes.set(operations, shapes);
  return shapes;
}
