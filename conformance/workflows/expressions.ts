/**
 * Arazzo 1.0.1 runtime expressions (§4.6.21 / §5 ABNF) and simple conditions
 * (§4.6.20, "Simple Condition"): evaluation against what a workflow has seen so far.
 */

/** What expressions can name while a step runs. */
export interface ExpressionScope {
  readonly url?: string;
  readonly method?: string;
  readonly statusCode?: number;
  readonly request?: {
    readonly headers: Readonly<Record<string, string>>;
    readonly query: Readonly<Record<string, unknown>>;
    readonly path: Readonly<Record<string, unknown>>;
    readonly body: unknown;
  };
  readonly response?: {
    /** Lower-case names (RFC 9110 §5.1: field names are case-insensitive). */
    readonly headers: Readonly<Record<string, string>>;
    readonly body: unknown;
  };
  readonly inputs: Readonly<Record<string, unknown>>;
  /** The running workflow's outputs so far ($outputs). */
  readonly outputs: Readonly<Record<string, unknown>>;
  readonly steps: Readonly<Record<string, { readonly outputs: Readonly<Record<string, unknown>> }>>;
  readonly workflows: Readonly<Record<string, { readonly outputs: Readonly<Record<string, unknown>> }>>;
  readonly sourceDescriptions: Readonly<Record<string, { readonly url: string }>>;
}

/** A condition or expression that cannot be parsed: an authoring error in the workflows file. */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
}

/** RFC 6901 JSON pointer into a value; undefined when any token is missing. */
export function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return pointer === '' ? value : readKey(value, '');
  if (!pointer.startsWith('/'))
    throw new ExpressionError(`"${pointer}" is not a JSON pointer (RFC 6901: it starts with "/")`);
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    current = readKey(current, decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'));
    if (current === undefined) return undefined;
  }
  return current;
}

function readKey(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return /^(0|[1-9]\d*)$/.test(key) ? (value[Number(key)] as unknown) : undefined;
  if (typeof value === 'object' && value !== null && Object.hasOwn(value, key))
    return (value as Record<string, unknown>)[key];
  return undefined;
}

/** `name` then either `.rest.of.names` or `#/json/pointer` (a pointer after an output or input reaches into it). */
function nested(root: unknown, rest: string): unknown {
  if (rest === '') return root;
  if (rest.startsWith('#')) return resolvePointer(root, rest.slice(1));
  if (rest.startsWith('.')) {
    let current = root;
    for (const key of rest.slice(1).split('.')) current = readKey(current, key);
    return current;
  }
  return undefined;
}

