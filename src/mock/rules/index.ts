import { ContractError, type Contract, type SchemaValidator } from '../../contract/index.js';
import type { Dice } from '../dice.js';
import type { GenericStore } from '../generic/store.js';
import type { Store } from '../store/store.js';
import type { StateSnapshot } from '../store/types.js';
import { GenericRules } from './generic.js';
import { PetstoreRules } from './petstore.js';
import type { Rules } from './rules.js';

export type { CollectionView, Rules } from './rules.js';
export { GenericRules } from './generic.js';
export { PetstoreRules } from './petstore.js';

/** The extension a contract declares to get the Petstore's business rules (the bundled contract does). */
export const RULES_EXTENSION = 'x-mock-rules';

/**
 * Which rules answer a contract: the Petstore's only where the document says so at its top level
 * (`x-mock-rules: petstore`), never because operationIds happen to match; the generic engine
 * otherwise. Any other value is refused, so a typo does not silently change the behaviour.
 */
export function rulesOf(contract: Contract): 'petstore' | 'generic' {
  const declared: unknown = Reflect.get(contract.document, RULES_EXTENSION);
  if (declared === undefined) return 'generic';
  if (declared === 'petstore') return 'petstore';
  throw new ContractError(
    `${RULES_EXTENSION}: ${JSON.stringify(declared)} at the top of the contract names no rules this mock has (petstore)`,
  );
}

/**
 * The stores of one app, each made on first need and kept across reloads of the contract
 * (`--watch`): a contract served by the generic engine never builds or seeds the Petstore's.
 */
export class RuleStores {
  private petstoreStore: Store | undefined;
  private genericStore: GenericStore | undefined;

  constructor(
    private readonly makePetstore: () => Store,
    /** The Petstore's starting state (given with `--state`, else seeded). */
    readonly petstoreStart: () => StateSnapshot,
    private readonly makeGeneric: () => GenericStore,
  ) {}

  petstore(): Store {
    if (!this.petstoreStore) {
      this.petstoreStore = this.makePetstore();
      this.petstoreStore.load(this.petstoreStart());
    }
    return this.petstoreStore;
  }

  generic(): GenericStore {
    return (this.genericStore ??= this.makeGeneric());
  }
}

/** What the rules of one contract are built with. */
export interface RulesDeps {
  readonly stores: RuleStores;
  readonly validator: SchemaValidator;
  readonly dice: Dice;
  readonly codeForStatus: (status: number) => string;
  readonly seed: number;
  readonly records: number | undefined;
}

/** The rules a contract needs (rulesOf), and only their store. */
export function rulesFor(contract: Contract, deps: RulesDeps): Rules {
  if (rulesOf(contract) === 'petstore')
    return new PetstoreRules(contract, deps.stores.petstore(), deps.stores.petstoreStart, deps.validator);
  return new GenericRules({
    contract,
    store: deps.stores.generic(),
    validator: deps.validator,
    dice: deps.dice,
    codeForStatus: deps.codeForStatus,
    seed: deps.seed,
    records: deps.records,
  });
}
