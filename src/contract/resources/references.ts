import type { Contract, Operation } from '../types.js';
import { collectionNameOf, isItemPath, itemSegment } from './items.js';
import { linkedField } from './links.js';
import { resourcePath } from '../path-template.js';
import { successSchema } from './model.js';
import { isCreate } from './roles.js';
import { declaresParamMember } from './keyed-field.js';

/**
 * References between collections and where an item path's identifier comes from, read from the
 * contract alone: a field named `categoryId` refers to the collection `POST /categories` creates,
 * and a create response's `links` (OAS 3.0.3 §4.7.20) say which operation takes the new id.
 */

/** Whether the caller can send a body for this operation (the runner: a media type it writes). */
export type Sendable = (operation: Operation) => boolean;

const hasBody: Sendable = (operation) => operation.requestBody !== undefined;

/** `categoryId` → `category`, `pet_id` → `pet`; undefined for names that are not references. */
export function referenceBase(field: string): string | undefined {
  const m = /^(.+?)(?:Id|_id|ID)$/.exec(field);
  return m?.[1];
}

/** The last path segments a collection of `base` may be named by: `category` → category, categorys, categoryes, categories. */
export function collectionNames(base: string): string[] {
  const b = base.toLowerCase();
  return [b, `${b}s`, `${b}es`, b.endsWith('y') ? `${b.slice(0, -1)}ies` : `${b}s`];
}

const pathParams = (op: Operation): string[] => op.parameters.filter((p) => p.in === 'path').map((p) => p.name);

/** The create (no path parameters) whose path ends in the collection named by `base`: what a `<base>Id` field refers to. */
export function referencedCreate(
  contract: Contract,
  base: string,
  sendable: Sendable = hasBody,
): Operation | undefined {
  return referencedCreates(contract, base, sendable)[0];
}

/** Every create (no path parameters) whose path ends in the collection named by `base` (sendgrid's `/senders` and `/marketing/senders`), in the contract's order. */
export function referencedCreates(contract: Contract, base: string, sendable: Sendable = hasBody): Operation[] {
  const names = collectionNames(base);
  return topLevelCreates(contract).filter((op) => {
    if (!sendable(op)) return false;
    return names.includes(collectionNameOf(op.path)?.toLowerCase() ?? '');
  });
}

/**
 * The creates without path parameters, in the contract's order, made once per contract (a pure
 * cache: isCreate is a function of the operation and the contract, which nobody modifies). Each
 * reference-like parameter asked isCreate of every operation before: quadratic in operations,
 * most of a large document's mock start-up (autotask.net: 2,958 operations).
 */
const topLevel = new WeakMap<Contract, readonly Operation[]>();

function topLevelCreates(contract: Contract): readonly Operation[] {
  let creates = topLevel.get(contract);
  if (!creates) {
    creates = contract.operations.filter((op) => isCreate(op, contract) && pathParams(op).length === 0);
    topLevel.set(contract, creates);
  }
  return creates;
}

/** Where a path parameter's valid values come from: a record a create makes (the field its link names, if any), or one a list shows. */
export type IdentifierSource =
  | { readonly via: 'create'; readonly createOp: Operation; readonly field: string | undefined }
  | { readonly via: 'list'; readonly listOp: Operation; readonly field: string };

/**
 * The source of `operation`'s path parameter `param`: the create whose response links feed it
 * (OAS 3.0.3 §4.7.20 `$response.body#/field`), else the create on the collection the parameter
 * closes (`POST /tasks` for `/tasks/{task_id}`: its parent scope), else the create a
 * reference-like name points to, else the list on the parent path.
 */
