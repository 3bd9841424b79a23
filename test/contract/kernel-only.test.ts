import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { CredentialPlan, type Placement } from '../../conformance/credentials.js';
import type { OutgoingRequest } from '../../conformance/http/client.js';
import { Session } from '../../conformance/session.js';
import {
  contractFromDocument,
  isJsonMediaType,
  pairsOf,
  parsePath,
  parseQuery,
  schemeCredential,
  serialisePath,
  serialiseQuery,
  type Contract,
} from '../../src/contract/index.js';
import { SecurityGate } from '../../src/mock/controls/request-headers/security.js';
import { inlineArazzo, runThrough } from '../workflows/helpers.js';

/**
 * Each OpenAPI rule the mock and the runner share exists once, in src/contract/ (issue 18): this
 * fails when either half defines its own copy again, or stops importing the kernel's.
 */
const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const halves = [...sources('src/mock'), ...sources('conformance')].map((path) => ({
  path: relative(root, join(root, path)),
  text: readFileSync(join(root, path), 'utf8'),
}));

/** Names of the kernel's rules: a function of that name outside src/contract/ is a copy. */
const KERNEL_FUNCTIONS = [
  // media types (src/contract/media.ts)
  'mediaEssence',
  'mediaMatches',
  'isJsonMediaType',
  'admitsJson',
  'isXmlMediaType',
  'jsonContent',
  'jsonMedia',
  // the documented-response lookup (src/contract/responses.ts)
  'documentedResponse',
  'responseFor',
  'rangeKey',
  // schema views (src/contract/schema-views.ts)
  'mergeAllOf',
  'flatten',
  'objectView',
  'effective',
  'discriminatedAlternative',
  'propertiesFor',
  // the validators' reading of nullable without type (src/contract/nullable.ts)
  'readNullable',
  'applyNullable',
  // parameter styles (src/contract/params/)
  'serialiseQuery',
  'serialisePath',
  'serialiseHeader',
  'serialiseCookie',
  'serialiseForm',
  'serialiseDeepObject',
  'serialiseDelimited',
  'parseQuery',
  'parsePath',
  'parseHeader',
  'parseCookie',
  'parseForm',
  'parseDeepObject',
  'parseDelimited',
  // the one seeded sampler (src/contract/sample/): valid, boundary and invalid values, names, formats, dice
  'sample',
  'sampleValue',
  'generate',
  'generateString',
  'generateRecordValue',
  'fromPattern',
  'invalidValues',
  'wrongTypeValue',
  'formatValue',
  'namedString',
  'createFaker',
  'diceOfFaker',
  'modeFor',
  'schemaNamesOf',
  // the common error schema (src/contract/error-schema.ts) and the deprecation rule (src/contract/deprecation.ts)
  'commonErrorSchema',
  'deprecationAnnouncement',
  // the one resource model (src/contract/resources/): collections, bindings, roles, identifiers, references, links
  'inferModel',
  'successSchema',
  'recordProperties',
  'identifierField',
  'envelopeOf',
  'listShape',
  'statelessReason',
  'isCreate',
  'isSuccess',
  'answersWithItemIdentifier',
  'idFromLocation',
  'identifierOf',
  'listItems',
  'itemRead',
  'postCollections',
  'referenceBase',
  'collectionNames',
  'referencedCreate',
  'identifierSource',
  'linkSource',
  'linkedField',
  'requestPath',
  'resourcePath',
  'samePath',
  'identifierProperty',
  'writeRole',
  'itemSegment',
  'isItemPath',
  'onCollection',
  // the list vocabulary (src/contract/resources/vocabulary.ts)
  'normalName',
  'listParameterRole',
  'pageBase',
  // Accept negotiation (src/contract/negotiate.ts)
  'negotiate',
  'parseAccept',
  'acceptable',
  'answerType',
];

