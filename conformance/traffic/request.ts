import type { OpenAPIV3 } from 'openapi-types';
import { isUtf8 } from 'node:buffer';
import {
  cookiePairs,
  isJsonMediaType,
  mediaEssence,
  mediaMatches,
  schemeCredential,
  type Contract,
  type Operation,
  type SchemaValidator,
} from '../../src/contract/index.js';
import { asSchema, effective, type Schema } from '../cases/schema.js';

/** What the client's request says, judged against the operation (the client's side of an exchange). */
export interface RequestReading {
  /** The client's violations of the contract, one line each. */
  readonly violations: readonly string[];
  /** The operation is secured and the request carries no credential any of its requirements names. */
  readonly noCredentials: boolean;
}

/** Text read as the scalar its schema declares (OAS 3.0.3 §4.7.12, style simple/form); arrays and objects are not typed here. */
function scalar(value: string, schema: Schema): unknown {
  const s = effective(schema);
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if ((t === 'integer' || t === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (t === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether one security requirement (all its schemes) is met by what the request carries (OAS 3.0.3 §4.7.30). */
function carries(
  requirement: OpenAPIV3.SecurityRequirementObject,
  contract: Contract,
  headers: Readonly<Record<string, string>>,
  query: URLSearchParams,
): boolean {
  const cookies = new Map(cookiePairs(headers['cookie'] ?? ''));
  const authorization = (headers['authorization'] ?? '').trim().toLowerCase();
  return Object.keys(requirement).every((name) => {
    const scheme = contract.securitySchemes.get(name);
    const credential = scheme ? schemeCredential(scheme) : undefined;
    // An unknown scheme, or mutualTLS (a certificate, never seen in HTTP): nothing to look for.
    if (!credential || credential.kind === 'mutualTLS') return true;
    if (credential.kind === 'apiKey') {
      if (credential.in === 'header') return headers[credential.name.toLowerCase()] !== undefined;
      if (credential.in === 'query') return query.has(credential.name);
      return cookies.has(credential.name);
    }
    // Authorization's scheme names are case-insensitive (RFC 9110 §11.1); oauth2 and openIdConnect
    // send a bearer token (RFC 6750 §2.1).
    const named = credential.kind === 'http' ? credential.scheme.toLowerCase() : credential.kind;
    return authorization.startsWith(`${named} `);
  });
}

/**
 * The client's request against its operation: required parameters present, scalar values valid
 * for their schemas, a body where one is required, in a documented media type and, for JSON,
 * valid for its schema (request direction: readOnly properties are the server's). Arrays and
 * objects in parameters are checked for presence only.
 */
export function readRequest(
  input: {
    readonly op: Operation;
    readonly pathParams: Readonly<Record<string, string>>;
    readonly url: URL;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: Buffer | undefined;
    readonly bodyUnjudged: string | undefined;
  },
  contract: Contract,
  validator: SchemaValidator,
): RequestReading {
  const { op, url, headers } = input;
  const violations: string[] = [];
  const cookies = new Map(cookiePairs(headers['cookie'] ?? ''));
  for (const p of op.parameters) {
    let raw: string | undefined;
    if (p.in === 'path')
      raw = input.pathParams[p.name] !== undefined ? decode(input.pathParams[p.name] ?? '') : undefined;
    else if (p.in === 'query')
      raw =
        url.searchParams.get(p.name) ??
        (p.style === 'deepObject' || (p.explode !== false && asSchema(p.schema)?.type === 'object') ? '' : undefined);
    else if (p.in === 'header') raw = headers[p.name.toLowerCase()];
    else if (p.in === 'cookie') raw = cookies.get(p.name);
    if (raw === undefined) {
      if (p.required === true) violations.push(`required ${p.in} parameter ${p.name} is missing`);
      continue;
    }
    const schema = asSchema(p.schema);
    const type = schema ? effective(schema).type : undefined;
    if (
      !schema ||
      type === 'array' ||
      type === 'object' ||
      (type === undefined && effective(schema).properties !== undefined)
    )
      continue;
    if (raw === '' && p.in === 'query' && p.allowEmptyValue === true) continue;
    const result = validator.check(schema, scalar(raw, schema), 'request');
    if (!result.valid)
      violations.push(
        `${p.in} parameter ${p.name}=${JSON.stringify(raw.slice(0, 80))} ${result.violations.map((v) => v.message).join('; ')}`,
      );
  }
  const body = op.requestBody;
  const hasBody = input.body !== undefined ? input.body.length > 0 : input.bodyUnjudged !== undefined;
  if (body && !hasBody && body.required) violations.push('the request body is required but none was sent');
  if (body && hasBody) {
    const received = headers['content-type'];
    const media = Object.keys(body.content);
    const match = received !== undefined ? media.find((m) => mediaMatches(received, m)) : undefined;
    if (received === undefined) violations.push('a body without Content-Type (RFC 9110 §8.3)');
    else if (!match)
      violations.push(
        `Content-Type ${mediaEssence(received)} is not documented for the request body (documented: ${media.join(', ')})`,
      );
    else if (input.body !== undefined && isJsonMediaType(received)) {
      const schema = asSchema(body.content[match]?.schema);
      let value: unknown;
      let parsed = true;
      try {
        // RFC 8259 §8.1: JSON exchanged between systems is UTF-8; other octets would read as U+FFFD.
        if (!isUtf8(input.body)) throw new Error('octets that are not UTF-8 (RFC 8259 §8.1)');
        value = JSON.parse(input.body.toString('utf8')) as unknown;
      } catch (error) {
        parsed = false;
        violations.push(`the request body is not JSON: ${(error as Error).message}`);
      }
      if (parsed && schema) {
        const result = validator.validate(schema, value, 'request');
        if (result.state === 'invalid')
          violations.push(...result.violations.slice(0, 5).map((v) => `request body${v.path} ${v.message}`));
      }
    }
  }
  const noCredentials = op.requiresAuth && !op.security.some((r) => carries(r, contract, headers, url.searchParams));
  return { violations, noCredentials };
}
