import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from '../guards.js';
import { valueSchema } from '../params/index.js';
import { jsonContent } from '../media.js';
import { lowered } from '../schema-2020.js';
import { anyProperties, mergeAllOf } from '../schema-views.js';
import { requestPath, resourcePath } from '../path-template.js';
import type { Contract, Operation } from '../types.js';
import { operationIndex } from '../operation-index.js';
import { groupBy } from '../group-by.js';
import {
  type EnvelopeMember,
  identifiersMember,
  listMember,
  namesCollection,
  namesRecord,
  nounStem,
} from './envelopes.js';
import { collectionNameOf, isItemPath, itemSegment } from './items.js';
import { linkSource } from './links.js';
import {
  addressedField,
  arnFieldOf,
  describedField,
  normalName,
  nounedField,
  qualifiedField,
  trailingWords,
} from './vocabulary.js';
import { inferLookups, listedRecords } from './lookups.js';
import { referenceBase } from './references.js';
import { inferSingletons } from './singletons.js';
import { documentedAnswerSchema } from './example-shape.js';
import { resultBesideId } from './result-envelope.js';
import { listsPlainIdentifiers, pageFigure } from './plain-identifiers.js';

type Schema = OpenAPIV3.SchemaObject;

/** A collection of records the generic engine keeps: `POST /things` + `/things/{thingId}`. */
export interface Collection {
  /** The collection path template as written (`/things`, `/Accounts/{AccountSid}/Calls.json`). */
  readonly path: string;
  /** The item path template (`/things/{thingId}`). */
  readonly itemPath: string;
  /** The item path's identifier parameter (`thingId`). */
  readonly idParam: string;
  /** The record field that holds the identifier, when the schema, a link or the parameter names one. */
  readonly idField: string | undefined;
  /** The identifier's schema (the field's, else the path parameter's). */
  readonly idSchema: Schema | undefined;
  /** The item path parameter's schema: an identifier must fit it too, or its record cannot be addressed. */
  readonly paramSchema: Schema | undefined;
  /** Path parameters of the collection itself: records live in the scope of their values (`AccountSid`). */
  readonly scopeParams: readonly string[];
  /** The record schema (as GET of an item answers it). */
  readonly schema: Schema;
  /** A short name for messages (`thing`). */
  readonly noun: string;
  /** One record per scope at the collection's own path (`PUT`/`GET /users/@me/role-connection`): `singletons.ts`. */
  readonly singleton?: boolean;
  /**
   * The answer's property that holds the record, when the answers wrap it beside other members
   * (Clerk: `{response: EmailAddress, client: Client}`); `schema` is then that property's schema.
   */
  readonly envelope?: string;
  /**
   * Where the envelope's member wraps the record once more, in its one member (chaingateway's
   * `{data: {ipn: {id, …}}, message, ok, status}`): that inner member; `schema` is then its schema.
   */
  readonly envelopeInner?: string;
  /**
   * The answers name the identifier at their top beside `envelope` rather than in the record
   * (Flask-AppBuilder's `{id, result: Record}`, result-envelope.ts): `idField` is that top member.
   */
  readonly idBeside?: true;
  /**
   * Where a record sent whole names itself in a member of its own, the item parameter's field there
   * (Kubernetes' `metadata.name` under `…/{name}`; the record has no `idField`): the create keeps it under that value.
   */
  readonly idWithin?: { readonly member: string; readonly field: string };
}

/** Where the array sits in a list response: the body itself, or one property of an object (`{data: [...]}`). */
export type ListShape =
  | {
      readonly kind: 'array';
      readonly itemMember?: string;
      /** As the wrapped kind's: the field a listed item carries the identifier in (a record that names none). */
      readonly itemId?: string;
      /** As the wrapped kind's: the array holds the records' identifiers alone (pinecone's `[CollectionName]`). */
      readonly identifiers?: true;
    }
  | {
      readonly kind: 'wrapped';
      readonly property: string;
      /** The object that holds the array (and the page's numbers beside it). */
      readonly wrapper: Schema;
      /**
       * Where the answer wraps that object in one member of its own (express-zod-api's
       * `{status, data: {orders, total, limit, offset}}`): the member and the whole answer's schema.
       */
      readonly within?: { readonly member: string; readonly answer: Schema };
      /**
       * The field a listed item carries the record's identifier in, where the list's items name it
       * otherwise than the record (AWS: `ApplicationSummary.id` for `Application.applicationId`).
       */
      readonly itemId?: string;
      /** The list holds the records' identifiers alone (GoDaddy's `{ticketIds: [string], pagination}`). */
      readonly identifiers?: true;
      /** Each listed item wraps the record under this one member (adyen's `{data: [{PaymentMethod: {id, …}}]}`). */
      readonly itemMember?: string;
    };

/**
 * The page a list answer's value holds where its shape says: the value itself for a bare array, else
 * the shape's property (inside its `within` member, where it has one). Undefined where that is no
 * array. One reading for the mock (documented records) and the runner (page reads, listed ids).
 */
export function pageIn(shape: ListShape, value: unknown): unknown[] | undefined {
  if (shape.kind === 'array') return Array.isArray(value) ? value : undefined;
  const holder = shape.within === undefined ? value : isRecord(value) ? value[shape.within.member] : undefined;
  const page = isRecord(holder) ? holder[shape.property] : undefined;
  return Array.isArray(page) ? page : undefined;
}

export type Binding =
  | { readonly kind: 'list'; readonly collection: Collection; readonly shape: ListShape }
  | { readonly kind: 'create' | 'read' | 'delete'; readonly collection: Collection }
  /** `idInBody`: the operation is on the collection path and the body names the record (`PUT /pet {"id": 7, …}`). */
  | { readonly kind: 'replace' | 'patch'; readonly collection: Collection; readonly idInBody?: boolean };

export interface GenericModel {
  readonly collections: readonly Collection[];
  /** Stateful operations by operationId; the others answer from examples or schemas. */
  readonly bindings: ReadonlyMap<string, Binding>;
  /** Why each other operation answers without state (operationId → reason), for `/__mock/engine` and `X-Mock-Stateless`. */
  readonly stateless: ReadonlyMap<string, string>;
}

/**
 * The schema one identifier in an item path parameter must fit: the parameter's, or its items' where
 * the parameter takes a list (OAS 3.0.3 §4.7.12.4 `style: simple`, `/groups/{ID}` with `ID` an array
 * of integers: `/groups/1,2` reads two, `/groups/1` one), so an issued id is one the path can carry.
 * The parameter's schema is its `schema` or its `content` entry's (valueSchema, OAS 3.0.3 §4.7.12).
 */
export function addressSchema(parameter: OpenAPIV3.ParameterObject | undefined): Schema | undefined {
  // A parameter given by `content` (telnyx.com's `*/*` uuid `id`) states it there: read only as
  // `schema`, the mock issued ids its own read refused (created-id-read-by-content-param.yaml).
  const written = parameter ? valueSchema(parameter) : undefined;
  const schema = written && !('$ref' in written) ? written : undefined;
  if (schema?.type !== 'array') return schema;
  return schema.items && !('$ref' in schema.items) ? schema.items : undefined;
}

/**
 * The first 2xx JSON response schema of an operation, if it has one: an exact code first, else the
 * `2XX` range (OAS 3.0.3 §4.7.16: a range stands for every code in it; Ably documents only `2XX`),
 * else `default` where the operation lists refusals alone (it covers every status not listed, a 2xx
 * included: openchannel's `400` and `default` "OK"), as the mock answers it (core/respond.ts).
 */
export function successSchema(operation: Operation | undefined): Schema | undefined {
  if (!operation) return undefined;
  const keys = Object.keys(operation.responses);
  for (const status of [
    ...keys.filter((s) => /^2\d\d$/.test(s)).sort(),
    ...keys.filter((s) => /^2XX$/i.test(s)),
    ...(keys.some((s) => /^[123]/.test(s)) ? [] : keys.filter((s) => s === 'default')),
  ]) {
    // An answer of one item documented by its example alone is read by the example's shape
    // (example-shape.ts). A list's or a create's example shows one page or one answer, too little to
    // tell its paging, filters or the record the create keeps: those stay answered from the example.
    const schema = documentedAnswerSchema(operation.responses[status]?.content, {
      ranges: true,
      fallback: isItemPath(operation.path),
    });
    if (schema) return schema;
  }
  return undefined;
}

/**
 * The properties a record of this schema may have: its own (allOf merged), and those of its
 * `oneOf`/`anyOf` alternatives (Pinterest's feeds, Lob's letters: one object shape per kind), the
 * merged ones winning a name both declare.
 */
export function recordProperties(schema: Schema): Record<string, Schema | OpenAPIV3.ReferenceObject> {
  const merged = mergeAllOf(schema).properties ?? {};
  if (!schema.oneOf && !schema.anyOf && !mergeAllOf(schema).oneOf && !mergeAllOf(schema).anyOf) return merged;
  return { ...Object.fromEntries(anyProperties(schema)), ...merged };
}

export function isObjectSchema(schema: Schema | undefined): schema is Schema {
  if (!schema) return false;
  const view = mergeAllOf(schema);
  return (view.type === 'object' || view.type === undefined) && Object.keys(recordProperties(schema)).length > 0;
}

