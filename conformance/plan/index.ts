import {
  HTTP_METHODS,
  documentedResponse,
  fixedMethod,
  retrievesRepresentation,
  requestPath,
  samePath,
  type Contract,
  type Operation,
} from '../../src/contract/index.js';
import { besideAnyText, leavesNoSegment, methodsOnPath, namesOtherOperation, pathClash } from '../cases/path-clash.js';
import { pathParameters, requestBodyOf } from '../cases/inputs.js';
import { mutationsFor } from '../cases/mutations.js';
import { sharingFormKeys } from '../cases/form-keys.js';
import { isCreate } from '../../src/contract/index.js';
import { CHECKS, PROBES, type Check, type ProbeCheck } from '../registry/index.js';
import type { CredentialPlan } from '../credentials.js';
import { SelectionError } from '../errors.js';
import type { ExchangeKind } from '../types.js';
import type { OperationCase, PathProbe, RunPlan } from './types.js';

export type { Note, OperationCase, PathProbe, RunPlan } from './types.js';

/** What the user selected (--checks, --skip-checks, --operations). */
export interface Selection {
  readonly checks?: readonly string[] | undefined;
  readonly skipChecks?: readonly string[] | undefined;
  readonly operations?: readonly string[] | undefined;
  /** Names outside the registry's checks that --checks may give (the loaded workflows). */
  readonly knownElsewhere?: (name: string) => boolean;
}

/** The selected checks and operations; throws SelectionError for a name the contract or the kit does not know. */
export function select(
  contract: Contract,
  selection: Selection,
): { checks: readonly Check[]; probes: readonly ProbeCheck[]; operations: readonly Operation[] } {
  for (const name of [...(selection.checks ?? []), ...(selection.skipChecks ?? [])]) {
    if (![...CHECKS, ...PROBES].some((c) => c.name === name) && !(selection.knownElsewhere?.(name) ?? false))
      throw new SelectionError(
        `unknown check "${name}" (known: ${[...CHECKS, ...PROBES].map((c) => c.name).join(', ')})`,
      );
  }
  const wanted = (name: string): boolean =>
    (!selection.checks || selection.checks.length === 0 || selection.checks.includes(name)) &&
    !(selection.skipChecks ?? []).includes(name);
  for (const id of selection.operations ?? []) {
    if (!contract.operationsById.has(id))
      throw new SelectionError(`unknown operation "${id}" (known: ${contract.operations.map((o) => o.id).join(', ')})`);
  }
  const operations = contract.operations.filter(
    (op) => !selection.operations || selection.operations.length === 0 || selection.operations.includes(op.id),
  );
  return { checks: CHECKS.filter((c) => wanted(c.name)), probes: PROBES.filter((p) => wanted(p.name)), operations };
}

/** Order of execution: creates first (they feed the rest), then reads, then updates and actions, deletes last. */
function phase(op: Operation, contract: Contract): number {
  if (isCreate(op, contract)) return 0;
  // Reads, QUERY among them (draft-ietf-httpbis-safe-method-w-body §2: a GET with content).
  if (retrievesRepresentation(op.method)) return 1;
  if (op.method === 'delete') return 3;
  return 2;
}

/**
 * The plan of a run: for each selected operation, which kinds of request to send, from the kinds
 * the selected checks and probe checks declare they need (`needs`) and what the contract and the credentials
 * allow. Pure: nothing is sent; the values come later (conformance/execute), since ids come from
 * the target's answers.
 */
