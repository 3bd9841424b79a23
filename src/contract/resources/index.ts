/**
 * The one resource model (issue 18): how the generic engine, the runner's roles and the generic
 * rules read collections, items, creates, replaces, patches, deletes, identifiers, parent scopes
 * and references out of a contract. Nothing outside src/contract/ infers them
 * (test/contract/kernel-only.test.ts).
 *
 * Public shape:
 * - `inferModel(contract)` → `{ collections, bindings, stateless }` (model.ts). A `Collection` is
 *   one item path and its collection path, the identifier (`idParam` in the path, `idField` in the
 *   record, their schemas), `scopeParams` (the parent scope: path parameters of the collection),
 *   the record `schema` and the `envelope` member that wraps it. A `Binding` gives an operation its
 *   role: list (with the `ListShape`: array, or wrapped in one property), create, read, replace,
 *   patch (with `idInBody` for `PUT /pet {"id": …}`), delete. A new kind of collection (a singleton,
 *   JSON:API `{data: [{id, attributes}]}`) is a new `Collection` or `ListShape` variant here.
 * - items.ts: the one item-path rule (`itemSegment`: a last segment that is one parameter, with an
 *   optional extension, read on the resource path: `/things/{id}`, `/Calls/{Sid}.json` of
 *   `/Calls.json`, `/tasks/{id}` of `/tasks/`, `/{uuid}` of `/`; never `{name}:verb`), `itemRead` (the
 *   GET on one item of a collection), `onCollection` and `collectionNameOf` (the name a path gives its
 *   collection: its last literal segment, `/Calls.json` → `Calls`). Every consumer asks here
 *   (test/contract/resource-model.test.ts feeds each the same shapes).
 * - envelopes.ts: the one list-envelope rule (`listMember`: the member of an answer that holds a
 *   collection's list: the one array whose items carry its identifier, else the one named like it,
 *   singular or plural alike), read by the model's `listShape` from schemas and by `listItems` from values.
 * - vocabulary.ts: the one list vocabulary (page size, offset, page number, cursor, not-filter
 *   names; `pageBase`), read by the mock's stored and generated lists and the runner's list rules.
 * - roles.ts: `isCreate` (201, Location, links, or 200 with the item path's identifier) and
 *   `writeRole` (create, replace, patch, delete of an item, remove-members), what the runner's plan
 *   and follow-ups act on; `identifierOf` (a record's identifier field, else the Location's last
 *   segment), `listItems`, `isSuccess`; `postCollections` is every POST without path parameters
 *   with its list and item read, the candidates the generic rules probe.
 * - references.ts: `referenceBase` (`categoryId` → `category`), `referencedCreate`, and
 *   `identifierSource` (where a path parameter's value comes from: a link, the parent create, a
 *   reference-like name, the parent list); links.ts reads link runtime expressions.
 *
 * The engine binds a create more widely than `isCreate`: any POST on a collection path whose item
 * it can read back, so the mock keeps what a client posts even where the contract shows no 201 or
 * Location; the runner reads back only what the contract says is made (RFC 9110 §15.3.2). Both read
 * items, collections and the other writes by the same rules above.
 */
export {
  inferModel,
  listsChildren,
  pageIn,
  identifierProperty,
  recordProperties,
  successSchema,
  type Collection,
  type Binding,
  type ListShape,
  type GenericModel,
} from './model.js';
export { declaresParamMember, keyedField, listsIdentifiers, modelOf, sentUnderParam } from './keyed-field.js';
export { documentedAnswerSchema, exampleAnswerSchema, exampleShape } from './example-shape.js';
export {
  isSuccess,
  isCreate,
  writeRole,
  envelopedRecord,
  idFromLocation,
  identifierField,
  identifierOf,
  listItems,
  postCollections,
  type PostCollection,
  type WriteRole,
} from './roles.js';
export {
  identifiersMember,
  listMember,
  pageMember,
  namesCollection,
  nounStem,
  valueMembers,
  type EnvelopeMember,
} from './envelopes.js';
export {
  itemSegment,
  isItemPath,
  subresourceBase,
  namesUnderItem,
  itemRead,
  onCollection,
  collectionNameOf,
  type ItemSegment,
} from './items.js';
export { linkSource, linkedField, type LinkSource } from './links.js';
export {
  normalName,
  listParameterRole,
  pageBase,
  offsetBase,
  LIMIT_NAMES,
  OFFSET_NAMES,
  PAGE_NAMES,
  CURSOR_NAMES,
  NOT_FILTER_NAMES,
  TOTAL_NAMES,
  namesTotalHeader,
  nounedField,
  type ListParameterRole,
} from './vocabulary.js';
export {
  referenceBase,
  collectionNames,
  referencedCreate,
  referencedCreates,
  badRequestStatuses,
  statedReferenceStatus,
  identifierSource,
  type IdentifierSource,
  type Sendable,
} from './references.js';
