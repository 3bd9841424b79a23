import type { Dice } from './dice.js';
import { englishWord } from './names.js';

const BASE_DATE = Date.UTC(2026, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;
const two = (n: number): string => String(n).padStart(2, '0');

function dateTime(dice: Dice): string {
  return new Date(BASE_DATE + dice.int(0, 365) * DAY_MS + dice.int(0, 86_399) * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The spellings of one value of a format that admits several (RFC 3339 §5.6: a date-time or time
 * may carry `time-secfrac` and write UTC as `Z` or `+00:00`), the value as drawn first: a format
 * held to a length (telstra.com's `createTimestamp`, `date-time` with minLength and maxLength 24,
 * JavaScript's `toISOString` shape) gets the spelling that fits it, not a padded string no format
 * admits. Any other format has its one spelling.
 */
export function spellings(format: string, value: string): string[] {
  if (!['date-time', 'iso-date-time', 'time', 'iso-time'].includes(format) || !value.endsWith('Z')) return [value];
  const base = value.slice(0, -1);
  const out = new Set([value]);
  for (const offset of ['Z', '+00:00'])
    for (let digits = 0; digits <= 9; digits++)
      out.add(`${base}${digits > 0 ? `.${'0'.repeat(digits)}` : ''}${offset}`);
  return [...out];
}

/**
 * A string of a format the validators check (OAS 3.0.3 §4.7.4 Data Types; JSON Schema Validation
 * 2020-12 §7.3; ajv-formats in full mode), drawn with the dice; undefined for a format nobody
 * checks (an annotation only, JSON Schema Validation §7.2), so the caller falls back to the name.
 */
export function formatValue(format: string, dice: Dice): string | undefined {
  const faker = dice.faker;
  switch (format) {
    case 'date-time': // RFC 3339 §5.6 date-time
    case 'iso-date-time':
      return dateTime(dice);
    case 'date': // RFC 3339 full-date
      return new Date(BASE_DATE + dice.int(0, 365) * DAY_MS).toISOString().slice(0, 10);
    case 'time': // RFC 3339 full-time
    case 'iso-time':
      return `${two(dice.int(0, 23))}:${two(dice.int(0, 59))}:${two(dice.int(0, 59))}Z`;
    case 'duration': // RFC 3339 Appendix A
      return `P${dice.int(1, 30)}D`;
    case 'email': // RFC 5321 §4.1.2
    case 'idn-email':
      return faker.internet.email().toLowerCase();
    case 'hostname': // RFC 1123 §2.1
    case 'idn-hostname':
      return faker.internet.domainName();
    case 'ipv4': // RFC 2673 §3.2 dotted-quad
      return faker.internet.ipv4();
    case 'ipv6': // RFC 4291 §2.2
      return faker.internet.ipv6();
    case 'uri': // RFC 3986 URI
    case 'url':
    case 'iri':
    case 'uri-template':
      return faker.internet.url();
    case 'uri-reference': // RFC 3986 §4.1 relative-ref
    case 'iri-reference':
      return `/${faker.word.noun()}/${dice.int(1, 999)}`;
    case 'uuid': // RFC 4122 §3 (version 4)
      return faker.string.uuid();
    case 'byte': // OAS 3.0.3 §4.7.4: base64, RFC 4648 §4
      return Buffer.from(englishWord(faker), 'utf8').toString('base64');
    case 'password':
      return faker.internet.password({ length: 14 });
    case 'regex':
      return '^[a-z]+$';
    case 'json-pointer': // RFC 6901
      return `/${englishWord(faker)}`;
    case 'json-pointer-uri-fragment':
      return `#/${englishWord(faker)}`;
    case 'relative-json-pointer':
      return `0/${englishWord(faker)}`;
    default:
      return undefined;
  }
}
