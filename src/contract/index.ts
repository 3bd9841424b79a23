export * from './types.js';
export {
  loadContract,
  readContractFile,
  contractFromText,
  contractFromDocument,
  ContractError,
  basePathOf,
} from './load.js';
export { portablePattern, patternRegExp, type PortablePattern } from './patterns.js';
export { bundledContractPath, packageRoot } from './paths.js';
export { bySpecificity, requestPath, resourcePath, samePath, selectorsOf, type KeySelector } from './path-template.js';
export { operationIndex } from './operation-index.js';
export { namesEveryValue } from './filter-words.js';
export { formatHttpDate, parseHttpDate, formatStructuredDate, parseStructuredDate, parseFullDate } from './dates.js';
export * from './schema.js';
export { schemaValidatorFor } from './validator-for.js';
export { isRecord, walkRecords } from './guards.js';
export {
  declaredMembers,
  asSchema,
  mergeAllOf,
  mergeTwo,
  nonNullView,
  alternativesOf,
  objectView,
  discriminatedAlternative,
  namedAlternativeView,
  effective,
  admitsNull,
  propertiesFor,
  requiredFor,
  anyProperties,
  writableInRequest,
} from './schema-views.js';
export {
  documentedResponse,
  responseFor,
  rangeKey,
  isDocumentedSuccess,
  documentsSuccess,
  type Responses,
} from './responses.js';
export { responseBodyRule, type ResponseBodyRule } from './response-body.js';
export {
  mediaEssence,
  mediaMatches,
  isJsonMediaType,
  admitsJson,
  jsonTypeFor,
  isXmlMediaType,
  jsonContent,
  documentedMediaFor,
  jsonJudgedBy,
} from './media.js';
export {
  negotiate,
  jsonAnswerEntry,
  acceptable,
  answerType,
  typeWithin,
  parseAccept,
  type AcceptRange,
} from './negotiate.js';
export { SEED_RANGE, parseSeed, isSeed } from './seed.js';
export { fileProblem, joinDashValues, namingTheContract, nearest, usageMessage } from './cli-args.js';
export * from './params/index.js';
export { SUPPORTED_VERSIONS, readVersion, type ContractVersion, type SchemaDialect } from './version.js';
export { upgradeSwagger2, originalPointer } from './swagger2.js';
export { plainLocalRefs, dereferencePlain, dropReferenceSiblings, DATA_KEYWORDS } from './local-refs.js';
export { lowered, tuplePositions, closedTuple } from './schema-2020.js';
export { commonErrorSchema } from './error-schema.js';
export {
  pathItemOperations,
  retrievesRepresentation,
  fixedMethod,
  type PathItemOperation,
  type UnservedOperation,
} from './methods.js';
export {
  sequenceSyntax,
  itemSchemaOf,
  sequenceSchemaOf,
  parseSequence,
  serializeSequence,
  type SequenceSyntax,
  type SequenceReading,
} from './sequential.js';
export { deprecationAnnouncement, schemeDeprecated, type DeprecationAnnouncement } from './deprecation.js';
export { readNullable, applyNullable, type NullableReading } from './nullable.js';
export { boundsContradictingEnum, SCALAR_BOUNDS, type Admits, type ScalarBound } from './enum-bounds.js';
export * from './sample/index.js';
export * from './resources/index.js';
export { schemeCredential, type SchemeCredential } from './security.js';
