import type { OpenAPIV3 } from 'openapi-types';
import { valueSchema } from '../params/index.js';
import { lowered } from '../schema-2020.js';
import { mergeAllOf } from '../schema-views.js';
import type { Contract, Operation } from '../types.js';
import { collectionNameOf, itemSegment } from './items.js';
import {
  identifierProperty,
  isObjectSchema,
  listShape,
  recordProperties,
  sameShape,
  successSchema,
  type Binding,
  type Collection,
} from './model.js';

type Schema = OpenAPIV3.SchemaObject;

/** Collections, bindings and stateless reasons an inference step adds to the generic model. */
export interface MoreResources {
  readonly collections: Collection[];
  readonly bindings: Map<string, Binding>;
  readonly reasons: Map<string, string>;
}

/**
 * Collections that no operation creates, whose items the server issued itself (README "Any
 * contract: the generic engine", "Lookups"): an item path (`/schemas/{id}`) none of whose
 * operations the model bound, known
 * - by the list on its parent path, whose records carry the identifier (Ory Kratos: `GET /schemas`
 *   lists `{id, schema}`, `GET /schemas/{id}` reads one): the records are those the list shows;
 * - else by an item read under a named collection that documents 404 itself (Clerk:
 *   `GET /v1/saml/metadata/{saml_connection_id}.xml`): the records are identifiers only.
 * A real service answers its documented 404 for an identifier it never issued (RFC 9110 §15.5.5),
 * so the mock keeps the ones it issued (seeded, listed, in `/__mock/state`) and the item's
 * operations answer 404 for any other (the parent check of handlers.ts); an item read whose answer
 * is not the listed record (Kratos answers the raw JSON Schema) keeps its generated answer for
 * the identifiers it holds. A `DELETE` on the item removes the record from the list (Discord:
 * `DELETE /users/@me/guilds/{guild_id}` leaves a guild `GET /users/@me/guilds` no longer shows).
 */
export function inferLookups(
  contract: Contract,
  collections: readonly Collection[],
  bindings: ReadonlyMap<string, Binding>,
  on: (path: string, method: string) => Operation | undefined,
): MoreResources {
  const out: MoreResources = { collections: [], bindings: new Map(), reasons: new Map() };
  const itemPaths = [...new Set(contract.operations.map((op) => op.path))];
  for (const itemPath of itemPaths) {
    const item = itemSegment(itemPath);
    if (!item) continue;
    const segments = itemPath.split('/');
    const ops = contract.operations.filter((op) => op.path === itemPath);
    if (collections.some((c) => c.itemPath === itemPath) || ops.some((op) => bindings.has(op.id))) continue;
    const idParam = item.param;
    const path = item.collection;
    const read = on(itemPath, 'get');
    const remove = on(itemPath, 'delete');
    const parameter = ops.flatMap((op) => op.parameters).find((p) => p.in === 'path' && p.name === idParam);
    const written = parameter ? valueSchema(parameter) : undefined;
    const paramSchema = written && !('$ref' in written) ? written : undefined;
    // An enum names values that all exist: nothing there is issued (the runner does not probe it either).
    if (paramSchema?.enum) continue;
    // Items something creates are not only those a list shows: a POST or PUT on the collection path,
    // a POST action beside its items (`POST /plugins/pull`), or a create named like the parameter
    // (`guild_id` ← `POST /guilds`), makes others.
    if (on(path, 'post') || on(path, 'put') || createdElsewhere(contract, idParam) || createdBeside(contract, path))
      continue;
    // Only reads and deletes of what exists: a POST or PUT on the item (`POST /user_account/following/{username}`
    // follows someone) acts on any value, held or not.
    if (ops.some((op) => op.method !== 'get' && op.method !== 'delete')) continue;
    const noun =
      (segments.at(-2) || 'record')
        .replace(/\{|\}/g, '')
        .replace(/\.\w+$/, '')
        .replace(/s$/, '') || 'record';
    const scopeParams = [...path.matchAll(/\{([^}]+)\}/g)].map((p) => p[1]!);
    const list = on(path, 'get');
    const listed = list && !bindings.has(list.id) ? listedRecords(successSchema(list), idParam, noun) : undefined;
    let collection: Collection;
    if (listed) {
      // A listed scope (`/channels/{channel_id}/pins`) would start empty and stay so, nothing
      // creating its records, and its list would show none: not kept.
      if (scopeParams.length > 0) continue;
      const field = listed.idField;
      const fieldSchema = recordProperties(listed.schema)[field];
      const idSchema = (fieldSchema && !('$ref' in fieldSchema) ? fieldSchema : undefined) ?? paramSchema;
      collection = {
        path,
        itemPath,
        idParam,
        idField: field,
        idSchema,
        paramSchema,
        scopeParams,
        schema: listed.schema,
        noun,
      };
      out.bindings.set(list!.id, { kind: 'list', collection, shape: listed.shape });
    } else {
      // The runner's own evidence that a parameter names something that may not exist
      // (conformance/cases/unknown-id.ts, rule 4): an item read under a named collection that documents 404.
      // Scoped (Clerk's `/v1/enterprise_connections/{id}/test_runs/{testRunID}`), it holds nothing:
      // every id there is one the mock never issued (`Prefer: code=200` still gets a 200).
      const last = path.slice(path.lastIndexOf('/') + 1);
      if (!read || read.responses['404'] === undefined || last === '' || last.includes('{')) continue;
      const idSchema = paramSchema ?? { type: 'string' as const };
      const schema: Schema = { type: 'object', required: [idParam], properties: { [idParam]: idSchema } };
      collection = { path, itemPath, idParam, idField: idParam, idSchema, paramSchema, scopeParams, schema, noun };
    }
    out.collections.push(collection);
    const answer = successSchema(read);
    if (read && answer && isObjectSchema(answer) && sameShape(answer, collection.schema))
      out.bindings.set(read.id, { kind: 'read', collection });
    else if (read)
      out.reasons.set(
        read.id,
        `GET ${itemPath} answers no record ${listed ? `GET ${path} lists` : 'to keep'}: it answers 404 for any ${idParam} the mock never issued, a generated body for one it holds`,
      );
    if (remove) out.bindings.set(remove.id, { kind: 'delete', collection });
  }
  return out;
}