/** The identifier field: a link of the create response, else a property named like the parameter, else `id`. */
export function identifierProperty(
  schema: Schema,
  idParam: string,
  noun: string,
  create: Operation | undefined,
  itemOps: readonly Operation[],
): string | undefined {
  const properties = recordProperties(schema);
  // OAS 3.0.3 §4.7.20: a link from the create response to an item operation names the field that carries the id.
  for (const response of Object.values(create?.responses ?? {})) {
    for (const link of Object.values(response.links ?? {})) {
      if ('$ref' in link || !itemOps.some((op) => op.id === link.operationId)) continue;
      const source = linkSource(link.parameters?.[idParam]);
      const field = source?.from === 'body' && source.pointer.length === 1 ? source.pointer[0]! : undefined;
      if (field !== undefined && field in properties) return field;
    }
  }
  // An object member is no identifier, whatever its name: it is the record wrapped (digitalocean's
  // `{floating_ip: {ip, …}}` under `/floating_ips/{floating_ip}`; envelopeOf finds it there) or another.
  const names = Object.keys(properties).filter((name) => {
    const sub = properties[name];
    return !(sub && !('$ref' in sub) && isObjectSchema(sub));
  });
  return (
    names.find((n) => n === idParam) ??
    names.find((n) => normalName(n) === normalName(idParam)) ??
    // A parameter of several words whose last is a field (appcenter's `/orgs/{org_name}` over a
    // record with `id` and `name`; GitHub's `{team_slug}`): that field, before an `id` the path does
    // not carry (vocabulary.ts addressedField, as the runner reads a value).
    addressedField(idParam, names) ??
    // `/sets/{set}/{cardLocalId}` over `{id, localId}`: no literal names the cards, the parameter does.
    (nounInParameter(itemOps) ? nounedField(idParam, names) : undefined) ??
    names.find((n) => n === 'id') ??
    names.find((n) => normalName(n) === 'id') ??
    // `/clients/{id}` with `client_id`: the noun and the parameter together.
    names.find((n) => normalName(n) === normalName(noun) + normalName(idParam)) ??
    // `/invoices/{id}` with `entity_id` beside `order_id`, `billing_address_id`, … (Magento's records,
    // its EAV `entity_id`): the field named for the record itself, where no field is named for its noun.
    (normalName(idParam) === 'id' ? names.find((n) => normalName(n) === 'entityid') : undefined) ??
    // `/jobs/{id}` over `{uuid, parent_uuid, title}` and no `id` (dataatwork): the field named for
    // what it is, the record's Universally Unique IDentifier (RFC 9562), as the runner reads a value
    // (roles.ts identifierField); a record kept under an id no field shows can never be read back.
    (normalName(idParam) === 'id' ? names.find((n) => normalName(n) === 'uuid') : undefined) ??
    // `/gift-wrappings/{id}` with `wrapping_id` (magento): the noun's trailing words and `id`.
    (normalName(idParam) === 'id'
      ? names.find((n) => normalName(n).endsWith('id') && trailingWords(noun).includes(normalName(n).slice(0, -2)))
      : undefined) ??
    // `/profilingGroups/{profilingGroupName}` with `name` (AWS): the parameter is the noun and the field.
    names.find((n) => normalName(noun) + normalName(n) === normalName(idParam)) ??
    // The parameter is the noun and `id`, over a field named the noun alone (digitalocean's
    // `/functions/namespaces/{namespace_id}` over `{namespace: "fn-…", uuid, key, label, …}`).
    names.find((n) => normalName(n) === normalName(noun) && `${normalName(n)}id` === normalName(idParam)) ??
    // The same with the noun shortened (`/mailboxes/{mailboxName}` over `name`, its noun `mailboxe`;
    // AWS's `/network-analyzer-configurations/{ConfigurationName}` over `Name`): the parameter is a
    // part of the noun, its start or its end, followed by the field as whole words of it (never the
    // letters a word happens to end with: chaingateway's `{webhook}` is not `web` + `ok`).
    names.find((n) => {
      const param = normalName(idParam);
      const field = normalName(n);
      const part = param.slice(0, -field.length);
      const whole = normalName(noun);
      return (
        field !== '' &&
        part.length > 2 &&
        // (`photoID` over `OID` stays: both end with the word id)
        (trailingWords(idParam).includes(field) ||
          (trailingWords(idParam).at(-1) === 'id' && param.endsWith(field) && field.endsWith('id'))) &&
        (whole.startsWith(part) || whole.endsWith(part))
      );
    }) ??
    // `{name}` over the one field qualifying it (gitea's push mirrors: `remote_name`, beside the
    // `{repo}`'s `repo_name`; vocabulary.ts qualifiedField, as the runner reads a value).
    qualifiedField(idParam, names, otherPathParams(itemOps, idParam), textsOf(itemOps, idParam)) ??
    // The parameter's own description says it carries the record's name (AWS's `/projects/{project}`:
    // "The name or ARN of the project", over a `Project {arn, name, …}` with no `id`): that field.
    names.find((n) => normalName(n) === 'name' && describedAsName(itemOps, idParam)) ??
    // Or names the field another way (Bitbucket's `{workspace}`, "the workspace ID (slug) or the
    // workspace UUID", over `{slug, uuid, name}` and no `id`): the first addressing field it writes.
    describedField(paramDescription(itemOps, idParam), names) ??
    // A field named for what it is, the record's required `identifier` (Akeneo's products under
    // `/products/{code}`), where nothing else is named like the parameter or `id`.
    names.find((n) => normalName(n) === 'identifier' && (mergeAllOf(schema).required ?? []).includes(n)) ??
    // A field named for what it is, the record's required `key` (GitHub's licenses: `/licenses/{license}`
    // over `{key: "mit", name, spdx_id, …}`, all required), where nothing else names the record: as
    // `identifier` above. Not one the record may lack (bitbucket's deploy key `key`, the key's text).
    names.find((n) => normalName(n) === 'key' && (mergeAllOf(schema).required ?? []).includes(n)) ??
    // A `key`, `uuid` or `sid` field the create answers alone, the reference to what it made (data2crm's
    // `POST /user` answers `{key}`, the `InternalUserEntity`'s "User Key"; RFC 9110 §15.3.2).
    names.find((n) => /^(key|uuid|sid)$/i.test(n) && createAnswersOnly(create) === n) ??
    // AWS's `{appBundleIdentifier}` ("the Amazon Resource Name (ARN) or Universally Unique Identifier
    // (UUID) of the app bundle") over a record with neither that field nor `id`: its ARN names it.
    names.find((n) => arnFieldOf(idParam, n))
  );
}

/** Whether the item path's segment before its identifier is a parameter (`/sets/{set}/{cardLocalId}`): no literal names the records. */
function nounInParameter(itemOps: readonly Operation[]): boolean {
  const segment = itemOps[0]?.path.split('/').at(-2);
  return segment !== undefined && /^\{[^}]+\}$/.test(segment);
}

/** Whether the identifier parameter's description begins by calling it the record's name (`The name or ARN of …`). */
function describedAsName(itemOps: readonly Operation[], idParam: string): boolean {
  return itemOps.some((op) =>
    /^(the )?name\b/i.test(op.parameters.find((p) => p.in === 'path' && p.name === idParam)?.description?.trim() ?? ''),
  );
}

/** The identifier parameter's description, from the first item operation that gives one. */
function paramDescription(itemOps: readonly Operation[], idParam: string): string | undefined {
  for (const op of itemOps) {
    const text = op.parameters.find((p) => p.in === 'path' && p.name === idParam)?.description;
    if (text !== undefined) return text;
  }
  return undefined;
}

/** What the item operations say of themselves and of the identifier parameter: summaries and descriptions. */
function textsOf(itemOps: readonly Operation[], idParam: string): string[] {
  return itemOps
    .flatMap((op) => [op.summary, op.parameters.find((p) => p.in === 'path' && p.name === idParam)?.description])
    .filter((text): text is string => text !== undefined);
}

/** The path parameters of the item operations other than the identifier's (the scope's: `{owner}`, `{repo}`). */
function otherPathParams(itemOps: readonly Operation[], idParam: string): string[] {
  return [...new Set(itemOps.flatMap((op) => [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)))].filter(
    (name) => name !== idParam,
  );
}

/** The one member of a create's first documented 2xx JSON answer, where it has exactly one. */
function createAnswersOnly(create: Operation | undefined): string | undefined {
  for (const [status, response] of Object.entries(create?.responses ?? {})) {
    if (!/^2/.test(status)) continue;
    const answer = jsonContent(response.content)?.schema;
    if (!answer) return undefined;
    const members = Object.keys(recordProperties(answer));
    return members.length === 1 ? members[0] : undefined;
  }
  return undefined;
}

/**
 * The member of an answer that holds the record, when the answer itself names no identifier:
 * the one object property with an identifier field whose properties take every field the
 * create's body sends (Clerk: `POST /me/email_addresses {email_address}` answers
 * `{response: EmailAddress, client: Client}`; both members have an `id`, only `response` takes
 * `email_address`). Where nothing creates the record, the one member with an identifier field.
 */
