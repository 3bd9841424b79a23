import { fail, pass, type Check } from './types.js';
import { isOwnExchange, parseJson } from './util.js';
import { isRecord } from '../cases/schema.js';
import {
  modelOf,
  operationIndex,
  pageIn,
  type Binding,
  type Contract,
  type Operation,
} from '../../src/contract/index.js';

type ListBinding = Extract<Binding, { readonly kind: 'list' }>;

/** The contract's GETs by path as written, built once per contract (a question asked per operation). */
const getsByPath = operationIndex((o) => `${o.method} ${o.path}`);

/**
 * The list binding of `op` where its records are addressed one by one by the field it lists: the
 * kernel's model binds the list to a collection whose item path reads one record by that field, and
 * the contract has that read (a GET at the item path). Undefined elsewhere: a list the model does not
 * read as a collection's (events, a record's history, a page of some other noun), a singleton, records
 * named by no field, or a list of bare identifiers.
 */
function addressedList(contract: Contract, op: Operation): ListBinding | undefined {
  if (op.method !== 'get') return undefined;
  const binding = modelOf(contract).bindings.get(op.id);
  if (binding?.kind !== 'list' || binding.shape.identifiers || binding.collection.singleton) return undefined;
  if (binding.collection.idBeside || idFieldOf(binding) === undefined) return undefined;
  const itemPath = binding.collection.itemPath;
  return getsByPath(contract.operations).has(`get ${itemPath}`) ? binding : undefined;
}

const idFieldOf = (binding: ListBinding): string | undefined =>
  binding.shape.itemId ?? binding.collection.idWithin?.field ?? binding.collection.idField;

/** A listed item's identifier as the model reads it: under its one wrapping member and its own member, if any. */
function listedId(binding: ListBinding, item: unknown): string | undefined {
  const member = binding.shape.itemMember;
  const record = member !== undefined && isRecord(item) ? item[member] : item;
  const within = binding.shape.itemId === undefined ? binding.collection.idWithin?.member : undefined;
  const holder = within !== undefined && isRecord(record) ? record[within] : record;
  const field = idFieldOf(binding);
  const value = field !== undefined && isRecord(holder) ? holder[field] : undefined;
  // A URI segment is text (RFC 3986 §3.3): `7` and `"7"` address one record.
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The first identifier two items of one page share, with both positions. */
function firstRepeat(binding: ListBinding, page: readonly unknown[]): { id: string; at: [number, number] } | undefined {
  const seen = new Map<string, number>();
  for (const [i, item] of page.entries()) {
    const id = listedId(binding, item);
    if (id === undefined) continue;
    const first = seen.get(id);
    if (first !== undefined) return { id, at: [first, i] };
    seen.set(id, i);
  }
  return undefined;
}

export const listedIdsUnique: Check = {
  name: 'listed_ids_unique',
  needs: ['positive'],
  siblings: 'answer',
  description:
    "Every 2xx answer of a list the kernel's model reads as a collection's whose records the contract reads one by one (a GET at the item path, `/things/{id}`). Fails when two items of one page carry the same identifier: an item path names one resource (RFC 3986 §1.1, RFC 9110 §3.1), so two records under one id cannot both be read. Pages are judged one by one: a walk over several pages may meet an item twice when the collection changed between them. Lists the model does not bind (events, a record's history), lists of bare identifiers and records with no identifier field are not judged.",
  appliesTo: (operation, ctx) => addressedList(ctx.contract, operation) !== undefined,
  judge: (exchange, operation, ctx) => {
    const status = exchange.response?.status;
    if (!exchange.response || status === undefined || status < 200 || status > 299 || !isOwnExchange(exchange))
      return undefined;
    const binding = addressedList(ctx.contract, operation);
    const parsed = binding ? parseJson(exchange.response.body) : undefined;
    const page = binding && parsed?.ok ? pageIn(binding.shape, parsed.value) : undefined;
    if (!binding || !page) return undefined;
    const repeat = firstRepeat(binding, page);
    if (!repeat) return pass;
    return fail(
      `id ${JSON.stringify(repeat.id)} is listed twice on one page (items ${repeat.at[0]} and ${repeat.at[1]} of ${page.length}), but ${binding.collection.itemPath} reads one record by it`,
    );
  },
};