export function identifierSource(
  contract: Contract,
  operation: Operation,
  param: string,
  sendable: Sendable = hasBody,
): IdentifierSource | undefined {
  const { linksTo, byResource, suffixed } = indexOf(contract.operations);
  for (const { op, params } of linksTo.get(operation.id) ?? []) {
    const field = linkedField(params[param] ?? params[`path.${param}`]);
    if (field !== undefined && pathParams(op).length === 0) return { via: 'create', createOp: op, field };
  }
  const parent = operation.path.slice(0, operation.path.lastIndexOf(`/{${param}}`));
  // A child of an item written with a format suffix (`/products/{id}/images.json` under Rails'
  // `/products/{id}.json`) closes the parameter at `/products/{id}`, whose collection is `/products.json`.
  const onParent =
    byResource.get(resourcePath(parent)) ??
    byResource.get(suffixed.get(`${resourcePath(parent)}\n${param}`) ?? '') ??
    [];
  // The collection the parameter closes makes its items: `POST /tasks` for `/tasks/{task_id}`, before
  // any other collection named like the parameter (blueapi also has `POST /api/v1/tasks`, a
  // collection of its own whose items `/tasks/{task_id}` need not know). A write on an item
  // (DELETE /admin/identities/{id}) so takes a record of its own: a listed record would be deleted
  // by the first exchange and answer 404 to the next.
  // A collection written with a trailing slash (`POST /books/`, Fastify's prefix routes) is the same collection.
  const parentCreate = onParent.find((op) => isCreate(op, contract));
  if (parentCreate) return { via: 'create', createOp: parentCreate, field: undefined };
  // A POST on the collection whose body names the item by the item's own parameter, answered with no
  // identifier (Twitter's `POST /2/users/{id}/bookmarks {tweet_id}` for `…/bookmarks/{tweet_id}`):
  // it makes the item, under the value sent (keyed-field.ts sentUnderParam, as the mock keys it).
  const namingCreate = onParent.find(
    (op) => op.method === 'post' && !isItemPath(op.path) && sendable(op) && declaresParamMember(op, param),
  );
  if (namingCreate) return { via: 'create', createOp: namingCreate, field: undefined };
  const listOp = onParent.find((op) => op.method === 'get');
  const base = referenceBase(param);
  const createOp = base ? referencedCreate(contract, base, sendable) : undefined;
  if (createOp && !anotherAlike(contract, createOp, parent, param, listOp))
    return { via: 'create', createOp, field: undefined };
  if (listOp) return { via: 'list', listOp, field: param };
  return undefined;
}

/** The 2xx links to each operation (by operationId) and the operations by resource path, in document order. */
interface OperationIndex {
  readonly linksTo: ReadonlyMap<
    string,
    readonly { readonly op: Operation; readonly params: Record<string, unknown> }[]
  >;
  readonly byResource: ReadonlyMap<string, readonly Operation[]>;
  /** The collection of each item path written with a format suffix, by its stem and parameter (`/products\nid` → `/products.json`). */
  readonly suffixed: ReadonlyMap<string, string>;
}

// Keyed by the list of operations (nobody modifies it), as items.ts keys its index: identifierSource
// is asked for every path parameter of every operation, and a scan of every operation's links each
// time made the runner's plan quadratic (autotask.net, 2,958 operations: 10 s of 150 s, node --cpu-prof).
const operationIndexes = new WeakMap<readonly Operation[], OperationIndex>();

function indexOf(operations: readonly Operation[]): OperationIndex {
  const known = operationIndexes.get(operations);
  if (known) return known;
  const linksTo = new Map<string, { op: Operation; params: Record<string, unknown> }[]>();
  const byResource = new Map<string, Operation[]>();
  const suffixed = new Map<string, string>();
  for (const op of operations) {
    const path = resourcePath(op.path);
    const item = itemSegment(path);
    if (item?.extension !== undefined) suffixed.set(`${item.stem}\n${item.param}`, item.collection);
    const same = byResource.get(path);
    if (same) same.push(op);
    else byResource.set(path, [op]);
    for (const [status, response] of Object.entries(op.responses)) {
      if (!status.startsWith('2')) continue;
      for (const link of Object.values(response.links ?? {})) {
        if ('$ref' in link || link.operationId === undefined) continue;
        const entry = { op, params: (link.parameters ?? {}) as Record<string, unknown> };
        const list = linksTo.get(link.operationId);
        if (list) list.push(entry);
        else linksTo.set(link.operationId, [entry]);
      }
    }
  }
  const index = { linksTo, byResource, suffixed };
  operationIndexes.set(operations, index);
  return index;
}

