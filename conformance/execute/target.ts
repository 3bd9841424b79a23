import type { Contract, Operation } from '../../src/contract/index.js';
import { TargetUnreachableError } from '../errors.js';
import { HttpClient } from '../http/client.js';

/**
 * Reachability: one request to the base address. Unreachable means no connection could be made
 * (refused, unknown host, no route, connect timeout). A target that accepts the connection and then
 * hangs, closes or answers garbage is reachable and broken: it is judged (exit 1), and the circuit
 * breaker keeps a hanging one from costing a timeout per planned request.
 */
export async function assertReachable(target: string, timeoutMs: number): Promise<void> {
  const probe = new HttpClient({ timeoutMs, maxBodyBytes: 1024 * 1024 });
  const reached = await probe.send({
    method: 'GET',
    url: target,
    headers: { accept: 'application/json' },
    body: undefined,
  });
  probe.close();
  if (
    !reached.ok &&
    reached.error.connected !== true &&
    reached.error.kind !== 'bad_response' &&
    reached.error.kind !== 'too_large'
  ) {
    throw new TargetUnreachableError(`target unreachable: ${target}: ${reached.error.message}`);
  }
}

/**
 * The base path requests go to: `--base-path` when given; else the contract's first `servers`
 * path (OAS 3.0.3 §4.7.5), unless the target's own path already ends with it.
 */
export function effectiveBasePath(target: string, contractBasePath: string, override: string | undefined): string {
  const clean = (p: string): string => {
    const trimmed = p.trim().replace(/\/+$/, '');
    return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  };
  if (override !== undefined) return clean(override);
  const base = clean(contractBasePath);
  if (!base) return '';
  let targetPath = '';
  try {
    targetPath = new URL(target).pathname.replace(/\/+$/, '');
  } catch {
    return base;
  }
  return targetPath.endsWith(base) ? '' : base;
}

/**
 * Whether the target serves the contract's paths at its root rather than under the base path of
 * the servers entry: mocks (Prism among them) and gateways often do. One GET of a contract path
 * under the base path; only when that is 404 and the same path at the root is answered (not 404,
 * not 5xx) are the paths sent without the base path. --base-path overrides this guess.
 *
 * The probe is always a GET, safe and idempotent (RFC 9110 §9.2.1), whatever the path documents:
 * on a path that documents only POST it is answered 405 (or 401, 422…) where the path exists and
 * 404 where it does not, which is all the guess needs. So contracts with no parameterless GET
 * (RPC-style APIs of POSTs only, reads that all need a required header such as a tenant id) are
 * probed too; a path that needs path parameters is probed last, with a placeholder in each.
 */
export function basePathProbe(contract: Contract): string | undefined {
  const byPreference = [
    (o: Operation): boolean => o.method === 'get' && !o.parameters.some((p) => p.in === 'path' || p.required === true),
    (o: Operation): boolean => o.method === 'get' && !o.parameters.some((p) => p.in === 'path'),
    (o: Operation): boolean => !o.parameters.some((p) => p.in === 'path') && !/\{[^}]*\}/.test(o.path),
    (): boolean => true,
  ];
  for (const wanted of byPreference) {
    const op = contract.operations.find(wanted);
    // A template placeholder that is not a declared path parameter still needs a value to make a URL.
    if (op) return op.path.replace(/\{[^}]*\}/g, 'conformance-probe');
  }
  return undefined;
}

export async function servesAtRoot(
  target: string,
  basePath: string,
  contract: Contract,
  timeoutMs: number,
): Promise<boolean> {
  const path = basePathProbe(contract);
  if (path === undefined) return false;
  const client = new HttpClient({ timeoutMs, maxBodyBytes: 64 * 1024 });
  // A probe left unanswered (a timeout, a reset) is sent once more: a server's first answer can be
  // slow (Prism compiling its validators on the first request), and an unanswered probe would
  // otherwise decide the base path for the whole run.
  const status = async (prefix: string): Promise<number | undefined> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const outcome = await client.send({
        method: 'GET',
        url: `${target.replace(/\/+$/, '')}${prefix}${path}`,
        headers: { accept: '*/*' },
        body: undefined,
      });
      if (outcome.ok) return outcome.response.status;
    }
    return undefined;
  };
  try {
    if ((await status(basePath)) !== 404) return false;
    const atRoot = await status('');
    return atRoot !== undefined && atRoot !== 404 && atRoot < 500;
  } finally {
    client.close();
  }
}
