import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, SchemaValidator, type Contract, type Operation } from '../../src/contract/index.js';
import { Random } from '../../conformance/cases/random.js';
import { contentType } from '../../conformance/checks/content-type.js';
import { deprecationHeaders } from '../../conformance/checks/deprecation-headers.js';
import type { CheckContext } from '../../conformance/registry/index.js';
import { parseLinkHeader, sameValue } from '../../conformance/checks/util.js';
import { shellQuote, toCurl, REDACTED_KEY } from '../../conformance/http/curl.js';
import { xmlEscape } from '../../conformance/report/formats/junit.js';
import type { Exchange } from '../../conformance/types.js';
import { petstoreContract } from './helpers.js';

/** A check's context on the contract: a fresh validator, no shared error schema, no path representatives. */
function contextOf(contract: Contract): CheckContext {
  return { contract, validator: new SchemaValidator(), errorSchema: undefined, pathRepresentatives: new Set() };
}

describe('seeded PRNG', () => {
  it('repeats a stream for a seed and differs across seeds', () => {
    const a = new Random(7);
    const b = new Random(7);
    const c = new Random(8);
    const sa = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(sa);
    for (const v of sa) expect(v >= 0 && v < 1).toBe(true);
  });
});

describe('shell quoting of reproduce commands', () => {
  it.each([
    ['plain', 'plain'],
    ["it's", `'it'\\''s'`],
    ['$(rm -rf /)', `'$(rm -rf /)'`],
    ['a b', `'a b'`],
  ])('%s', (input, quoted) => {
    expect(shellQuote(input)).toBe(quoted);
  });

  it('never writes the valid key: it reads $CONFORMANCE_API_KEY', () => {
    const curl = toCurl({
      method: 'POST',
      url: 'http://h/pets',
      headers: { 'x-api-key': REDACTED_KEY, 'content-type': 'application/json' },
      body: `{"name":"O'Hara"}`,
    });
    expect(curl).toBe(
      `curl -sS -i -X POST http://h/pets -H "x-api-key: \${CONFORMANCE_API_KEY}" -H 'content-type: application/json' --data-binary '{"name":"O'\\''Hara"}'`,
    );
  });
});

describe('reproduce commands read each kind of credential from its own variable', () => {
  it.each([
    [
      'a bearer token',
      { authorization: 'Bearer <redacted: $CONFORMANCE_BEARER>' },
      `-H "authorization: Bearer \${CONFORMANCE_BEARER}"`,
    ],
    [
      'basic credentials, given to curl -u (RFC 7617 encoding)',
      { authorization: 'Basic <redacted: $CONFORMANCE_BASIC>' },
      `-u "\${CONFORMANCE_BASIC}"`,
    ],
    [
      'an API key in a cookie',
      { cookie: 'a=b; session=<redacted: $CONFORMANCE_API_KEY>' },
      `-H "cookie: a=b; session=\${CONFORMANCE_API_KEY}"`,
    ],
    [
      'another http scheme, the rest of the value escaped',
      { authorization: 'Digest "x" <redacted: $CONFORMANCE_CREDENTIAL>' },
      `-H "authorization: Digest \\"x\\" \${CONFORMANCE_CREDENTIAL}"`,
    ],
  ])('%s', (_kind, headers, expected) => {
    expect(toCurl({ method: 'GET', url: 'http://h/x', headers, body: undefined })).toBe(
      `curl -sS -i -X GET http://h/x ${expected}`,
    );
  });
});

