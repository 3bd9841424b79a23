import { describe, expect, it } from 'vitest';
import { deprecationAnnouncement, type DeprecationAnnouncement } from './deprecation.js';
import type { DeprecationInfo } from './types.js';

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const info = (deprecatedAt?: string, sunset?: string, link?: string): DeprecationInfo => ({
  deprecatedAt: deprecatedAt ? day(deprecatedAt) : undefined,
  sunset: sunset ? day(sunset) : undefined,
  link,
});

describe('what an answer says about deprecation (OAS 3.0.3 §4.7.10, RFC 9745 §2, RFC 8594 §3)', () => {
  it.each<[string, boolean, DeprecationInfo | undefined, DeprecationAnnouncement]>([
    ['an operation not deprecated sends no Deprecation (RFC 9745 §2)', false, undefined, { kind: 'not-deprecated' }],
    [
      'x-deprecated-at is sent as an sf-date (RFC 9745 §2.1)',
      true,
      info('2026-01-01'),
      { kind: 'dated', deprecation: '@1767225600', sunset: undefined, link: undefined },
    ],
    [
      'x-sunset is sent as an IMF-fixdate (RFC 8594 §3)',
      true,
      info('2026-01-01', '2027-06-30', '/docs'),
      { kind: 'dated', deprecation: '@1767225600', sunset: 'Wed, 30 Jun 2027 00:00:00 GMT', link: '/docs' },
    ],
    [
      'deprecated: true without a date: no date to send (RFC 9745 §2.1 admits a date only)',
      true,
      info(),
      { kind: 'undated', sunset: undefined, link: undefined },
    ],
    [
      'deprecated without a date but with x-sunset: Sunset still required',
      true,
      info(undefined, '2027-06-30'),
      { kind: 'undated', sunset: 'Wed, 30 Jun 2027 00:00:00 GMT', link: undefined },
    ],
  ])('%s', (_construct, deprecated, deprecation, expected) => {
    expect(deprecationAnnouncement({ deprecated, deprecation })).toEqual(expected);
  });
});
