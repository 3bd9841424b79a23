import { Script } from 'node:vm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import {
  deprecationNotice,
  initializerScript,
  operationMarks,
  type ImmutableLike,
  type OperationMarks,
  type SwaggerSystem,
} from '../../src/docs/browser.js';
import { SWAGGER_UI_FILES } from '../../src/docs/swagger-ui-dist.js';
import { createMockApp } from '../../src/index.js';

const contract = await loadContract();

/** A stand-in for Swagger UI's Immutable maps, over plain objects. */
function immutable(value: object): ImmutableLike {
  const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);
  const wrap = (v: unknown): unknown => (isObject(v) ? immutable(v) : v);
  return {
    get: (key) => wrap(Reflect.get(value, key)),
    getIn: (path) => {
      let at: unknown = value;
      for (const key of path) at = isObject(at) ? Reflect.get(at, key) : undefined;
      return wrap(at);
    },
    set: (key, v) => immutable({ ...value, [key]: v }),
  };
}

const system: SwaggerSystem = {
  React: { createElement: () => null, Fragment: null },
  specSelectors: { specJson: () => immutable(contract.document) },
};

const marksOf = (id: string): OperationMarks | undefined => {
  const op = contract.operationsById.get(id)!;
  return operationMarks(system, immutable({ path: op.path, method: op.method }));
};

describe('/docs (served by the mock)', () => {
  let app: Awaited<ReturnType<typeof createMockApp>>;
  beforeAll(async () => {
    app = await createMockApp();
  });

  it.each(['/docs', '/docs/'])(
    '%s: the page, titled from the contract, loading only files of this server',
    async (path) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(`<title>${contract.document.info.title} · reference</title>`);
      expect(res.text).toContain('data-spec-url="/openapi.json"');
      const urls = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toMatch(/^\/docs\//);
      expect(res.text).not.toMatch(/https?:\/\//);
    },
  );

  it('sends a Content-Security-Policy that allows no other origin', async () => {
    const res = await request(app).get('/docs');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(SWAGGER_UI_FILES.map((file) => [file]))('serves swagger-ui-dist/%s from node_modules', async (file) => {
    const res = await request(app).get(`/docs/assets/${file}`);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(100);
  });

  it.each([['index.html'], ['swagger-initializer.js'], ['package.json'], ['../package.json']])(
    'does not serve swagger-ui-dist/%s (only the files the page uses): the mock answers 404 not_found',
    async (file) => {
      const res = await request(app).get(`/docs/assets/${file}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', status: 404 });
    },
  );

  it('serves the initializer: a script that parses, starts the page and names no other origin', async () => {
    const res = await request(app).get('/docs/petstore-docs.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.text).toBe(initializerScript());
    expect(() => new Script(res.text)).not.toThrow();
    expect(res.text).toContain('startDocsPage(window);');
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it('serves the stylesheet of the notice and the badges', async () => {
    const res = await request(app).get('/docs/petstore-docs.css');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.text).toContain('.pk-deprecation-notice');
    expect(res.text).toContain('.pk-stability');
  });
});

describe('the Swagger UI plugin reads the marks from the contract', () => {
  it.each(contract.operations.map((op) => [op.id, op] as const))('%s', (id, op) => {
    const marks = marksOf(id);
    expect(marks).toBeDefined();
    expect(marks!.deprecated).toBe(op.deprecated);
    expect(marks!.stability).toBe(op.stability);
    expect(marks!.hideTryItPanel).toBe(op.hideTryItPanel);
    if (op.deprecation?.sunset !== undefined)
      expect(marks!.sunset).toBe(op.deprecation.sunset.toISOString().slice(0, 10));
    if (op.deprecation?.deprecatedAt !== undefined)
      expect(marks!.deprecatedAt).toBe(op.deprecation.deprecatedAt.toISOString().slice(0, 10));
  });

  it('words the deprecation notice from the dates the contract gives', () => {
    const base: OperationMarks = {
      deprecated: true,
      deprecatedAt: '2026-01-01',
      sunset: '2027-06-30',
      stability: undefined,
      hideTryItPanel: false,
    };
    expect(deprecationNotice(base)).toBe('Deprecated since 2026-01-01 — removed on 2027-06-30');
    expect(deprecationNotice({ ...base, sunset: undefined })).toBe('Deprecated since 2026-01-01');
    expect(deprecationNotice({ ...base, deprecatedAt: undefined })).toBe('Deprecated — removed on 2027-06-30');
    expect(deprecationNotice({ ...base, deprecatedAt: undefined, sunset: undefined })).toBeUndefined();
    expect(deprecationNotice({ ...base, deprecated: false })).toBeUndefined();
  });

  it('finds nothing for props that are not an operation of the contract', () => {
    expect(operationMarks(system, undefined)).toBeUndefined();
    expect(operationMarks(system, immutable({ path: '/nowhere', method: 'get' }))).toBeUndefined();
    expect(operationMarks(system, immutable({ path: 42, method: 'get' }))).toBeUndefined();
  });
});
