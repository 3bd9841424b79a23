import { commonErrorSchema, type Contract, type Operation, type SchemaValidator } from '../../src/contract/index.js';
import type { CheckContext } from '../registry/index.js';

/** What every check reads besides the exchange, for the selected operations. */
export function checkContext(
  contract: Contract,
  validator: SchemaValidator,
  selected: readonly Operation[],
): CheckContext {
  const pathRepresentatives = new Set<string>();
  const paths = new Set<string>();
  for (const op of selected) if (!paths.has(op.path)) [paths.add(op.path), pathRepresentatives.add(op.id)];
  // The error schema most 4xx/5xx answers share, from the kernel (the mock's error bodies use the same one).
  return { contract, validator, errorSchema: commonErrorSchema(contract)?.schema, pathRepresentatives };
}
