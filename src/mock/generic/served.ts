import { isRecord, type Operation } from '../../contract/index.js';
import { normalName } from '../../contract/resources/index.js';
import { HttpError } from '../errors.js';

/** Values kept at most, and leaves read from one answer at most: a bound on memory and on time per answer. */
const MAX_VALUES = 100_000;
const MAX_LEAVES = 5_000;

/**
 * What the mock has named, for items no inferred collection keeps (gotomeeting's `GET
 * /meetings/{meetingId}` answers an array; wiremock's `/__admin/requests/{requestId}`): the
 * identifiers its stateless answers carry (not what requests sent: a client's guess names nothing). Such
 * an item exists once an answer has named it: an operation on it that documents 404 is answered
 * 404 for a value the mock never named (RFC 9110 §15.5.5), as the service does for an identifier
 * it never issued; before, any value was 200 with an invented record.
 */
export class ServedValues {
  private readonly values = new Set<string>();
  /** The request paths successful PUTs wrote, and the paths above them (written). */
  private readonly paths = new Set<string>();
  /** The contract's path parameter names, normalised (vocabulary.ts). */
  private readonly parameterNames: ReadonlySet<string>;
  /**
   * The field names a path parameter ends with, the noun before them (`{pool_name}`, `{eventName}`:
   * `name`): a listed `name` names the item as the runner reads it (conformance's identifierOf).
   */
  private readonly endings: ReadonlySet<string>;

  constructor(paths: readonly string[]) {
    this.parameterNames = new Set(paths.flatMap((p) => [...p.matchAll(/\{([^{}]+)\}/g)].map((m) => normalName(m[1]!))));
    this.endings = new Set(
      ['name', 'sid', 'uuid'].filter((field) =>
        [...this.parameterNames].some((name) => name.length > field.length + 2 && name.endsWith(field)),
      ),
    );
  }

  /** The identifiers a successful stateless answer carries. */
  record(status: number, body: unknown): void {
    if (status < 200 || status > 299) return;
    let leaves = 0;
    // Only values that name something: under a member named like a path parameter (`meetingId`),
    // `id`, `…Id`, `…Key`, the field a parameter ends with (`name` for `{pool_name}`), or the answer's own scalars (a list of names): a count or a duration
    // names nothing, and a small number that appeared as one must not make every such id exist.
    const walk = (node: unknown, depth: number, naming: boolean): void => {
      if (leaves >= MAX_LEAVES || depth > 12) return;
      if (typeof node === 'string' || typeof node === 'number') {
        leaves += 1;
        if (naming) this.add(String(node));
      } else if (Array.isArray(node)) for (const n of node) walk(n, depth + 1, naming);
      else if (isRecord(node)) for (const [key, n] of Object.entries(node)) walk(n, depth + 1, this.names(key));
    };
    walk(body, 0, true);
  }

  /**
   * The identifiers in the path of a successful PUT: its target now has the state sent, so it and
   * the resources it lies under exist (RFC 9110 §9.3.4). Zuora's `PUT /v1/object/bill-run/{id}` and
   * GitHub's `PUT /orgs/{org}/public_members/{username}` answered 200 and 204, and the reads of the
   * same path then 404 "no answer of this mock has named it".
   */
  written(operation: Operation, status: number, params: Readonly<Record<string, string>>, path?: string): void {
    if (operation.method !== 'put' || status < 200 || status > 299) return;
    for (const [, name] of operation.path.matchAll(/\{([^{}]+)\}/g)) {
      const value = params[name!];
      if (value !== undefined) this.add(value);
    }
    // The path and every path above it, so that a lookup is one set membership.
    const segments = (path ?? '').replace(/\/+$/, '').split('/');
    for (let i = 2; i <= segments.length && this.paths.size < MAX_VALUES; i++)
      this.paths.add(segments.slice(0, i).join('/'));
  }

  /**
   * Whether a successful PUT wrote this path or one under it: it exists, and so does everything it
   * lies under, whatever the parents' collections hold (gitea's `PUT /repos/{owner}/{repo}/collaborators/{collaborator}`
   * answered 204 under a repository no collection kept, and the read of the same path 404 "No owner with repo …").
   */
  vouches(path: string): boolean {
    return this.paths.has(path.replace(/\/+$/, ''));
  }

  /** Whether a member's name says its value names something (see record). */
  private names(key: string): boolean {
    const name = normalName(key);
    return this.parameterNames.has(name) || name === 'id' || /(id|ids|key|keys)$/.test(name) || this.endings.has(name);
  }

  /** Whether a stateless answer named this value (see record). */
  has(value: string): boolean {
    return this.values.has(value);
  }

  clear(): void {
    this.values.clear();
    this.paths.clear();
  }

  private add(value: string): void {
    if (value.length > 0 && value.length <= 200 && this.values.size < MAX_VALUES) this.values.add(value);
  }

  /**
   * The 404 of a stateless operation that documents 404 itself, for an identifier of a named
   * collection (`/meetings/{meetingId}`; not `/{dataset}/{id}`) no answer has named. A PUT
   * that documents 201 creates (RFC 9110 §9.3.4) and is never refused here; nor is anything once
   * the store is full, where values are no longer kept.
   */
  unnamed(
    operation: Operation,
    params: Readonly<Record<string, string>>,
    codeForStatus: (status: number) => string,
    stored: (itemPath: string, value: string) => boolean,
  ): HttpError | undefined {
    if (operation.responses['404'] === undefined || this.values.size >= MAX_VALUES) return undefined;
    if (operation.method === 'put' && operation.responses['201'] !== undefined) return undefined;
    // Each parameter that follows a collection's name (`/course-mappings/{offeringId}/{externalCourseId}`:
    // offeringId; `/meetings/{meetingId}/attendees`), unless an inferred collection's store holds its values.
    const segments = operation.path.split('#')[0]!.split('/');
    for (const [i, segment] of segments.entries()) {
      // A segment of several expressions (`{sectionId},{step}`, RFC 6570 §2.2) is named by its first;
      // so is one with a format suffix (cambase.io's Rails routes: `/models/{id}.json`).
      const name = /^\{([^{}]+)\}(?:[^\w{}]+\{[^{}]+\})*(?:\.[A-Za-z0-9]+)?$/.exec(segment)?.[1];
      const collection = segments[i - 1];
      if (name === undefined || !collection || collection.includes('{')) continue;
      const id = params[name];
      if (id === undefined || this.values.has(id) || stored(segments.slice(0, i + 1).join('/'), id)) continue;
      // An enum names values that all exist (Yodlee's `eventName`: REFRESH, DATA_UPDATES,
      // AUTO_REFRESH_UPDATES): the document issued them, not an answer of the mock (lookups.ts reads it so too).
      if (enumerated(operation, name)) continue;
      return new HttpError(
        404,
        codeForStatus(404),
        `No ${collection} with ${name} ${id.slice(0, 100)}: no answer of this mock has named it.`,
      );
    }
    return undefined;
  }
}

/** Whether the operation's path parameter of this name lists its values (`enum`, or `const` in 3.1). */
export function enumerated(operation: Operation, name: string): boolean {
  const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
  const schema = parameter?.schema;
  if (schema === undefined || '$ref' in schema) return false;
  return schema.enum !== undefined || (schema as { const?: unknown }).const !== undefined;
}
