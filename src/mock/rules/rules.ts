import type { Operation } from '../../contract/index.js';
import type { HttpError } from '../errors.js';
import type { Handlers } from '../routes/types.js';

/** A collection the generic engine keeps, as `/__mock/engine` describes it. */
export interface CollectionView {
  readonly path: string;
  readonly itemPath: string;
  readonly idField: string | undefined;
  /** operationIds by what they do (create, read, list, replace, patch, delete). */
  readonly operations: Readonly<Record<string, readonly string[]>>;
}

/**
 * What answers a contract's operations from state: the Petstore's business rules (`x-mock-rules:
 * petstore`) or the generic engine inferred from the contract. The app builds the one its contract
 * needs, and only its store; everything else of the mock is the same for both.
 */
export interface Rules {
  /** As `/__mock/engine` names it. */
  readonly name: 'petstore' | 'generic';
  /** The realm of this API's authentication challenges (RFC 9110 §11.5). */
  readonly realm: string;
  /** The handlers of the operations answered from the state, by operationId. */
  readonly handlers: Handlers;
  /** The operationIds answered from the state, in the order `/__mock/engine` lists them. */
  readonly statefulOperations: readonly string[];
  /** Why each other operation answers without state (sent as `X-Mock-Stateless`), where the rules know. */
  readonly statelessReasons: ReadonlyMap<string, string>;
  /** The collections kept (none under the Petstore rules). */
  readonly collections: readonly CollectionView[];
  /** The refusal of a stateless operation under an item the state does not hold (its documented 404), if any. */
  refuseUnknownParent(operation: Operation, params: Readonly<Record<string, string>>): HttpError | undefined;
  /** Back to the starting state (`POST /__mock/reset`). */
  reset(): void;
  /** The state, as `GET /__mock/state` exports it. */
  exportState(): unknown;
  /** Replaces the state (`PUT /__mock/state`); refused (409) where the rules cannot take one. */
  importState(state: unknown): void;
}
