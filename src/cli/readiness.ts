import { resolve } from 'node:path';
import { bundledContractPath } from '../contract/paths.js';

/** What the readiness line names: the contract's `info` and where its paths are served. */
export interface ReadyContract {
  readonly title: string;
  readonly version: string;
  /** `''` when the contract's paths sit at the root. */
  readonly basePath: string;
  /** Fields of the document the specification does not define, ignored: one line each. */
  readonly ignored?: readonly string[];
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
  const ignored = served.ignored ?? [];
  // A document can hold hundreds: the first few, and where to read the rest.
  const shown = ignored.slice(0, MAX_IGNORED).map((line) => `\npetstore-mock: ignored: ${line}`);
  const more =
    ignored.length > MAX_IGNORED
      ? `\npetstore-mock: ignored: ${ignored.length - MAX_IGNORED} more (GET /__mock/engine lists them in notices)`
      : '';
  return `petstore-mock: ${served.title} ${served.version}, paths under ${served.basePath || '/'}${shown.join('')}${more}`;
}

const MAX_IGNORED = 5;
