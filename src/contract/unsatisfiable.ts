import { isRecord } from './guards.js';
import { minMatchLength } from './pattern-length.js';
import { patternRegExp, portablePattern } from './patterns.js';

/**
 * One reason a schema admits no value: a document fault, not a fault of whoever answers with it.
 * `at`: where in the value no member can be, as JSON pointer tokens (RFC 6901), `*` for any array
 * item. `keyword`: the place of the keywords that contradict each other under the schema, followed
 * through references as JSON Schema's output reports a keyword's place (2020-12 §12.3.1
 * keywordLocation).
 */
export interface Unsatisfiable {
  readonly at: readonly string[];
  readonly keyword: string;
  readonly reason: string;
}

/**
 * Why no value can satisfy `schema`, proved from its keywords alone, or undefined when this reader
 * finds no proof (the schema may still admit nothing: only proofs are reported, never guesses, so
 * a value that breaks a satisfiable schema stays the answerer's fault). The proofs, each sound:
 * - an object required to have a member that a closed part (`additionalProperties: false`)
 *   forbids (JSON Schema Validation 2020-12 §6.5.3 `required`; Core §10.3.2.3 `additionalProperties`
 *   sees only its sibling `properties` and `patternProperties`);
 * - `type`s that share no value, between `allOf` parts or between a schema and every `oneOf` /
 *   `anyOf` alternative (Validation §6.1.1; Core §10.2.1);
 * - a `pattern` whose shortest match is longer than `maxLength`; a date or date-time `format` whose
 *   values begin with a digit (RFC 3339 §5.6) under a pattern anchored on a letter;
 * - `not: {}`;
 * - bounds that cross (`minLength` over `maxLength`, `minimum` over `maximum`, `minItems` over
 *   `maxItems`);
 * - and any of these in a member the object requires, an item a non-empty array must hold, an
 *   `allOf` part, or every alternative of a `oneOf` / `anyOf`.
 * Computed once per schema object (the kernel's resolved schemas are shared) and cycle-safe.
 */
export function unsatisfiable(schema: unknown): readonly Unsatisfiable[] | undefined {
  return prove(schema, new Set());
}

const proofs = new WeakMap<object, readonly Unsatisfiable[] | null>();

function prove(schema: unknown, open: Set<object>): readonly Unsatisfiable[] | undefined {
  if (schema === false) return [{ at: [], keyword: '', reason: 'the schema false admits no value' }];
  if (!isRecord(schema) || open.has(schema)) return undefined;
  const known = proofs.get(schema);
  if (known !== undefined) return known ?? undefined;
  open.add(schema);
  let found: readonly Unsatisfiable[] | undefined;
  try {
    found = proveHere(schema, open);
  } finally {
    open.delete(schema);
  }
  // A proof is kept; "none found" only when no cycle cut the walk short (the same schema may prove
  // more when reached from elsewhere).
  if (found || open.size === 0) proofs.set(schema, found ?? null);
  return found;
}

/** A schema and its `allOf` parts, theirs included, each with its place under the schema. */
interface Half {
  readonly node: Record<string, unknown>;
  readonly keyword: string;
}

function halvesOf(schema: Record<string, unknown>): Half[] {
  const halves: Half[] = [];
  const gather = (node: unknown, keyword: string): void => {
    if (!isRecord(node) || halves.some((h) => h.node === node)) return;
    halves.push({ node, keyword });
    if (Array.isArray(node['allOf']))
      for (const [i, part] of node['allOf'].entries()) gather(part, `${keyword}/allOf/${i}`);
  };
  gather(schema, '');
  return halves;
}

function proveHere(schema: Record<string, unknown>, open: Set<object>): readonly Unsatisfiable[] | undefined {
  const halves = halvesOf(schema);
  const types = typesOf(halves);
  if (types.set?.size === 0) return [{ at: [], keyword: types.keyword, reason: types.reason }];
  // `not` of a schema every value meets (Core 2020-12 §10.2.1.4).
  const negated = halves.find(
    ({ node }) => node['not'] === true || (isRecord(node['not']) && Object.keys(node['not']).length === 0),
  );
  if (negated) return [{ at: [], keyword: `${negated.keyword}/not`, reason: 'not: {} admits no value' }];
  for (const half of halves) {
    const parts = Array.isArray(half.node['allOf']) ? half.node['allOf'] : [];
    for (const [i, part] of parts.entries()) {
      const inPart = prove(part, open);
      if (inPart) return under([], `${half.keyword}/allOf/${i}`, inPart);
    }
  }
  return (
    alternativesProof(halves, types.set, open) ??
    (types.set ? bounds(halves, types.set) : undefined) ??
    (only(types.set, 'object') ? objectProof(halves, open) : undefined) ??
    (only(types.set, 'array') ? arrayProof(halves, open) : undefined)
  );
}

