import {
  deprecationAnnouncement,
  formatHttpDate,
  formatStructuredDate,
  parseHttpDate,
  parseStructuredDate,
  responseFor,
} from '../../src/contract/index.js';
import type { Operation } from '../../src/contract/index.js';
import type { Violation } from '../types.js';
import { pass, type Check } from './types.js';
import { isOwnExchange, parseLinkHeader } from './util.js';

const day = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * RFC 9745 (Deprecation: a structured-field Date, `@` + epoch seconds; `true` is
 * not a valid value), RFC 8594 (Sunset: an HTTP-date), RFC 9745 §3 (a Link with
 * rel="deprecation"), checked against the contract's `x-deprecated-at` and `x-sunset`.
 */
export const deprecationHeaders: Check = {
  name: 'deprecation_headers',
  needs: ['positive'],
  description:
    'Deprecated operations, every 2xx answer: fails unless `Deprecation` is an RFC 9745 structured date (`@1767225600`; `true` is not valid) equal to `x-deprecated-at` (without `x-deprecated-at`, and where the answer does not declare the header, there is no date to send: a missing `Deprecation` is a warning), `Sunset` is an RFC 8594 IMF-fixdate equal to `x-sunset`, Deprecation is not after Sunset, and a `Link` has rel="deprecation" where the contract promises one (`x-deprecation-link`, which it must point at, or a declared `Link` header whose own words name the relation). Other operations: fails on any answer that carries `Deprecation`.',
  appliesTo: () => true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const deprecationValue = response.headers['deprecation'];
    if (!operation.deprecated) {
      return deprecationValue === undefined
        ? pass
        : {
            status: 'fail',
            violations: [
              {
                message: `${operation.id} is not deprecated but sends Deprecation: ${deprecationValue}`,
                where: 'Deprecation',
              },
            ],
          };
    }
    if (response.status < 200 || response.status > 299) return undefined;
    const info = operation.deprecation;
    // The kernel's one rule (src/contract/deprecation.ts), which the mock follows too.
    const announcement = deprecationAnnouncement(operation);
    const violations: Violation[] = [];
    let deprecatedAt: Date | undefined;
    let sunset: Date | undefined;
    let undatedWithout = false;
    if (deprecationValue === undefined) {
      // RFC 9745 §2.1: the value is the deprecation date; a contract that names none leaves the server nothing to send.
      if (announcement.kind === 'dated')
        violations.push({
          message: `Deprecation header missing on a deprecated operation; the contract's x-deprecated-at is ${day(info!.deprecatedAt!)} (RFC 9745 §2)`,
          where: 'Deprecation',
        });
      // The answer declares the header (as Link below): the contract promises it, whatever the date.
      else if (declaresHeader(operation, response.status, 'deprecation'))
        violations.push({
          message: `Deprecation header missing on a deprecated operation whose ${response.status} answer declares it (RFC 9745 §2)`,
          where: 'Deprecation',
        });
      else undatedWithout = true;
    } else {
      deprecatedAt = parseStructuredDate(deprecationValue);
      if (!deprecatedAt) {
        violations.push({
          message: `Deprecation: ${deprecationValue} is not an RFC 9745 structured date (@<epoch seconds>)${deprecationValue.trim() === 'true' ? '; `true` is the pre-RFC draft form and is not valid' : ''}`,
          where: 'Deprecation',
        });
      } else if (info?.deprecatedAt && deprecatedAt.getTime() !== info.deprecatedAt.getTime()) {
        violations.push({
          message: `Deprecation: ${deprecationValue} (${day(deprecatedAt)}) differs from x-deprecated-at ${day(info.deprecatedAt)} (${formatStructuredDate(info.deprecatedAt)})`,
          where: 'Deprecation',
        });
      }
    }
    const sunsetValue = response.headers['sunset'];
    if (sunsetValue === undefined) {
      if (info?.sunset)
        violations.push({
          message: `Sunset header missing; the contract's x-sunset is ${day(info.sunset)} (RFC 8594)`,
          where: 'Sunset',
        });
    } else {
      sunset = parseHttpDate(sunsetValue);
      if (!sunset) {
        violations.push({
          message: `Sunset: ${sunsetValue} is not an RFC 9110 IMF-fixdate (RFC 8594 §3)`,
          where: 'Sunset',
        });
      } else if (info?.sunset && sunset.getTime() !== info.sunset.getTime()) {
        violations.push({
          message: `Sunset: ${sunsetValue} differs from x-sunset ${day(info.sunset)} (${formatHttpDate(info.sunset)})`,
          where: 'Sunset',
        });
      }
    }
    if (deprecatedAt && sunset && deprecatedAt.getTime() > sunset.getTime()) {
      violations.push({
        message: `Deprecation (${day(deprecatedAt)}) is after Sunset (${day(sunset)})`,
        where: 'Deprecation',
      });
    }
    const links = parseLinkHeader(response.headers['link'] ?? '').filter((l) => l.rels.includes('deprecation'));
    // RFC 9745 §3 makes the deprecation link optional; it is required only where the contract
    // promises one (x-deprecation-link, or a Link header declared on this answer that names the relation).
    const linkPromised = info?.link !== undefined || promisesDeprecationLink(operation, response.status);
    if (links.length === 0) {
      if (linkPromised)
        violations.push({
          message: 'no Link with rel="deprecation" (RFC 9745 §3), which the contract promises',
          where: 'Link',
        });
    } else if (info?.link) {
      const base = exchange.request.url;
      const want = new URL(info.link, base).href;
      if (!links.some((l) => safeResolve(l.target, base) === want)) {
        violations.push({
          message: `Link rel="deprecation" points at ${links.map((l) => l.target).join(', ')}, not x-deprecation-link ${info.link}`,
          where: 'Link',
        });
      }
    }
    if (violations.length > 0) return { status: 'fail', violations };
    return undatedWithout
      ? {
          status: 'warn',
          reason: `${operation.id} is deprecated but its answer sends no Deprecation header; the contract names no x-deprecated-at, and RFC 9745 §2.1 admits only a date as its value, so none is required`,
        }
      : pass;
  },
};

function declaresHeader(operation: Operation, status: number, name: string): boolean {
  const response = responseFor(operation.responses, status);
  return Object.keys(response?.headers ?? {}).some((h) => h.toLowerCase() === name);
}

/**
 * Whether the Link header this answer declares promises rel="deprecation": its own words (description,
 * examples, schema) name that relation. A Link declared for something else promises only that: GitHub's
 * deprecated OAuth lists declare the paging Link (`rel="next"`, `rel="last"`, RFC 8288 §3.3), and the
 * deprecation link stays optional there (RFC 9745 §3: "MAY").
 */
function promisesDeprecationLink(operation: Operation, status: number): boolean {
  const response = responseFor(operation.responses, status);
  const link = Object.entries(response?.headers ?? {}).find(([h]) => h.toLowerCase() === 'link')?.[1];
  if (link === undefined) return false;
  try {
    return /deprecation/i.test(JSON.stringify(link));
  } catch {
    return true; // a cyclic schema: not shown to promise less than it declares
  }
}

function safeResolve(target: string, base: string): string | undefined {
  try {
    return new URL(target, base).href;
  } catch {
    return undefined;
  }
}
