import { schemaNamesOf, type Contract } from '../../src/contract/index.js';

/** The component name of each schema of the resolved contract (dereferencing keeps their identity). */
export type SchemaNames = ReadonlyMap<object, string>;

/** The names the kernel's sampler writes as discriminator values (OAS 3.0.3 §4.7.25). */
export function schemaNames(contract: Contract): SchemaNames {
  return schemaNamesOf(contract.resolved);
}
