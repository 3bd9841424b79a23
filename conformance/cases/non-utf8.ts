/** What the body breaks, in words (the exchange's `defect`). */
export const NON_UTF8_DEFECT =
  'a body declared UTF-8 whose string carries the octet 0xFF, which UTF-8 never has (RFC 8259 §8.1)';

/** The octet put in the body: 0xFF never occurs in UTF-8 (RFC 3629 §1). */
const NEVER_UTF8 = '\u00ff';
/** An ASCII marker, the same in UTF-8 and in one-octet-per-character text. */
const MARK = '~non-utf8-octet~';

/** Each string of the value (depth first), as the value with `tail` appended to that string alone. */
function withEachString(value: unknown, tail: string): unknown[] {
  if (typeof value === 'string') return [`${value}${tail}`];
  if (Array.isArray(value))
    return value.flatMap((v, i) => withEachString(v, tail).map((inner) => value.map((w, j) => (j === i ? inner : w))));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, v]) =>
      withEachString(v, tail).map((inner) => ({ ...value, [key]: inner })),
    );
  return [];
}

/** Whether some string of the value, read as U+FFFD, leaves it valid: a place for the octet that only the encoding breaks. */
export function carriesOctet(value: unknown, stillValid: (read: unknown) => boolean = () => true): boolean {
  return withEachString(value, '\ufffd').some(stillValid);
}

/**
 * A JSON body that only its encoding breaks: the valid value with one string carrying the octet 0xFF,
 * as one character per octet (send it as `latin1`). RFC 8259 §8.1: JSON exchanged between systems
 * MUST be UTF-8; a server that reads it as text stores U+FFFD, a value nobody sent. The string is the
 * first one that, read so, still leaves the body valid (`stillValid`: a free-text field, not an email
 * or an enum), so that only the encoding can be refused. Undefined when the value holds no string
 * (anywhere else the octet would break the JSON syntax too, and the refusal would prove nothing).
 */
export function nonUtf8Body(value: unknown, stillValid: (read: unknown) => boolean = () => true): string | undefined {
  const read = withEachString(value, '\ufffd');
  if (read.length === 0) return undefined;
  const at = Math.max(0, read.findIndex(stillValid));
  const marked = withEachString(value, MARK)[at];
  return Buffer.from(JSON.stringify(marked), 'utf8').toString('latin1').replace(MARK, NEVER_UTF8);
}