function named(map: Readonly<Record<string, unknown>>, rest: string): unknown {
  const m = /^([^.#]+)(.*)$/.exec(rest);
  if (!m?.[1]) return undefined;
  return nested(readKey(map, m[1]), m[2] ?? '');
}

/** True when `text` is exactly one runtime expression (`$…`). */
export const isExpression = (text: string): boolean =>
  /^\$(url|method|statusCode|request\.|response\.|inputs\.|outputs\.|steps\.|workflows\.|sourceDescriptions\.|components\.)/.test(
    text.trim(),
  );

/** Evaluates one runtime expression; undefined when what it names does not exist (yet). */
export function evaluateExpression(expression: string, scope: ExpressionScope): unknown {
  const e = expression.trim();
  if (e === '$url') return scope.url;
  if (e === '$method') return scope.method;
  if (e === '$statusCode') return scope.statusCode;
  let m = /^\$(request|response)\.(header|query|path|body)(?:\.([^#]*))?(#.*)?$/.exec(e);
  if (m) {
    const source = m[1] === 'request' ? scope.request : scope.response;
    if (!source) return undefined;
    const part = m[2] ?? '';
    const name = m[3];
    if (part === 'header') return name === undefined ? undefined : source.headers[name.toLowerCase()];
    if (part === 'body') return m[4] === undefined ? source.body : resolvePointer(source.body, m[4].slice(1));
    if (!scope.request || m[1] !== 'request' || name === undefined) return undefined;
    return part === 'query' ? scope.request.query[name] : scope.request.path[name];
  }
  m = /^\$inputs\.(.+)$/.exec(e);
  if (m?.[1]) return named(scope.inputs, m[1]);
  m = /^\$outputs\.(.+)$/.exec(e);
  if (m?.[1]) return named(scope.outputs, m[1]);
  m = /^\$(steps|workflows)\.([^.]+)\.outputs\.(.+)$/.exec(e);
  if (m?.[2] && m[3]) {
    const owner = (m[1] === 'steps' ? scope.steps : scope.workflows)[m[2]];
    return owner ? named(owner.outputs, m[3]) : undefined;
  }
  m = /^\$sourceDescriptions\.([^.]+)\.url$/.exec(e);
  if (m?.[1]) return scope.sourceDescriptions[m[1]]?.url;
  throw new ExpressionError(`"${expression}" is not a runtime expression this runner knows (Arazzo 1.0.1 §4.6.21)`);
}

/** A string with `{$…}` embedded expressions (Arazzo 1.0.1 §4.6.21.1), each replaced by its value. */
export function interpolate(text: string, scope: ExpressionScope): string {
  return text.replace(/\{(\$[^{}]+)\}/g, (whole, expression: string) => {
    const value = evaluateExpression(expression, scope);
    if (value === undefined) return whole;
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/**
 * A parameter value or payload with its expressions evaluated: a string that is
 * one expression becomes that value (typed: a number stays a number); other
 * strings get their `{$…}` parts substituted; objects and arrays deeply.
 */
export function evaluateValue(value: unknown, scope: ExpressionScope): unknown {
  if (typeof value === 'string')
    return isExpression(value) ? evaluateExpression(value, scope) : interpolate(value, scope);
  if (Array.isArray(value)) return value.map((v) => evaluateValue(v, scope));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluateValue(v, scope)]));
  }
  return value;
}

type Token =
  | { readonly kind: 'op'; readonly text: string }
  | { readonly kind: 'value'; readonly value: unknown; readonly text: string }
  | { readonly kind: 'expr'; readonly text: string };

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')'];

function tokenize(condition: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < condition.length) {
    const c = condition[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => condition.startsWith(o, i));
    if (op) {
      tokens.push({ kind: 'op', text: op });
      i += op.length;
      continue;
    }
    if (c === "'") {
      // A single quote inside a string literal is written twice (Arazzo 1.0.1 §4.6.20, literals).
      let out = '';
      let j = i + 1;
      for (;;) {
        if (j >= condition.length) throw new ExpressionError(`unterminated string in "${condition}"`);
        if (condition[j] === "'") {
          if (condition[j + 1] === "'") {
            out += "'";
            j += 2;
            continue;
          }
          break;
        }
        out += condition[j];
        j++;
      }
      tokens.push({ kind: 'value', value: out, text: condition.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (c === '$') {
      // An expression runs to the next blank or operator; a JSON pointer may hold anything else.
      let j = i + 1;
      while (
        j < condition.length &&
        !/[\s()]/.test(condition[j] ?? '') &&
        !['==', '!=', '<=', '>=', '&&', '||', '<', '>'].some((o) => condition.startsWith(o, j))
      )
        j++;
      tokens.push({ kind: 'expr', text: condition.slice(i, j) });
      i = j;
      continue;
    }
    const word = /^(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(condition.slice(i));
    if (word?.[1]) {
      const w = word[1];
      tokens.push({
        kind: 'value',
        value: w === 'true' ? true : w === 'false' ? false : w === 'null' ? null : Number(w),
        text: w,
      });
      i += w.length;
      continue;
    }
    throw new ExpressionError(`cannot read "${condition.slice(i, i + 20)}" in the condition "${condition}"`);
  }
  return tokens;
}

const numeric = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
};

/**
 * Equality as a condition reads it: a header is always text, so a number
 * compares with a numeric string by value (`$response.header.X-Total-Count == 3`);
 * `null` equals an absent value; objects compare by their JSON.
 */
export function looselyEqual(a: unknown, b: unknown): boolean {
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  if (a === undefined || a === null || b === undefined || b === null) return false;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = numeric(a);
    const y = numeric(b);
    return x !== undefined && y !== undefined && x === y;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

function compare(a: unknown, b: unknown, op: string): boolean {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined && y !== undefined)
    return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
  if (typeof a === 'string' && typeof b === 'string')
    return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
  return false;
}

/** What a simple condition saw, for the failure message: each expression and its value. */
export interface ConditionOutcome {
  readonly result: boolean;
  readonly seen: ReadonlyArray<readonly [string, unknown]>;
}

/** Evaluates a simple condition (literals, runtime expressions, comparisons, !, &&, ||, parentheses). */
export function evaluateCondition(condition: string, scope: ExpressionScope): ConditionOutcome {
  const tokens = tokenize(condition);
  const seen: Array<[string, unknown]> = [];
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isOp = (text: string): boolean => {
    const t = peek();
    return t?.kind === 'op' && t.text === text;
  };
  const primary = (): unknown => {
    const t = tokens[pos++];
    if (!t) throw new ExpressionError(`the condition "${condition}" ends too early`);
    if (t.kind === 'value') return t.value;
    if (t.kind === 'expr') {
      const value = evaluateExpression(t.text, scope);
      seen.push([t.text, value]);
      return value;
    }
    if (t.text === '(') {
      const v = or();
      if (!isOp(')')) throw new ExpressionError(`a "(" is not closed in "${condition}"`);
      pos++;
      return v;
    }
    if (t.text === '!') return !truthy(primary());
    throw new ExpressionError(`unexpected "${t.text}" in "${condition}"`);
  };
  const comparison = (): unknown => {
    const left = primary();
    const t = peek();
    if (t?.kind === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.text)) {
      pos++;
      const right = primary();
      if (t.text === '==') return looselyEqual(left, right);
      if (t.text === '!=') return !looselyEqual(left, right);
      return compare(left, right, t.text);
    }
    return left;
  };
  const and = (): unknown => {
    let v = comparison();
    while (isOp('&&')) {
      pos++;
      const r = comparison();
      v = truthy(v) && truthy(r);
    }
    return v;
  };
  const or = (): unknown => {
    let v = and();
    while (isOp('||')) {
      pos++;
      const r = and();
      v = truthy(v) || truthy(r);
    }
    return v;
  };
  const result = or();
  if (pos !== tokens.length) throw new ExpressionError(`unexpected "${tokens[pos]?.text ?? ''}" in "${condition}"`);
  return { result: truthy(result), seen };
}

const truthy = (v: unknown): boolean => v !== undefined && v !== null && v !== false && v !== 0 && v !== '';
