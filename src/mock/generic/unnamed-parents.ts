import type { Contract, Operation } from '../../contract/index.js';
import type { Collection, GenericModel } from '../../contract/resources/index.js';
import { HttpError } from '../errors.js';
import { enumerated } from './served.js';

/**
 * A parent no inferred collection keeps, whose own read the mock answers from what its answers have
 * named (served.ts `unnamed`: clever-cloud's `GET …/networkgroups/{networkGroupId}`, a `NetworkGroup`
 * schema of `{}`, 404 "NetworkGroupNotFound" documented): a collection under it
 * (`…/networkgroups/{networkGroupId}/members`) speaks of that parent, so a value no answer named and
 * no record lives under is 404 there too, as the parent's read already answers it (RFC 9110
 * §15.5.5). Only where the operation documents 404 itself, as for the read; only a parameter that
 * follows a literal collection name and has a read of its own (a scope no operation reads, such as
 * an `{ownerId}` under `organisations`, keeps answering).
 */
export function unnamedParent(
  deps: {
    readonly contract: Contract;
    readonly model: GenericModel;
    readonly codeForStatus: (status: number) => string;
    readonly named?: ((value: string) => boolean) | undefined;
  },
  operation: Operation,
  params: Readonly<Record<string, string>>,
  bound: Collection,
  livesUnder: (param: string) => boolean,
): HttpError | undefined {
  const named = deps.named;
  if (named === undefined || operation.responses['404'] === undefined) return undefined;
  const segments = bound.path.split('/');
  for (const [i, segment] of segments.entries()) {
    const name = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    const noun = segments[i - 1];
    if (name === undefined || !noun || noun.includes('{') || !bound.scopeParams.includes(name)) continue;
    const id = params[name];
    if (id === undefined || named(id) || enumerated(operation, name) || livesUnder(name)) continue;
    const itemPath = segments.slice(0, i + 1).join('/');
    // An inferred parent is unknownParent's (handlers.ts): its store, not what answers named.
    if (deps.model.collections.some((c) => c.itemPath === itemPath)) continue;
    const read = deps.contract.operations.find((op) => op.method === 'get' && op.path === itemPath);
    if (read === undefined || read.responses['404'] === undefined || deps.model.bindings.has(read.id)) continue;
    return new HttpError(
      404,
      deps.codeForStatus(404),
      `No ${noun} with ${name} ${id.slice(0, 100)}: no answer of this mock has named it.`,
    );
  }
  return undefined;
}