function envelopeOf(
  answer: Schema,
  idParam: string,
  noun: string,
  create: Operation | undefined,
  itemOps: readonly Operation[],
  name: string | undefined,
): { property: string; schema: Schema; inner?: string } | undefined {
  const bodies = Object.values(create?.requestBody?.content ?? {})
    .map((media) => media.schema)
    .filter((s): s is Schema => s !== undefined && !('$ref' in s));
  const sent = bodies.flatMap((s) => Object.keys(recordProperties(s)));
  const members = Object.entries(mergeAllOf(answer).properties ?? {});
  // The answer is one object member named for one record of the collection (AWS REST-JSON:
  // `{segment: Segment}` of `/segments/{segment}`, `{ChannelMembership: …}` of
  // `/memberships/{memberArn}`): the record in an envelope, though no field of it names the item
  // parameter (evidently's segment is read by its ARN, a membership by its member's `Member.Arn`).
  const named = members.length === 1 ? members[0]! : undefined;
  if (named !== undefined && !('$ref' in named[1]) && isObjectSchema(named[1]) && namesRecord(named[0], name))
    return { property: named[0], schema: named[1] };
  // The object members with an identifier field of their own.
  const holders = Object.entries(mergeAllOf(answer).properties ?? {}).filter(
    (entry): entry is [string, Schema] =>
      !('$ref' in entry[1]) &&
      isObjectSchema(entry[1]) &&
      identifierProperty(entry[1], idParam, noun, undefined, itemOps) !== undefined,
  );
  const onlyHolder =
    holders.length === 1
      ? { property: holders[0]![0], schema: holders[0]![1] }
      : deeperHolder(answer, idParam, noun, itemOps);
  if (sent.length === 0) {
    // Nothing creates the record (a read-only collection: Amadeus's `{data: Activity, meta}`,
    // Apideck's `{status_code, status, data: Api}`): the one object member with an identifier
    // field holds it. Two such members leave nothing to tell them apart by, so none.
    if (create?.requestBody !== undefined) return undefined;
    return onlyHolder;
  }
  // A body that wraps the record in the same one member as the answers (JSON:API 1.1 §7.1: `{data:
  // {type, attributes}}` sent, `{data: {id, type, attributes}}` answered) sends the member's fields.
  const sentIn = (member: string): string[] =>
    bodies.flatMap((s) => {
      const own = recordProperties(s);
      const inner = Object.keys(own).length === 1 ? own[member] : undefined;
      return Object.keys(inner && !('$ref' in inner) && isObjectSchema(inner) ? recordProperties(inner) : own);
    });
  // The answer is that one member and nothing else (AWS: `{profilingGroup: ProfilingGroupDescription}`,
  // the create sending `profilingGroupName` where the record says `name`): it holds the record.
  const only = members.length === 1 ? members[0]! : undefined;
  if (
    only !== undefined &&
    !('$ref' in only[1]) &&
    isObjectSchema(only[1]) &&
    identifierProperty(only[1], idParam, noun, undefined, itemOps) !== undefined
  )
    return { property: only[0], schema: only[1] };
  const candidates = members.filter((entry): entry is [string, Schema] => {
    const sub = entry[1];
    if (
      '$ref' in sub ||
      !isObjectSchema(sub) ||
      identifierProperty(sub, idParam, noun, undefined, itemOps) === undefined
    )
      return false;
    const properties = recordProperties(sub);
    return sentIn(entry[0]).every((name) => name in properties);
  });
  if (candidates.length === 1) return { property: candidates[0]![0], schema: candidates[0]![1] };
  // No member takes every field sent, because the body carries members of the request rather than
  // of the record (Square's `{idempotency_key, customer}` answered `{customer, errors}`, Open
  // Banking's `{Data, Risk}` answered `{Data, Links, Meta}`, Sakari's `{data: {id}, success}`):
  // the one object member with an identifier field is the record, as where nothing creates it.
  // Two such members (Clerk's `{response, client}`) are told apart only by the fields sent, above.
  // A body that sends, beside that member, the answer's own fields is the record itself, whose
  // identifier sits in a member of its own (Kubernetes: `{apiVersion, kind, metadata: {name}, spec}`
  // sent and answered under `…/{name}`): the member is part of the record, no wrapper of it. The
  // members a document wraps any record in (JSON:API 1.1 §7.1's `meta`, `links`; HAL's) are not
  // fields of the record.
  if (onlyHolder !== undefined && candidates.length === 0 && sentBeside(answer, sent, onlyHolder.property))
    return undefined;
  return candidates.length === 0 ? onlyHolder : undefined;
}

/** Whether a create's body sends, beside `member`, fields of the answer itself (not a document's members). */
function sentBeside(answer: Schema, sent: readonly string[], member: string): boolean {
  const answered = recordProperties(answer);
  return sent.some((name) => name !== member && name in answered && !DOCUMENT_MEMBERS.has(name));
}

/**
 * The member of a record sent whole that names it (envelopeOf's rule above: Kubernetes'
 * `{apiVersion, kind, metadata: {name, …}, spec}` under `…/{name}`): the one object member holding
 * a field named as the item parameter, where the create's body sends that member and others of the
 * record beside it. A field merely called `id` in a member (an `author: {id}`) names another record.
 */
function identifierWithin(
  answer: Schema,
  idParam: string,
  create: Operation | undefined,
): { member: string; field: string } | undefined {
  const sent = Object.values(create?.requestBody?.content ?? {})
    .map((media) => media.schema)
    .filter((s): s is Schema => s !== undefined && !('$ref' in s))
    .flatMap((s) => Object.keys(recordProperties(s)));
  const holders = Object.entries(mergeAllOf(answer).properties ?? {}).flatMap(([member, sub]) => {
    if ('$ref' in sub || !isObjectSchema(sub)) return [];
    const field = Object.keys(recordProperties(sub)).find((name) => normalName(name) === normalName(idParam));
    return field === undefined ? [] : [{ member, field }];
  });
  const only = holders.length === 1 ? holders[0]! : undefined;
  return only && sent.includes(only.member) && sentBeside(answer, sent, only.member) ? only : undefined;
}

const withinOf = (
  answer: Schema,
  idParam: string,
  create: Operation | undefined,
): { idWithin?: { member: string; field: string } } => {
  const within = identifierWithin(answer, idParam, create);
  return within === undefined ? {} : { idWithin: within };
};

/** Top-level members of a document beside its record (JSON:API 1.1 §7.1; HAL's `_links`, `_embedded`). */
const DOCUMENT_MEMBERS = new Set(['meta', 'links', 'included', 'jsonapi', 'errors', '_links', '_embedded']);

/**
 * The record of an answer that is a list of it in a one-member envelope (daniweb's `GET /groups/{ID}`,
 * "Fetch an array of groups", `{data: [Group]}`; sendgrid's `GET /contactdb/recipients/{recipient_id}`,
 * `{recipients: [recipient]}`): the member, and its items' schema where they carry an identifier. The
 * answer is that member holding the one record (handlers.ts answers `{data: [record]}`).
 */
function listOfOneEnvelope(
  answer: Schema,
  idParam: string,
  noun: string,
  itemOps: readonly Operation[],
  create: Operation | undefined,
): { property: string; schema: Schema; inner?: string } | undefined {
  const members = Object.entries(mergeAllOf(answer).properties ?? {});
  const arrays = members.filter(([, sub]) => !('$ref' in sub) && mergeAllOf(lowered(sub)).type === 'array');
  // Beside the list, plain values and a document's own members only (exavault's `{data: [Webhook],
  // included, responseStatus}`, JSON:API 1.1 §7.1 primary `data` beside `included`), the list named
  // `data`: an array of sub-records beside a record's fields is no envelope, nor a page of the
  // remaining ones (GitHub's `{total_count, labels}` answering a label's removal).
  const besideOnly = members.every(
    ([name, sub]) => arrays.some(([list]) => list === name) || DOCUMENT_MEMBERS.has(name) || plainValue(sub),
  );
  const candidates = arrays.filter(([name]) => !DOCUMENT_MEMBERS.has(name));
  if (members.length !== 1 && !(besideOnly && candidates.length === 1)) return undefined;
  const [property, written] = members.length === 1 ? members[0]! : candidates[0]!;
  if ('$ref' in written) return undefined;
  if (members.length !== 1 && property !== 'data') return undefined;
  // Only where something creates the records: a read-only item answering a page beside its status
  // (apideck's `{data: [Payroll], status}` of an employee) is a filtered list, not one record.
  if (members.length !== 1 && create === undefined) return undefined;
  const list = mergeAllOf(lowered(written));
  const items = list.type === 'array' && 'items' in list && !('$ref' in list.items) ? list.items : undefined;
  if (!isObjectSchema(items) || identifierProperty(items, idParam, noun, undefined, itemOps) === undefined)
    return undefined;
  return { property, schema: items };
}

/**
 * The record two members deep, where no member of the answer has an identifier field but exactly one
 * object member holds exactly one object member that has one (chaingateway's `{data: {ipn: {id, url,
 * …}}, message, ok, status}`): the outer member, the inner one and its schema.
 */
function deeperHolder(
  answer: Schema,
  idParam: string,
  noun: string,
  itemOps: readonly Operation[],
): { property: string; inner: string; schema: Schema } | undefined {
  const objects = Object.entries(mergeAllOf(answer).properties ?? {}).filter(
    (entry): entry is [string, Schema] => !('$ref' in entry[1]) && isObjectSchema(entry[1]),
  );
  if (objects.length !== 1) return undefined;
  const [property, outer] = objects[0]!;
  const members = Object.entries(mergeAllOf(outer).properties ?? {});
  const only = members.length === 1 ? members[0]! : undefined;
  if (only === undefined || '$ref' in only[1] || !isObjectSchema(only[1])) return undefined;
  if (identifierProperty(only[1], idParam, noun, undefined, itemOps) === undefined) return undefined;
  return { property, inner: only[0], schema: only[1] };
}

/**
 * The list shape of a GET answer over `items`: an array of them, or an object with one array
 * property of them. On the collection's own path a summary of the record (some of its properties,
 * PayPal's `product_collection_element` beside `product`) lists it too.
 */