describe('helpers', () => {
  it('parses RFC 8288 Link headers with several relations', () => {
    expect(parseLinkHeader('</docs#x>; rel="deprecation"; type="text/html", </pets?offset=20>; rel=next')).toEqual([
      { target: '/docs#x', rels: ['deprecation'] },
      { target: '/pets?offset=20', rels: ['next'] },
    ]);
    expect(parseLinkHeader('<a>; rel="prev deprecation"')[0]?.rels).toEqual(['prev', 'deprecation']);
  });

  it('compares date-times as instants and everything else exactly', () => {
    expect(sameValue('2026-11-24T09:30:00Z', '2026-11-24T09:30:00.000Z')).toBe(true);
    expect(sameValue('2026-11-24T09:30:00Z', '2026-11-24T09:30:01Z')).toBe(false);
    expect(sameValue(1, '1')).toBe(false);
  });

  it('escapes XML text and drops characters XML 1.0 cannot carry', () => {
    expect(xmlEscape(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });
});

describe('deprecation_headers (a pure function of one exchange)', () => {
  const exchange = (operationId: string, status: number, headers: Record<string, string>): Exchange => ({
    seq: 1,
    operationId,
    requestedOperationId: operationId,
    kind: 'positive',
    request: { method: 'GET', url: 'http://127.0.0.1:1/pets/1', headers: {}, body: undefined },
    response: { status, headers, body: '{}', durationMs: 1 },
    error: undefined,
    input: undefined,
    context: {},
  });
  const good = {
    deprecation: '@1767225600',
    sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
    link: '</docs#section/Deprecations>; rel="deprecation"; type="text/html"',
  };
  const judge = async (operationId: string, status: number, headers: Record<string, string>): Promise<string[]> => {
    const contract: Contract = await petstoreContract();
    const ctx = contextOf(contract);
    const op = contract.operationsById.get(operationId);
    if (!op) throw new Error(operationId);
    const outcome = deprecationHeaders.judge(exchange(operationId, status, headers), op, ctx);
    return outcome?.status === 'fail'
      ? outcome.violations.map((v) => v.message)
      : outcome
        ? [outcome.status]
        : ['not judged'];
  };

  it.each([
    ['conformant headers', good, /^pass$/],
    ['Deprecation: true', { ...good, deprecation: 'true' }, /not an RFC 9745 structured date.*`true`/],
    ['another deprecation date', { ...good, deprecation: '@1767312000' }, /differs from x-deprecated-at 2026-01-01/],
    ['Sunset missing', { deprecation: good.deprecation, link: good.link }, /Sunset header missing/],
    ['Sunset not an IMF-fixdate', { ...good, sunset: '2027-06-30' }, /not an RFC 9110 IMF-fixdate/],
    ['Sunset on another day', { ...good, sunset: 'Thu, 01 Jul 2027 00:00:00 GMT' }, /differs from x-sunset 2027-06-30/],
    [
      'no rel="deprecation" link',
      { ...good, link: '</docs>; rel="successor-version"' },
      /no Link with rel="deprecation"/,
    ],
    ['link elsewhere', { ...good, link: '</elsewhere>; rel="deprecation"' }, /not x-deprecation-link/],
  ])('getPet 200 with %s', async (_name, headers, expected) => {
    const messages = await judge('getPet', 200, headers);
    expect(messages.join(' | ')).toMatch(expected);
  });

  it('without x-deprecated-at, a missing Deprecation fails where the answer declares the header, and is a warning where it does not', async () => {
    const contract: Contract = await petstoreContract();
    const ctx = contextOf(contract);
    const getPet = contract.operationsById.get('getPet');
    if (!getPet) throw new Error('getPet');
    // getPet with no dates: its 200 still declares Deprecation (a promise of the contract, RFC 9745 §2).
    const undated = { ...getPet, deprecation: { deprecatedAt: undefined, sunset: undefined, link: undefined } };
    const declared = deprecationHeaders.judge(exchange('getPet', 200, {}), undated, ctx);
    expect(declared?.status === 'fail' ? declared.violations.map((v) => v.message).join() : declared?.status).toMatch(
      /Deprecation header missing on a deprecated operation whose 200 answer declares it/,
    );
    expect(
      deprecationHeaders.judge(exchange('getPet', 200, { deprecation: '@1767225600', link: good.link }), undated, ctx)
        ?.status,
    ).toBe('pass');
    const { headers: _headers, ...bare } = getPet.responses['200'] ?? { description: '' };
    const silent = { ...undated, responses: { ...getPet.responses, '200': bare } };
    expect(deprecationHeaders.judge(exchange('getPet', 200, {}), silent, ctx)?.status).toBe('warn');
  });

  it('a declared Link header promises rel="deprecation" only where its own words name the relation', async () => {
    const contract: Contract = await petstoreContract();
    const ctx = contextOf(contract);
    const getPet = contract.operationsById.get('getPet');
    const listPets = contract.operationsById.get('listPets');
    if (!getPet || !listPets) throw new Error('getPet, listPets');
    // No x-deprecation-link: only the declared Link header could promise the relation.
    const unlinked = {
      ...getPet,
      deprecation: {
        deprecatedAt: getPet.deprecation?.deprecatedAt,
        sunset: getPet.deprecation?.sunset,
        link: undefined,
      },
    };
    const ok200 = getPet.responses['200'] ?? { description: '' };
    const withLink = (link: OpenAPIV3.HeaderObject | OpenAPIV3.ReferenceObject) => ({
      ...unlinked,
      responses: { ...getPet.responses, '200': { ...ok200, headers: { ...ok200.headers, Link: link } } },
    });
    const headers = { deprecation: good.deprecation, sunset: good.sunset };
    const verdict = (op: typeof getPet) => {
      const outcome = deprecationHeaders.judge(exchange('getPet', 200, headers), op, ctx);
      return outcome?.status === 'fail' ? outcome.violations.map((v) => v.message).join() : outcome?.status;
    };
    // The Petstore's own DeprecationLink names the relation: its absence fails.
    expect(verdict(unlinked)).toMatch(/no Link with rel="deprecation"/);
    // GitHub's deprecated OAuth lists declare the paging Link (rel="next"): RFC 9745 §3's link stays optional.
    const paging = listPets.responses['200']?.headers?.['Link'];
    if (!paging) throw new Error('listPets 200 Link');
    expect(verdict(withLink(paging))).toBe('pass');
  });

  it('flags Deprecation on a non-deprecated operation, and ignores error answers of deprecated ones', async () => {
    expect((await judge('listPets', 200, { deprecation: '@1767225600' })).join()).toMatch(
      /not deprecated but sends Deprecation/,
    );
    expect(await judge('listPets', 200, {})).toEqual(['pass']);
    expect(await judge('getPet', 404, {})).toEqual(['not judged']);
  });
});

describe('an over-long parameter probe stays within the request line servers must accept (RFC 9112 §3)', () => {
  const param = (maxLength: number, where: 'path' | 'query') => ({
    name: 'code',
    in: where,
    required: true,
    schema: { type: 'string' as const, maxLength },
  });
  it.each(['path', 'query'] as const)(
    '%s: maxLength + 1 is sent when it fits, and skipped with the reason when it does not',
    async (where) => {
      const { mutationsFor, REQUEST_LINE_OCTETS } = await import('../../conformance/cases/mutations.js');
      const skipped: string[] = [];
      const small = mutationsFor([param(100, where)], undefined, (r) => skipped.push(r));
      const probe = small.find((m) => m.defect.includes('longer than maxLength 100'));
      const input = { pathParams: {}, query: {}, body: undefined, contentType: undefined } as {
        pathParams: Record<string, unknown>;
        query: Record<string, unknown>;
        body: unknown;
        contentType: string | undefined;
      };
      probe?.apply(input);
      expect((where === 'path' ? input.pathParams : input.query)['code']).toBe('x'.repeat(101));
      expect(skipped).toEqual([]);
      const big = mutationsFor([param(152133, where)], undefined, (r) => skipped.push(r));
      expect(big.map((m) => m.defect).filter((d) => d.includes('longer than maxLength'))).toEqual([]);
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toContain(`${where} parameter code: longer than maxLength 152133 is not sent`);
      expect(skipped[0]).toContain(`${REQUEST_LINE_OCTETS}`);
    },
  );

  // `maxLength: 2147483647` (the int32 maximum AWS documents write for "no limit"): `'x'.repeat(2^31)`
  // threw RangeError "Invalid string length" and the whole run crashed.
  it('a string past maxLength too long to build is a skip with its reason, in a parameter and a body field', async () => {
    const { mutationsFor } = await import('../../conformance/cases/mutations.js');
    const huge = { type: 'string' as const, maxLength: 2_147_483_647, minLength: 2_000_000 };
    const skipped: string[] = [];
    const mutations = mutationsFor(
      [{ name: 'Marker', in: 'query', schema: huge }],
      {
        mediaType: 'application/json',
        schema: { type: 'object', properties: { note: huge } },
        required: true,
        json: true,
        encoding: {},
        accepted: ['application/json'],
      },
      (r) => skipped.push(r),
    );
    expect(mutations.map((m) => m.defect).filter((d) => /maxLength|minLength/.test(d))).toEqual([]);
    expect(skipped).toEqual([
      'query parameter Marker: longer than maxLength 2147483647 is not built: it takes 2147483648 characters, over the 1048576 the sampler builds',
      'query parameter Marker: shorter than minLength 2000000 is not built: it takes 1999999 characters, over the 1048576 the sampler builds',
      'field note: longer than maxLength 2147483647 is not built: it takes 2147483648 characters, over the 1048576 the sampler builds',
      'field note: shorter than minLength 2000000 is not built: it takes 1999999 characters, over the 1048576 the sampler builds',
    ]);
  });
});

describe("content_type reads the request's Accept with the kernel's negotiate (RFC 9110 §12.5.1)", () => {
  const judge = async (accept: string | undefined, type: string, body: string): Promise<string> => {
    const media = { schema: { type: 'object' } };
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/report': {
          get: {
            operationId: 'getReport',
            responses: {
              '200': { description: 'ok', content: { 'application/json': media, 'application/xml': media } },
            },
          },
        },
      },
    });
    const op = contract.operationsById.get('getReport')!;
    const ctx = contextOf(contract);
    const exchange: Exchange = {
      seq: 1,
      operationId: 'getReport',
      requestedOperationId: 'getReport',
      kind: 'positive',
      request: {
        method: 'GET',
        url: 'http://127.0.0.1:1/report',
        headers: accept === undefined ? {} : { accept },
        body: undefined,
      },
      response: { status: 200, headers: { 'content-type': type }, body, durationMs: 1 },
      error: undefined,
      input: undefined,
      context: {},
    };
    const outcome = contentType.judge(exchange, op, ctx);
    return outcome?.status === 'warn' ? `warn: ${outcome.reason}` : (outcome?.status ?? 'not judged');
  };

  it.each([
    ["JSON to the runner's own Accept", 'application/json, */*;q=0.5', 'application/json', '{}', /^pass$/],
    [
      "XML to the runner's own Accept (q=0.5 still accepts it)",
      'application/json, */*;q=0.5',
      'application/xml',
      '<a/>',
      /^pass$/,
    ],
    ['no Accept: anything documented', undefined, 'application/xml', '<a/>', /^pass$/],
    [
      'XML although the request accepts JSON only, which is documented',
      'application/json',
      'application/xml',
      '<a/>',
      /^warn: .*refuses, although 200 documents application\/json/,
    ],
    [
      'XML refused with q=0',
      'application/xml;q=0, */*',
      'application/xml',
      '<a/>',
      /^warn: .*application\/json, which it accepts/,
    ],
    ['nothing documented is acceptable: no preference to break', 'text/html', 'application/json', '{}', /^pass$/],
  ])('%s', async (_name, accept, type, body, expected) => {
    expect(await judge(accept, type, body)).toMatch(expected);
  });
});

