import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundledContractPath, contractFromText, type Contract } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import { startProxy, type ProxyHandle } from '../../conformance/proxy/server.js';
import { checkContext, judge } from '../../conformance/judge/index.js';
import { TRAFFIC_CHECK_NAMES, trafficChecks } from '../../conformance/traffic/checks.js';
import { TrafficJudge } from '../../conformance/traffic/judge.js';
import { exitCodeFor } from '../../conformance/report/verdict.js';
import type { RunReport } from '../../conformance/types.js';
import { DEFECTS } from '../../fixtures/broken/defects.js';
import { BENIGN_VARIATIONS, originOf } from '../../fixtures/broken/benign.js';
import { startDefectProxy } from '../../fixtures/broken/proxy.js';
import { failures, petstoreContract } from '../conformance/helpers.js';
import { petstoreSession } from './session.js';
import { scaled } from '../load-scale.js';
import { buildIfStale } from '../conformance/spawn-cli.js';

const judged = (proxy: ProxyHandle): RunReport => proxy.report({ target: proxy.upstream, startedAt: new Date() });
const cellOf = (report: RunReport, operation: string, check: string) =>
  report.results.find((r) => r.operation === operation && r.check === check);

describe('the proxy in front of our mock', () => {
  let mock: RunningMock;
  let contract: Contract;
  // The CLI's proxy judges on a thread of its own, from the contract's text: the thread runs the built
  // kit (dist/; a worker thread cannot load the TypeScript sources), built here if stale.
  let worker: { contractText: string };
  beforeAll(async () => {
    mock = await start({ port: 0 });
    contract = await petstoreContract();
    worker = { contractText: readFileSync(bundledContractPath, 'utf8') };
    await buildIfStale();
  }, scaled(120_000));
  afterAll(async () => {
    await mock?.close();
  });

  it("judges a client session: no failure of the server, the client's own mistakes as its warnings, coverage listed", async () => {
    const proxy = await startProxy({ contract, upstream: mock.url, port: 0 });
    try {
      const sent = await petstoreSession(proxy.url);
      await proxy.close();
      const report = judged(proxy);
      expect(proxy.requests()).toBe(sent);
      // Judged as they came and let go: nothing kept without --record.
      expect(proxy.exchanges).toHaveLength(0);
      expect(report.summary.failed, failures(report).join('\n')).toBe(0);
      expect(exitCodeFor(report)).toBe(0);
      // The invalid pet and the empty category are the client's violations, named as the client's.
      const client = report.results
        .filter((r) => r.check === 'client_request_valid' && r.status === 'warning')
        .map((r) => r.operation)
        .sort();
      expect(client).toEqual(['createCategory', 'createPet']);
      expect(cellOf(report, 'createPet', 'client_request_valid')?.message).toMatch(
        /client's request breaks the contract/,
      );
      // Coverage: what the session reached, and the operations it never did.
      expect(report.traffic?.operations.seen).toBe(9);
      expect(report.traffic?.operations.unseen).toContain('deletePet');
      expect(report.traffic?.statuses.unseen).toContainEqual({ operation: 'deletePet', status: '204' });
      expect(report.traffic?.statuses.unseen).not.toContainEqual({ operation: 'getPet', status: '404' });
      expect(report.notices?.[0]).toMatch(/^traffic reached 9 of 18 operations/);
    } finally {
      await proxy.close();
    }
  });

  it("judges each exchange as it comes, on its judging thread, into the report the runner's judge() gives on all of them at the end", async () => {
    // A seeded defect, so that failed cells (first failing exchange, counts, distinct violations) are compared too.
    const defect = DEFECTS.find((d) => d.check === 'response_schema');
    if (!defect) throw new Error('no response_schema defect among the fixtures');
    const broken = await startDefectProxy(mock.url, defect);
    const proxy = await startProxy({ contract, upstream: broken.url, port: 0, retain: true, worker });
    try {
      await petstoreSession(proxy.url);
      await petstoreSession(proxy.url);
      await proxy.close();
      const live = judged(proxy);
      // The same exchanges, converted and judged at once by the runner's judge (conformance/judge).
      const converted = proxy.exchanges.map((t, i) => proxy.judge.convert(t, i + 1));
      const exchanges = converted.flatMap((c) => ('exchange' in c ? [c.exchange] : []));
      const unjudged = new Map(
        converted.flatMap((c) => ('exchange' in c && c.unjudged ? [[c.exchange.seq, c.unjudged] as const] : [])),
      );
      const operations = contract.operations.filter((o) => exchanges.some((e) => e.operationId === o.id));
      const whole = judge({
        ctx: checkContext(contract, proxy.judge.validator, operations),
        checks: trafficChecks({}, unjudged),
        operations,
        exchanges,
        notes: [],
        strict: false,
      });
      expect(whole.internalErrors).toEqual([]);
      expect(live.results).toEqual(whole.results);
      expect(live.summary.failed).toBeGreaterThan(0);
      expect(live.requests).toBe(proxy.exchanges.length);
    } finally {
      await proxy.close();
      await broken.close();
    }
  });

  it('adds nothing by default; --mark adds one Conformance-Violations header on an answer with violations', async () => {
    const plain = await startProxy({ contract, upstream: mock.url, port: 0 });
    const marked = await startProxy({ contract, upstream: mock.url, port: 0, mark: true, worker });
    try {
      const bad = {
        method: 'POST',
        headers: { 'x-api-key': 'dev-key', 'content-type': 'application/json' },
        body: '{"name":5}',
      };
      const direct = await fetch(`${mock.url}/pets/1`);
      const viaPlain = await fetch(`${plain.url}/pets/1`);
      const names = (r: Response): string[] =>
        [...r.headers.keys()].filter((k) => k !== 'date' && k !== 'keep-alive' && k !== 'connection').sort();
      expect(names(viaPlain)).toEqual(names(direct));
      expect(await viaPlain.text()).toBe(await direct.text());
      expect((await fetch(`${plain.url}/pets`, bad)).headers.get('conformance-violations')).toBeNull();
      const flagged = await fetch(`${marked.url}/pets`, bad);
      expect(flagged.status).toBe(400);
      const violations = JSON.parse(flagged.headers.get('conformance-violations') ?? '[]') as Array<{
        check: string;
        severity: string;
      }>;
      expect(violations).toContainEqual(
        expect.objectContaining({ check: 'client_request_valid', severity: 'warning' }),
      );
      expect((await fetch(`${marked.url}/pets/1`)).headers.get('conformance-violations')).toBeNull();
      // The exchanges the header judged are the report's: each once.
      await marked.close();
      const report = judged(marked);
      expect(report.requests).toBe(2);
      expect(cellOf(report, 'createPet', 'client_request_valid')).toMatchObject({ status: 'warning', judged: 1 });
    } finally {
      await plain.close();
      await marked.close();
    }
  });

  it('forwards every exchange past its judging backlog and lets those go unjudged, counted and named in the report', async () => {
    // A backlog of one octet: while one exchange waits for the judging thread (still indexing the
    // contract), those that finish meanwhile are forwarded unchanged, then counted, not judged.
    const proxy = await startProxy({ contract, upstream: mock.url, port: 0, worker, judgeBacklog: 1 });
    try {
      const sent = 20;
      const statuses = await Promise.all(
        Array.from({ length: sent }, async () => {
          const res = await fetch(`${proxy.url}/pets/1`, { headers: { accept: 'application/json' } });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses).toEqual(Array.from({ length: sent }, () => 200));
      await proxy.close();
      const report = judged(proxy);
      expect(proxy.requests()).toBe(sent);
      expect(proxy.notJudged()).toBeGreaterThan(0);
      expect(report.requests + proxy.notJudged()).toBe(sent);
      expect(report.notices).toContainEqual(
        expect.stringMatching(new RegExp(`^${proxy.notJudged()} exchange\\(s\\) not judged: judging fell behind`)),
      );
    } finally {
      await proxy.close();
    }
  });

  it('a judging thread that cannot index the contract fails the run at close(), after forwarding unchanged', async () => {
    const proxy = await startProxy({
      contract,
      upstream: mock.url,
      port: 0,
      worker: { contractText: 'openapi: 3.0.3\npaths: [' },
    });
    try {
      expect((await fetch(`${proxy.url}/pets/1`)).status).toBe(200);
      await expect(proxy.close()).rejects.toThrow(/judging thread could not start: .*not valid YAML/);
      expect(() => judged(proxy)).toThrow(/report is ready after close/);
    } finally {
      await proxy.close().catch(() => undefined);
    }
  });

  it('--mark judges each exchange once: for its header and its place in the report alike', async () => {
    const convert = vi.spyOn(TrafficJudge.prototype, 'convert');
    const marked = await startProxy({ contract, upstream: mock.url, port: 0, mark: true });
    try {
      const bad = await fetch(`${marked.url}/pets`, {
        method: 'POST',
        headers: { 'x-api-key': 'dev-key', 'content-type': 'application/json' },
        body: '{"name":5}',
      });
      expect(bad.headers.get('conformance-violations')).toMatch(/client_request_valid/);
      await fetch(`${marked.url}/pets/1`);
      await marked.close();
      expect(convert).toHaveBeenCalledTimes(2);
      expect(judged(marked).requests).toBe(2);
    } finally {
      convert.mockRestore();
      await marked.close();
    }
  });

  it('catches each seeded defect its checks judge, on the exchanges of the session that show it', {
    timeout: scaled(120_000),
  }, async () => {
    // Defects of answers alone (the proxy's checks); those about the runner's own probes (use after
    // delete, auth probes, undocumented methods…) need the runner's requests and stay its business.
    const judgedHere = DEFECTS.filter((d) => TRAFFIC_CHECK_NAMES.includes(d.check));
    expect(judgedHere.length).toBeGreaterThanOrEqual(14);
    const missed: string[] = [];
    for (const defect of judgedHere) {
      const broken = await startDefectProxy(mock.url, defect);
      const proxy = await startProxy({ contract, upstream: broken.url, port: 0 });
      try {
        await petstoreSession(proxy.url, scaled(3000));
        await proxy.close();
        const report = judged(proxy);
        const result = cellOf(report, defect.operation, defect.check);
        if (result?.status !== 'failed')
          missed.push(
            `${defect.name}: ${defect.operation} › ${defect.check} is ${result?.status ?? 'absent'} (${result?.message ?? ''})`,
          );
        else expect(exitCodeFor(report)).toBe(1);
      } finally {
        await proxy.close();
        await broken.close();
      }
    }
    expect(missed).toEqual([]);
  });

  it('passes every benign variation: nothing the clean session passes fails', {
    timeout: scaled(120_000),
  }, async () => {
    const problems: string[] = [];
    for (const variation of BENIGN_VARIATIONS) {
      const gate = variation.gate?.();
      const varied = await startDefectProxy(mock.url, {
        name: variation.name,
        description: variation.why,
        operation: '-',
        check: '-',
        request: (req) => gate?.(req) ?? req,
        response: (req, res) => variation.response(req, res, originOf(req)),
      });
      const proxy = await startProxy({ contract, upstream: varied.url, port: 0 });
      try {
        await petstoreSession(proxy.url);
        await proxy.close();
        const report = judged(proxy);
        problems.push(
          ...report.results
            .filter((r) => r.status === 'failed')
            .map((r) => `${variation.name}: ${r.operation} › ${r.check}: ${r.message}`),
        );
      } finally {
        await proxy.close();
        await varied.close();
      }
    }
    expect(problems).toEqual([]);
  });
});

/** A server of one streamed answer and one 10 MB download, and the contract that documents both. */
const STREAM_CONTRACT = `openapi: 3.0.3
info: { title: Downloads, version: '1' }
paths:
  /events:
    get:
      operationId: streamEvents
      responses:
        '200':
          description: lines as they happen
          content:
            text/plain: { schema: { type: string } }
  /blob:
    get:
      operationId: download
      responses:
        '200':
          description: the file
          content:
            application/octet-stream: { schema: { type: string, format: binary } }
`;

describe('the proxy passes bodies through unchanged', () => {
  const blob = randomBytes(10 * 1024 * 1024);
  let release: () => void = () => undefined;
  let server: http.Server;
  let upstream: string;
  let contract: Contract;
  let proxy: ProxyHandle;
  beforeAll(async () => {
    contract = await contractFromText(STREAM_CONTRACT, 'downloads.yaml');
    server = http.createServer((req, res) => {
      if (req.url === '/events') {
        // Chunked (no Content-Length): the first line now, the second only once the client has seen the first.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first\n');
        release = () => res.end('second\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(blob.length) });
      res.end(blob);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    proxy = await startProxy({ contract, upstream, port: 0, judgeCap: 1024 * 1024 });
  });
  afterAll(async () => {
    await proxy?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('streams: the first chunk arrives before the upstream has finished the answer', async () => {
    const res = await fetch(`${proxy.url}/events`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('first\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    expect(seen).toBe('first\n');
    // Only now does the upstream send the rest: had the proxy buffered, the read above would never have ended.
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    expect(seen).toBe('first\nsecond\n');
  });

  it('keeps exchanges for --record only up to its budget: later ones pass through and are judged, counted, not kept', async () => {
    const small = await startProxy({ contract, upstream, port: 0, retain: true, retainBytes: 10 });
    try {
      const texts: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${small.url}/events`);
        const reading = res.text();
        release();
        texts.push(await reading);
      }
      expect(texts).toEqual(['first\nsecond\n', 'first\nsecond\n', 'first\nsecond\n']);
      await small.close();
      expect(small.exchanges.length + small.dropped()).toBe(3);
      expect(small.dropped()).toBeGreaterThan(0);
      expect(small.report({ target: upstream, startedAt: new Date() }).requests).toBe(3);
      expect(
        cellOf(small.report({ target: upstream, startedAt: new Date() }), 'streamEvents', 'content_type')?.judged,
      ).toBe(3);
    } finally {
      await small.close();
    }
  });

  it('passes a 10 MB download byte-identical, and says it was too large to judge', async () => {
    const res = await fetch(`${proxy.url}/blob`);
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.length).toBe(blob.length);
    expect(createHash('sha256').update(got).digest('hex')).toBe(createHash('sha256').update(blob).digest('hex'));
    await proxy.close();
    const report = proxy.report({ target: upstream, startedAt: new Date() });
    expect(report.summary.failed).toBe(0);
    expect(cellOf(report, 'download', 'status_code_documented')?.status).toBe('passed');
    expect(cellOf(report, 'download', 'content_type')?.message).toMatch(/over the judging cap of 1048576 octets/);
    expect(cellOf(report, 'streamEvents', 'content_type')?.status).toBe('passed');
  });
});