export function listShape(written: Schema | undefined, item: Schema, summary?: ListOwner): ListShape | undefined {
  if (!written) return undefined;
  // A 3.1 list that may be null (`type: [array, "null"]`, Discord's scheduled events) is still a list.
  const schema = lowered(written);
  // A list answer written as alternatives of shapes (Vercel's webhooks: a oneOf of two arrays of
  // the record; SoundCloud's paged envelope beside a deprecated bare array): the first alternative
  // that lists the record is the shape the list is written in.
  const alternatives = schema.type === undefined && !schema.properties ? (schema.oneOf ?? schema.anyOf) : undefined;
  for (const alternative of alternatives ?? []) {
    if ('$ref' in alternative) continue;
    const shape = listShape(alternative, item, summary);
    if (shape) return shape;
  }
  const same = (candidate: unknown): boolean =>
    candidate === item ||
    (isRecord(candidate) &&
      !('$ref' in candidate) &&
      isObjectSchema(candidate as Schema) &&
      (sameState(candidate as Schema, item) ||
        (summary !== undefined && subShape(candidate as Schema, item, summary.idField))));
  // Items that wrap the record under one member of their own and nothing else (adyen's
  // `{data: [{PaymentMethod: {id, …}}]}`, the create and the read answering the record itself): the
  // list shows each record inside that member. The member's name, or undefined.
  const wrapping = (candidate: unknown): string | undefined => {
    if (!isRecord(candidate) || '$ref' in candidate || same(candidate)) return undefined;
    const view = mergeAllOf(candidate as Schema);
    if ((view.type !== undefined && view.type !== 'object') || view.oneOf || view.anyOf) return undefined;
    const members = Object.entries(view.properties ?? {});
    return members.length === 1 && same(members[0]![1]) ? members[0]![0] : undefined;
  };
  const itemMember = (items: unknown): { itemMember?: string } => {
    const member = wrapping(items);
    return member === undefined ? {} : { itemMember: member };
  };
  if (schema.type === 'array' && 'items' in schema && (same(schema.items) || wrapping(schema.items) !== undefined))
    return { kind: 'array', ...itemMember(schema.items) };
  // On the collection's own path, a bare array of plain values the item parameter admits lists the
  // records' identifiers (pinecone's `GET /collections`, `[CollectionName]`; plain-identifiers.ts).
  if (
    schema.type === 'array' &&
    'items' in schema &&
    listsPlainIdentifiers(schema.items, summary?.paramSchema, item, summary?.idParam)
  )
    return { kind: 'array', identifiers: true };
  // On the collection's own path, a bare array of summaries with a field of their own beside the
  // record's (bluemix's group list item `Updated_time` where the read says `UpdatedTime`;
  // visiblethread's `{id, name}` beside a read of `{id, completed, paragraphs}`), the identifier in the
  // record's own field. A bare array has no other member to be the page, so the envelope rule's test
  // of fields shared with the record (which picks among an envelope's arrays) is not needed: items
  // carrying the record's identifier on the collection's path list the records.
  if (
    schema.type === 'array' &&
    'items' in schema &&
    summary?.idField !== undefined &&
    isRecord(schema.items) &&
    !('$ref' in schema.items) &&
    isObjectSchema(schema.items) &&
    summary.idField in recordProperties(schema.items)
  )
    return { kind: 'array' };
  const view = mergeAllOf(schema);
  if (view.type !== undefined && view.type !== 'object') return undefined;
  // A member wrapped in `allOf` beside its description (AWS: `{allOf: [{$ref: …List}, {description}]}`) is read merged.
  const arrays = Object.entries(primaryData(view)).filter(([, sub]) => {
    if ('$ref' in sub) return false;
    const merged = mergeAllOf(sub);
    return merged.type === 'array' && 'items' in merged && (same(merged.items) || wrapping(merged.items) !== undefined);
  });
  if (arrays.length === 1) {
    const merged = mergeAllOf(arrays[0]![1] as Schema);
    return {
      kind: 'wrapped',
      property: arrays[0]![0],
      wrapper: schema,
      ...itemMember('items' in merged ? merged.items : undefined),
    };
  }
  if (arrays.length > 0) return undefined;
  // On the collection's own path, the kernel's one envelope rule (envelopes.ts): the one array
  // whose items carry the identifier and look like the record (a summary with fields of its own,
  // AWS's `lastUpdatedAt` beside the record's `lastUpdated`), else the one named like the collection.
  const enveloped = summary === undefined ? undefined : envelopedList(view, item, summary);
  if (enveloped) return { kind: 'wrapped', wrapper: schema, ...enveloped };
  // One level further: an answer that wraps every payload in one member (`{status, data: …}`) wraps
  // the page object too. Both levels hold nothing else but plain values that name no record (a
  // status, a total, a cursor): a record that carries a page of others (Stripe's Account and its
  // `external_accounts`, Clerk's `{response: User, client}`) is not a list of them.
  const properties = Object.entries(view.properties ?? {});
  // A HAL page's `_links` (draft-kelly-json-hal §4.1.1) link pages; they hold no records.
  const members = properties.filter(([name, sub]) => !plainValue(sub) && name !== '_links');
  const member = members.length === 1 ? members[0]![0] : undefined;
  const holder = member === undefined ? undefined : view.properties?.[member];
  if (!holder || '$ref' in holder || properties.some(([name]) => normalName(name) === 'id')) return undefined;
  const inner = listShape(holder, item, summary);
  if (inner?.kind !== 'wrapped' || inner.within !== undefined) return undefined;
  const beside = Object.entries(mergeAllOf(inner.wrapper).properties ?? {}).filter(([name]) => name !== inner.property);
  if (!beside.every(([name, sub]) => plainValue(sub) && normalName(name) !== 'id')) return undefined;
  return { ...inner, within: { member: member!, answer: schema } };
}

/**
 * listShape of one answer over records of other paths (no ListOwner), asked for every collection in
 * turn: without an owner, listShape reads the record only through `same`, its identity or its state
 * names, and for an object schema with state names the identity implies them. So records of one
 * state get one answer, asked once per state and answer schema (Microsoft Graph: thousands of
 * collections, most sharing a record schema, against each of its GETs, many answering one component).
 */
function listShapeByState(answer: Schema | undefined): (item: Schema) => ListShape | undefined {
  if (answer === undefined) return () => undefined;
  let byState = answersByState.get(answer);
  if (!byState) answersByState.set(answer, (byState = new Map()));
  const known = byState;
  return (item) => {
    const state = listState(item);
    if (state === '') return listShape(answer, item);
    if (!known.has(state)) known.set(state, listShape(answer, item));
    return known.get(state);
  };
}

/** listShapeByState's answers by answer schema object (GETs answering one shared component ask once). */
const answersByState = new WeakMap<Schema, Map<string, ListShape | undefined>>();

/** A record's state names as listShapeByState groups it, once per schema object: '' for no object schema (never grouped). */
const listStates = new WeakMap<Schema, string>();
function listState(item: Schema): string {
  let state = listStates.get(item);
  if (state === undefined) {
    state = '$ref' in item || !isObjectSchema(item) ? '' : stateOf(item);
    listStates.set(item, state);
  }
  return state;
}

/** What a GET on a collection's own path knows of the collection: its identifier and its name. */
export interface ListOwner {
  readonly idField: string | undefined;
  /** The item path's parameter and the record's noun (identifierProperty's inputs). */
  readonly idParam?: string;
  readonly noun?: string;
  /** The collection's name (items.ts collectionNameOf: `/reportDefinition` → `reportDefinition`). */
  readonly name?: string;
  /** The item path parameter's schema (Collection `paramSchema`): which plain values can name a record. */
  readonly paramSchema?: Schema;
}

/**
 * The array member of a page object that lists the collection, by the kernel's listMember, and the
 * field its items carry the identifier in where it is not the record's. The page object is not
 * itself a record: one that carries an identifier field (an order with its `lines`) is one record
 * with sub-items, never a list of them.
 */
function envelopedList(
  view: Schema,
  item: Schema,
  owner: ListOwner,
): { property: string; itemId?: string; identifiers?: true } | undefined {
  const entries = Object.entries(view.properties ?? {});
  const idNames = new Set(['id', ...(owner.idField === undefined ? [] : [normalName(owner.idField)])]);
  if (entries.some(([name]) => idNames.has(normalName(name)))) return undefined;
  const described = new Map<string, string | undefined>();
  // The page's only array (`{data: [string], pagination, success}`), beside figures of the page alone:
  // no other member may be the list.
  const written = entries.filter(([, sub]) => !('$ref' in sub) && mergeAllOf(sub).type === 'array');
  const onlyArray = written.length === 1 && entries.every(([name, sub]) => name === written[0]![0] || pageFigure(sub));
  const members = entries.map(([name, sub]): EnvelopeMember => {
    const merged = '$ref' in sub ? undefined : mergeAllOf(sub);
    if (merged?.type !== 'array') return { name, holds: 'other', sharesIdentifier: false };
    const items =
      'items' in merged && merged.items !== undefined && !('$ref' in merged.items) ? merged.items : undefined;
    if (
      items !== undefined &&
      owner.noun !== undefined &&
      plainValue(items) &&
      (identifiersMember(name, owner.noun, owner.idField) ||
        // Or the collection's own name over plain values, where the records have an identifier field
        // (AWS REST-JSON: eks's `{addons: [string], nextToken}` of `/clusters/{name}/addons`, the
        // add-ons' names; sesv2's `{ConfigurationSets: [string], NextToken}`).
        (owner.idField !== undefined && namesCollection(name, owner.name)) ||
        // Or, whatever its name, the page's only array, of values the item parameter admits
        // (apacta's `{data: [string], pagination, success}` of `…/project_files/{project_file_id}`).
        (onlyArray && listsPlainIdentifiers(items, owner.paramSchema, item, owner.idParam)))
    )
      return { name, holds: 'identifiers', sharesIdentifier: false };
    if (items === undefined || !isObjectSchema(items)) {
      // Items that say nothing of themselves (`items: {}`, `{type: object}`) are free to be the records.
      const view = items === undefined ? undefined : mergeAllOf(items);
      const untyped =
        view === undefined ||
        ((view.type === undefined || view.type === 'object') && !view.oneOf && !view.anyOf && !view.properties);
      return { name, holds: untyped ? 'untyped' : 'other', sharesIdentifier: false };
    }
    const own = Object.keys(recordProperties(items));
    const id =
      owner.idField !== undefined && own.includes(owner.idField)
        ? owner.idField
        : owner.idParam === undefined
          ? undefined
          : identifierProperty(items, owner.idParam, owner.noun ?? '', undefined, []);
    described.set(name, id);
    return { name, holds: 'records', sharesIdentifier: id !== undefined && looksLikeRecord(items, item, id) };
  });
  // A page whose one array says nothing of its items (chaingateway's `{ipns: {type: array, items: {}}}`
  // under `/webhooks`) lists the records, however it is named: the runner's pageMember reads the
  // answer's only array as its page all the same.
  const arrays = members.filter((m) => m.holds !== 'other');
  // The page's only array, of records, beside figures of the page alone (AWS's `{assetSummaries,
  // nextToken}`): no other member may be the list (onlyArray), whatever it is named.
  const onlyRecords = onlyArray && arrays.length === 1 && arrays[0]!.holds === 'records' ? arrays[0]!.name : undefined;
  const property =
    listMember(members, owner.name) ??
    (arrays.length === 1 && arrays[0]!.holds === 'untyped' ? arrays[0]!.name : undefined) ??
    onlyRecords;
  if (property === undefined) return undefined;
  const chosen = members.find((m) => m.name === property)!;
  if (chosen.holds === 'identifiers') return beside(members, described, owner) ?? { property, identifiers: true };
  const itemId = described.get(property);
  // Named like the collection but nothing says its items are the records (no identifier, untyped):
  // the stored records are listed as they are only where the items leave them free. Items that carry
  // the record's own identifier field under the collection's name are its summaries, however many
  // fields of their own they have (zoom's `{accounts: [{id, account_name, seats, …}], page_size}`
  // beside the account `{id, owner_email, options, …}`). So are those of the page's only array,
  // whatever it is named, that carry the record's identifier field (iotdeviceadvisor's
  // `{suiteDefinitionInformationList: [{suiteDefinitionId, …}], nextToken}`), or `id` where the record
  // qualifies its identifier by its noun (iotsitewise's `{assetSummaries: [{id, name, arn, …}]}` of
  // `{assetId, assetName, assetArn, …}`: the summary drops the noun from every field).
  const ownSummaries =
    itemId !== undefined &&
    ((itemId === owner.idField && namesCollection(property, owner.name)) ||
      (property === onlyRecords && (itemId === owner.idField || nounQualifiedId(itemId, owner))));
  if (!chosen.sharesIdentifier && chosen.holds !== 'untyped' && !ownSummaries) return undefined;
  return itemId !== undefined && itemId !== owner.idField ? { property, itemId } : { property };
}