export function planRun(
  contract: Contract,
  selected: { checks: readonly Check[]; probes?: readonly ProbeCheck[]; operations: readonly Operation[] },
  credentials: CredentialPlan,
): RunPlan {
  const probes = selected.probes ?? [];
  const needs = new Set<ExchangeKind>([...selected.checks, ...probes].flatMap((c) => c.needs));
  const wants = (kind: ExchangeKind): boolean => needs.has(kind);
  // Among deletes, sub-resources go before the resource they hang from (`/identities/{id}/sessions` before `/identities/{id}`).
  const depth = (op: Operation): number => (op.method === 'delete' ? -op.path.split('/').length : 0);
  const ordered = [...selected.operations].sort(
    (a, b) => phase(a, contract) - phase(b, contract) || depth(a) - depth(b),
  );
  const notices: string[] = [];
  const cases: OperationCase[] = ordered.map((op) => {
    const body = requestBodyOf(op);
    const unwritableBody =
      op.requestBody && !body
        ? `${op.id} takes only ${Object.keys(op.requestBody.content).join(', ')} bodies, which the runner does not write`
        : undefined;
    if (op.requestBody && !body)
      notices.push(
        `request bodies in ${Object.keys(op.requestBody.content).join(', ')} are not generated: ${op.id} is not exercised`,
      );
    const authBlocked = op.requiresAuth && credentials.valid(op) === undefined ? credentials.missing(op) : undefined;
    const open = authBlocked === undefined;
    const clash = pathClash(contract, op);
    const unsentMutations: string[] = [];
    return {
      op,
      body,
      ...(clash ? { clash } : {}),
      ...(unwritableBody !== undefined ? { unwritableBody } : {}),
      ...(authBlocked !== undefined ? { authBlocked } : {}),
      positive: open && wants('positive') && unwritableBody === undefined,
      readBack: wants('read_back'),
      readAfterDelete: wants('read_after_delete'),
      mutations:
        open && wants('negative')
          ? mutationsFor(
              op.parameters,
              body,
              (reason) => unsentMutations.push(reason),
              (p, value) => {
                // Variants of one method and path told apart by a query member their keys' fragments
                // name (AWS's query protocol: `/#Action=CreateDomain` beside `/#Action=BatchDeleteAttributes`):
                // without that member, or with another value, the request is none of them, by the
                // document's own words, and its answer is no variant's to judge.
                if (p.in === 'query' && fragmentNames(op.path).has(p.name) && siblingsOnPath(contract, op))
                  return `${p.name} tells ${op.id} apart from the other operations of ${op.method.toUpperCase()} ${requestPath(op.path)} (the key's fragment ${op.path.slice(op.path.indexOf('#'))}): without its value the request is none of them`;
                // A required exploded form object whose members are named like required query parameters
                // (sinao.app's `movements: {amount, id, type}` beside `id` and `type`): its members are
                // keys of their own (OAS 3.0.3 §4.7.12.4), so a request without it still carries keys a
                // server may read as its members; its absence is not shown.
                if (p.in === 'query' && value === undefined) {
                  const carried = carriedMembers(op, p);
                  if (carried.length > 0)
                    return `its members are written as keys of their own (OAS 3.0.3 §4.7.12.4), and ${carried.join(', ')}, required parameters of their own, are always sent: a server may read them as ${p.name}'s`;
                }
                if (p.in !== 'path' || value === undefined) return undefined;
                const beside = besideAnyText(op, p.name);
                if (beside !== undefined)
                  return `nothing in ${op.path} says where ${p.name} ends and ${beside} begins, and ${beside} takes any text (OAS 3.0.3 §4.7.8): a server may read part of the value as ${beside}'s, a valid request`;
                const other = namesOtherOperation(contract, op, p.name, value);
                if (other)
                  return `the request would be ${op.method.toUpperCase()} ${other.path}, ${other.id}'s own: concrete paths are matched before templated ones (OAS 3.0.3 §4.7.8)`;
                // An empty value leaves its segment empty (`/render/svg/` for `/render/{format}/{hash}`):
                // another path (RFC 3986 §3.3), which a router does not match to the template, so the
                // answer (its not-found) would be judged as this operation's without being its answer.
                if (value === '')
                  return `an empty ${p.name} leaves its path segment empty: the request names another path than ${op.path} (RFC 3986 §3.3), and its answer would not be ${op.id}'s`;
                // A dot segment is removed before the request is sent (RFC 3986 §5.2.4): the same.
                return leavesNoSegment(value)
                  ? `${p.name} ${JSON.stringify(value)} is a dot segment, removed before sending: the request names another path than ${op.path} (RFC 3986 §5.2.4), and its answer would not be ${op.id}'s`
                  : undefined;
              },
              // Where the run's key travels in the query, the session writes it over any value (session.ts).
              new Set(
                (op.requiresAuth ? (credentials.valid(op) ?? []) : [])
                  .filter((c) => c.in === 'query')
                  .map((c) => c.name),
              ),
            )
          : [],
      unsentMutations,
      malformedJson: open && body?.json === true && wants('malformed_json'),
      nonUtf8: open && body?.json === true && wants('non_utf8'),
      authProbes: op.requiresAuth && wants('no_auth'),
      unknownId:
        open && pathParameters(op).length > 0 && wants('unknown_id')
          ? !documentedResponse(op.responses, 404)
            ? `${op.id} documents no 404`
            : // Without the body it requires, the request is invalid whatever its id: a 415 or 400
              // (RFC 9110 §15.5.16) would be its answer, not the lookup's (authentiqio's application/jwt).
              unwritableBody !== undefined && op.requestBody?.required === true
              ? `not sent: ${unwritableBody}, and a request without the required body is refused before any lookup`
              : true
          : false,
    };
  });
  const pathProbes: PathProbe[] = [];
  if (wants('wrong_method')) {
    const seen = new Set<string>();
    for (const op of selected.operations) {
      if (seen.has(samePath(op.path))) continue;
      seen.add(samePath(op.path));
      const documented = [...methodsOnPath(contract, op.path)];
      const method = (['patch', 'delete', 'put', 'post', 'get'] as const).find((m) => !documented.includes(m));
      // Every documented method, OpenAPI 3.2's QUERY and additionalOperations too (OAS 3.2.0 §4.10.1).
      const documentedMethods = [
        ...HTTP_METHODS.filter((m) => documented.includes(m)),
        ...documented.filter((m) => !fixedMethod(m)),
      ].map((m) => m.toUpperCase());
      pathProbes.push(
        method
          ? { op, method, documentedMethods }
          : { op, method: undefined, documentedMethods, reason: `every common method is documented on ${op.path}` },
      );
    }
  }
  return { checks: selected.checks, probes, operations: selected.operations, needs, cases, pathProbes, notices };
}

/** The member names a path key's fragment asks of the request (`/#Action=CreateDomain` → Action). */
function fragmentNames(key: string): Set<string> {
  const hash = key.indexOf('#');
  if (hash < 0) return new Set();
  return new Set(
    key
      .slice(hash + 1)
      .split('&')
      .filter((part) => part !== '')
      .map((part) => (part.includes('=') ? part.slice(0, part.indexOf('=')) : part)),
  );
}

/** Whether another operation has the same method on the same request path (a variant told apart by its fragment). */
function siblingsOnPath(contract: Contract, op: Operation): boolean {
  const here = requestPath(op.path);
  return contract.operations.some((o) => o !== op && o.method === op.method && requestPath(o.path) === here);
}

/**
 * The required query parameters of an operation writing a key named like a member of its exploded
 * form object `p` (OAS 3.0.3 §4.7.12.4: `id=1` is a member's key as much as the parameter's; another
 * exploded object's `Enabled=true` as much as its own): they are always sent. None for another style.
 */
function carriedMembers(op: Operation, p: Operation['parameters'][number]): string[] {
  return sharingFormKeys(p, op.parameters)
    .filter((other) => other.required === true)
    .map((other) => other.name);
}