describe('content_type on an empty body: zero bytes are a whole text/plain (RFC 2046 §4.1.3), never JSON or XML', () => {
  const judge = async (content: Record<string, unknown>, type: string | undefined): Promise<string> => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/hyponyms': { get: { operationId: 'listHyponyms', responses: { '200': { description: 'ok', content } } } },
      },
    });
    const ctx = contextOf(contract);
    const exchange: Exchange = {
      seq: 1,
      operationId: 'listHyponyms',
      requestedOperationId: 'listHyponyms',
      kind: 'positive',
      request: { method: 'GET', url: 'http://127.0.0.1:1/hyponyms', headers: {}, body: undefined },
      response: { status: 200, headers: type === undefined ? {} : { 'content-type': type }, body: '', durationMs: 1 },
      error: undefined,
      input: undefined,
      context: {},
    };
    const outcome = contentType.judge(exchange, contract.operationsById.get('listHyponyms')!, ctx);
    return outcome?.status === 'fail' ? outcome.violations.map((v) => v.message).join() : (outcome?.status ?? '');
  };
  it.each<[string, Record<string, unknown>, string | undefined, RegExp]>([
    [
      "text/plain documented by the example '' (tisane.ai)",
      { 'text/plain': { examples: { response: { value: '' } } } },
      'text/plain; charset=utf-8',
      /^pass$/,
    ],
    ['text/plain whose schema admits ""', { 'text/plain': { schema: { type: 'string' } } }, 'text/plain', /^pass$/],
    [
      'text/plain whose schema refuses ""',
      { 'text/plain': { schema: { type: 'string', minLength: 1 } } },
      'text/plain',
      /the body is empty/,
    ],
    [
      'JSON: no JSON text is empty (RFC 8259 §2)',
      { 'application/json': { schema: { type: 'string' } } },
      'application/json',
      /the body is empty/,
    ],
    ['XML: no document is empty', { 'application/xml': {} }, 'application/xml', /the body is empty/],
    ['no Content-Type says what the empty body is', { 'text/plain': {} }, undefined, /the body is empty/],
  ])('%s', async (_name, content, type, expected) => {
    expect(await judge(content, type)).toMatch(expected);
  });
});