function under(at: readonly string[], keyword: string, proof: readonly Unsatisfiable[]): Unsatisfiable[] {
  return proof.map((p) => ({ at: [...at, ...p.at], keyword: `${keyword}${p.keyword}`, reason: p.reason }));
}

/** The types one half admits (`type`, with OAS 3.0's `nullable: true`), undefined when it says none. */
function ownTypes(node: Record<string, unknown>): Set<string> | undefined {
  const type = node['type'];
  const list = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t) => typeof t === 'string') : [];
  if (list.length === 0) return undefined;
  const set = new Set(list);
  if (node['nullable'] === true) set.add('null');
  return set;
}

/** The values both type sets admit (`integer` is a `number`, Validation 2020-12 §6.1.1). */
function meet(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const t of a) {
    if (b.has(t)) out.add(t);
    else if (t === 'integer' && b.has('number')) out.add('integer');
    else if (t === 'number' && b.has('integer')) out.add('integer');
  }
  return out;
}

const listed = (set: ReadonlySet<string>): string => [...set].join(', ');

function typesOf(halves: readonly Half[]): { set?: Set<string>; keyword: string; reason: string } {
  let set: Set<string> | undefined;
  let first: Half | undefined;
  for (const half of halves) {
    const own = ownTypes(half.node);
    if (!own) continue;
    if (set && first) {
      const met = meet(set, own);
      if (met.size === 0)
        return {
          set: met,
          keyword: `${half.keyword}/type`,
          reason: `type ${listed(own)} shares no value with type ${listed(set)} at ${first.keyword || 'its root'}/type`,
        };
      set = met;
    } else {
      set = own;
      first = half;
    }
  }
  return set ? { set, keyword: '', reason: '' } : { keyword: '', reason: '' };
}

const only = (set: ReadonlySet<string> | undefined, type: string): boolean =>
  set !== undefined && set.size > 0 && [...set].every((t) => t === type);

/** Every alternative of a `oneOf` or `anyOf` admits nothing here: its own proof, or a type the schema's excludes. */
function alternativesProof(
  halves: readonly Half[],
  types: ReadonlySet<string> | undefined,
  open: Set<object>,
): readonly Unsatisfiable[] | undefined {
  for (const half of halves) {
    for (const key of ['oneOf', 'anyOf'] as const) {
      const alternatives = half.node[key];
      if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
      const why = alternatives.map((alternative) => {
        if (prove(alternative, open)) return 'admits no value';
        const own = isRecord(alternative) ? typesOf(halvesOf(alternative)).set : undefined;
        return types && own && meet(types, own).size === 0 ? `type ${listed(own)}` : undefined;
      });
      if (why.every((w) => w !== undefined))
        return [
          {
            at: [],
            keyword: `${half.keyword}/${key}`,
            reason: `no ${key} alternative admits a value of type ${types ? listed(types) : 'any'} (${why.join('; ')})`,
          },
        ];
    }
  }
  return undefined;
}

function numbers(halves: readonly Half[], key: string, pick: (a: number, b: number) => number): number | undefined {
  let out: number | undefined;
  for (const { node } of halves) {
    const value = node[key];
    if (typeof value === 'number') out = out === undefined ? value : pick(out, value);
  }
  return out;
}

function crossing(halves: readonly Half[], low: string, high: string): Unsatisfiable | undefined {
  const least = numbers(halves, low, Math.max);
  const most = numbers(halves, high, Math.min);
  if (least === undefined || most === undefined || least <= most) return undefined;
  const where = halves.find((h) => h.node[low] === least)?.keyword ?? '';
  return { at: [], keyword: `${where}/${low}`, reason: `${low} ${least} is over ${high} ${most}` };
}

