import type { OpenAPIV3 } from 'openapi-types';
import { LONGEST_STRING } from './limits.js';

type Schema = OpenAPIV3.SchemaObject;

/** A value of the wrong JSON type for a schema (JSON Schema Validation §6.1.1), one for the type it allows. */
function wrongTypeValue(s: Schema): unknown {
  switch (s.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return 'not-an-array';
    case 'object':
      return 'not-an-object';
    default:
      return undefined;
  }
}

/**
 * The number one step past a bound, away from the range: `bound ± 1` where a double tells it from the
 * bound, else the next double. Beyond 2^53 `bound + 1` is the bound again (circuitsandbox's
 * `"maximum": 9223372036854776000`, 2^63): a value "above maximum" equal to it is no defect.
 */
function past(bound: number, direction: 1 | -1): number {
  const step = bound + direction;
  return step !== bound ? step : bound + direction * Math.abs(bound) * Number.EPSILON;
}

/**
 * Invalid values of a schema (the sampler's third kind, beside valid and boundary ones): each
 * breaks exactly one keyword (type §6.1.1, enum §6.1.2, bounds §6.2.2–5, lengths §6.3.1–2, format
 * §7.3), named for the report. Read from the view the caller passes (allOf merged, `effective`).
 * A value too long to build (over LONGEST_STRING) is not built: `skipped` is told why.
 */
export function invalidValues(
  s: Schema,
  skipped: (reason: string) => void = () => undefined,
): Array<{ what: string; value: unknown }> {
  const out: Array<{ what: string; value: unknown }> = [];
  const wrong = wrongTypeValue(s);
  if (wrong !== undefined) out.push({ what: `wrong type (${typeof wrong} for ${s.type})`, value: wrong });
  if (s.enum && s.enum.length > 0 && s.enum.every((v) => typeof v === 'string')) {
    out.push({ what: 'value outside the enum', value: 'lost-zz' });
  }
  if (s.type === 'integer' || s.type === 'number') {
    if (s.minimum !== undefined)
      out.push({
        what: `below minimum ${s.minimum}`,
        value: s.exclusiveMinimum === true ? s.minimum : past(s.minimum, -1),
      });
    // Only against declared bounds: an integer without maximum or format is unbounded (JSON Schema), so no value is "too big".
    if (s.maximum !== undefined)
      out.push({
        what: `above maximum ${s.maximum}`,
        value: s.exclusiveMaximum === true ? s.maximum : past(s.maximum, 1),
      });
    else if (s.type === 'integer' && s.format === 'int32') out.push({ what: 'over int32', value: 2_147_483_648 });
    if (s.type === 'integer') out.push({ what: 'not an integer', value: 1.5 });
  }
  if (s.type === 'string' && !s.enum) {
    const string = (what: string, length: number): void => {
      if (length <= LONGEST_STRING) out.push({ what, value: 'x'.repeat(length) });
      else
        skipped(`${what} is not built: it takes ${length} characters, over the ${LONGEST_STRING} the sampler builds`);
    };
    if (s.maxLength !== undefined) string(`longer than maxLength ${s.maxLength}`, s.maxLength + 1);
    if (s.minLength !== undefined && s.minLength > 0) string(`shorter than minLength ${s.minLength}`, s.minLength - 1);
    if (s.format === 'date-time') out.push({ what: 'not an RFC 3339 date-time', value: '2026-13-45 25:61' });
    if (s.format === 'date') out.push({ what: 'not an RFC 3339 full-date', value: '2026-13-45' });
    if (s.format === 'uuid') out.push({ what: 'not a UUID', value: 'not-a-uuid' });
    if (s.format === 'email') out.push({ what: 'not an email address', value: 'not an email' });
  }
  return out;
}
