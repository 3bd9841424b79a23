import { METHODS } from 'node:http';
import { isRecord } from './guards.js';
import { HTTP_METHODS, type HttpMethod, type OperationMethod } from './types.js';

/** One operation object of a path item, with the method it is sent with (lower-cased, as the fixed fields write it). */
export interface PathItemOperation {
  readonly method: OperationMethod;
  /** Where it is written under the path item: `get`, `query`, `additionalOperations/LINK`. */
  readonly field: string;
  readonly operation: Record<string, unknown>;
}

/** An operation the kit cannot send or receive, with the reason (listed as not exercised). */
export interface UnservedOperation {
  readonly method: string;
  readonly reason: string;
}

/**
 * The operations of a path item (OAS 3.2.0 §4.9.1: the fixed fields `get` … `trace`, `query`, and
 * `additionalOperations`, whose keys are methods "with the same capitalization that is to be sent
 * in the request"). An additional method is served only when Node's HTTP parser (llhttp) reads it:
 * any other method is answered 400 by Node before the application sees it, so the mock cannot
 * serve it and the runner could judge nothing of it against the mock. `query` is read
 * only in a 3.2 document (in 3.0/3.1 it is not an operation field; an `x-`-less unknown field).
 */
export function pathItemOperations(
  item: Record<string, unknown>,
  family: string,
): { operations: PathItemOperation[]; unserved: UnservedOperation[] } {
  const operations: PathItemOperation[] = [];
  const unserved: UnservedOperation[] = [];
  for (const method of HTTP_METHODS) {
    const operation = item[method];
    if (isRecord(operation)) operations.push({ method, field: method, operation });
  }
  if (family !== '3.2') return { operations, unserved };
  if (isRecord(item['query'])) operations.push({ method: 'query', field: 'query', operation: item['query'] });
  const additional = item['additionalOperations'];
  for (const [name, operation] of Object.entries(isRecord(additional) ? additional : {})) {
    if (!isRecord(operation)) continue;
    const reason = additionalMethodProblem(name);
    if (reason) unserved.push({ method: name, reason });
    else operations.push({ method: name.toLowerCase(), field: `additionalOperations/${name}`, operation });
  }
  return { operations, unserved };
}

/** Why an `additionalOperations` key cannot be exercised, or undefined when it can. */
function additionalMethodProblem(name: string): string | undefined {
  const lower = name.toLowerCase();
  // OAS 3.2.0 §4.9.1: the map MUST NOT hold a method a fixed field defines.
  if ((HTTP_METHODS as readonly string[]).includes(lower) || lower === 'query')
    return `${name} is defined by the fixed field ${lower} (OAS 3.2.0 §4.9.1: additionalOperations MUST NOT repeat it)`;
  // RFC 9110 §9.1: method names are case-sensitive; llhttp's table holds them upper-case only.
  if (!METHODS.includes(name))
    return `${name} is not a method Node's HTTP parser reads (llhttp answers it 400 before any application sees it)`;
  return undefined;
}

/**
 * Methods that retrieve the target's representation without changing it: GET and HEAD (RFC 9110
 * §9.3.1, §9.3.2) and QUERY (draft-ietf-httpbis-safe-method-w-body §2: safe and idempotent, a GET
 * whose query is in its content). The runner orders them as reads and does not give them a
 * resource of their own to consume. OPTIONS and TRACE are safe too but retrieve no representation.
 */
export function retrievesRepresentation(method: string): boolean {
  return ['get', 'head', 'query'].includes(method.toLowerCase());
}

/** The fixed-field method of `method`, if it is one. */
export function fixedMethod(method: string): HttpMethod | undefined {
  return HTTP_METHODS.find((m) => m === method);
}
