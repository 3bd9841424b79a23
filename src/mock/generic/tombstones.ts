import { responseFor, type Operation } from '../../contract/index.js';
import { isItemPath } from '../../contract/resources/index.js';
import { HttpError } from '../errors.js';
import type { GenericStore } from './store.js';

/**
 * Deletes of items no inferred collection keeps (their read answers nothing to store: Crucible's
 * `GET /reviews-v1/{id}` documents a 200 without content). A successful DELETE of such an item is
 * remembered by its request path, and what follows on that path or under it is 404: after a
 * DELETE the resource is gone (RFC 9110 §9.3.5, §15.5.5), as the generic store answers a read of
 * a deleted record whatever the read documents.
 */
export function rememberDelete(store: GenericStore, operation: Operation, path: string, status: number): void {
  if (operation.method !== 'delete' || status < 200 || status > 299) return;
  if (isItemPath(operation.path)) store.markPathDeleted(path);
}

/** The 404 of a request on a path a stateless DELETE removed (rememberDelete), or under it; a PUT on the path itself may create it anew. */
export function deletedPath(
  store: GenericStore,
  operation: Operation,
  path: string,
  codeForStatus: (status: number) => string,
): HttpError | undefined {
  if (!store.pathDeleted(path)) return undefined;
  // Under a deleted item, an operation that documents no 404 keeps its documented answer: the
  // contract first (the mock never answers a valid request a status its operation does not list);
  // RFC 9110 §9.3.5 speaks of the deleted resource itself, which stays 404 (networkmanager's
  // `GET /global-networks/{id}/links`, documenting 200 and its 48x errors, got an undocumented 404).
  if (!store.pathItselfDeleted(path) && responseFor(operation.responses, 404) === undefined) return undefined;
  if (operation.method === 'put' && store.pathDeleted(path) && !store.pathDeleted(path.replace(/\/[^/]*\/*$/, ''))) {
    store.forgetPathDeleted(path);
    return undefined;
  }
  return new HttpError(
    404,
    codeForStatus(404),
    `${path.slice(0, 200)} is gone: it, or the resource it lies under, was deleted.`,
  );
}

/**
 * Whether a made-up item of a list on `path` names an item a stateless DELETE removed right under
 * it (rememberDelete): one of its identifying fields (`id`, one ending in `id`, `login`, `name`,
 * `slug`, `key`, `number`) holds the deleted path's last segment. Undefined where nothing was deleted there.
 */
export function leftOutOfList(store: GenericStore, path: string): ((item: unknown) => boolean) | undefined {
  const deleted = new Set(store.deletedUnder(path));
  if (deleted.size === 0) return undefined;
  return (item) =>
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    Object.entries(item).some(
      ([name, value]) =>
        (typeof value === 'string' || typeof value === 'number') &&
        IDENTIFYING.test(name.replace(/[^a-z0-9]/gi, '')) &&
        deleted.has(String(value)),
    );
}

const IDENTIFYING = /^(id|.*id|login|name|slug|key|number|uuid)$/i;

/**
 * A delete the state answered, of a record of a collection no stateful list shows (its create
 * answers a receipt the list does not: twitter's `{data: {is_member}}` beside a list of users,
 * sendgrid's subuser receipt beside a list of subusers), a stored record or one it never held answered
 * as documented: remembered by its request path as a stateless delete is (rememberDelete), so the
 * made-up list above leaves the item out (leftOutOfList): after a DELETE the resource is gone, from
 * the list that showed it too (RFC 9110 §9.3.5).
 */
export function rememberUnlistedDelete(store: GenericStore, path: string): void {
  store.markPathDeleted(path);
}

/** A create of a record at a path a delete left a tombstone on (rememberUnlistedDelete): the path names a resource again. */
export function forgetDeleteAt(store: GenericStore, path: string): void {
  if (store.pathItselfDeleted(path)) store.forgetPathDeleted(path);
}
