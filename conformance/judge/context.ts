import type { Contract, Operation, SchemaValidator } from '../../src/contract/index.js';
import { asSchema, type Schema } from '../cases/schema.js';
import type { CheckContext } from '../checks/index.js';
import { responseJsonSchema } from '../checks/util.js';

/** The error schema most 4xx/5xx responses share (identity of the resolved object), for answers no operation documents. */
function commonErrorSchema(contract: Contract): Schema | undefined {
  const counts = new Map<Schema, number>();
  for (const op of contract.operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      if (!/^[45]/.test(status) && status !== 'default') continue;
      const schema = responseJsonSchema(response)?.schema;
      if (schema) counts.set(schema, (counts.get(schema) ?? 0) + 1);
    }
  }
  let best: Schema | undefined;
  let n = 0;
  for (const [schema, count] of counts) if (count > n) [best, n] = [schema, count];
  return best ?? asSchema(contract.resolved.components?.schemas?.['Error']);
}

/** What every check reads besides the exchange, for the selected operations. */
export function checkContext(contract: Contract, validator: SchemaValidator, selected: readonly Operation[]): CheckContext {
  const pathRepresentatives = new Set<string>();
  const paths = new Set<string>();
  for (const op of selected) if (!paths.has(op.path)) [paths.add(op.path), pathRepresentatives.add(op.id)];
  return { contract, validator, errorSchema: commonErrorSchema(contract), pathRepresentatives };
}
