import type { RecordedRequest } from '../types.js';

/** Quotes a word for a POSIX shell: single quotes, with each embedded quote closed, escaped and reopened. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The placeholder a recorded request carries instead of the valid API key. */
export const REDACTED_KEY = '<redacted: $CONFORMANCE_API_KEY>';
const KEY_ENV = 'CONFORMANCE_API_KEY';

/**
 * A curl command that replays the request. The valid API key is never written
 * out: the command reads it from $CONFORMANCE_API_KEY (double quotes, so the
 * shell expands it), keeping keys out of CI logs and report files.
 */
export function toCurl(request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === REDACTED_KEY) parts.push("-H", `"${name.replace(/[$`"\\]/g, "\\$&")}: \${${KEY_ENV}}"`);
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body));
  return parts.join(' ');
}
