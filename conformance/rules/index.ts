import type { Contract, SchemaValidator } from '../../src/contract/index.js';
import type { Session } from '../session.js';
import type { CheckResult } from '../types.js';
import { GENERIC_RULES } from './rules.js';

/** What every generic rule may use: the contract, the runner's HTTP session (its own requests go through it). */
export interface RuleContext {
  readonly contract: Contract;
  readonly session: Session;
  readonly validator: SchemaValidator;
  /** Only these operations (--operations); all when absent or empty. */
  readonly operations?: readonly string[] | undefined;
}

/** A generic rule: derived from the contract's declarations, it sends its own probes and judges them. */
export interface Rule {
  readonly name: string;
  readonly description: string;
  readonly run: (ctx: RuleContext) => Promise<CheckResult[]>;
}

/** The generic rules, in the order they run (after the workflows). */
export const RULES: readonly Rule[] = GENERIC_RULES;

export async function runRules(input: RuleContext & { readonly wanted: (name: string) => boolean }): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const rule of RULES) if (input.wanted(rule.name)) results.push(...(await rule.run(input)));
  return results;
}
