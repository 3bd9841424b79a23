import { query, type JsonValue } from 'jsonpath-rfc9535';
import type { Criterion } from './document.js';
import { evaluateCondition, evaluateExpression, ExpressionError, type ExpressionScope } from './expressions.js';

/** A criterion type this runner does not evaluate (xpath): the workflow is skipped, never judged. */
export class UnsupportedCriterionError extends Error {
  override readonly name = 'UnsupportedCriterionError';
}

export interface CriterionOutcome {
  readonly passed: boolean;
  /** What was checked and what was seen, for a failure message. */
  readonly detail: string;
}

const show = (value: unknown): string => {
  if (value === undefined) return 'absent';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** Reads a regex condition: a bare pattern, or `/pattern/flags`. */
function regexOf(condition: string): RegExp {
  const m = /^\/(.*)\/([dgimsuy]*)$/s.exec(condition);
  try {
    return m ? new RegExp(m[1] ?? '', m[2]) : new RegExp(condition);
  } catch (error) {
    throw new ExpressionError(`invalid regular expression ${condition}: ${(error as Error).message}`);
  }
}

/** JSON values only: anything else (undefined) cannot be queried. */
function asJson(value: unknown): JsonValue | undefined {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

/**
 * Evaluates one Criterion Object (Arazzo 1.0.1 §4.6.20).
 * - simple: the condition, with runtime expressions, literals and operators;
 * - regex: the pattern (ECMA-262) against the context's value;
 * - jsonpath: the RFC 9535 query against the context's value; satisfied when it
 *   selects something. The context is the query's one element, so `@` in a
 *   top-level filter is the context itself: `$[?count(@.pets) > 0]`, the spec's
 *   own example, tests the body's `pets` (Redocly Respect reads it the same way).
 */
export function evaluateCriterion(criterion: Criterion, scope: ExpressionScope): CriterionOutcome {
  if (criterion.type === 'simple' && criterion.context === undefined) {
    const outcome = evaluateCondition(criterion.condition, scope);
    const seen = outcome.seen.map(([e, v]) => `${e} = ${show(v)}`).join(', ');
    return { passed: outcome.result, detail: `${criterion.condition}${seen ? ` (${seen})` : ''}` };
  }
  const contextValue = criterion.context !== undefined ? evaluateExpression(criterion.context, scope) : undefined;
  const where = `${criterion.context ?? ''} = ${show(contextValue)}`;
  switch (criterion.type) {
    case 'simple': {
      // A simple condition with a context: the context only documents what it is about.
      const outcome = evaluateCondition(criterion.condition, scope);
      return { passed: outcome.result, detail: `${criterion.condition} (${where})` };
    }
    case 'regex': {
      if (contextValue === undefined)
        return { passed: false, detail: `${criterion.context ?? ''} matches /${criterion.condition}/ (it is absent)` };
      const text = typeof contextValue === 'string' ? contextValue : JSON.stringify(contextValue);
      return {
        passed: regexOf(criterion.condition).test(text),
        detail: `${criterion.context ?? ''} matches /${criterion.condition}/ (${where})`,
      };
    }
    case 'jsonpath': {
      const json = asJson(contextValue);
      if (json === undefined)
        return {
          passed: false,
          detail: `${criterion.condition} selects something in ${criterion.context ?? ''} (it is absent)`,
        };
      let selected: JsonValue[];
      try {
        selected = query([json], criterion.condition);
      } catch (error) {
        throw new ExpressionError(`invalid JSONPath (RFC 9535) ${criterion.condition}: ${(error as Error).message}`);
      }
      return { passed: selected.length > 0, detail: `${criterion.condition} selects something in ${where}` };
    }
    default:
      throw new UnsupportedCriterionError(`criteria of type ${criterion.type} are not supported by this runner`);
  }
}
