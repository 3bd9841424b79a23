import { resolve } from 'node:path';
import { bundledContractPath } from '../contract/paths.js';

/** What the readiness line names: the contract's `info` and where its paths are served. */
export interface ReadyContract {
  readonly title: string;
  readonly version: string;
  /** `''` when the contract's paths sit at the root. */
  readonly basePath: string;
}

/** True when `spec` (the --spec value, absent for the default) is the contract the kit bundles. */
export function isBundledContract(spec: string | undefined): boolean {
  return spec === undefined || resolve(spec) === bundledContractPath;
}

/**
 * The one line the mock prints when it listens, exactly as PRODUCT.md §6 writes it: the bundled
 * contract keeps `Petstore mock listening on URL`, any other contract is named by its own `info`
 * (`Mock of Tasks API 2.1.0 listening on URL`), so the Petstore is never claimed for someone else's
 * API. Scripts wait for it and read the address after `listening on`; nothing follows the address.
 */
export function readinessLine(url: string, served: ReadyContract, bundled: boolean): string {
  return bundled
    ? `Petstore mock listening on ${url}`
    : `Mock of ${served.title} ${served.version} listening on ${url}`;
}

/** What the contract is and where its paths are served, for the operator (stderr, beside the readiness line). */
export function servedNotice(served: ReadyContract): string {
  return `petstore-mock: ${served.title} ${served.version}, paths under ${served.basePath || '/'}`;
}
