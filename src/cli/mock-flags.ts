import { parseFullDate } from '../contract/dates.js';

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/**
 * An instant written in full: an RFC 3339 full-date (`2027-07-01`, midnight UTC) or date-time
 * with seconds and an offset (`2027-07-01T00:00:00Z`) (RFC 3339 §5.6). `Date` alone would read
 * `1` as the year 2001 and `2027-02-30` as 2 March; undefined for anything else.
 */
export function parseInstant(text: string): Date | undefined {
  const day = parseFullDate(text);
  if (day) return day;
  const m = DATE_TIME.exec(text);
  if (!m || !parseFullDate(m[1]!)) return undefined;
  const [hh, mi, ss] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (hh > 23 || mi > 59 || ss > 60 || (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)))
    return undefined;
  const date = new Date(text.replace(/[tz]/g, (c) => c.toUpperCase()).replace(/:60(?=[.Z+-])/, ':59'));
  return Number.isNaN(date.getTime()) ? undefined : date;
}
