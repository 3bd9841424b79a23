import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadContract, type Contract } from '../../src/contract/index.js';
import {
  startDefectProxy,
  type Defect,
  type ProxiedRequest,
  type ProxiedResponse,
  type Upstream,
  type Verdict,
} from '../../fixtures/broken/proxy.js';
import { zooService } from '../../fixtures/zoo/services.js';
import { MODES, operationOf, type Mode } from './defect-modes.js';

/**
 * The modes of the zoo's defect matrix, proved on their own: each does what it says to the exchange
 * it is given (and nothing to one it does not concern), on the fastify-books document (no process).
 */
const mode = (name: string): Mode => {
  const found = MODES.find((m) => m.name === name);
  if (!found) throw new Error(name);
  return found;
};
const req = (method: string, path: string, headers: Record<string, string> = {}, body = ''): ProxiedRequest => ({
  method,
  path,
  headers: { host: '127.0.0.1:1', ...headers },
  body,
});
const res = (status: number, body: unknown, headers: Record<string, string> = {}): ProxiedResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});
const book = { id: 1, title: 'T', author: 'A', tags: [], createdAt: '2026-01-01T00:00:00Z' };

async function through(
  m: Pick<Defect, 'request' | 'response'>,
  request: ProxiedRequest,
  answer: ProxiedResponse,
  calls: ProxiedRequest[] = [],
): Promise<{ sent: ProxiedRequest | Verdict; answer: Verdict }> {
  const upstream: Upstream = async (r) => {
    calls.push(r);
    return r.method === 'GET' ? res(200, book) : res(204, undefined);
  };
  const sent = m.request ? await m.request(request, upstream) : request;
  const out = m.response
    ? await m.response(typeof sent === 'object' && 'path' in sent ? sent : request, answer, upstream)
    : answer;
  return { sent, answer: out };
}

