// Issue 30, item 2: inputs the runner cannot invent. A FastAPI-style service: an OAuth2 password
// flow whose relative tokenUrl is its own login operation (a form), and items readable with the token.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFromDocument } from '../../src/contract/index.js';
import { needsUserInput, resolveTokenUrl } from '../../conformance/user-inputs.js';
import { contractProblems } from '../../conformance/contract-check.js';
import { json, serve, type RunningServer } from '../../fixtures/constructs/server.js';
import type { RunReport } from '../../conformance/types.js';
import { buildIfStale, cli } from './spawn-cli.js';
import { scaled } from '../load-scale.js';

const error = {
  description: 'error',
  content: { 'application/json': { schema: { type: 'object', properties: { detail: {} } } } },
};
const token = {
  type: 'object',
  required: ['access_token', 'token_type'],
  properties: { access_token: { type: 'string' }, token_type: { type: 'string' } },
};
const login = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    grant_type: { type: 'string', pattern: '^password$' },
    username: { type: 'string' },
    password: { type: 'string', format: 'password' },
  },
};
const item = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const document = {
  openapi: '3.1.0',
  info: { title: 'login service', version: '1' },
  paths: {
    '/api/v1/login/access-token': {
      post: {
        operationId: 'login',
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: login } } },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: token } } },
          '400': error,
          '422': error,
        },
      },
    },
    '/api/v1/items/': {
      get: {
        operationId: 'listItems',
        security: [{ OAuth2PasswordBearer: [] }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: item } } } },
          '401': error,
          '403': error,
        },
      },
    },
  },
  components: {
    securitySchemes: {
      OAuth2PasswordBearer: {
        type: 'oauth2',
        flows: { password: { tokenUrl: '/api/v1/login/access-token', scopes: {} } },
      },
    },
  },
};

describe('inputs the runner cannot invent (--oauth2, --inputs)', () => {
  let server: RunningServer;
  let dir: string;
  const logins: string[] = [];
  beforeAll(async () => {
    await buildIfStale();
    dir = await mkdtemp(join(tmpdir(), 'inputs-'));
    await writeFile(join(dir, 'api.json'), JSON.stringify(document));
    server = await serve({
      '/api/v1/login/access-token': {
        POST: (req) => {
          const form = new URLSearchParams(req.body);
          if (!form.get('username') || !form.get('password'))
            return json(422, { detail: 'username and password required' });
          logins.push(`${form.get('username') ?? ''}:${form.get('password') ?? ''}`);
          return form.get('username') === 'admin@example.com' && form.get('password') === 's3cret'
            ? json(200, { access_token: 'tok-1', token_type: 'bearer' })
            : json(400, { detail: 'Incorrect email or password' });
        },
      },
      '/api/v1/items/': {
        GET: (req) =>
          req.headers.authorization === 'Bearer tok-1'
            ? json(200, [{ name: 'a' }])
            : json(401, { detail: 'Not authenticated' }, { 'www-authenticate': 'Bearer' }),
      },
    });
  }, scaled(120_000));
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const run = async (...extra: string[]) => {
    const out = await cli([
      '--target',
      server.url,
      '--spec',
      join(dir, 'api.json'),
      '--reporter',
      'json',
      '--no-workflows',
      ...extra,
    ]);
    return { ...out, report: out.code === 0 || out.code === 1 ? (JSON.parse(out.stdout) as RunReport) : undefined };
  };
  const cell = (report: RunReport | undefined, op: string, check: string) =>
    report?.results.find((r) => r.operation === op && r.check === check);

  it('recognises the token endpoint, a format: password field and a marked operation; resolves a relative tokenUrl against the target', async () => {
    const contract = await contractFromDocument(structuredClone(document));
    // OAS 3.1.0 §4.3: a URL may be a relative reference; the FastAPI template's document was refused for it.
    expect(await contractProblems(contract)).toEqual([]);
    expect(needsUserInput(contract, contract.operationsById.get('login')!)).toMatch(
      /token endpoint of the OAuth2 password flow of OAuth2PasswordBearer/,
    );
    expect(needsUserInput(contract, contract.operationsById.get('listItems')!)).toBeUndefined();
    const marked = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/otp': {
          post: {
            operationId: 'verify',
            'x-conformance-needs-input': 'a one-time code',
            responses: { '204': { description: 'ok' } },
          },
        },
        '/pw': {
          post: {
            operationId: 'setPw',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['pw'],
                    properties: { pw: { type: 'string', format: 'password' } },
                  },
                },
              },
            },
            responses: { '204': { description: 'ok' } },
          },
        },
      },
    });
    expect(needsUserInput(marked, marked.operationsById.get('verify')!)).toMatch(/a one-time code/);
    expect(needsUserInput(marked, marked.operationsById.get('setPw')!)).toMatch(/body field pw, format: password/);
    expect(resolveTokenUrl('/api/v1/login/access-token', 'http://h:1/base')).toBe(
      'http://h:1/api/v1/login/access-token',
    );
    expect(resolveTokenUrl('token', 'http://h:1/base')).toBe('http://h:1/base/token');
  });

  it("without a login: the login's positive check is skipped with its reason, never failed", async () => {
    const { report, code, stderr } = await run();
    expect(code, stderr).toBe(0);
    expect(cell(report, 'login', 'positive_data_accepted')).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/token endpoint .* needs real credentials \(--oauth2 USER:PASS/),
    });
  });

  it("--oauth2 USER:PASS: a token from the contract's own flow, used as the bearer; the login judged with the given credentials", async () => {
    logins.length = 0;
    const { report, code, stderr } = await run('--oauth2', 'admin@example.com:s3cret');
    expect(stderr).not.toMatch(/refused/);
    expect(code, stderr).toBe(0);
    expect(logins[0]).toBe('admin@example.com:s3cret');
    expect(cell(report, 'listItems', 'positive_data_accepted')?.status).toBe('passed');
    expect(cell(report, 'listItems', 'auth_enforced')?.status).toBe('passed');
    expect(cell(report, 'login', 'positive_data_accepted')?.status).toBe('passed');
  });

  it('a refused login is exit 2, naming the token endpoint', async () => {
    const { code, stderr } = await run('--oauth2', 'admin@example.com:wrong');
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /--oauth2: the token endpoint http:\/\/127\.0\.0\.1:\d+\/api\/v1\/login\/access-token refused the login \(answered 400/,
    );
  });

  it("--inputs FILE gives the values of an operation's valid request", async () => {
    const file = join(dir, 'inputs.yaml');
    await writeFile(file, 'login:\n  body:\n    username: admin@example.com\n    password: s3cret\n');
    const { report, code, stderr } = await run('--inputs', file);
    expect(code, stderr).toBe(0);
    expect(cell(report, 'login', 'positive_data_accepted')?.status).toBe('passed');
    await writeFile(file, 'nosuch: {}\n');
    const bad = await run('--inputs', file);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/nosuch is not an operationId of the contract/);
  });
});
