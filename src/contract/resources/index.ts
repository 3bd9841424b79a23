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
 * - roles.ts: what the runner reads back: `isCreate` (201, Location, links, or 200 with the item
 *   path's identifier), `identifierOf` (a record's identifier field, else the Location's last
 *   segment), `listItems`, `isSuccess`; `postCollections` is every POST without path parameters
 *   with its list and item read, the candidates the generic rules probe.
 * - references.ts: `referenceBase` (`categoryId` → `category`), `referencedCreate`, and
 *   `identifierSource` (where a path parameter's value comes from: a link, the parent create, a
 *   reference-like name, the parent list); links.ts reads link runtime expressions.
 *
 * The three readings of "create" differ on purpose: the engine binds only what it can keep and
 * read back (an item path with a GET answering an object); the runner reads back what the contract
 * says is made (RFC 9110 §15.3.2 201, Location); the rules probe every candidate and skip what
 * answers nothing readable.
 */
export { inferModel, identifierProperty, recordProperties, successSchema, type Collection, type Binding, type ListShape, type GenericModel } from './model.js';
export { isSuccess, isCreate, writeRole, idFromLocation, identifierField, identifierOf, listItems, postCollections, type PostCollection, type WriteRole } from './roles.js';
export { itemSegment, isItemPath, itemRead, onCollection, type ItemSegment } from './items.js';
export { linkSource, linkedField, type LinkSource } from './links.js';
export { normalName, listParameterRole, pageBase, LIMIT_NAMES, OFFSET_NAMES, PAGE_NAMES, CURSOR_NAMES, NOT_FILTER_NAMES, TOTAL_NAMES, type ListParameterRole } from './vocabulary.js';
export { referenceBase, collectionNames, referencedCreate, identifierSource, type IdentifierSource, type Sendable } from './references.js';
