import { mergeAllOf } from '../schema-views.js';
import { resourcePath } from '../path-template.js';
import type { Contract, Operation } from '../types.js';
import type { MoreResources } from './lookups.js';
import { isItemPath } from './items.js';
import { isObjectSchema, recordProperties, successSchema, type Binding, type Collection } from './model.js';
import { namesRecord } from './envelopes.js';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * Single resources (README "Any contract: the generic engine", "Single resources"): a path whose
 * last segment is no parameter, with a `GET` answering an object record and a `PUT` or `PATCH`
 * whose body is an object (Discord: `PUT`/`GET /users/@me/applications/{application_id}/role-connection`,
 * `PATCH`/`GET /users/@me`). There is one record per scope (the path's parameters): `PUT` stores
 * what it sends (RFC 9110 §9.3.4: the state is replaced by the enclosed representation), `GET` reads
 * it back, `PATCH` merges, `DELETE` removes it (a read after that is the documented 404). A scope
 * nothing wrote yet starts with a record generated from the schema, as a collection's seeds do.
 */
export function inferSingletons(
  contract: Contract,
  collections: readonly Collection[],
  bindings: ReadonlyMap<string, Binding>,
  on: (path: string, method: string) => Operation | undefined,
): MoreResources {
  const out: MoreResources = { collections: [], bindings: new Map(), reasons: new Map() };
  for (const path of new Set(contract.operations.map((op) => op.path))) {
    const segments = path.split('/');
    if (isItemPath(path) || collections.some((c) => c.path === resourcePath(path) || c.itemPath === path)) continue;
    const ops = contract.operations.filter((op) => op.path === path);
    if (ops.some((op) => bindings.has(op.id))) continue;
    const read = on(path, 'get');
    const schema = successSchema(read);
    if (!read || !isObjectSchema(schema)) continue;
    const writes = (['put', 'patch'] as const)
      .map((method) => on(path, method))
      .filter((op): op is Operation => op !== undefined && objectBody(op));
    if (writes.length === 0) continue;
    // A GET whose answer depends on its query (Pinterest's `GET /ad_accounts/{id}/keywords?campaign_id=…`)
    // is a search, not one resource; a query parameter every write of the path declares too (Azure's
    // required `api-version` on the GET, PUT and PATCH of `…/extendedInformation/vaultExtendedInfo`)
    // names the interface, not a subset of it.
    const shared = (name: string): boolean =>
      writes.every((w) => w.parameters.some((p) => p.in === 'query' && p.name === name));
    if (read.parameters.some((p) => p.in === 'query' && !shared(p.name))) continue;
    const noun =
      segments
        .filter((s) => s !== '' && !s.includes('{'))
        .at(-1)
        ?.replace(/^@/, '') ?? 'resource';
    const scopeParams = [...path.matchAll(/\{([^}]+)\}/g)].map((p) => p[1]!);
    const wrapped = envelopeOf(schema, writes, noun);
    const collection: Collection = {
      path,
      itemPath: path,
      idParam: '',
      idField: undefined,
      idSchema: undefined,
      paramSchema: undefined,
      scopeParams,
      schema: wrapped?.schema ?? schema,
      noun,
      singleton: true,
      ...(wrapped ? { envelope: wrapped.property } : {}),
    };
    out.collections.push(collection);
    out.bindings.set(read.id, { kind: 'read', collection });
    for (const op of writes) out.bindings.set(op.id, { kind: op.method === 'put' ? 'replace' : 'patch', collection });
    const remove = on(path, 'delete');
    if (remove) out.bindings.set(remove.id, { kind: 'delete', collection });
  }
  return out;
}

/** Whether a write sends an object (JSON or form), the record's fields, rather than a list or a file. */
function objectBody(op: Operation): boolean {
  const schemas = Object.values(op.requestBody?.content ?? {}).map((media) => media.schema);
  return schemas.some((s) => s !== undefined && !('$ref' in s) && isObjectSchema(mergeAllOf(s)));
}

/**
 * The member of a single resource's read that holds the record, where the read answers one object
 * member and nothing else (AWS REST-JSON: `GET …/programmable-numbers/proxy` answers `{Proxy: {…}}`,
 * `PUT` sending the proxy's own fields, flat): the member named for the resource, or the one whose
 * fields take every field each write sends (flat, or in that same member). Where a write requires
 * fields, those decide: its optional members may be the request's alone (AWS's idempotency
 * `clientToken` beside amp's `logGroupArn`, read back as `{loggingConfiguration: {logGroupArn, …}}`).
 * The writes then store the record, and the read answers it in its member, as the collections'
 * envelopes (model.ts envelopeOf).
 */
function envelopeOf(
  answer: OpenAPIV3.SchemaObject,
  writes: readonly Operation[],
  noun: string,
): { property: string; schema: OpenAPIV3.SchemaObject } | undefined {
  const members = Object.entries(mergeAllOf(answer).properties ?? {});
  // The one object member, alone or beside plain values only (AWS QuickSight's `{AccountSettings,
  // RequestId, Status}` of `GET …/settings`: the request's id and the HTTP status, no part of the record).
  const objects = members.filter(([, sub]) => !('$ref' in sub) && isObjectSchema(sub));
  const besidePlain =
    objects.length === 1 && members.every(([name, sub]) => name === objects[0]![0] || plainScalar(sub));
  const only = members.length === 1 ? members[0]! : besidePlain ? objects[0]! : undefined;
  if (only === undefined || '$ref' in only[1] || !isObjectSchema(only[1])) return undefined;
  const [property, schema] = only;
  // Beside other members, the fields the writes send decide (below), never the member's name alone.
  if (members.length === 1 && namesRecord(property, noun)) return { property, schema };
  const fields = recordProperties(schema);
  const takes = (op: Operation): boolean =>
    Object.values(op.requestBody?.content ?? {}).some((media) => {
      const body = media.schema;
      if (body === undefined || '$ref' in body) return false;
      const own = recordProperties(body);
      const inner = Object.keys(own).length === 1 ? own[property] : undefined;
      const shape = inner && !('$ref' in inner) && isObjectSchema(inner) ? inner : body;
      const sent = Object.keys(recordProperties(shape));
      const required = (mergeAllOf(shape).required ?? []).filter((name) => sent.includes(name));
      const deciding = required.length > 0 ? required : sent;
      return deciding.length > 0 && deciding.every((name) => name in fields);
    });
  return writes.every(takes) ? { property, schema } : undefined;
}

/** A schema of one plain value (a string, number, integer or boolean), no object or array. */
function plainScalar(schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): boolean {
  if ('$ref' in schema) return false;
  const type = mergeAllOf(schema).type;
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean';
}