describe('the zoo defect modes', () => {
  let contract: Contract;
  it('reads the operation of a request from the document (trailing slash, path parameters)', async () => {
    contract = await loadContract(zooService('fastify-books').document);
    expect(operationOf(contract, req('POST', '/books/'))?.id).toBe('post_/books/');
    expect(operationOf(contract, req('GET', '/books/7?x=1'))?.id).toBe('get_/books/{id}');
    expect(operationOf(contract, req('PATCH', '/books/7'))).toBeUndefined();
  });

  it('undocumented-status turns 200 into 203 and leaves other statuses', async () => {
    const m = mode('undocumented-status').make(contract);
    expect((await through(m, req('GET', '/books/1'), res(200, book))).answer).toMatchObject({ status: 203 });
    expect((await through(m, req('POST', '/books/'), res(201, book))).answer).toMatchObject({ status: 201 });
  });

  it('limit-ignored drops the page size and keeps the rest of the query; filter-ignored drops the filter and keeps paging', async () => {
    const limit = await through(
      mode('limit-ignored').make(contract),
      req('GET', '/books/?limit=1&offset=2&author=A'),
      res(200, []),
    );
    expect((limit.sent as ProxiedRequest).path).toBe('/books/?offset=2&author=A');
    const filter = await through(
      mode('filter-ignored').make(contract),
      req('GET', '/books/?limit=1&offset=2&author=A'),
      res(200, []),
    );
    expect((filter.sent as ProxiedRequest).path).toBe('/books/?limit=1&offset=2');
  });

  it("create-forgotten deletes the created record through the item path, with the create's credentials", async () => {
    const calls: ProxiedRequest[] = [];
    const out = await through(
      mode('create-forgotten').make(contract),
      req('POST', '/books/', { 'x-api-key': 'k' }, '{}'),
      res(201, { ...book, id: 9 }),
      calls,
    );
    expect(out.answer).toMatchObject({ status: 201 });
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers['x-api-key']}`)).toEqual(['DELETE /books/9 k']);
  });

  it('delete-ignored answers the documented 204 without sending the DELETE on', async () => {
    const calls: ProxiedRequest[] = [];
    const out = await through(
      mode('delete-ignored').make(contract),
      req('DELETE', '/books/1', { 'x-api-key': 'k' }),
      res(204, undefined),
      calls,
    );
    expect(out.sent).toMatchObject({ status: 204 });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('invalid-accepted turns a refused write into its documented success, and leaves a refused read', async () => {
    const m = mode('invalid-accepted').make(contract);
    expect(
      (
        await through(
          m,
          req('POST', '/books/', {}, '{"title":1}'),
          res(400, { statusCode: 400, error: 'Bad Request', message: 'x' }),
        )
      ).answer,
    ).toMatchObject({ status: 201 });
    expect(
      (await through(m, req('GET', '/books/x'), res(400, { statusCode: 400, error: 'Bad Request', message: 'x' })))
        .answer,
    ).toMatchObject({ status: 400 });
  });

  it('stack-trace-500 turns a 400 into a 500 with a stack trace as text', async () => {
    const out = (await through(mode('stack-trace-500').make(contract), req('POST', '/books/'), res(400, {})))
      .answer as ProxiedResponse;
    expect(out.status).toBe(500);
    expect(out.body).toMatch(/at handler/);
  });

  it('required-field-dropped removes the first required member, of the record and of each listed item', async () => {
    const m = mode('required-field-dropped').make(contract);
    const one = (await through(m, req('GET', '/books/1'), res(200, book))).answer as ProxiedResponse;
    expect(JSON.parse(one.body)).not.toHaveProperty('id');
    const list = (await through(m, req('GET', '/books/'), res(200, [book, book]))).answer as ProxiedResponse;
    expect((JSON.parse(list.body) as object[]).every((b) => !('id' in b))).toBe(true);
  });

  it('credentials-ignored replaces missing or wrong credentials with the last ones the service accepted', async () => {
    const m = mode('credentials-ignored').make(contract);
    const before = await through(m, req('POST', '/books/'), res(401, {}));
    expect((before.sent as ProxiedRequest).headers['x-api-key']).toBeUndefined();
    await through(m, req('POST', '/books/', { 'x-api-key': 'good' }), res(201, book));
    const after = await through(m, req('DELETE', '/books/1', { 'x-api-key': 'wrong' }), res(204, undefined));
    expect((after.sent as ProxiedRequest).headers['x-api-key']).toBe('good');
  });

  it('location-dropped removes the Location a 201 declares; deprecation-missing says why it does not apply to a document without deprecated operations', async () => {
    expect(mode('location-dropped').notApplicable(contract)).toBeUndefined();
    // @fastify/swagger writes a response header without `required`: the runner's probe reads the
    // declared Location, but no single answer lacking it breaks the document.
    expect(mode('location-dropped').showsInTraffic?.(contract)).toBe(false);
    const created = await through(
      mode('location-dropped').make(contract),
      req('POST', '/books/'),
      res(201, book, { location: '/books/1' }),
    );
    expect((created.answer as ProxiedResponse).headers['location']).toBeUndefined();
    expect(mode('deprecation-missing').notApplicable(contract)).toMatch(/no operation is deprecated/);
  });

  it('location-dropped and deprecation-missing apply to the documents that declare Location and a deprecated operation', async () => {
    const hono = await loadContract(zooService('hono-projects').document);
    expect(mode('location-dropped').notApplicable(hono)).toBeUndefined();
    // @hono/zod-openapi writes the zod headers `required: true`: response_headers judges every 201, from traffic too.
    expect(mode('location-dropped').showsInTraffic?.(hono)).toBe(true);
    expect(mode('deprecation-missing').notApplicable(hono)).toBeUndefined();
    const put = await through(
      mode('deprecation-missing').make(hono),
      req('PUT', '/projects/1'),
      res(200, {}, { deprecation: '@1767225600' }),
    );
    expect((put.answer as ProxiedResponse).headers['deprecation']).toBeUndefined();
  });

  it('deprecation-missing and location-dropped do not apply where a deprecated operation or a create promises no header (express-zod-api depicts no response headers)', async () => {
    const ezapi = await loadContract(zooService('ezapi-orders').document);
    expect(ezapi.operations.some((op) => op.deprecated)).toBe(true);
    expect(mode('deprecation-missing').notApplicable(ezapi)).toMatch(/no deprecated operation promises Deprecation/);
    expect(mode('location-dropped').notApplicable(ezapi)).toMatch(/no Location/);
    // The same operation, its answer declaring Deprecation (as FastAPI's responses= writes it): the mode applies.
    const declared: Contract = {
      ...ezapi,
      operations: ezapi.operations.map((op) =>
        op.deprecated
          ? { ...op, responses: { ...op.responses, '200': { description: '', headers: { Deprecation: {} } } } }
          : op,
      ),
    };
    expect(mode('deprecation-missing').notApplicable(declared)).toBeUndefined();
  });

  it('benign modes: chunked marks the answer, header-case upper-cases names, extra-properties adds a member where the schema is open, reordered-keys reverses members', async () => {
    expect(
      (
        (await through(mode('chunked').make(contract), req('GET', '/books/1'), res(200, book)))
          .answer as ProxiedResponse
      ).headers['transfer-encoding'],
    ).toBe('chunked');
    expect(
      Object.keys(
        (
          (await through(mode('header-case').make(contract), req('GET', '/books/1'), res(200, book)))
            .answer as ProxiedResponse
        ).headers,
      ),
    ).toContain('CONTENT-TYPE');
    expect(
      JSON.parse(
        (
          (await through(mode('extra-properties').make(contract), req('GET', '/books/1'), res(200, book)))
            .answer as ProxiedResponse
        ).body,
      ),
    ).toHaveProperty('servedBy');
    // BookInput-like closed schemas get nothing: an error body of a status the operation documents with a closed schema stays as it is.
    expect(
      Object.keys(
        JSON.parse(
          (
            (await through(mode('reordered-keys').make(contract), req('GET', '/books/1'), res(200, book)))
              .answer as ProxiedResponse
          ).body,
        ) as object,
      ),
    ).toEqual(Object.keys(book).reverse());
  });

  it.each([
    ['rate-limited-1s', '1'],
    ['rate-limited-2s', '2'],
  ])(
    '%s refuses every fifth read with 429 and Retry-After: %s, and lets the same read through after',
    async (name, wait) => {
      const m = mode(name).make(contract);
      const seen: (ProxiedRequest | Verdict)[] = [];
      for (let i = 0; i < 5; i++) seen.push((await through(m, req('GET', '/books/'), res(200, []))).sent);
      expect(seen[4]).toMatchObject({ status: 429, headers: { 'retry-after': wait } });
      expect((await through(m, req('GET', '/books/'), res(200, []))).sent).toMatchObject({ method: 'GET' });
      // Writes are never refused: a wait is for reads only.
      for (let i = 0; i < 5; i++)
        expect((await through(m, req('POST', '/books/'), res(201, {}))).sent).toMatchObject({ method: 'POST' });
    },
  );

  it('the test proxy sends an answer the chunked mode marks in chunks, without Content-Length (RFC 9112 §7.1), body intact', async () => {
    const upstream = http.createServer((_q, r) =>
      r.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(book)),
    );
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const proxy = await startDefectProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, {
      name: 'chunked',
      description: '',
      operation: '-',
      check: '-',
      ...mode('chunked').make(contract),
    });
    try {
      const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get(`${proxy.url}/books/1`, (r) => {
            let body = '';
            r.on('data', (c: Buffer) => (body += c.toString()));
            r.on('end', () => resolve({ headers: r.headers, body }));
          })
          .on('error', reject);
      });
      expect(answer.headers['transfer-encoding']).toBe('chunked');
      expect(answer.headers['content-length']).toBeUndefined();
      expect(JSON.parse(answer.body)).toEqual(book);
    } finally {
      await proxy.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});