/**
 * Whether `createOp` makes records of another collection merely named alike: Linode's
 * `POST /databases/mysql/instances` (a MySQL database) for `/databases/mongodb/instances/{instanceId}`,
 * whose own literal path is listed and whose read answers another schema (a MongoDB database). The
 * items of that collection are the ones its list holds (a different path names a different resource,
 * RFC 3986 §3.3). A collection under a parameter (`/users/{id}/pets`) may be a view of the named
 * collection's records, and one answering the same schema (`/v2/actions` beside
 * `POST /v2/droplets/actions`) holds what the create makes: both keep the create.
 */
function anotherAlike(
  contract: Contract,
  createOp: Operation,
  parent: string,
  param: string,
  listOp: Operation | undefined,
): boolean {
  if (listOp === undefined || parent.includes('{')) return false;
  if (resourcePath(createOp.path) === resourcePath(parent)) return false;
  if (collectionNameOf(createOp.path)?.toLowerCase() !== collectionNameOf(parent)?.toLowerCase()) return false;
  const item = resourcePath(`${parent}/{${param}}`);
  const read = contract.operations.find((op) => op.method === 'get' && resourcePath(op.path) === item);
  const record = successSchema(read);
  return record !== undefined && successSchema(createOp) !== record;
}

/** What a response's description says when it is about a referenced thing that does not exist. */
const REFERENCE_WORDS = /(does ?n[o']t exist|not exist|no such|unknown|not found|refer)/i;

/** The 4xx a create documents for a bad request: not 401, 403, 406, 413, 415, 429, which refuse something else than the body. */
export function badRequestStatuses(op: Operation): string[] {
  return Object.keys(op.responses).filter(
    (s) => /^4(\d\d|XX)$/i.test(s) && !['401', '403', '406', '413', '415', '429'].includes(s),
  );
}

/**
 * The documented 4xx whose description says a referenced thing must exist (the bundled Petstore's
 * 422 "The body refers to a category or pet that does not exist"; Zoom's 400 "Site does not exist"),
 * undefined where none does: then refusing an unknown reference is policy, not the contract. A 404
 * is about the target resource (RFC 9110 §15.5.5): only words about what the body refers to make it
 * a statement about references, or a target that cannot be missing (bodyNotFound, given the contract).
 */
export function statedReferenceStatus(op: Operation, contract?: Pick<Contract, 'operations'>): string | undefined {
  const worded = badRequestStatuses(op).find((status) =>
    (status === '404' ? /refer/i : REFERENCE_WORDS).test(op.responses[status]?.description ?? ''),
  );
  if (worded !== undefined || contract === undefined) return worded;
  return bodyNotFound(op, contract) ? '404' : undefined;
}

/**
 * Whether a create's documented 404 can only be about a record its body names: its path has no
 * template parameter, and the list of that path (its GET) documents no 404. The target of such a
 * create is the collection itself, which its list shows is there, so "did not find a current
 * representation for the target resource" (RFC 9110 §15.5.5) cannot be it; the 404 is the habit of
 * the frameworks that answer a missing related record so (ts-rest's and NestJS's `404 "Author not
 * found"` for a post's `authorId`), and their generators describe it by nothing but its code ("404").
 * A 404 documented on every route alike (FastAPI's router-wide `responses`) sits on the list too,
 * and says nothing of references. Nor does a 404 whose description has words of its own: "Resource
 * not found" (Clerk's, on every operation) restates the target, and only a description that is the
 * code alone, or nothing, leaves the structure to speak.
 */
function bodyNotFound(op: Operation, contract: Pick<Contract, 'operations'>): boolean {
  const answer = op.responses['404'];
  if (answer === undefined || op.path.includes('{')) return false;
  if (!/^\s*(404)?\s*$/.test(answer.description ?? '')) return false;
  const list = contract.operations.find((other) => other.method === 'get' && other.path === op.path);
  return list !== undefined && list.responses['404'] === undefined;
}