/**
 * Whether a listed item's `id` is the record's identifier field with the record's noun dropped: the
 * record says `assetId` (its noun and `id`, iotsitewise's `/assets/{assetId}`), its summary `id`.
 */
function nounQualifiedId(itemId: string, owner: ListOwner): boolean {
  if (normalName(itemId) !== 'id' || owner.idField === undefined) return false;
  const field = normalName(owner.idField);
  return field === `${nounStem(owner.name ?? '')}id` || field === `${normalName(owner.noun ?? '')}id`;
}

/**
 * The records a page lists beside their identifiers alone (Flask-AppBuilder's `{ids: [string],
 * result: [Record], count}`): the one array of records carrying the collection's identifier field
 * is the page, its identifiers a view of it, as the runner reads the answer's value (envelopes.ts
 * listMember takes the array sharing the identifier before one of identifiers).
 */
function beside(
  members: readonly EnvelopeMember[],
  described: ReadonlyMap<string, string | undefined>,
  owner: ListOwner,
): { property: string } | undefined {
  const records = members.filter(
    (m) => m.holds === 'records' && owner.idField !== undefined && described.get(m.name) === owner.idField,
  );
  return records.length === 1 ? { property: records[0]!.name } : undefined;
}

/**
 * Items that look like the record: at least half of their fields other than the identifier `id` are
 * the record's, or they are references to it (referencesRecord).
 */
function looksLikeRecord(items: Schema, item: Schema, id: string): boolean {
  const record = new Set(Object.keys(recordProperties(item)));
  const own = Object.keys(recordProperties(items));
  const shared = own.filter((n) => n !== id && record.has(n));
  return (shared.length > 0 && shared.length * 2 >= own.length - 1) || referencesRecord(own, id);
}

/** Members that link to a resource rather than describe it (RFC 8288 §3.1 target URIs; HAL's `_links`), normalised. */
const LINK_FIELDS = new Set(['uri', 'url', 'href', 'link', 'links', 'self', 'location']);

/**
 * Items that are references to the records: the record's identifier and links to it, nothing else
 * (clickmeter's `{entities: [{id, uri}]}`, an ASP.NET `EntityUri`). A list of references lists the
 * records as surely as their summaries do: every record has its item in it, by its identifier.
 */
function referencesRecord(own: readonly string[], id: string): boolean {
  return own.includes(id) && own.length > 1 && own.every((name) => name === id || LINK_FIELDS.has(normalName(name)));
}

/** A schema of one plain JSON value (a string, number, boolean or null: JSON Schema's primitive types), no object or array. */
function plainValue(schema: Schema | OpenAPIV3.ReferenceObject): boolean {
  if ('$ref' in schema) return false;
  const type: unknown = lowered(schema).type ?? mergeAllOf(schema).type;
  const types = Array.isArray(type) ? type : [type];
  return types.length > 0 && types.every((t) => ['string', 'number', 'integer', 'boolean', 'null'].includes(String(t)));
}

/** A summary of a record: some of its property names and nothing else, the identifier among them. */
function subShape(a: Schema, b: Schema, idField: string | undefined): boolean {
  const whole = new Set(Object.keys(recordProperties(b)));
  const part = Object.keys(recordProperties(a));
  return idField !== undefined && part.includes(idField) && part.every((name) => whole.has(name));
}

/**
 * The members of a page that may hold its records: a JSON:API document's `included` holds resources
 * related to its primary `data`, often of the same type (JSON:API 1.1 §7.1, §7.4 "Compound
 * Documents"), so beside `data` the page is never `included`.
 */
function primaryData(view: Schema): Record<string, Schema | OpenAPIV3.ReferenceObject> {
  const { included: _related, ...members } = view.properties ?? {};
  return 'data' in members ? members : (view.properties ?? {});
}

/** HAL's reserved members (draft-kelly-json-hal §4.1): a resource's links and embedded resources, not its state. */
const HAL_RESERVED = new Set(['_links', '_embedded']);

/** Two object schemas describe the same record when their property names agree, HAL's reserved members aside. */
function sameState(a: Schema, b: Schema): boolean {
  const x = stateOf(a);
  return x !== '' && x === stateOf(b);
}

/**
 * A schema's state names, sorted and joined, computed once per schema object: inference compares
 * every list answer with every collection's record (autotask.net: 30 % of a 24 s start rebuilding
 * these strings).
 */
const states = new WeakMap<Schema, string>();
function stateOf(s: Schema): string {
  let state = states.get(s);
  if (state === undefined) {
    state = Object.keys(recordProperties(s))
      .filter((name) => !HAL_RESERVED.has(name))
      .sort()
      .join(',');
    states.set(s, state);
  }
  return state;
}

/** Two object schemas describe the same record when their property names agree. */
export function sameShape(a: Schema, b: Schema): boolean {
  const x = Object.keys(recordProperties(a)).sort().join(',');
  const y = Object.keys(recordProperties(b)).sort().join(',');
  return x !== '' && x === y;
}

/**
 * Infers the collections of a contract and binds their operations (README: "What the generic
 * engine keeps"):
 * - an item path is one whose last segment is one parameter (items.ts: `/things/{thingId}`, `/Calls/{Sid}.json`);
 *   its collection path is the path without that segment (`/things`, `/Calls.json`);
 * - the record schema is the JSON answer of GET on the item (else of PUT/PATCH on it, else of POST
 *   on the collection), and must be an object with properties;
 * - POST on the collection creates; GET, PUT, PATCH, POST and DELETE on the item read, replace,
 *   patch, patch (form-style updates) and delete;
 * - GET on the collection, or any other GET whose JSON answer is an array of records (or an object
 *   with exactly one such array, `{data: [...]}`), lists them.
 */
