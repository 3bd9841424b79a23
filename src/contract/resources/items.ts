import { resourcePath, samePath } from '../path-template.js';
import { operationIndex } from '../operation-index.js';
import type { Contract, Operation } from '../types.js';

/**
 * The one item-path rule (issue 31). A path names one item of a collection when its last segment,
 * read as the resource path (path-template.ts: no fragment, RFC 3986 §3.5; no trailing slash), is
 * exactly one template parameter, optionally followed by a format extension: `/pets/{petId}`,
 * `/tasks/{id}/`, `/Calls/{Sid}.json` (Twilio), `/groups/{name}#x`. Its collection is the path
 * without that segment, the extension kept (`/Calls.json`), or `/` for `/{id}` at the root.
 *
 * Not item paths: a custom method on an item (`/v1/{name}:cancel`, Google AIP-136, an action, not
 * the item), two parameters in one segment (`/{a}-{b}`), a literal last segment (`/pets/{id}/photos`).
 * The mock's model, the runner's follow-ups, unknown-id probes, creates and list rules all ask here.
 */
export interface ItemSegment {
  /** The item's identifier parameter (`petId`, `Sid`). */
  readonly param: string;
  /** The format extension after it (`.json`), if any. */
  readonly extension: string | undefined;
  /** The path up to the item segment (`/Calls` for `/Calls/{Sid}.json`): the prefix an item's sub-resources share. */
  readonly stem: string;
  /** The collection's resource path (`/Calls.json`, `/tasks`, `/`). */
  readonly collection: string;
}

const ITEM_SEGMENT = /^\{([^{}]+)\}(\.[A-Za-z0-9]+)?$/;

/** The item segment of a path template, or undefined when the path does not name one item. */
export function itemSegment(template: string): ItemSegment | undefined {
  const segments = resourcePath(template).split('/');
  if (segments.length < 2) return undefined;
  const m = ITEM_SEGMENT.exec(segments.at(-1) ?? '');
  if (!m) return undefined;
  const stem = segments.slice(0, -1).join('/');
  return { param: m[1]!, extension: m[2], stem, collection: `${stem}${m[2] ?? ''}` || '/' };
}

/**
 * A format suffix (Rails' and Twilio's `.json`, `.xml`): names the representation, not the
 * collection. Only these: a dot that is part of a name stays (Slack's `/conversations.list`).
 */
const FORMAT_EXTENSION = /\.(json|xml|ya?ml|csv|txt|html?|atom|rss|ndjson|geojson|jsonld)$/i;

/**
 * The name a path gives its collection: the last literal segment of its resource path (no
 * fragment, RFC 3986 §3.5; no trailing slash), a format extension dropped (above): `/v2/invoicing/templates`
 * → `templates`, `/Calls.json` and `/Calls/{Sid}.json` → `Calls`, `/users/{userId}/posts/{postId}`
 * → `posts`, `/groups#clientToken` → `groups`; undefined for `/` and `/{uuid}`. A segment holding a
 * template parameter is not literal (`/files/{stem}-{ext}` → `files`). As written (case kept): the
 * member of a list answer named like it (PayPal's `templates` beside `links`), the XML root of an
 * answer, the collection a `categoryId` names. The mock's lists and answers, the runner's list
 * rules, follow-ups and reference probes all ask here.
 */
export function collectionNameOf(template: string): string | undefined {
  const literal = resourcePath(template)
    .split('/')
    .filter((s) => s !== '' && !s.includes('{'))
    .at(-1);
  return literal?.replace(FORMAT_EXTENSION, '') || undefined;
}

/**
 * The path an item's sub-resources lie under: the item path without its format extension
 * (`/products/{id}` for `/products/{id}.json`: Rails routes and Twilio write the item as
 * `/products/{id}.json` and its children as `/products/{id}/images.json`, the extension naming the
 * representation, not the resource). The item path itself where it names no item.
 */
export function subresourceBase(itemPath: string): string {
  const item = itemSegment(itemPath);
  return item?.extension === undefined ? itemPath : `${item.stem}/{${item.param}}`;
}

/**
 * Where a path lies under an item path (below `subresourceBase`), the names the path gives that
 * item path's parameters, by position: `/continuous_projects/{projectId}/documents` under
 * `/continuous_projects/{id}` → `id` → `projectId`. A template names its parameters as it likes; the
 * segment says which resource (OAS 3.0.3 §4.7.8: templates differing only in names are one path).
 * Undefined when the path does not lie under it.
 */
export function namesUnderItem(path: string, itemPath: string): ReadonlyMap<string, string> | undefined {
  const base = subresourceBase(itemPath);
  if (!samePath(path).startsWith(`${samePath(base)}/`)) return undefined;
  const own = templateNames(base);
  const there = templateNames(path);
  return new Map(own.map((name, i) => [name, there[i]!]));
}

/** The expressions of a path template, in order (`/a/{x}/b/{y}` → x, y). */
const templateNames = (template: string): string[] => [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Whether a path template names one item of a collection (`itemSegment`). */
export const isItemPath = (template: string): boolean => itemSegment(template) !== undefined;

/**
 * The GET that reads one item of the collection at `path` (`/pets` → `GET /pets/{petId}`, `/tasks/`
 * → `GET /tasks/{id}`, `/Calls.json` → `GET /Calls/{Sid}.json`), and its identifier parameter.
 */
export function itemRead(contract: Contract, path: string): ItemRead | undefined {
  return itemReadsOf(contract.operations).get(resourcePath(path));
}

type ItemRead = { readonly op: Operation; readonly param: string };

/**
 * itemRead's answers by collection, made once per list of operations: a pure cache (the index is a
 * function of the operations alone, which nobody modifies). Without it each question walked every
 * operation, and the questions come per operation too (isCreate, postCollections): on Stripe (384
 * operations) and Pinterest (231) 5–11 % of a self-consistency run's CPU went there.
 */
const itemReads = new WeakMap<readonly Operation[], ReadonlyMap<string, ItemRead>>();

function itemReadsOf(operations: readonly Operation[]): ReadonlyMap<string, ItemRead> {
  let index = itemReads.get(operations);
  if (index) return index;
  const built = new Map<string, ItemRead>();
  for (const op of operations) {
    if (op.method !== 'get') continue;
    const item = itemSegment(op.path);
    // The first GET in the contract's order, as the walk it replaces answered.
    if (item && !built.has(item.collection)) built.set(item.collection, { op, param: item.param });
  }
  index = built;
  itemReads.set(operations, index);
  return index;
}

/** The operation with this method on a collection's own path (`/tasks` and `/tasks/` alike; a key written exactly wins). */
export function onCollection(contract: Contract, path: string, method: string): Operation | undefined {
  const candidates = onPathsOf(contract.operations).get(`${method} ${resourcePath(path)}`) ?? [];
  return candidates.find((op) => op.path === path) ?? candidates[0];
}

/** The operations by method and resource path (onCollection is asked per operation and per case). */
const onPathsOf = operationIndex((op) => `${op.method} ${resourcePath(op.path)}`);
