/**
 * Date encodings of the deprecation headers, shared by the mock (which writes
 * them) and the conformance runner (which checks them).
 */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** RFC 9110 §5.6.7 IMF-fixdate, the HTTP-date form RFC 8594 requires for `Sunset`. */
export function formatHttpDate(date: Date): string {
  return (
    `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCFullYear(), 4)} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} GMT`
  );
}

const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * Parses an IMF-fixdate strictly (RFC 9110 §5.6.7); the obsolete RFC 850 and
 * asctime forms are refused, as RFC 8594 §3 asks senders for IMF-fixdate.
 * Returns undefined for anything else, including a weekday that does not match the date.
 */
export function parseHttpDate(value: string): Date | undefined {
  const m = IMF_FIXDATE.exec(value.trim());
  if (!m) return undefined;
  const [, day, dd, mon, yyyy, hh, mi, ss] = m;
  const month = MONTHS.indexOf(mon as (typeof MONTHS)[number]);
  const date = new Date(Date.UTC(Number(yyyy), month, Number(dd), Number(hh), Number(mi), Number(ss)));
  if (date.getUTCDate() !== Number(dd) || date.getUTCHours() !== Number(hh)) return undefined;
  if (DAYS[date.getUTCDay()] !== day) return undefined;
  return date;
}

/** RFC 9745 §2.1: `Deprecation` is an RFC 9651 structured-field Date, `@` + integer seconds since the epoch. */
export function formatStructuredDate(date: Date): string {
  return `@${Math.floor(date.getTime() / 1000)}`;
}

/** Parses an RFC 9651 sf-date (`@` and an integer of at most 15 digits); undefined otherwise (`true` included). */
export function parseStructuredDate(value: string): Date | undefined {
  const m = /^@(-?\d{1,15})$/.exec(value.trim());
  if (!m) return undefined;
  return new Date(Number(m[1]) * 1000);
}

/** Parses an RFC 3339 full-date (`2027-06-30`) as midnight UTC; undefined when it is not a real date. */
export function parseFullDate(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCDate() === Number(m[3]) && date.getUTCMonth() === Number(m[2]) - 1 ? date : undefined;
}
