import type { RecordedRequest } from '../types.js';

/** Quotes a word for a POSIX shell: single quotes, with each embedded quote closed, escaped and reopened. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * Octets (one per character) as a bash ANSI-C quoted word (`$'…'`): printable ASCII as is, every
 * other octet as `\xHH`, so that a body that is not UTF-8 is replayed octet for octet.
 */
export function octetQuote(octets: string): string {
  let out = '';
  for (const ch of octets) {
    const code = ch.charCodeAt(0);
    out +=
      code >= 0x20 && code < 0x7f
        ? ch === "'" || ch === '\\'
          ? `\\${ch}`
          : ch
        : `\\x${(code & 0xff).toString(16).padStart(2, '0')}`;
  }
  return `$'${out}'`;
}

/** The environment variables a reproduce command reads the valid credentials from, by kind. */
export const CREDENTIAL_ENV = {
  apiKey: 'CONFORMANCE_API_KEY',
  bearer: 'CONFORMANCE_BEARER',
  /** `USER:PASS`, sent with `curl -u` (which encodes it, RFC 7617). */
  basic: 'CONFORMANCE_BASIC',
  /** The credentials of any other http scheme. */
  other: 'CONFORMANCE_CREDENTIAL',
} as const;

/** The placeholder a recorded request carries instead of a credential held in that variable. */
export const redactedAs = (env: string): string => `<redacted: $${env}>`;

/** The placeholder a recorded request carries instead of the valid API key. */
export const REDACTED_KEY = redactedAs(CREDENTIAL_ENV.apiKey);

const PLACEHOLDER = /<redacted: \$([A-Z_]+)>/g;
const BASIC_PLACEHOLDER = `Basic ${redactedAs(CREDENTIAL_ENV.basic)}`;

/** A header whose value holds placeholders, double-quoted so the shell expands `${VAR}` and nothing else. */
function expanding(name: string, value: string): string {
  const escapeDoubleQuoted = (text: string): string => text.replace(/[$`"\\]/g, '\\$&');
  let out = '';
  let last = 0;
  for (const m of value.matchAll(PLACEHOLDER)) {
    out += `${escapeDoubleQuoted(value.slice(last, m.index))}\${${m[1]}}`;
    last = (m.index ?? 0) + m[0].length;
  }
  return `"${escapeDoubleQuoted(name)}: ${out}${escapeDoubleQuoted(value.slice(last))}"`;
}

/**
 * A curl command that replays the request. Valid credentials are never written
 * out: the command reads them from $CONFORMANCE_API_KEY, $CONFORMANCE_BEARER,
 * $CONFORMANCE_BASIC (USER:PASS, given to `curl -u`) or $CONFORMANCE_CREDENTIAL
 * (double quotes, so the shell expands them), keeping them out of CI logs and
 * report files.
 */
export function toCurl(request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization' && value === BASIC_PLACEHOLDER)
      parts.push('-u', `"\${${CREDENTIAL_ENV.basic}}"`);
    else if (value.includes('<redacted: $')) parts.push('-H', expanding(name, value));
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined)
    parts.push(
      '--data-binary',
      request.bodyEncoding === 'latin1' ? octetQuote(request.body) : shellQuote(request.body),
    );
  return parts.join(' ');
}
