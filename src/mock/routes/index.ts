import { ContractError, type Contract } from '../../contract/index.js';
import type { Store } from '../store/store.js';
import { categoryHandlers } from './categories.js';
import { inventoryHandlers } from './inventory.js';
import { orderHandlers } from './orders.js';
import { petHandlers } from './pets.js';
import type { Handlers } from './types.js';

/** Every operation's handler of the Petstore's business rules, by operationId. */
export function allHandlers(store: Store): Handlers {
  return { ...petHandlers(store), ...categoryHandlers(store), ...orderHandlers(store), ...inventoryHandlers(store) };
}

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
  throw new ContractError(`${RULES_EXTENSION}: ${JSON.stringify(declared)} at the top of the contract names no rules this mock has (petstore)`);
}
