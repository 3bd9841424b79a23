import type { Contract, SchemaValidator } from '../../contract/index.js';
import type { Store } from '../store/store.js';
import type { StateSnapshot } from '../store/types.js';
import { validateState } from '../store/validate-state.js';
import { allHandlers } from '../routes/index.js';
import type { Handlers } from '../routes/types.js';
import type { CollectionView, Rules } from './rules.js';

/** The Petstore's business rules (routes/), over the Petstore store: only for a contract that declares `x-mock-rules: petstore`. */
export class PetstoreRules implements Rules {
  readonly name = 'petstore';
  readonly realm = 'petstore';
  readonly handlers: Handlers;
  readonly statefulOperations: readonly string[];
  readonly statelessReasons: ReadonlyMap<string, string> = new Map();
  readonly collections: readonly CollectionView[] = [];

  constructor(
    private readonly contract: Contract,
    private readonly store: Store,
    /** The starting state (given with `--state`, else seeded), loaded again on reset. */
    private readonly initial: () => StateSnapshot,
    private readonly validator: SchemaValidator,
  ) {
    this.handlers = allHandlers(store);
    this.statefulOperations = contract.operations.filter((op) => this.handlers[op.id]).map((op) => op.id);
  }

  refuseUnknownParent(): undefined {
    return undefined;
  }

  reset(): void {
    this.store.load(this.initial());
  }

  exportState(): StateSnapshot {
    return this.store.export();
  }

  importState(state: unknown): void {
    this.store.load(validateState(state, this.contract, this.validator));
  }
}