/** The record schema a list answer shows (an array of objects, or one array member of a wrapper) when its records carry the identifier. */
export function listedRecords(
  answer: Schema | undefined,
  idParam: string,
  noun: string,
): { schema: Schema; idField: string; shape: NonNullable<ReturnType<typeof listShape>> } | undefined {
  if (!answer) return undefined;
  // A 3.1 list that may be null (`type: [array, "null"]`, Discord's `/users/@me/guilds`) is still a list.
  const flat = mergeAllOf(lowered(answer));
  const items = (s: Schema | OpenAPIV3.ReferenceObject | undefined): Schema | undefined =>
    s && !('$ref' in s) && s.type === 'array' && 'items' in s && !('$ref' in s.items) ? s.items : undefined;
  const candidates = [items(flat), ...Object.values(flat.properties ?? {}).map(items)].filter(
    (s): s is Schema => s !== undefined,
  );
  for (const record of candidates) {
    if (!isObjectSchema(record)) continue;
    const shape = listShape(answer, record);
    const idField = identifierProperty(record, idParam, noun, undefined, []);
    if (shape && idField !== undefined) return { schema: record, idField, shape };
  }
  return undefined;
}

/** A POST on an action of the collection itself (Docker's `POST /plugins/pull`, `/plugins/create` beside `/plugins/{name}`): it makes items. */
function createdBeside(contract: Contract, path: string): boolean {
  const prefix = path === '/' ? '/' : `${path}/`;
  return contract.operations.some(
    (op) =>
      op.method === 'post' &&
      op.path.startsWith(prefix) &&
      !op.path.slice(prefix.length).includes('/') &&
      !op.path.slice(prefix.length).startsWith('{'),
  );
}

/** A POST without path parameters on a collection named like the parameter (`guild_id` → `/guilds`): its items have that identifier too. */
function createdElsewhere(contract: Contract, idParam: string): boolean {
  const base = /^(.+?)(?:Id|_id|ID)$/
    .exec(idParam)?.[1]
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (!base) return false;
  const names = new Set([base, `${base}s`, `${base}es`, base.replace(/y$/, 'ies')]);
  return contract.operations.some(
    (op) =>
      op.method === 'post' &&
      !op.path.includes('{') &&
      names.has((collectionNameOf(op.path) ?? '').toLowerCase().replace(/[^a-z0-9]/g, '')),
  );
}