/** Crossed bounds, and string patterns or formats no string within them meets. */
function bounds(halves: readonly Half[], types: ReadonlySet<string>): readonly Unsatisfiable[] | undefined {
  const pairs: [string, string][] = [];
  if (only(types, 'string')) pairs.push(['minLength', 'maxLength']);
  if ([...types].every((t) => t === 'number' || t === 'integer')) pairs.push(['minimum', 'maximum']);
  if (only(types, 'array')) pairs.push(['minItems', 'maxItems']);
  for (const [low, high] of pairs) {
    const crossed = crossing(halves, low, high);
    if (crossed) return [crossed];
  }
  return only(types, 'string') ? stringProof(halves) : undefined;
}

/** RFC 3339 §5.6: a full-date, a partial-time and so a date-time begin with a digit. */
const DIGIT_FIRST = new Set(['date', 'date-time', 'time', 'full-date']);

function stringProof(halves: readonly Half[]): readonly Unsatisfiable[] | undefined {
  const most = numbers(halves, 'maxLength', Math.min);
  const format = halves.map((h) => h.node['format']).find((f) => typeof f === 'string' && DIGIT_FIRST.has(f));
  for (const { node, keyword } of halves) {
    const pattern = node['pattern'];
    if (typeof pattern !== 'string') continue;
    const portable = portablePattern(pattern);
    if (!portable.ok) continue;
    const shortest = minMatchLength(portable.source);
    if (most !== undefined && shortest > most)
      return [
        {
          at: [],
          keyword: `${keyword}/pattern`,
          reason: `pattern ${pattern} matches no string of at most maxLength ${most} characters (its shortest match has ${shortest})`,
        },
      ];
    // `^` then a letter that no quantifier lets be absent.
    const letter = /^\^([A-Za-z])(?![?*]|\{0)/.exec(portable.source);
    if (format && letter)
      return [
        {
          at: [],
          keyword: `${keyword}/pattern`,
          reason: `pattern ${pattern} begins with "${letter[1]}" and format ${String(format)} values begin with a digit (RFC 3339 section 5.6)`,
        },
      ];
  }
  return undefined;
}

function objectProof(halves: readonly Half[], open: Set<object>): readonly Unsatisfiable[] | undefined {
  const declared = new Set<string>();
  const patterns: string[] = [];
  const required = new Set<string>();
  for (const { node } of halves) {
    if (isRecord(node['properties'])) for (const name of Object.keys(node['properties'])) declared.add(name);
    if (isRecord(node['patternProperties'])) patterns.push(...Object.keys(node['patternProperties']));
    if (Array.isArray(node['required']))
      for (const name of node['required']) if (typeof name === 'string') required.add(name);
  }
  const closed = halves.find((h) => h.node['additionalProperties'] === false);
  // A name a pattern may match is admitted (an untranslatable pattern may match anything).
  const patterned = (name: string): boolean => patterns.some((p) => patternRegExp(p)?.test(name) ?? true);
  for (const name of required) {
    if (closed && !declared.has(name) && !patterned(name))
      return [
        {
          at: [],
          keyword: `${closed.keyword}/additionalProperties`,
          reason: `required member "${name}" is not a declared property, and additionalProperties: false forbids it`,
        },
      ];
    for (const { node, keyword } of halves) {
      const member = isRecord(node['properties']) ? node['properties'][name] : undefined;
      const inMember = member === undefined ? undefined : prove(member, open);
      if (inMember) return under([name], `${keyword}/properties/${escapeToken(name)}`, inMember);
    }
  }
  return undefined;
}

function arrayProof(halves: readonly Half[], open: Set<object>): readonly Unsatisfiable[] | undefined {
  if ((numbers(halves, 'minItems', Math.max) ?? 0) < 1) return undefined;
  for (const { node, keyword } of halves) {
    const inItems = isRecord(node['items']) ? prove(node['items'], open) : undefined;
    if (inItems) return under(['*'], `${keyword}/items`, inItems);
  }
  return undefined;
}

/** RFC 6901 §3: `~` and `/` in a token. */
const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Whether a validator's error at `pointer` (a JSON pointer into the value, RFC 6901) lies at or
 * under a place where the proofs show no value can be: the fault is the document's there.
 */
export function explainedBy(pointer: string, proofs: readonly Unsatisfiable[]): boolean {
  const tokens = pointer === '' ? [] : pointer.replace(/^\//, '').split('/').map(unescapeToken);
  return proofs.some((p) => p.at.length <= tokens.length && p.at.every((t, i) => t === '*' || t === tokens[i]));
}

const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');