describe('a path value that makes the request another operation’s (OAS 3.0.3 §4.7.8: concrete paths first)', () => {
  const item = (method: string, id: string) => ({
    [method]: {
      operationId: id,
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }],
      responses: { '200': { description: 'ok' } },
    },
  });
  const list = (id: string) => ({ get: { operationId: id, responses: { '200': { description: 'ok' } } } });
  it.each([
    [
      '"" beside a trailing-slash collection',
      { '/d/': list('listD'), '/d/{name}': item('get', 'getD') },
      'getD',
      '',
      'listD',
    ],
    [
      '"" beside a collection without the slash (one resource)',
      { '/d': list('listD'), '/d/{name}': item('get', 'getD') },
      'getD',
      '',
      'listD',
    ],
    [
      'HEAD is answered as the GET (RFC 9110 §9.3.2)',
      { '/d/': list('listD'), '/d/{name}': item('head', 'headD') },
      'headD',
      '',
      'listD',
    ],
    [
      'another method is no other request',
      { '/d/': list('listD'), '/d/{name}': item('delete', 'deleteD') },
      'deleteD',
      '',
      undefined,
    ],
    [
      'an empty middle segment names no documented path',
      { '/d': list('listD'), '/d/{name}/x': item('get', 'getX') },
      'getX',
      '',
      undefined,
    ],
    [
      'a value that is no other path',
      { '/d/': list('listD'), '/d/{name}': item('get', 'getD') },
      'getD',
      'xxxxxxxxx',
      undefined,
    ],
  ])('%s', async (_name, paths, opId, value, expected) => {
    const { namesOtherOperation } = await import('../../conformance/cases/path-clash.js');
    const contract = await contractFromDocument({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths });
    const op = contract.operationsById.get(opId)!;
    expect(namesOtherOperation(contract, op, 'name', value)?.id).toBe(expected);
  });
});

