import type { StateAnswers } from '../core/respond.js';

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
export interface Rules extends StateAnswers {
  /** As `/__mock/engine` names it. */
  readonly name: 'petstore' | 'generic';
  /** The realm of this API's authentication challenges (RFC 9110 §11.5). */
  readonly realm: string;
  /** The operationIds answered from the state, in the order `/__mock/engine` lists them. */
  readonly statefulOperations: readonly string[];
  /** The collections kept (none under the Petstore rules). */
  readonly collections: readonly CollectionView[];
  /** Back to the starting state (`POST /__mock/reset`). */
  reset(): void;
  /** The state, as `GET /__mock/state` exports it. */
  exportState(): unknown;
  /** Replaces the state (`PUT /__mock/state`); refused (409) where the rules cannot take one. */
  importState(state: unknown): void;
}
