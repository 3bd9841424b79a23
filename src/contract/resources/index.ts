/**
 * The one resource model (issue 18): how the generic engine, the runner's roles and the generic
 * rules read collections, items, creates, replaces, patches, deletes, identifiers, parent scopes
 * and references out of a contract. README "What the generic engine keeps" describes inferModel.
 */
export { inferModel, recordProperties, successSchema, type Collection, type Binding, type ListShape, type GenericModel } from './model.js';
export { isSuccess, isCreate, idFromLocation, identifierField, identifierOf, listItems, postCollections, type PostCollection } from './roles.js';
export { linkSource, linkedField, type LinkSource } from './links.js';
export { referenceBase, collectionNames, referencedCreate, identifierSource, type IdentifierSource, type Sendable } from './references.js';
