/**
 * OpenAPI 3.0.3 §4.7.24 (via JSON Schema Validation §5.2.3) says a `pattern` is an ECMA-262
 * regular expression, but real contracts are written by people who think in PCRE, Java or
 * Python: an inline `(?i)`, `\A`/`\z`, `[[:alpha:]]`, `(?P<name>…)`, or an identity escape such
 * as `\_` that ECMA-262 only takes without its `u` flag. Validators compile patterns with `u`
 * (ajv's default), so such a pattern either crashes the compile or means something else.
 *
 * `portablePattern` rewrites a pattern into plain ECMA-262 source (valid with the `u` flag and
 * needing no flags) where the rewrite means exactly the same, and refuses otherwise, so that a
 * caller can choose not to enforce it and say so. Pure and cached by pattern text.
 */

export type PortablePattern =
  | { readonly ok: true; readonly source: string; readonly changed: boolean }
  | { readonly ok: false; readonly reason: string };

const cache = new Map<string, PortablePattern>();
const CACHE_LIMIT = 10_000;

export function portablePattern(pattern: string): PortablePattern {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const result = translate(pattern);
  if (cache.size < CACHE_LIMIT) cache.set(pattern, result);
  return result;
}

/** A RegExp for a contract's pattern (no flags needed), or undefined when it cannot be made exact. */
export function patternRegExp(pattern: string): RegExp | undefined {
  const portable = portablePattern(pattern);
  return portable.ok ? new RegExp(portable.source, 'u') : undefined;
}

class Untranslatable extends Error {}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  x: boolean;
}

/** Characters that ECMA-262 (u mode) lets stand escaped outside a class: SyntaxCharacter and `/`. */
const SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''));
/** Escapes that mean the same in ECMA-262 and in the common flavours. */
const CLASS_ESCAPES = new Set('dDwWsS'.split(''));
const CONTROL_ESCAPES: Record<string, string> = {
  n: '\\n',
  r: '\\r',
  t: '\\t',
  f: '\\f',
  v: '\\v',
  e: '\\x1b',
  a: '\\x07',
};
const POSIX: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
  word: '\\w',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
};
const LINE_TERMINATORS = '\\n\\r\\u2028\\u2029';

function escapeLiteral(ch: string, inClass: boolean): string {
  if (SYNTAX.has(ch) || (inClass && ch === '-')) return `\\${ch}`;
  return ch;
}

/** Both cases of a literal character, as class content (for an emulated `i` flag). */
function bothCases(ch: string): string[] {
  const lower = ch.toLowerCase();
  const upper = ch.toUpperCase();
  const out = new Set([ch]);
  if ([...lower].length === 1) out.add(lower);
  if ([...upper].length === 1) out.add(upper);
  return [...out];
}

function translate(pattern: string): PortablePattern {
  try {
    new RegExp(pattern, 'u');
    // Already ECMA-262: JSON Schema's own dialect, taken as written (but for nested quantifiers).
    const source = unnested(pattern);
    return { ok: true, source, changed: source !== pattern };
  } catch {
    // fall through to the rewrite
  }
  try {
    const source = unnested(rewrite(pattern));
    try {
      new RegExp(source, 'u');
    } catch (error) {
      return {
        ok: false,
        reason: `not an ECMA-262 regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`,
      };
    }
    return { ok: true, source, changed: source !== pattern };
  } catch (error) {
    return { ok: false, reason: error instanceof Untranslatable ? error.message : String(error) };
  }
}