export function inferModel(contract: Contract): GenericModel {
  // Keyed by the resource path (path-template.ts): `/tasks/` and `/groups#clientToken` are the
  // collection paths of `/tasks/{id}` and `/groups/{name}`. A key written exactly wins its method.
  const byPath = new Map<string, Operation[]>();
  for (const op of [...contract.operations].sort(
    (a, b) => Number(a.path !== resourcePath(a.path)) - Number(b.path !== resourcePath(b.path)),
  )) {
    const key = resourcePath(op.path);
    byPath.set(key, [...(byPath.get(key) ?? []), op]);
  }
  const on = (path: string, method: string): Operation | undefined =>
    byPath.get(resourcePath(path))?.find((op) => op.method === method);

  const collections: Collection[] = [];
  const bindings = new Map<string, Binding>();
  for (const [itemPath, itemOps] of byPath) {
    // The kernel's one item-path rule (items.ts): `/{uuid}` beside `/` is a collection at the root.
    const segment = itemSegment(itemPath);
    if (!segment) continue;
    const segments = itemPath.split('/');
    const idParam = segment.param;
    const path = segment.collection;
    const create = createOf(byPath.get(resourcePath(path)) ?? [], on(itemPath, 'get'), idParam);
    // A record that cannot be read back is not a collection, unless the collection lists its records
    // and the item deletes one (shutterstock's catalog collections: `GET` and `POST /v2/catalog/collections`,
    // `DELETE …/{collection_id}` only): the list shows what was created and what a delete took away.
    const listedAndDeleted = on(path, 'get') !== undefined && on(itemPath, 'delete') !== undefined;
    const noun =
      (segments.at(-2) || 'record')
        .replace(/\{|\}/g, '')
        .replace(/\.\w+$/, '')
        .replace(/s$/, '') || 'record';
    const answer =
      [
        successSchema(on(itemPath, 'get')),
        successSchema(on(itemPath, 'put')),
        successSchema(on(itemPath, 'patch')),
        successSchema(create),
      ].find(isObjectSchema) ??
      // Nothing answers the record but the list (yodlee's transaction categories: the create answers
      // 201 with no body, the item is only deleted): the record is what the list shows, where its
      // items carry the identifier (lookups.ts listedRecords, as for a collection nothing creates).
      (create && listedAndDeleted && !on(itemPath, 'get')
        ? listedRecords(successSchema(on(path, 'get')), idParam, noun)?.schema
        : undefined);
    if (!answer) continue;
    if (!on(itemPath, 'get') && !(create && listedAndDeleted)) continue;
    // A page of the records one level under it is no record of its own; where a POST creates on the
    // path above, only when its body names the scope (Linode's `POST /object-storage/buckets` sends the
    // `cluster` `GET /object-storage/buckets/{clusterId}` lists the buckets of). One that names none
    // (bitbucket's `POST /snippets`, into a workspace the contract does not name) keeps the path an
    // item: no scope is known to create in.
    if (listsItsChildren(itemPath, byPath, on) && (!create || bodyNames(create, idParam))) continue;
    // Only where the collection has a POST: there the misreading issues the view's parameter as ids.
    if (on(path, 'post') && viewOfList(itemPath, path, idParam, noun, on)) continue;
    const topId = identifierProperty(answer, idParam, noun, create, itemOps);
    const wrapped =
      topId === undefined
        ? (envelopeOf(answer, idParam, noun, create, itemOps, collectionNameOf(path)) ??
          listOfOneEnvelope(answer, idParam, noun, itemOps, create))
        : resultBesideId(answer, topId, create);
    const schema = wrapped?.schema ?? answer;
    const beside = wrapped !== undefined && 'beside' in wrapped ? wrapped.beside : undefined;
    const idField = beside ?? identifierProperty(schema, idParam, noun, create, itemOps);
    const fieldSchema = idField ? recordProperties(beside === undefined ? schema : answer)[idField] : undefined;
    const parameter = (on(itemPath, 'get') ?? on(itemPath, 'delete'))?.parameters.find(
      (p) => p.in === 'path' && p.name === idParam,
    );
    const paramSchema = addressSchema(parameter);
    const idSchema = (fieldSchema && !('$ref' in fieldSchema) ? fieldSchema : undefined) ?? paramSchema;
    const scopeParams = [...path.matchAll(/\{([^}]+)\}/g)].map((p) => p[1]!);
    const collection: Collection = {
      path,
      itemPath,
      idParam,
      idField,
      idSchema,
      paramSchema,
      scopeParams,
      schema,
      noun,
      ...(wrapped ? { envelope: wrapped.property } : {}),
      ...(wrapped !== undefined && 'inner' in wrapped && wrapped.inner !== undefined
        ? { envelopeInner: wrapped.inner }
        : {}),
      ...(beside === undefined ? {} : { idBeside: true as const }),
      ...(idField === undefined && !wrapped ? withinOf(answer, idParam, create) : {}),
    };
    collections.push(collection);

    // A POST that answers a list (opto22's `POST /v1/data-store/read`, "Read selected tags") is not
    // the create of one record: its documented answer is the array, never the record stored.
    const createAnswer = successSchema(create);
    const answersList = createAnswer !== undefined && mergeAllOf(createAnswer).type === 'array';
    if (create && !answersList && (!create.requestBody || Object.keys(create.requestBody.content).length > 0)) {
      bindings.set(create.id, { kind: 'create', collection });
      for (const overload of mediaOverloads(create, byPath.get(resourcePath(path)) ?? []))
        bindings.set(overload.id, { kind: 'create', collection });
    }
    const item = (method: string, kind: 'read' | 'replace' | 'patch' | 'delete'): void => {
      const op = on(itemPath, method);
      if (op) bindings.set(op.id, { kind, collection });
    };
    item('get', 'read');
    item('put', 'replace');
    item('patch', 'patch');
    item('post', 'patch');
    item('delete', 'delete');
    // PUT / PATCH on the collection path whose body carries the identifier field replace or patch
    // that record (Swagger Petstore v3: `PUT /pet` with the pet, id included).
    for (const [method, kind] of [
      ['put', 'replace'],
      ['patch', 'patch'],
    ] as const) {
      const op = on(path, method);
      if (!op || idField === undefined || bindings.has(op.id)) continue;
      const bodySchemas = Object.values(op.requestBody?.content ?? {})
        .map((media) => media.schema)
        .filter((s): s is Schema => s !== undefined && !('$ref' in s));
      if (bodySchemas.some((s) => idField in (mergeAllOf(s).properties ?? {})))
        bindings.set(op.id, { kind, collection, idInBody: true });
    }
  }

  // A collection whose record names no identifier takes the one another collection of the same
  // record found (Ory Hydra: `/oauth2/register/{id}` serves the `/admin/clients` record, `client_id`),
  // or of the same collection path under another parameter name, where its record has that field
  // (AWS Lex: `DELETE /bots/{name}/versions/{version}` beside `GET …/{versionoralias}`, one item
  // path however its parameter is named, OAS 3.0.3 §4.7.8: the `version` is the identifier).
  for (const [i, collection] of collections.entries()) {
    if (collection.idField !== undefined) continue;
    const sibling = collections.find(
      (c) =>
        c.idField !== undefined &&
        (c.schema === collection.schema ||
          sameShape(c.schema, collection.schema) ||
          (c.path === collection.path && c.idField in recordProperties(collection.schema))),
    );
    if (!sibling) continue;
    const fieldSchema = recordProperties(collection.schema)[sibling.idField!];
    const updated: Collection = {
      ...collection,
      idField: sibling.idField,
      idSchema: (fieldSchema && !('$ref' in fieldSchema) ? fieldSchema : undefined) ?? collection.paramSchema,
    };
    collections[i] = updated;
    for (const [id, binding] of bindings)
      if (binding.collection === collection) bindings.set(id, { ...binding, collection: updated });
  }

  for (const [id, binding] of selectorOverloads(contract, bindings, byPath)) bindings.set(id, binding);

  // Lists: GET on a collection path, or any GET (without an item parameter of its own) answering records.
  const itemsUnder = itemPathsByCollection(byPath.keys());
  for (const op of contract.operations) {
    if (op.method !== 'get' || bindings.has(op.id)) continue;
    const answer = successSchema(op);
    const opPath = resourcePath(op.path);
    // The collection whose own path this is first (`/admin/identities` lists identities, not the
    // `/admin/identities/by/external` lookup over the same records).
    const ordered = [...collections.filter((c) => c.path === opPath), ...collections.filter((c) => c.path !== opPath)];
    const elsewhere = listShapeByState(answer);
    for (const collection of ordered) {
      const own = opPath === collection.path;
      const shape = own
        ? listShape(answer, collection.schema, {
            idField: collection.idField,
            idParam: collection.idParam,
            noun: collection.noun,
            name: collectionNameOf(collection.path),
            ...(collection.paramSchema === undefined ? {} : { paramSchema: collection.paramSchema }),
          })
        : elsewhere(collection.schema);
      const listed =
        shape ??
        (own
          ? (listedAsCreated(answer, collection, on(collection.path, 'post')) ?? listedByParam(answer, collection))
          : undefined);
      if (!listed) continue;
      // Another path lists the collection only when it has no parameters the collection does not know.
      const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((p) => p[1]!);
      if (!own && params.some((p) => !collection.scopeParams.includes(p))) continue;
      if (!own && collection.scopeParams.length > 0) continue;
      // Nor when the items of its own path address their records by another field (Jellyfin's `GET
      // /Items` answers the `BaseItemDto`s `/Artists/{name}` reads by `Name`, while `POST` and `DELETE
      // /Items/{itemId}` take their `Id`): it lists what that path names, not the collection's records.
      if (!own && addressedOtherwise(itemsUnder.get(opPath) ?? [], collection, byPath)) continue;
      bindings.set(op.id, { kind: 'list', collection, shape: listed });
      break;
    }
  }
  // Item operations under a path that lists a collection act on that collection's records (Ory
  // Kratos: `GET /sessions` lists the sessions, `DELETE /sessions/{id}` revokes one).
  for (const op of contract.operations) {
    if (bindings.has(op.id)) continue;
    const item = itemSegment(op.path);
    if (!item || item.extension !== undefined) continue;
    const list = on(item.collection, 'get');
    const listed = list ? bindings.get(list.id) : undefined;
    // The item's parameter may be named otherwise (GitHub's `DELETE /admin/tokens/{token_id}` under
    // `GET /admin/tokens`, which lists the `/authorizations/{authorization_id}` records): with no scope,
    // it is the path's one parameter, and the handlers read it as the collection's identifier.
    if (listed?.kind !== 'list' || listed.collection.scopeParams.length > 0) continue;
    const kind = ({ get: 'read', put: 'replace', patch: 'patch', delete: 'delete' } as const)[
      op.method as 'get' | 'put' | 'patch' | 'delete'
    ];
    if (kind) bindings.set(op.id, { kind, collection: listed.collection });
  }

  // Collections nothing creates, known by their list or by an item read that documents 404, and
  // single resources without an item parameter (lookups.ts, singletons.ts).
  const reasons = new Map<string, string>();
  for (const more of [
    inferLookups(contract, collections, bindings, on),
    inferSingletons(contract, collections, bindings, on),
  ]) {
    collections.push(...more.collections);
    for (const [id, binding] of more.bindings) bindings.set(id, binding);
    for (const [id, reason] of more.reasons) reasons.set(id, reason);
  }
  createsElsewhere(contract, collections, bindings);
  createsBesideItsList(contract, bindings);
  const stateless = new Map<string, string>();
  for (const op of contract.operations)
    if (!bindings.has(op.id)) stateless.set(op.id, reasons.get(op.id) ?? statelessReason(op, collections, on));
  return { collections, bindings, stateless };
}

/** The item paths of each collection path (`/Items` → `/Items/{itemId}`), by the one item-path rule (items.ts). */
function itemPathsByCollection(paths: Iterable<string>): ReadonlyMap<string, readonly string[]> {
  return groupBy(paths, (path) => {
    const item = itemSegment(path);
    return item && item.extension === undefined ? item.collection : undefined;
  });
}

/**
 * Whether an item path under a list's own path addresses the collection's records by a field other
 * than the collection's identifier, as identifierProperty reads its parameter over the same record.
 */
