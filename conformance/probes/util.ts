import {
  postCollections,
  successSchema,
  type Contract,
  type Operation,
  type PostCollection,
} from '../../src/contract/index.js';
import { isRecord, properties } from '../cases/schema.js';
import type { ProbeRun } from '../registry/types.js';
import type { Exchange } from '../types.js';
import { exchangesRequesting } from '../exchange-index.js';

export { properties };

/** A collection the probe checks read (the kernel's postCollections). */
export type Collection = PostCollection;

export const collections = (contract: Contract): Collection[] => postCollections(contract);

/** The creates of the contract's collections: the operations the create-based probes judge, in their order. */
export const creates = (contract: Contract): Operation[] => collections(contract).map((c) => c.create);

/** The collection `op` creates in. */
export const collectionOf = (contract: Contract, op: Operation): Collection | undefined =>
  collections(contract).find((c) => c.create === op);

/** A secured operation none of whose requirements the run's credentials meet (any flag: --api-key, --bearer, --basic, --auth, --header). */
export const needsKey = (run: ProbeRun, op: Operation): boolean =>
  op.requiresAuth && run.credentials.valid(op) === undefined;

/** The body of the last accepted positive request of an operation in this run: a body the target took. */
export function acceptedBody(run: ProbeRun, op: Operation): Record<string, unknown> | undefined {
  const mine = exchangesRequesting(run.exchanges, op.id);
  for (let i = mine.length - 1; i >= 0; i--) {
    const e = mine[i];
    if (e?.kind !== 'positive' || !e.response || e.response.status < 200 || e.response.status > 299) continue;
    if (isRecord(e.input?.body)) return structuredClone(e.input.body);
  }
  return undefined;
}

export function json(exchange: Exchange): unknown {
  if (!exchange.response) return undefined;
  try {
    return JSON.parse(exchange.response.body) as unknown;
  } catch {
    return undefined;
  }
}

/** The schema of a 2xx JSON answer of an operation: the resource model's (src/contract/resources/model.ts). */
export { successSchema };

export const ok = (e: Exchange): boolean => !!e.response && e.response.status >= 200 && e.response.status < 300;

/**
 * The path parameters of the last request to `op` the target accepted (2xx) in this run: values that
 * name something that exists. Undefined when `op` has path parameters and no such request was made;
 * an empty record when it has none.
 */
const EXISTING: ReadonlySet<Exchange['kind']> = new Set([
  'positive',
  'prerequisite',
  'read_back',
  'list_back',
  'workflow',
]);

export function acceptedPathParams(exchanges: readonly Exchange[], op: Operation): Record<string, unknown> | undefined {
  const names = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  if (names.length === 0) return {};
  const mine = exchangesRequesting(exchanges, op.id);
  for (let i = mine.length - 1; i >= 0; i--) {
    const e = mine[i];
    // Only requests sent with values meant to exist: an unknown-id probe a server wrongly accepted names nothing.
    if (!e || !ok(e) || e.input === undefined || !EXISTING.has(e.kind)) continue;
    const params = e.input.pathParams;
    if (names.every((n) => params[n] !== undefined)) return Object.fromEntries(names.map((n) => [n, params[n]]));
  }
  return undefined;
}

/** Why a probe cannot be sent to `op`: its path names resources and no accepted request of the run filled them. */
export function unfilledPath(run: ProbeRun, op: Operation): string | undefined {
  return acceptedPathParams(run.exchanges, op) === undefined
    ? `no request to ${op.id} was accepted in this run with its path parameters (${op.path}) filled, so a probe would name nothing that exists`
    : undefined;
}

/** Why a probe cannot be sent to `op` at all: credentials the run lacks, or a path naming nothing known. */
export const blocked = (run: ProbeRun, op: Operation): string | undefined =>
  needsKey(run, op) ? run.credentials.missing(op) : unfilledPath(run, op);
