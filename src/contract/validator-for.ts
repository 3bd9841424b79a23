import { CompiledSchemas, SchemaValidator } from './schema.js';
import type { Contract } from './types.js';

/**
 * The compiled validators of each contract document, while the document lives (a WeakMap keyed by
 * the parsed, dereferenced document: read-only, so never stale). A conformance run compiles a
 * validator for most schemas of its contract (ajv's compile was 18 % of the CPU of Stripe's
 * self-consistency test, which runs its 2.8 MB contract five times); the runs after the first on the
 * same contract in one process (a test file, shards, a proxy's judge) compile nothing again.
 */
const byDocument = new WeakMap<object, CompiledSchemas>();

/**
 * A SchemaValidator for `contract` whose compiled validators are shared with every other one made
 * for the same document; its notices are its own (SchemaValidator replays what each schema it uses
 * said when compiled), so a run reports exactly what it would with a fresh validator.
 */
export function schemaValidatorFor(contract: Pick<Contract, 'document' | 'version'>): SchemaValidator {
  const dialect = contract.version.schemaDialect;
  let store = byDocument.get(contract.document);
  if (store?.dialect !== dialect) {
    store = new CompiledSchemas(dialect);
    byDocument.set(contract.document, store);
  }
  return new SchemaValidator(dialect, store);
}
