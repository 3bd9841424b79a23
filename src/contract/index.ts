export * from './types.js';
export { loadContract, readContractFile, contractFromText, contractFromDocument, ContractError } from './load.js';
export { bundledContractPath, packageRoot } from './paths.js';
export { formatHttpDate, parseHttpDate, formatStructuredDate, parseStructuredDate, parseFullDate } from './dates.js';
export * from "./schema.js";
export { isRecord } from './guards.js';
export { SEED_RANGE, parseSeed, isSeed } from './seed.js';
export { joinDashValues } from './cli-args.js';
