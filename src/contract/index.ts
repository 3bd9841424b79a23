export * from './types.js';
export { loadContract, readContractFile, contractFromText, contractFromDocument, ContractError, basePathOf } from './load.js';
export { portablePattern, patternRegExp, type PortablePattern } from './patterns.js';
export { bundledContractPath, packageRoot } from './paths.js';
export { formatHttpDate, parseHttpDate, formatStructuredDate, parseStructuredDate, parseFullDate } from './dates.js';
export * from "./schema.js";
export { isRecord } from './guards.js';
export { SEED_RANGE, parseSeed, isSeed } from './seed.js';
export { joinDashValues } from './cli-args.js';
