/**
 * The fewest characters any match of an ECMA-262 pattern takes (ECMA-262 §22.2, read with the `u`
 * flag, as validators compile a schema's `pattern`: one atom is one code point, as JSON Schema
 * counts a string's length, Validation 2020-12 §6.3.1). A lower bound, never more than the truth:
 * what this reader does not know (a backreference, a construct it cannot parse) counts 0, so a
 * length it gives can prove a `maxLength` below it admits no string (the pattern is not anchored
 * or is: a string matching it holds a match, so it is at least that long).
 */
export function minMatchLength(pattern: string): number {
  try {
    const reader = { text: pattern, at: 0 };
    const length = alternatives(reader);
    return reader.at === pattern.length ? length : 0;
  } catch {
    return 0;
  }
}

interface Reader {
  readonly text: string;
  at: number;
}

/** `a|b|c` up to a closing `)` or the end: the shortest alternative. */
function alternatives(r: Reader): number {
  let shortest = sequence(r);
  while (r.text[r.at] === '|') {
    r.at++;
    shortest = Math.min(shortest, sequence(r));
  }
  return shortest;
}

/** Atoms, each times its quantifier's least count, up to `|`, `)` or the end. */
function sequence(r: Reader): number {
  let total = 0;
  while (r.at < r.text.length && r.text[r.at] !== '|' && r.text[r.at] !== ')') {
    const atom = atomLength(r);
    total += atom * leastCount(r);
  }
  return total;
}

function atomLength(r: Reader): number {
  const c = r.text[r.at]!;
  if (c === '^' || c === '$') {
    r.at++;
    return 0;
  }
  if (c === '(') {
    r.at++;
    // A lookaround matches no character (ECMA-262 §22.2.2.4 Assertion).
    const lookaround = /^\?<?[=!]/.exec(r.text.slice(r.at));
    if (lookaround) r.at += lookaround[0].length;
    else if (r.text.startsWith('?:', r.at)) r.at += 2;
    else if (r.text.startsWith('?<', r.at)) r.at = r.text.indexOf('>', r.at) + 1;
    const inner = alternatives(r);
    if (r.text[r.at] !== ')') throw new Error('unclosed group');
    r.at++;
    return lookaround ? 0 : inner;
  }
  if (c === '[') {
    r.at++;
    if (r.text[r.at] === '^') r.at++;
    if (r.text[r.at] === ']') r.at++;
    while (r.at < r.text.length && r.text[r.at] !== ']') r.at += r.text[r.at] === '\\' ? 2 : 1;
    if (r.text[r.at] !== ']') throw new Error('unclosed class');
    r.at++;
    return 1;
  }
  if (c === '\\') {
    const next = r.text[r.at + 1];
    if (next === undefined) throw new Error('trailing escape');
    // \b \B are assertions; a backreference (\1, \k<name>) may match nothing.
    if (next === 'b' || next === 'B' || /[1-9]/.test(next) || next === 'k') throw new Error('not measured');
    r.at += 2;
    if (next === 'u' || next === 'x' || next === 'p' || next === 'P') {
      const braced = /^\{[^}]*\}/.exec(r.text.slice(r.at));
      if (braced) r.at += braced[0].length;
      else r.at += next === 'u' ? 4 : next === 'x' ? 2 : 0;
    } else if (next === 'c') r.at++;
    return 1;
  }
  if ('*+?{'.includes(c)) throw new Error('quantifier without atom');
  r.at += String.fromCodePoint(r.text.codePointAt(r.at)!).length;
  return 1;
}

/** The least count of the quantifier after an atom (1 without one), its lazy `?` read too. */
function leastCount(r: Reader): number {
  const c = r.text[r.at];
  let least: number | undefined;
  if (c === '*' || c === '?') least = 0;
  else if (c === '+') least = 1;
  if (least !== undefined) r.at++;
  else if (c === '{') {
    const braces = /^\{(\d+)(,\d*)?\}/.exec(r.text.slice(r.at));
    if (braces) {
      r.at += braces[0].length;
      least = Number(braces[1]);
    }
  }
  if (least === undefined) return 1;
  if (r.text[r.at] === '?') r.at++;
  return least;
}