/** Spellings of a kernel rule written out by hand. */
const HAND_WRITTEN: ReadonlyArray<[string, RegExp, ReadonlyArray<string>?]> = [
  ['a +json test (media.ts isJsonMediaType)', /endsWith\(['"]\+json['"]\)|\\\+json\$|\\\+\)\?json/],
  [
    'a range lookup by key (responses.ts documentedResponse)',
    /responses\[\s*[`'"][^`'"\]]*XX[`'"]\s*\]|responses\[\s*['"]default['"]\s*\]/i,
  ],
  [
    'a loop over allOf parts (schema-views.ts mergeAllOf)',
    /for\s*\(\s*const\s+\w+\s+of\s+[^)]*\.allOf\b|\.allOf(\s*\?\?\s*\[\])?\s*\.\s*(map|forEach|reduce|flatMap)\(/,
  ],
  ['deepObject brackets or delimiters written by hand (params/)', /%5B|%7C/],
  [
    'a pattern sampled by hand (sample/sample.ts draws matches with randexp)',
    /from\s+['"]randexp['"]|new\s+RandExp\s*\(/,
  ],
  ['a PRNG of its own (sample/dice.ts Random, mulberry32)', /0x6d2b79f5/i],
  [
    'Accept negotiated by express or negotiator (negotiate.ts)',
    /\breq\.accepts(Types)?\(|from\s+['"](negotiator|accepts)['"]/,
  ],
  ['a link expression read by hand (resources/links.ts linkSource)', /\\\$response\\\.(body|header)/],
  [
    'collection names guessed from a field by hand (resources/references.ts referenceBase, collectionNames)',
    /\(\?:Id\|_id|\$\{\w+\.slice\(0, -1\)\}ies/,
  ],
  [
    'an item path recognised by hand (resources/model.ts: a last segment that is one template parameter)',
    /\/\^?\\\{\(\[\^\}\]\+\)\\\}\(\\\.|\/\\\{\[\^\}\]\+\\\}\$\/\.test\(\w+\.path\)/,
  ],
  [
    'a name normalised by hand (resources/vocabulary.ts normalName)',
    /\.toLowerCase\(\)\.replace\(\/\[\^a-z0-9\]\/g,\s*''\)/,
  ],
  [
    'paging names listed by hand (resources/vocabulary.ts LIMIT_NAMES, OFFSET_NAMES, PAGE_NAMES)',
    /['"](perpage|pagesize|startindex|pagenumber)['"]/,
  ],
  [
    'an item segment matched by hand (resources/items.ts itemSegment)',
    /\\\{\[\^\}\/?\]\+\\\}(\$|\[\^\/\{\}\]\*\$|\(\\\.)/,
  ],
  [
    "a collection's name taken from its path by hand (resources/items.ts collectionNameOf)",
    /startsWith\('\{'\)\)\s*\.at\(-1\)|\.split\('\/'\)\.filter\(Boolean\)\.(pop|at)\(/,
  ],
  [
    'a security scheme mapped to its credential by hand (security.ts schemeCredential)',
    /\.type\s*===\s*'(apiKey|openIdConnect)'|\.scheme\??\.toLowerCase\(\)\s*===\s*'(basic|bearer)'/,
  ],
  ['a class of a PRNG or a sampler defined again (sample/dice.ts)', /class\s+(Random|Sampler)\b/],
  // The Petstore store's seeded data (store/seed.ts) is the one exception: domain data the README
  // shows, kept byte-identical for a seed; it uses the kernel's createFaker, and no schema.
  [
    'values drawn from faker by hand (sample/names.ts, sample/formats.ts)',
    /\bfaker\(?\)?\.(lorem|internet|person|phone|location|string|number|word|date|helpers|datatype|animal|finance|company)\./,
    ['src/mock/store/seed.ts'],
  ],
];

describe('each kernel rule exists once, in src/contract/', () => {
  it.each(KERNEL_FUNCTIONS.map((name) => [name] as const))('no function %s outside src/contract/', (name) => {
    const definition = new RegExp(`(function\\s+${name}\\s*\\(|(const|let)\\s+${name}\\s*=\\s*(\\(|async|function))`);
    expect(halves.filter((f) => definition.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it.each(HAND_WRITTEN.map(([what, pattern, except]) => [what, pattern, except ?? []] as const))(
    'no %s in the mock or the runner',
    (_what, pattern, except) => {
      expect(halves.filter((f) => pattern.test(f.text) && !except.includes(f.path)).map((f) => f.path)).toEqual([]);
    },
  );

  it.each<[string, string]>([
    ['src/mock/stages/answer.ts', 'responseFor'],
    ['src/mock/error-body.ts', 'mergeAllOf'],
    ['src/mock/rules/generic.ts', 'inferModel'],
    ['src/mock/stages/answer.ts', 'negotiate'],
    ['src/mock/stages/policies.ts', 'negotiate'],
    ['src/mock/stages/parse.ts', 'sequenceSyntax'],
    ['src/mock/controls/request-headers/security.ts', 'schemeCredential'],
    ['conformance/credentials.ts', 'schemeCredential'],
    ['conformance/workflows/interpreter.ts', 'schemeCredential'],
    ['conformance/traffic/request.ts', 'schemeCredential'],
    ['src/mock/controls/request-headers/security.ts', 'cookiePairs'],
    ['src/mock/controls/request-headers/prefer.ts', 'jsonAnswerEntry'],
    ['src/mock/core/keep-to-schema.ts', 'jsonAnswerEntry'],
    ['src/mock/stages/answer.ts', 'jsonJudgedBy'],
    ['conformance/checks/util.ts', 'documentedMediaFor'],
    ['src/mock/generic/owners.ts', 'namesUnderItem'],
    ['conformance/checks/content-type.ts', 'negotiate'],
    ['src/mock/generic/handlers.ts', 'recordProperties'],
    ['conformance/resources.ts', 'identifierSource'],
    ['conformance/resources.ts', 'referencedCreate'],
    ['conformance/resources.ts', 'onCollection'],
    ['conformance/workflows/interpreter.ts', 'isJsonMediaType'],
    ['conformance/workflows/interpreter.ts', 'serialiseQuery'],
    ['conformance/workflows/interpreter.ts', 'serialisePath'],
    ['conformance/probes/util.ts', 'postCollections'],
    ['conformance/probes/references.ts', 'referenceBase'],
    ['conformance/execute/follow-ups.ts', 'linkSource'],
    ['conformance/execute/index.ts', 'writeRole'],
    ['conformance/execute/follow-ups.ts', 'itemRead'],
    ['conformance/execute/follow-ups.ts', 'itemSegment'],
    ['conformance/cases/unknown-id.ts', 'isCreate'],
    ['conformance/cases/unknown-id.ts', 'itemSegment'],
    ['conformance/probes/lists.ts', 'isItemPath'],
    ['conformance/probes/lists.ts', 'collectionNameOf'],
    ['conformance/execute/follow-ups.ts', 'collectionNameOf'],
    ['conformance/probes/references.ts', 'collectionNameOf'],
    ['src/mock/reflect-filters.ts', 'collectionNameOf'],
    ['src/mock/stages/answer.ts', 'collectionNameOf'],
    ['conformance/probes/lists.ts', 'listParameterRole'],
    ['conformance/probes/paging.ts', 'pageBase'],
    ['src/mock/generic/handlers.ts', 'pageBase'],
    ['src/mock/generic/handlers.ts', 'LIMIT_NAMES'],
    ['src/mock/reflect-filters.ts', 'pageBase'],
    ['src/mock/reflect-filters.ts', 'LIMIT_NAMES'],
    ['conformance/plan/index.ts', 'isCreate'],
    ['src/mock/core/canned.ts', 'sampleValue'],
    ['src/mock/error-body.ts', 'sampleValue'],
    ['src/mock/core/keep-to-schema.ts', 'sampleValue'],
    ['src/mock/generic/handlers.ts', 'sampleValue'],
    ['src/mock/faker.ts', 'createFaker'],
    ['src/mock/random.ts', 'Random'],
    ['src/mock/store/seed.ts', 'createFaker'],
    ['conformance/cases/inputs.ts', 'sample'],
    ['conformance/cases/unknown-id.ts', 'sampleValue'],
    ['conformance/cases/mutations.ts', 'invalidValues'],
    ['conformance/cases/random.ts', 'Random'],
    ['conformance/execute/index.ts', 'modeFor'],
    ['src/mock/media.ts', 'parseQuery'],
    ['src/mock/generic/handlers.ts', 'parseQuery'],
    ['src/mock/validator-document.ts', 'readNullable'],
    ['conformance/session.ts', 'serialiseQuery'],
    ['conformance/http/body.ts', 'serialiseDeepObject'],
    ['conformance/checks/content-type.ts', 'mediaMatches'],
    ['conformance/checks/status-code-documented.ts', 'documentedResponse'],
    ['conformance/cases/schema.ts', 'effective'],
    ['src/mock/error-body.ts', 'commonErrorSchema'],
    ['conformance/judge/context.ts', 'commonErrorSchema'],
    ['src/mock/controls/policies/deprecation.ts', 'deprecationAnnouncement'],
    ['conformance/checks/deprecation-headers.ts', 'deprecationAnnouncement'],
  ])('%s takes %s from src/contract', (path, name) => {
    const file = halves.find((f) => f.path === path);
    expect(file, path).toBeDefined();
    const imports = [
      ...file!.text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g),
      ...file!.text.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g),
    ];
    const from = imports.find((m) => m[1]!.split(',').some((n) => n.trim().split(/\s+as\s+/)[0] === name));
    expect(from?.[2], `${path} imports ${name}`).toMatch(/(^|\/)contract\/index\.js$/);
  });
});

/**
 * The same rules by behaviour (issue 31 item 5): a table of parameter styles and media types fed to
 * each consumer that writes or reads them (the runner's session, the workflow executor, the mock's
 * parsers); each must give the kernel's answer, so a consumer that spells a rule its own way fails
 * here even when its import lines look right.
 */
type Param = {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly style?: string;
  readonly explode?: boolean;
  readonly schema: Record<string, unknown>;
};
const STYLES: ReadonlyArray<readonly [string, Param, unknown]> = [
  [
    'form, exploded array (the query default)',
    { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
    [1, 2],
  ],
  [
    'form, not exploded array',
    { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
    [1, 2],
  ],
  [
    'spaceDelimited array',
    {
      name: 'ids',
      in: 'query',
      style: 'spaceDelimited',
      explode: false,
      schema: { type: 'array', items: { type: 'integer' } },
    },
    [1, 2],
  ],
  [
    'pipeDelimited array',
    {
      name: 'ids',
      in: 'query',
      style: 'pipeDelimited',
      explode: false,
      schema: { type: 'array', items: { type: 'integer' } },
    },
    [1, 2],
  ],
  [
    'deepObject object',
    {
      name: 'f',
      in: 'query',
      style: 'deepObject',
      explode: true,
      schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    },
    { a: 'x y', b: 'z' },
  ],
  [
    'form, exploded object',
    { name: 'f', in: 'query', schema: { type: 'object', properties: { a: { type: 'string' } } } },
    { a: 'x&y' },
  ],
  ['a reserved character in a string', { name: 'q', in: 'query', schema: { type: 'string' } }, 'a b&c=d'],
  [
    'path, simple array (the path default)',
    { name: 'id', in: 'path', schema: { type: 'array', items: { type: 'string' } } },
    ['a', 'b'],
  ],
  [
    'path, label array',
    { name: 'id', in: 'path', style: 'label', schema: { type: 'array', items: { type: 'string' } } },
    ['a', 'b'],
  ],
  [
    'path, matrix exploded array',
    { name: 'id', in: 'path', style: 'matrix', explode: true, schema: { type: 'array', items: { type: 'string' } } },
    ['a', 'b'],
  ],
];

async function styleContract(param: Param): Promise<Contract> {
  const path = param.in === 'path' ? `/things/{${param.name}}` : '/things';
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'styles', version: '1' },
    paths: {
      [path]: {
        get: {
          operationId: 'look',
          parameters: [{ ...param, required: true }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });
}

/** A transport that records what it is asked to send and answers 200 with the given body. */
function capture(answer: { type: string; body: string } = { type: 'application/json', body: '{}' }): {
  sent: OutgoingRequest[];
  sendBuilt: (r: OutgoingRequest) => Promise<{
    ok: true;
    response: { status: number; headers: Record<string, string>; body: string; durationMs: number };
  }>;
} {
  const sent: OutgoingRequest[] = [];
  return {
    sent,
    sendBuilt: async (r) => {
      sent.push(r);
      return {
        ok: true,
        response: { status: 200, headers: { 'content-type': answer.type }, body: answer.body, durationMs: 1 },
      };
    },
  };
}

/** One workflow step on `look` with the parameter (or a body of `type`), run by the workflow executor through `transport`. */
async function runStep(contract: Contract, step: Record<string, unknown>, transport: ReturnType<typeof capture>) {
  const doc = inlineArazzo([
    {
      workflowId: 'w',
      steps: [{ stepId: 's', operationId: 'look', successCriteria: [{ condition: '$statusCode == 200' }], ...step }],
    },
  ]);
  return runThrough(contract, [doc], transport);
}

describe('each consumer serialises parameters in their declared style and reads them back alike (OAS 3.0.3 §4.7.12.4)', () => {
  it.each(STYLES)('%s', async (_construct, param, value) => {
    const contract = await styleContract(param);
    const op = contract.operationsById.get('look')!;
    const declared = op.parameters.find((p) => p.name === param.name)!;
    // The kernel's wire form.
    const wire =
      param.in === 'query' ? serialiseQuery(declared, param.name, value).join('&') : serialisePath(declared, value);
    const expected = param.in === 'query' ? `http://h/things?${wire}` : `http://h/things/${wire}`;
    const input =
      param.in === 'query'
        ? { path: {}, query: { [param.name]: value } }
        : { path: { [param.name]: value }, query: {} };
    // The runner's session.
    const session = new Session(
      contract,
      {
        target: 'http://h',
        credentials: new CredentialPlan(contract, {}),
        headers: {},
        timeoutMs: 1000,
        maxResponseBytes: 1 << 20,
        wrongKey: 'x',
        circuitBreaker: false,
      },
      () => undefined,
    );
    expect(session.url(op.path, input.path, input.query, op), 'runner session').toBe(expected);
    // The workflow executor.
    const transport = capture();
    await runStep(contract, { parameters: [{ name: param.name, in: param.in, value }] }, transport);
    expect(
      transport.sent.map((r) => r.url),
      'workflow executor',
    ).toEqual([expected]);
    // The mock reads the wire form back to the value's parts (by the kernel's parsers).
    const url = new URL(expected);
    const raw =
      param.in === 'query'
        ? parseQuery(
            declared,
            pairsOf(url.searchParams),
            Object.keys((param.schema['properties'] as object | undefined) ?? {}),
          )
        : parsePath(declared, decodeURIComponent(url.pathname.slice('/things/'.length)));
    const text = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(String)
        : typeof v === 'object' && v !== null
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
          : String(v);
    expect(raw, 'mock parser').toEqual(text(value));
  });
});

const MEDIA: ReadonlyArray<readonly [string, boolean]> = [
  ['application/json', true],
  ['application/problem+json', true],
  ['application/vnd.api+json; charset=utf-8', true],
  ['Application/JSON', true],
  ['application/json-seq', false],
  ['application/x-ndjson', false],
  ['text/plain', false],
];

describe('each consumer reads a media type as JSON or not alike (RFC 8259, RFC 6839 §3.1)', () => {
  it.each(MEDIA)('%s: JSON %s', async (type, json) => {
    expect(isJsonMediaType(type), 'kernel').toBe(json);
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'media', version: '1' },
      paths: {
        '/things': {
          get: {
            operationId: 'look',
            requestBody: { content: { [type]: { schema: {} } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    // The workflow executor writes a text payload as JSON text only for a JSON type, and reads an answer of the type as JSON only then.
    const transport = capture({ type, body: '"hi"' });
    const criteria = [{ condition: '$statusCode == 200' }, { condition: "$response.body == 'hi'" }];
    const results = await runStep(
      contract,
      { requestBody: { contentType: type, payload: 'hi' }, successCriteria: criteria },
      transport,
    );
    expect(transport.sent[0]?.body, 'workflow executor: request body').toBe(json ? '"hi"' : 'hi');
    expect(results[0]?.status, `workflow executor: the answer "hi" read as a JSON string: ${results[0]?.message}`).toBe(
      json ? 'passed' : 'failed',
    );
  });
});

/**
 * Security schemes by behaviour (issue 31 item 5): each scheme type fed to the runner's credentials
 * (where it places a credential, what a probe "without credentials" removes) and to the mock's gate
 * (what it accepts); both read schemes through the kernel's schemeCredential, so the runner's valid
 * credential opens the mock's gate and its wrong one does not. A consumer that maps a scheme its own
 * way fails its row.
 */
const SCHEMES: ReadonlyArray<{
  readonly construct: string;
  readonly scheme: Record<string, unknown>;
  readonly kind: string;
  /** Where the runner puts the credential it was given (--api-key k-1, --bearer t-1, --basic u:p). */
  readonly placed: ReadonlyArray<Pick<Placement, 'in' | 'name' | 'value'>>;
}> = [
  {
    construct: 'apiKey in a header',
    scheme: { type: 'apiKey', in: 'header', name: 'X-Key' },
    kind: 'apiKey',
    placed: [{ in: 'header', name: 'X-Key', value: 'k-1' }],
  },
  {
    construct: 'apiKey in the query',
    scheme: { type: 'apiKey', in: 'query', name: 'api_key' },
    kind: 'apiKey',
    placed: [{ in: 'query', name: 'api_key', value: 'k-1' }],
  },
  {
    construct: 'apiKey in a cookie',
    scheme: { type: 'apiKey', in: 'cookie', name: 'session' },
    kind: 'apiKey',
    placed: [{ in: 'cookie', name: 'session', value: 'k-1' }],
  },
  {
    construct: 'http basic (RFC 7617)',
    scheme: { type: 'http', scheme: 'basic' },
    kind: 'basic',
    placed: [{ in: 'header', name: 'authorization', value: `Basic ${Buffer.from('u:p').toString('base64')}` }],
  },
  {
    construct: 'http bearer, its name in capitals (RFC 6750; scheme names are case-insensitive)',
    scheme: { type: 'http', scheme: 'Bearer' },
    kind: 'bearer',
    placed: [{ in: 'header', name: 'authorization', value: 'Bearer t-1' }],
  },
  {
    construct: 'oauth2: its access token as a bearer token (RFC 6750 §2.1)',
    scheme: {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: {} } },
    },
    kind: 'bearer',
    placed: [{ in: 'header', name: 'authorization', value: 'Bearer t-1' }],
  },
  {
    construct: 'openIdConnect: likewise',
    scheme: { type: 'openIdConnect', openIdConnectUrl: 'https://auth.example/.well-known/openid-configuration' },
    kind: 'bearer',
    placed: [{ in: 'header', name: 'authorization', value: 'Bearer t-1' }],
  },
  {
    construct: 'mutualTLS (OAS 3.1): a client certificate, nothing sent in HTTP',
    scheme: { type: 'mutualTLS' },
    kind: 'mutualTLS',
    placed: [],
  },
];

/** An Express request carrying these placements, as the mock's gate reads one. */
function carrying(placements: readonly Placement[]): { req: Request; query: URLSearchParams } {
  const headers: Record<string, string> = {};
  const query = new URLSearchParams();
  const cookies: string[] = [];
  for (const p of placements) {
    if (p.in === 'header') headers[p.name.toLowerCase()] = p.value;
    else if (p.in === 'query') query.append(p.name, p.value);
    else cookies.push(`${p.name}=${p.value}`);
  }
  if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
  return { req: { headers, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request, query };
}

describe('each consumer reads a security scheme alike (OAS 3.1.0 §4.8.27)', () => {
  it.each(SCHEMES.map((row) => [row.construct, row] as const))('%s', async (_construct, row) => {
    const contract = await contractFromDocument({
      openapi: '3.1.0',
      info: { title: 'schemes', version: '1' },
      components: { securitySchemes: { s: row.scheme } },
      paths: {
        '/things': {
          get: { operationId: 'look', security: [{ s: [] }], responses: { '200': { description: 'ok' } } },
        },
      },
    });
    const op = contract.operationsById.get('look')!;
    // The kernel.
    expect(schemeCredential(row.scheme as unknown as OpenAPIV3.SecuritySchemeObject)?.kind, 'kernel').toBe(row.kind);
    // The runner: where the credential given goes, and that a probe without credentials removes it.
    const plan = new CredentialPlan(contract, { apiKey: 'k-1', bearer: 't-1', basic: 'u:p' });
    const valid = plan.valid(op);
    expect(
      valid?.map(({ in: where, name, value }) => ({ in: where, name, value })),
      'runner CredentialPlan.valid',
    ).toEqual(row.placed);
    const removable = (p: Placement): boolean =>
      p.in === 'query'
        ? plan.credentialQuery().has(p.name)
        : plan.credentialHeaders().has(p.in === 'cookie' ? 'cookie' : p.name.toLowerCase());
    expect(
      valid?.filter((p) => !removable(p)),
      'runner: removed by a probe without credentials',
    ).toEqual([]);
    // The mock's gate, configured with the same credentials: the runner's valid ones open it; wrong
    // ones and none do not, but for a client certificate, which plain HTTP cannot carry.
    const gate = new SecurityGate(contract, { apiKeys: ['k-1'], tokens: ['t-1'], basic: ['u:p'] }, 'test');
    const verdict = (placements: readonly Placement[]): boolean => {
      const { req, query } = carrying(placements);
      return gate.check(op, req, query).ok;
    };
    const open = row.kind === 'mutualTLS';
    expect(
      [verdict(valid ?? []), verdict(plan.wrong(op, 'nope')), verdict([])],
      'mock SecurityGate: valid, wrong, none',
    ).toEqual([true, open, open]);
  });
});