function addressedOtherwise(
  itemPaths: readonly string[],
  collection: Collection,
  byPath: ReadonlyMap<string, readonly Operation[]>,
): boolean {
  if (collection.idField === undefined) return false;
  return itemPaths.some((path) => {
    const param = itemSegment(path)?.param;
    if (param === undefined || path === collection.itemPath) return false;
    const noun = (path.split('/').at(-2) ?? '').replace(/s$/, '');
    const field = identifierProperty(collection.schema, param, noun, undefined, byPath.get(path) ?? []);
    return field !== undefined && field !== collection.idField;
  });
}

/**
 * The create among the POSTs on a collection's path, where there are several (AWS: `POST
 * /accounts/{accountId}/users` is BatchUpdateUser, `…/users#operation=create` CreateUser;
 * chime-sdk-messaging's `…/memberships#operation=batch-create` comes before the create): the one
 * answering what the item's read answers (RFC 9110 §15.3.2: a 201 describes the resource created),
 * else the one whose body names the item parameter (the new record's identifier, not a list of
 * them: `MemberArn` beside the batch's `MemberArns`), else the first, the key written exactly first.
 */
function createOf(onPath: readonly Operation[], read: Operation | undefined, idParam: string): Operation | undefined {
  const posts = onPath.filter((op) => op.method === 'post');
  if (posts.length < 2) return posts[0];
  const answer = successSchema(read);
  const answersRead = (op: Operation): boolean => {
    const own = successSchema(op);
    return own !== undefined && answer !== undefined && (own === answer || sameShape(own, answer));
  };
  return posts.find(answersRead) ?? posts.find((op) => bodyNames(op, idParam)) ?? posts[0];
}

/**
 * The other POSTs on a create's path that are the same create taking another representation (Azure
 * Face's `POST …/persistedfaces` taking `{url}` as JSON, `…/persistedfaces#overload=stream` the image
 * as `application/octet-stream`; RFC 9110 §8.3: one resource, a body in another media type): a body
 * in none of the create's media types, and the create's own answer.
 */
function mediaOverloads(create: Operation, onPath: readonly Operation[]): Operation[] {
  const answer = successSchema(create);
  const types = new Set(Object.keys(create.requestBody?.content ?? {}));
  if (answer === undefined || types.size === 0) return [];
  return onPath.filter((op) => {
    if (op === create || op.method !== 'post') return false;
    const own = Object.keys(op.requestBody?.content ?? {});
    const written = successSchema(op);
    return (
      own.length > 0 &&
      own.every((type) => !types.has(type)) &&
      written !== undefined &&
      (written === answer || sameShape(written, answer))
    );
  });
}

/**
 * The operations whose key tells them apart from another on the same path by a fragment or a query
 * alone (amazonaws.com/apigateway's `POST /restapis#mode=import` beside `POST /restapis`, formapi's
 * `GET /templates/{template_id}?full=true` beside `GET /templates/{template_id}`): one resource (RFC
 * 3986 §3.5: a fragment is never sent; §3.4: the query is not the path), so the same binding as the
 * operation written without it, where the overload answers what that one answers: the same schema or
 * shape, or a fuller view of it (every member and more: the full template). A delete answering nothing
 * beside one answering nothing is the same delete. So is a twin written with a trailing slash (VTEX's
 * `POST /api/rnb/pvt/coupon/` "Create coupon" beside `POST /api/rnb/pvt/coupon`, both answering the
 * coupon): the model reads `/coupons/` as the collection `/coupons` (path-template.ts resourcePath),
 * and only the key written exactly took the method there, which left the twin's record unkept.
 */
function selectorOverloads(
  contract: Contract,
  bindings: ReadonlyMap<string, Binding>,
  byPath: ReadonlyMap<string, readonly Operation[]>,
): Map<string, Binding> {
  const found = new Map<string, Binding>();
  for (const op of contract.operations) {
    const twin = requestPath(op.path) !== resourcePath(op.path);
    if (bindings.has(op.id) || (!twin && !op.path.includes('#') && !op.path.includes('?'))) continue;
    const plain = resourcePath(op.path.split('?')[0]!);
    const base = (byPath.get(plain) ?? []).find(
      (other) =>
        other !== op &&
        other.method === op.method &&
        resourcePath(other.path) === plain &&
        !other.path.includes('#') &&
        bindings.get(other.id)?.kind !== 'list',
    );
    const binding = base ? bindings.get(base.id) : undefined;
    if (!base || !binding) continue;
    const mine = successSchema(op);
    const theirs = successSchema(base);
    const answersAlike =
      mine === undefined || theirs === undefined
        ? mine === theirs && binding.kind === 'delete'
        : mine === theirs || sameShape(mine, theirs) || fullerView(mine, theirs);
    if (answersAlike) found.set(op.id, binding);
  }
  return found;
}

/** Whether an object schema has every member of another and more (a "full" view of the same record). */
function fullerView(fuller: Schema, of: Schema): boolean {
  const mine = recordProperties(fuller);
  const theirs = Object.keys(recordProperties(of));
  return theirs.length > 0 && theirs.every((name) => name in mine);
}

/** Whether an operation's request body has a field naming a parameter: itself, or what it refers to (`cluster` for `clusterId`). */
function bodyNames(operation: Operation, param: string): boolean {
  const names = new Set([normalName(param), normalName(referenceBase(param) ?? param)]);
  return Object.values(operation.requestBody?.content ?? {}).some((media) => {
    const schema = media.schema;
    return (
      schema !== undefined &&
      !('$ref' in schema) &&
      Object.keys(recordProperties(schema)).some((field) => names.has(normalName(field)))
    );
  });
}

/**
 * Whether the GET on `path` answers a page of the records one level under it (listsItsChildren), as
 * the runner asks where a DELETE on that path would be read back: the list stays after a delete of
 * its members (elmah.io's `DELETE /v3/messages/{logId}`, "delete messages by search").
 */
export function listsChildren(contract: Contract, path: string): boolean {
  const byPath = byResourcePath(contract.operations);
  const on = (p: string, method: string): Operation | undefined =>
    byPath.get(resourcePath(p))?.find((op) => op.method === method);
  return listsItsChildren(path, byPath, on);
}

/** A contract's operations by resource path, in its order: built once (the runner asks per DELETE). */
const byResourcePath = operationIndex((op) => resourcePath(op.path));

/**
 * Whether the GET on a path that looks like an item answers a list of the records one level under
 * it (elmah.io's `GET /v3/messages/{logId}`, `{messages: [Message], total}` of the messages at
 * `/v3/messages/{logId}/{id}`; bitbucket's `GET /snippets/{workspace}`, a page `{values: [snippet]}`):
 * the path is that collection's, scoped by its parameter, not an item of its own, and the page is
 * no record to keep. Where a POST creates on the path above (bitbucket's `POST /snippets`, into a
 * workspace the contract does not name), the model keeps reading it as an item: no scope is known
 * to create in.
 */
/**
 * Whether `itemPath` is the collection's list again, picked by its parameter rather than one record
 * of it: its only operation, a GET, answers the very schema the collection's GET answers, whose
 * records carry no field the parameter names (payrun.io's `GET /Employers/{EffectiveDate}`, the
 * employers as of a date, beside `GET /Employers`, both a `LinkCollection` of `{Href, Title, Rel}`).
 * The same representation is the same kind of resource (RFC 9110 §3.2): a view of the list, not an
 * item, so a create on the collection makes no record there. A list of one record that carries the
 * parameter (Xero's `GET /Users/{UserID}` answering `{Users: [{UserID, …}]}`) stays an item.
 */
function viewOfList(
  itemPath: string,
  path: string,
  idParam: string,
  noun: string,
  on: (path: string, method: string) => Operation | undefined,
): boolean {
  if (['put', 'patch', 'post', 'delete'].some((method) => on(itemPath, method) !== undefined)) return false;
  const item = successSchema(on(itemPath, 'get'));
  const list = successSchema(on(path, 'get'));
  if (!isObjectSchema(item) || !isObjectSchema(list) || !(item === list || sameShape(item, list))) return false;
  // An answer naming the parameter's field itself is the record, whatever arrays it holds (logoraisr's
  // `GET /reports/` and `/reports/{report_number}/` both documented as the `Report`, `report_number`
  // at its top, a `result` holding lists): the item stays the item.
  if (identifierProperty(item, idParam, noun, undefined, []) !== undefined) return false;
  const records = listedSchemas(list, 3);
  return (
    records.length > 0 &&
    records.every((record) => identifierProperty(record, idParam, noun, undefined, []) === undefined)
  );
}

/**
 * The item schemas of the arrays a schema is or holds, `depth` members deep at most: payrun.io's
 * list sits under an XML root as JSON (`{LinkCollection: {Links: {Link: [...]}}}`). None: no list
 * at all (one record answered for both is not judged).
 */
function listedSchemas(schema: Schema | OpenAPIV3.ReferenceObject, depth: number): Schema[] {
  if ('$ref' in schema) return [];
  const flat = mergeAllOf(lowered(schema));
  if (flat.type === 'array') return 'items' in flat && !('$ref' in flat.items) ? [flat.items] : [];
  if (depth === 0) return [];
  return Object.values(flat.properties ?? {}).flatMap((member) => listedSchemas(member, depth - 1));
}

/**
 * The item paths of a path map by their collection's resource path, in the map's order: built once
 * per map, where each item path walked every path (quadratic: Microsoft Graph's 5,000 paths).
 */
const childPaths = new WeakMap<ReadonlyMap<string, readonly Operation[]>, ReadonlyMap<string, readonly string[]>>();
function childPathsOf(byPath: ReadonlyMap<string, readonly Operation[]>): ReadonlyMap<string, readonly string[]> {
  const known = childPaths.get(byPath);
  if (known) return known;
  const index = new Map<string, string[]>();
  for (const path of byPath.keys()) {
    const child = itemSegment(path);
    if (child === undefined) continue;
    const parent = resourcePath(child.collection);
    const paths = index.get(parent);
    if (paths) paths.push(path);
    else index.set(parent, [path]);
  }
  childPaths.set(byPath, index);
  return index;
}

