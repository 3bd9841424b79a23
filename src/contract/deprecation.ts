import { formatHttpDate, formatStructuredDate } from './dates.js';
import type { Operation } from './types.js';

/**
 * What an answer of an operation says about its deprecation, read from the contract once for both
 * halves (the mock writes it, the runner checks it):
 * - `not-deprecated`: no `Deprecation` header (RFC 9745 §2 says the resource is or will be deprecated);
 * - `dated`: the contract names the date (`x-deprecated-at`): `Deprecation` carries it as an
 *   RFC 9651 sf-date (RFC 9745 §2.1);
 * - `undated`: `deprecated: true` and no date. RFC 9745 §2.1 defines the field's value as the date
 *   the resource was or will be deprecated, nothing else (no `true`); OAS 3.0.3 §4.7.10 `deprecated`
 *   says only that consumers SHOULD refrain from the operation and promises no header. The date is
 *   not known, so the header is not required: the mock sends none (it would invent a date), and the
 *   runner warns when it is absent and fails only a value that is not an sf-date.
 * `Sunset` (RFC 8594 §3) is required exactly when `x-sunset` names a day, as that IMF-fixdate.
 */
export type DeprecationAnnouncement =
  | { readonly kind: 'not-deprecated' }
  | {
      readonly kind: 'dated';
      readonly deprecation: string;
      readonly sunset: string | undefined;
      readonly link: string | undefined;
    }
  | { readonly kind: 'undated'; readonly sunset: string | undefined; readonly link: string | undefined };

export function deprecationAnnouncement(
  operation: Pick<Operation, 'deprecated' | 'deprecation'>,
): DeprecationAnnouncement {
  if (!operation.deprecated) return { kind: 'not-deprecated' };
  const info = operation.deprecation;
  const sunset = info?.sunset ? formatHttpDate(info.sunset) : undefined;
  const link = info?.link;
  if (info?.deprecatedAt) return { kind: 'dated', deprecation: formatStructuredDate(info.deprecatedAt), sunset, link };
  return { kind: 'undated', sunset, link };
}

/**
 * Whether a security scheme is deprecated (OAS 3.2.0 §4.27.1 `deprecated`, new in 3.2: "Consumers
 * SHOULD refrain from usage of the declared scheme"). No answer announces it, so neither half
 * judges a server by it; the runner, a consumer, uses another requirement when one is met.
 */
export function schemeDeprecated(scheme: unknown): boolean {
  return typeof scheme === 'object' && scheme !== null && Reflect.get(scheme, 'deprecated') === true;
}
