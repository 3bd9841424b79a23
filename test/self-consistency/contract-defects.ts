/**
 * Failures of the self-consistency suite that are defects of a document itself, not disagreements
 * between the mock and the runner (issue 18 item 5): an example that breaks its own schema,
 * `required` naming an undeclared property. Each quotes the document's own words and names the
 * construct fixture (fixtures/constructs/cases.ts) that shows the rule on a minimal contract.
 * The README's "Self-consistency" table lists them. Keep this list empty unless truly needed:
 * a failure is a bug in the mock or the runner until the document's text proves otherwise.
 */
import type { ContractDefect } from '../../bench/self-consistency.js';

export const CONTRACT_DEFECTS: readonly ContractDefect[] = [];