function listsItsChildren(
  itemPath: string,
  byPath: ReadonlyMap<string, readonly Operation[]>,
  on: (path: string, method: string) => Operation | undefined,
): boolean {
  const answer = successSchema(on(itemPath, 'get'));
  if (answer === undefined) return false;
  for (const childPath of childPathsOf(byPath).get(resourcePath(itemPath)) ?? []) {
    const record = successSchema(on(childPath, 'get'));
    if (isObjectSchema(record) && listShape(answer, record) !== undefined) return true;
  }
  return false;
}

/**
 * The list of a collection whose record, as read, names no identifier, where the list's items are
 * the record as its create answers it, identifier included (VTEX's gift card transactions: the read
 * `{date, description, value}`, the create and each listed item `{id, _self}`; zoom's rooms: the read
 * `{basic: {…}}`, the create `{id, room_id, name, …}` and the list `{rooms: [{id, room_id, name, …}]}`;
 * Postman's `{collection: {id, name, uid}}` created, `{collections: [{id, name, owner, uid}]}` listed).
 * The list is read by the one list rule (listShape) over the created record; its items carry the
 * identifier in that record's identifier field (`itemId`), the one the create's answer names.
 */
function listedAsCreated(
  answer: Schema | undefined,
  collection: Collection,
  create: Operation | undefined,
): ListShape | undefined {
  if (collection.idField !== undefined || collection.singleton === true) return undefined;
  const written = successSchema(create);
  if (!isObjectSchema(written)) return undefined;
  const { idParam, noun } = collection;
  const record =
    identifierProperty(written, idParam, noun, create, []) !== undefined
      ? written
      : envelopeOf(written, idParam, noun, create, [], collectionNameOf(collection.path))?.schema;
  const idField = record === undefined ? undefined : identifierProperty(record, idParam, noun, create, []);
  if (record === undefined || idField === undefined) return undefined;
  const shape =
    listShape(answer, record, { idField, idParam, noun, name: collectionNameOf(collection.path) }) ??
    (readsPage(collection.schema) ? listedByReceipt(answer, record, idField) : undefined);
  if (shape === undefined || shape.identifiers === true) return undefined;
  return { ...shape, itemId: shape.kind === 'wrapped' ? (shape.itemId ?? idField) : idField };
}

/**
 * The list of a collection whose record, as read and as created, names no identifier (EVE's mail:
 * the read `{body, from, subject, …}`, the create answering the bare `Mail ID`), where a bare array
 * on the collection's own path has items carrying a field named exactly as the item path's parameter
 * (`mail_id` of `/mail/{mail_id}`): the path template names that field the identifier (OAS 3.0.3
 * §4.7.9.1: the parameter's value fills the template), so the items carry it there (`itemId`).
 */
function listedByParam(answer: Schema | undefined, collection: Collection): ListShape | undefined {
  if (collection.idField !== undefined || collection.singleton === true || answer === undefined) return undefined;
  const schema = lowered(answer);
  if (schema.type !== 'array' || !('items' in schema) || !isRecord(schema.items) || '$ref' in schema.items)
    return undefined;
  const items = schema.items as Schema;
  return isObjectSchema(items) && collection.idParam in recordProperties(items)
    ? { kind: 'array', itemId: collection.idParam }
    : undefined;
}

/**
 * Whether the item read answers a page rather than a record: arrays beside plain values only
 * (noosh's `SpecListVO` `{results: [SpecSimpleVO], status_code, status_reason}`, apacta's `{data:
 * [string], success}`). A read answering a record that names no identifier (ijenko's `User`) keeps
 * its create's reference as the list's only judge (create-answers-reference.yaml).
 */
function readsPage(schema: Schema): boolean {
  const members = Object.values(mergeAllOf(schema).properties ?? {});
  const arrays = members.filter((sub) => !('$ref' in sub) && mergeAllOf(lowered(sub)).type === 'array');
  return arrays.length > 0 && members.every((sub) => arrays.includes(sub) || plainValue(sub));
}

/**
 * The list of the collection's own path where the create answers a receipt, not the record: the new
 * identifier beside plain values the listed items do not show (apacta's `{data: {id}, success}`,
 * noosh's `{spec_id, status_code, status_reason}`), and the item read answers no record to compare
 * with (a list: noosh's `SpecListVO`, apacta's `{data: [string]}`). Nothing the receipt holds can
 * show the items to be the records or not (looksLikeRecord compares shared fields), so the page's one
 * array of objects carrying that identifier field lists them (RFC 9110 §9.3.3: the POST's answer
 * names the resource it created; §9.3.1: the collection's GET represents its members).
 */
function listedByReceipt(answer: Schema | undefined, receipt: Schema, idField: string): ListShape | undefined {
  if (answer === undefined) return undefined;
  const own = recordProperties(receipt);
  const rest = Object.entries(own).filter(([name]) => name !== idField);
  if (!rest.every(([, sub]) => plainValue(sub))) return undefined;
  const carries = (items: unknown): boolean => {
    if (!isRecord(items) || '$ref' in items || !isObjectSchema(items as Schema)) return false;
    const fields = recordProperties(items as Schema);
    return idField in fields && !rest.some(([name]) => name in fields);
  };
  const schema = lowered(answer);
  if (schema.type === 'array' && 'items' in schema) return carries(schema.items) ? { kind: 'array' } : undefined;
  const view = mergeAllOf(schema);
  if ((view.type !== undefined && view.type !== 'object') || idField in (view.properties ?? {})) return undefined;
  const arrays = Object.entries(primaryData(view)).filter(([, sub]) => {
    if ('$ref' in sub) return false;
    const merged = mergeAllOf(lowered(sub));
    return merged.type === 'array' && 'items' in merged && !('$ref' in merged.items) && isObjectSchema(merged.items);
  });
  if (arrays.length !== 1) return undefined;
  const [property, list] = arrays[0]!;
  const merged = mergeAllOf(lowered(list as Schema));
  return 'items' in merged && carries(merged.items) ? { kind: 'wrapped', property, wrapper: schema } : undefined;
}

/**
 * A create at another path than its collection's (ijenko's `POST /account/places`, answering 201 a
 * reference to `/places/{placeId}`; `/places` is listed and read, and nothing else creates there): a
 * POST without path parameters that documents 201 (RFC 9110 §15.3.2, "one or more new resources
 * have been created"), whose path is no collection of its own and ends with the name of exactly one
 * collection without a create or a scope, creates in that collection.
 */
function createsElsewhere(
  contract: Contract,
  collections: readonly Collection[],
  bindings: Map<string, Binding>,
): void {
  const created = new Set([...bindings.values()].filter((b) => b.kind === 'create').map((b) => b.collection));
  for (const op of contract.operations) {
    if (op.method !== 'post' || bindings.has(op.id) || op.path.includes('{') || op.responses['201'] === undefined)
      continue;
    const body = Object.values(op.requestBody?.content ?? {}).map((media) => media.schema);
    if (!body.some((schema) => schema !== undefined && !('$ref' in schema) && isObjectSchema(mergeAllOf(schema))))
      continue;
    const path = resourcePath(op.path);
    if (collections.some((c) => c.path === path)) continue;
    const last = path.split('/').filter(Boolean).at(-1);
    const targets = collections.filter(
      (c) =>
        c.singleton !== true &&
        c.scopeParams.length === 0 &&
        !created.has(c) &&
        c.path !== path &&
        c.path.split('/').filter(Boolean).at(-1) === last,
    );
    if (last === undefined || targets.length !== 1) continue;
    bindings.set(op.id, { kind: 'create', collection: targets[0]! });
    created.add(targets[0]!);
  }
}

/**
 * A POST beside a GET that lists a collection at another path (files.com's `POST /site/api_keys`
 * beside `GET /site/api_keys`, which lists `/api_keys`' records; `/api_keys` has its own create):
 * where the POST has no path parameters, documents 201 (RFC 9110 §15.3.2) and answers the record
 * the collection keeps, it creates in that collection, so what it created is listed where it was
 * created, as the list beside it says.
 */
function createsBesideItsList(contract: Contract, bindings: Map<string, Binding>): void {
  for (const op of contract.operations) {
    if (op.method !== 'post' || bindings.has(op.id) || op.path.includes('{')) continue;
    const list = contract.operations.find(
      (other) => other.method === 'get' && resourcePath(other.path) === resourcePath(op.path),
    );
    const listed = list ? bindings.get(list.id) : undefined;
    if (listed?.kind !== 'list') continue;
    const { collection } = listed;
    if (collection.path === resourcePath(op.path)) continue;
    if (collection.singleton === true || collection.scopeParams.length > 0 || collection.envelope !== undefined)
      continue;
    const answer = op.responses['201'] === undefined ? undefined : successSchema(op);
    if (!answer || !(answer === collection.schema || sameShape(answer, collection.schema))) continue;
    bindings.set(op.id, { kind: 'create', collection });
  }
}

/** Why an operation is not bound to a collection, in one line. */
function statelessReason(
  op: Operation,
  collections: readonly Collection[],
  on: (path: string, method: string) => Operation | undefined,
): string {
  const own = collections.find((c) => c.path === resourcePath(op.path) || c.itemPath === op.path);
  if (own)
    return `${op.method.toUpperCase()} on ${op.path} is not a create, read, replace, patch, delete or list of ${own.path}`;
  if (isItemPath(op.path)) {
    if (!on(op.path, 'get')) return `no GET on ${op.path}: a record there could not be read back`;
    return `GET on ${op.path} answers no JSON object with properties to keep`;
  }
  if (op.method === 'get') return `the answer of GET ${op.path} is not a list of an inferred collection's records`;
  return `${op.path} is not an inferred collection or item`;
}
