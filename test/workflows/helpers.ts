import { join } from 'node:path';
import { packageRoot } from '../../src/contract/index.js';
import { loadArazzo, type ArazzoDocument } from '../../conformance/workflows/index.js';

export const BUNDLED_ARAZZO = join(packageRoot, 'openapi', 'petstore.arazzo.yaml');

let bundled: Promise<ArazzoDocument> | undefined;
/** The bundled workflows, read once per test file. */
export function bundledWorkflows(): Promise<ArazzoDocument> {
  bundled ??= loadArazzo(BUNDLED_ARAZZO);
  return bundled;
}