function rewrite(input: string): string {
  const flags: Flags = { i: false, m: false, s: false, x: false };
  let pattern = input;
  // A leading inline-flag group applies to the whole pattern: `(?i)abc`, or `(?i:abc)` spanning all of it.
  const leading = /^\(\?([imsxu]+)\)/.exec(pattern);
  if (leading?.[1]) {
    setFlags(flags, leading[1]);
    pattern = pattern.slice(leading[0].length);
  } else {
    const scoped = /^\(\?([imsxu]+):/.exec(pattern);
    if (scoped?.[1] && closingParen(pattern, 0) === pattern.length - 1) {
      setFlags(flags, scoped[1]);
      pattern = pattern.slice(scoped[0].length, -1);
    }
  }
  return emit(pattern, flags);
}

function setFlags(flags: Flags, letters: string): void {
  for (const letter of letters)
    if (letter === 'i' || letter === 'm' || letter === 's' || letter === 'x') flags[letter] = true;
}

function indexOfSeq(chars: readonly string[], seq: string, from: number): number {
  for (let i = from; i < chars.length - seq.length + 1; i++)
    if (chars.slice(i, i + seq.length).join('') === seq) return i;
  return -1;
}

/** Index of the `)` closing the group opened at `start`, skipping escapes and classes; -1 if none. */
function closingParen(pattern: string, start: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = start; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

function emit(pattern: string, flags: Flags): string {
  let out = '';
  let inClass = false;
  let classStart = false;
  let afterClassEscape = false;
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1];
    if (ch === '\\') {
      if (next === undefined) throw new Untranslatable('a pattern ending in a lone backslash');
      i++;
      afterClassEscape = inClass && CLASS_ESCAPES.has(next);
      out += escapeSequence(chars, i, inClass, flags, (skip) => (i += skip));
      classStart = false;
      continue;
    }
    if (inClass) {
      const wasAfterClassEscape = afterClassEscape;
      afterClassEscape = false;
      if (ch === '[' && next === ':') {
        const end = indexOfSeq(chars, ':]', i);
        const name = end > 0 ? chars.slice(i + 2, end).join('') : '';
        const posix = POSIX[name];
        if (!posix) throw new Untranslatable(`the POSIX class [:${name}:] has no ECMA-262 equivalent`);
        out += flags.i && (name === 'upper' || name === 'lower') ? 'a-zA-Z' : posix;
        i += name.length + 3;
      } else if (ch === ']' && !classStart) {
        inClass = false;
        out += ch;
      } else if (ch === '^' && classStart) {
        out += ch;
        continue; // still at the start for a leading `]`
      } else if (ch === '[') {
        throw new Untranslatable('a nested character class (set operations are not ECMA-262 without the v flag)');
      } else if (ch === '-' && (wasAfterClassEscape || (next === '\\' && CLASS_ESCAPES.has(chars[i + 2] ?? '')))) {
        // `[\w-.]`: a hyphen beside a class escape is a literal in the common flavours, an error in u mode.
        out += '\\-';
      } else {
        out += flags.i ? classCases(chars, i, (skip) => (i += skip)) : ch;
      }
      classStart = false;
      continue;
    }
    if (flags.x && /\s/.test(ch)) continue;
    if (flags.x && ch === '#') {
      while (i + 1 < chars.length && chars[i + 1] !== '\n') i++;
      continue;
    }
    switch (ch) {
      case '[':
        inClass = true;
        classStart = true;
        out += ch;
        continue;
      case '(':
        out += group(pattern, chars, i, (skip) => (i += skip));
        continue;
      case '.':
        out += flags.s ? '[\\s\\S]' : '.';
        break;
      case '^':
        // Under `m`, a line start: no character before, or a line terminator before (ECMA-262 §22.2.2.6).
        out += flags.m ? `(?<![^${LINE_TERMINATORS}])` : '^';
        break;
      case '$':
        out += flags.m ? `(?![^${LINE_TERMINATORS}])` : '$';
        break;
      case '+':
      case '*':
      case '?':
      case '}':
        if (next === '+') throw new Untranslatable(`a possessive quantifier (${ch}+)`);
        out += ch;
        break;
      default:
        if (flags.i && /\p{L}/u.test(ch)) {
          const cases = bothCases(ch);
          out += cases.length > 1 ? `[${cases.join('')}]` : ch;
        } else out += ch;
    }
  }
  if (inClass) throw new Untranslatable('an unterminated character class');
  return out;
}

/** A class member under an emulated `i`: a letter, or a range of ASCII letters, gets both cases. */
function classCases(chars: readonly string[], i: number, skip: (n: number) => void): string {
  const ch = chars[i]!;
  if (chars[i + 1] === '-' && chars[i + 2] !== undefined && chars[i + 2] !== ']') {
    const end = chars[i + 2]!;
    skip(2);
    if (/^[a-z]$/.test(ch) && /^[a-z]$/.test(end)) return `${ch}-${end}${ch.toUpperCase()}-${end.toUpperCase()}`;
    if (/^[A-Z]$/.test(ch) && /^[A-Z]$/.test(end)) return `${ch}-${end}${ch.toLowerCase()}-${end.toLowerCase()}`;
    if (/\p{L}/u.test(ch) || /\p{L}/u.test(end)) throw new Untranslatable(`a case-insensitive range ${ch}-${end}`);
    return `${ch}-${end}`;
  }
  return /\p{L}/u.test(ch) ? bothCases(ch).join('') : ch;
}

