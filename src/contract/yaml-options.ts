import type { ParseOptions, DocumentOptions, SchemaOptions, ToJSOptions } from 'yaml';

/**
 * How every contract is parsed with `yaml`. `maxAliasCount` refuses a document whose aliases
 * expand past 100 nodes (a "billion laughs" document), before anything walks the expansion.
 */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions & ToJSOptions = { maxAliasCount: 100 };