describe('an empty path value is not sent as a negative case (RFC 3986 §3.3: the request names another path)', () => {
  it('`minLength: 1` on the last segment, no sibling path: the mutation is noted as unsent, the others are built', async () => {
    const { planRun } = await import('../../conformance/plan/index.js');
    const { select } = await import('../../conformance/plan/index.js');
    const { CredentialPlan } = await import('../../conformance/credentials.js');
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/render/{format}/{hash}': {
          get: {
            operationId: 'render',
            parameters: [
              { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['svg', 'png'] } },
              { name: 'hash', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 8 } },
            ],
            responses: { '200': { description: 'ok' }, '404': { description: 'none' } },
          },
        },
      },
    });
    const plan = planRun(contract, select(contract, {}), new CredentialPlan(contract, {}));
    const c = plan.cases.find((x) => x.op.id === 'render')!;
    expect(c.mutations.map((m) => m.defect)).toContain('path parameter hash: longer than maxLength 8');
    expect(c.mutations.map((m) => m.defect)).not.toContain('path parameter hash: shorter than minLength 1');
    expect(c.unsentMutations.join('\n')).toMatch(/an empty hash leaves its path segment empty/);
  });
});

// Frameworks that coerce JSON body types (tsoa's default bodyCoercion, Pydantic's lax mode, Ajv's
// coerceTypes) take a number's digits sent as a JSON string; the document's `type: integer` does not
// (JSON Schema Validation §6.1.1). The zoo's fastapi-template accepted {"priority": "1"} unseen.
describe('negative data: a number sent as a JSON string, inside the bounds so the type is the only defect', () => {
  it('marks the probe a leniency: accepting it is a warning, any other accepted defect a failure', async () => {
    const { mutationsFor } = await import('../../conformance/cases/mutations.js');
    const { negativeDataRejected } = await import('../../conformance/checks/negative-data-rejected.js');
    const plan = {
      mediaType: 'application/json',
      schema: { type: 'object' as const, properties: { n: { type: 'integer' as const } } },
      required: true,
      json: true,
      encoding: {},
      accepted: ['application/json'],
    };
    const mutations = mutationsFor([], plan);
    const numeric = mutations.find((m) => m.defect.includes('numeric string'));
    const boolean = mutations.find((m) => m.defect.includes('boolean for integer'));
    expect(numeric?.lenient).toMatch(/Pydantic/);
    expect(boolean?.lenient).toBeUndefined();
    const judged = (lenient: string | undefined, status: number) =>
      negativeDataRejected.judge(
        {
          kind: 'negative',
          context: { defect: 'd', ...(lenient ? { lenient } : {}) },
          response: { status, headers: {}, body: '' },
        } as unknown as Exchange,
        undefined as unknown as Operation,
        undefined as unknown as CheckContext,
      )?.status;
    expect([judged(numeric?.lenient, 201), judged(numeric?.lenient, 422), judged(numeric?.lenient, 500)]).toEqual([
      'warn',
      'pass',
      'fail',
    ]);
    expect(judged(undefined, 201)).toBe('fail');
  });

  const numericStrings = async (fields: Record<string, OpenAPIV3.SchemaObject>): Promise<Record<string, unknown>> => {
    const { mutationsFor } = await import('../../conformance/cases/mutations.js');
    const plan = {
      mediaType: 'application/json',
      schema: { type: 'object' as const, properties: fields },
      required: true,
      json: true,
      encoding: {},
      accepted: ['application/json'],
    };
    const out: Record<string, unknown> = {};
    for (const m of mutationsFor([], plan).filter((m) => m.defect.includes('numeric string'))) {
      const input = { pathParams: {}, query: {}, body: {} as Record<string, unknown>, contentType: undefined };
      m.apply(input);
      Object.assign(out, input.body);
    }
    return out;
  };

  it('sends the digits of a number the bounds, enum and multipleOf admit', async () => {
    expect(
      await numericStrings({
        plain: { type: 'integer' },
        floor: { type: 'integer', minimum: 10, maximum: 86400 },
        exclusive: { type: 'number', minimum: 0, exclusiveMinimum: true },
        ceiling: { type: 'integer', maximum: -5 },
        listed: { type: 'integer', enum: [3, 7] },
        stepped: { type: 'integer', minimum: 1, multipleOf: 5 },
        nullable: { type: 'integer', nullable: true },
        cents: { type: 'number', multipleOf: 0.01, minimum: 0.05 },
      }),
    ).toEqual({
      plain: '1',
      floor: '10',
      exclusive: '1',
      ceiling: '-5',
      listed: '3',
      stepped: '5',
      nullable: '1',
      cents: '1',
    });
  });

  it('sends none where no integer fits or another alternative takes a string', async () => {
    expect(
      await numericStrings({
        narrow: { type: 'number', minimum: 0.1, maximum: 0.9 },
        thirds: { type: 'number', multipleOf: 0.3, maximum: 1 },
        either: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
        text: { type: 'string' },
      }),
    ).toEqual({});
  });
});