/** The escape at chars[i] (the character after the backslash). */
function escapeSequence(
  chars: readonly string[],
  i: number,
  inClass: boolean,
  flags: Flags,
  skip: (n: number) => void,
): string {
  const ch = chars[i]!;
  if (CLASS_ESCAPES.has(ch)) return `\\${ch}`;
  if (ch in CONTROL_ESCAPES) return CONTROL_ESCAPES[ch]!;
  if (ch === 'b' || ch === 'B') return `\\${ch}`;
  if (!inClass && ch === 'A') {
    if (flags.m) return '^(?<![\\s\\S])';
    return '^';
  }
  if (!inClass && ch === 'z') return flags.m ? '(?![\\s\\S])' : '$';
  if (!inClass && ch === 'Z') return flags.m ? '(?=\\n?(?![\\s\\S]))' : '(?=\\n?$)';
  if (ch === 'h')
    return inClass
      ? '\\t \\u00a0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000'
      : '[\\t \\u00a0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000]';
  if (ch === 'Q') {
    // \Q…\E quotes everything literally.
    let text = '';
    let j = i + 1;
    for (; j < chars.length; j++) {
      if (chars[j] === '\\' && chars[j + 1] === 'E') break;
      text += escapeLiteral(chars[j]!, inClass);
    }
    skip(j - i + (j < chars.length ? 1 : 0));
    return text;
  }
  if (ch === 'x' || ch === 'u' || ch === 'c' || ch === 'p' || ch === 'P' || ch === 'k' || /[0-9]/.test(ch)) {
    if (flags.i && (/[1-9]/.test(ch) || ch === 'k' || ch === 'p' || ch === 'P'))
      throw new Untranslatable(`\\${ch} under a case-insensitive flag`);
    return `\\${ch}`; // left as written: the final compile decides
  }
  if (/[A-Za-z]/.test(ch)) throw new Untranslatable(`the escape \\${ch} has no ECMA-262 equivalent`);
  // An identity escape of punctuation (`\_`, `\@`, `\-`): the character itself.
  return escapeLiteral(ch, inClass);
}

/** The group opening at chars[i] === '('. */
function group(pattern: string, chars: readonly string[], i: number, skip: (n: number) => void): string {
  if (chars[i + 1] !== '?') return '(';
  const rest = chars.slice(i + 2, i + 8).join('');
  if (/^[:=!]/.test(rest) || /^<[=!]/.test(rest)) return '(';
  if (rest.startsWith('#')) {
    const end = pattern.indexOf(')', i);
    if (end < 0) throw new Untranslatable('an unterminated comment group');
    skip(chars.slice(i, end + 1).length - 1);
    return '';
  }
  if (rest.startsWith('P<')) {
    skip(3); // `(?P<name>` is Python's spelling of `(?<name>`
    return '(?<';
  }
  if (rest.startsWith('P=')) {
    const end = chars.indexOf(')', i);
    const name = chars.slice(i + 4, end).join('');
    skip(end - i);
    return `\\k<${name}>`;
  }
  if (rest.startsWith('<')) return '(';
  if (rest.startsWith('>')) throw new Untranslatable('an atomic group (?>…)');
  throw new Untranslatable(`the group (?${rest.slice(0, 2)}…) (inline flags are exact only at the start of a pattern)`);
}

/**
 * One quantified atom quantified again, `([\/\w .-]*)*` (a URL pattern copied across many
 * contracts), matches the same strings as the atom quantified once, `([\/\w .-]*)`; but a
 * backtracking engine (ECMA-262's, so ajv's and the sampler's) tries every way to split a string
 * that fails to match, exponential in its length: a request or an example of 30 characters hung the
 * process (OWASP, "Regular expression Denial of Service"). The group is given one quantifier: `*`
 * where either was `*` (or `+` was applied to `*`), `+` where both were `+`. Captures are not read
 * by JSON Schema (Validation §6.3.3 asks only whether the pattern matches).
 */
function unnested(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      out += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') {
      NESTED.lastIndex = i;
      const m = NESTED.exec(source);
      if (m) {
        const [whole, open = '(', atom = '', inner = '', outer = ''] = m;
        out += `${open}${atom}${inner === '+' && outer === '+' ? '+' : '*'})`;
        i += whole.length - 1;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

/** A group, capturing or not, holding one atom quantified by `*` or `+`, itself quantified so (lazy or greedy: the same strings match). */
const NESTED =
  /(\((?:\?:)?)((?:\[(?:\\.|[^\]\\])*\]|\\[dDwWsS./\-_]|\.|[^\\()[\]{}|*+?^$.]))([*+])\??\)([*+])\??(?![+*{])/y;
