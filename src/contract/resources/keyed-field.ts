/**
 * The field a create's records are keyed by, as the kernel's model reads it, for the runner to read a
 * created record's identifier the way the mock keeps it (one model for both halves, issue 18).
 */
import { isRecord } from '../guards.js';
import type { Contract, Operation } from '../types.js';
import { jsonContent } from '../media.js';
import { anyProperties, asSchema } from '../schema-views.js';
import { inferModel, type GenericModel } from './model.js';
import { normalName } from './vocabulary.js';

// Keyed by the contract (nobody modifies it), gone with it: the runner asks once per created record and
// per list answer it reads (conformance/resources.ts), and infers the model once for both.
const models = new WeakMap<Contract, GenericModel>();

/** The kernel's model of a contract, inferred once per contract. */
export function modelOf(contract: Contract): GenericModel {
  const known = models.get(contract);
  if (known) return known;
  const model = inferModel(contract);
  models.set(contract, model);
  return model;
}

/**
 * The field the model keeps `create`'s records under, where the created record holds neither the
 * read's parameter nor `id`: only several `…_id` fields (vmware vrni's data sources: `entity_id`
 * beside the `proxy_id` the body sent, read under `{id}` "entity id"; `/clients/{id}` over `client_id`
 * beside `owner_id`). The value alone cannot tell which is the record's own, and the first taken was
 * another record's. Undefined where the record names itself plainly or the model keys no field.
 */
export function keyedField(
  contract: Contract,
  create: Operation,
  record: unknown,
  param: string | undefined,
): string | undefined {
  if (!isRecord(record) || record['id'] !== undefined) return undefined;
  if (param !== undefined && record[param] !== undefined) return undefined;
  const binding = modelOf(contract).bindings.get(create.id);
  return binding?.kind === 'create' ? binding.collection.idField : undefined;
}

/**
 * Whether the model reads `listOp`'s answer as the identifiers of its collection's records alone
 * (model.ts ListShape `identifiers`: `{ticketIds: [string]}`, pinecone's `[CollectionName]`), so a
 * plain value listed there names a record. Elsewhere a plain value is something else the list shows
 * (a file's name, a table's float), which the mock answers from the schema, not from its records.
 */
export function listsIdentifiers(contract: Contract, listOp: Operation): boolean {
  const binding = modelOf(contract).bindings.get(listOp.id);
  return binding?.kind === 'list' && binding.shape.identifiers === true;
}

/**
 * The member of a sent body that names the record it creates by the item path's own parameter
 * (Twitter's `POST /2/users/{id}/bookmarks {tweet_id}`, removed at `…/bookmarks/{tweet_id}`): where
 * the answer names no identifier, the client named the record, so that value is its key (mock) and
 * the value its item path takes (runner). Names compare as the kernel's vocabulary does (`tweetId`,
 * `tweet_id`). Undefined where the body has no such member or it holds no path segment's value.
 */
export function sentUnderParam(sent: unknown, param: string): string | number | undefined {
  if (!isRecord(sent)) return undefined;
  const wanted = normalName(param);
  const value = Object.entries(sent).find(([name]) => normalName(name) === wanted)?.[1];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** The JSON request body's top-level member named like `param` (sentUnderParam), if its schema declares one. */
export function declaresParamMember(operation: Operation, param: string): boolean {
  const schema = jsonContent(operation.requestBody?.content)?.schema;
  if (!isRecord(schema)) return false;
  const wanted = normalName(param);
  return [...anyProperties(asSchema(schema)).keys()].some((name) => normalName(name) === wanted);
}
