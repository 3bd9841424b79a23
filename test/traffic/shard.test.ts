import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundledContractPath, loadContract, packageRoot } from '../../src/contract/index.js';
import { shardEquivalence } from '../../bench/shard-equivalence.js';
import { mergeReports, MergeError } from '../../conformance/shard/merge.js';
import { parseShard, shardOperations } from '../../conformance/shard/shard.js';
import { harReport } from '../../conformance/traffic/cli.js';
import type { RunReport } from '../../conformance/types.js';
import { scaled } from '../load-scale.js';

describe('--shard K/N', () => {
  it.each([
    ['1/4', { k: 1, n: 4 }],
    ['4/4', { k: 4, n: 4 }],
    ['1/1', { k: 1, n: 1 }],
    ['0/4', undefined],
    ['5/4', undefined],
    ['2', undefined],
    ['a/b', undefined],
  ] as const)('parses %s', (text, shard) => expect(parseShard(text)).toEqual(shard));

  it('splits the operations: each in exactly one share, the same on every call', async () => {
    const contract = await loadContract(bundledContractPath);
    const shares = [1, 2, 3, 4].map((k) => shardOperations(contract, { k, n: 4 }).map((o) => o.id));
    expect(shares.flat().sort()).toEqual(contract.operations.map((o) => o.id).sort());
    expect(shares.every((s) => s.length > 0)).toBe(true);
    expect([1, 2, 3, 4].map((k) => shardOperations(contract, { k, n: 4 }).map((o) => o.id))).toEqual(shares);
  });

  // The whole run and each shard against a fresh mock: the merged shards equal the whole, result for
  // result and in order, with the same exit code. Stripe (384 operations, one example each) runs the
  // same comparison in the bench (bench/shard-equivalence.ts; its figure in docs/traffic.md): here,
  // the Petstore with its workflows and a smaller real document.
  it.each([
    ['the Petstore with its workflows', bundledContractPath, 'dev-key'],
    ['swagger-petstore-v3 (corpus)', join(packageRoot, 'fixtures', 'corpus', 'swagger-petstore-v3.yaml'), undefined],
  ] as const)('%s: 4 shards merged equal the whole run', { timeout: scaled(300_000) }, async (_name, file, apiKey) => {
    const result = await shardEquivalence(file, { n: 4, examples: 1, ...(apiKey ? { apiKey } : {}) });
    expect(result.wholeCells.length).toBeGreaterThan(50);
    expect(result.mergedCells).toEqual(result.wholeCells);
    // Each operation judged on the whole run's state: the same exchanges, so the same messages too
    // (but for the server's clock: a Date header, RFC 9110 §6.6.1, read seconds apart).
    const said = (r: RunReport): string[] =>
      r.results.map((x) => x.message.replace(/\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/g, '<date>'));
    expect(said(result.merged)).toEqual(said(result.whole));
    expect(result.merged.coverage).toEqual(result.whole.coverage);
    expect(result.mergedExit).toBe(result.wholeExit);
    if (file === bundledContractPath)
      expect(result.wholeCells.filter((c) => c.startsWith('workflow:')).length).toBeGreaterThanOrEqual(10);
  });
});

const shardOf = (label: string, results: RunReport['results'] = []): { report: RunReport; file: string } => ({
  file: `${label.replace('/', '-')}.json`,
  report: {
    target: 't',
    seed: 1,
    examples: 1,
    strict: false,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    operations: [],
    checks: [],
    results,
    summary: { passed: 0, failed: 0, skipped: 0, warnings: 0 },
    requests: 0,
    notices: [],
    shard: { label, order: [] },
  },
});

describe('merge', () => {
  it('refuses a missing, a repeated or a foreign shard, naming it', () => {
    expect(() => mergeReports([shardOf('1/3'), shardOf('2/3')])).toThrow(
      new MergeError('shard(s) 3/3 missing: the whole run cannot be judged from part of it'),
    );
    expect(() => mergeReports([shardOf('1/2'), shardOf('1/2')])).toThrow(/shard 1\/2 is given twice/);
    expect(() => mergeReports([shardOf('1/2'), shardOf('2/3')])).toThrow(/is shard 2\/3, but .* is one of 2/);
  });

  it('gives the exit code of the whole: a failure in any shard fails the merged run', async () => {
    const failed = {
      check: 'status_code_documented',
      operation: 'listPets',
      status: 'failed' as const,
      message: 'x',
      exchange: undefined,
      smallestInput: undefined,
      reproduce: undefined,
      judged: 1,
    };
    const passed = { ...failed, operation: 'getPet', status: 'passed' as const };
    const { verdictOf } = await import('../../conformance/report/verdict.js');
    expect(verdictOf(mergeReports([shardOf('1/2', [passed]), shardOf('2/2', [failed])])).exitCode).toBe(1);
    expect(verdictOf(mergeReports([shardOf('1/2', [passed]), shardOf('2/2', [])])).exitCode).toBe(0);
    expect(verdictOf(mergeReports([shardOf('1/2', []), shardOf('2/2', [])])).exitCode).toBe(2);
  });
});

describe("HAR entries outside the contract's servers", () => {
  it('are listed and not judged', async () => {
    const { contractFromText } = await import('../../src/contract/index.js');
    const contract = await contractFromText(
      `openapi: 3.0.3\ninfo: { title: T, version: '1' }\nservers: [{ url: 'https://api.example.com/v2' }]\npaths:\n  /things:\n    get:\n      operationId: listThings\n      responses:\n        '200': { description: ok, content: { application/json: { schema: { type: array } } } }\n`,
      't.yaml',
    );
    const entry = (url: string) => ({
      startedAt: new Date(0).toISOString(),
      method: 'GET',
      url,
      request: { headers: {}, body: undefined, size: 0 },
      response: {
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('[]'),
        size: 2,
      },
      error: undefined,
      durationMs: 1,
    });
    const report = harReport(
      [
        entry('https://api.example.com/v2/things'),
        entry('https://cdn.example.com/app.js'),
        entry('https://api.example.com/v1/things'),
      ],
      contract,
      { har: 'x.har', targets: [], checks: undefined, skipChecks: undefined, strict: false, startedAt: new Date() },
    );
    expect(report.traffic?.outside.map((o) => o.url)).toEqual([
      'https://cdn.example.com/app.js',
      'https://api.example.com/v1/things',
    ]);
    expect(report.results.find((r) => r.check === 'response_schema')).toMatchObject({
      operation: 'listThings',
      status: 'passed',
    });
    expect(report.traffic?.operations).toMatchObject({ seen: 1, total: 1 });

    // The proxy's own recording names its upstream: its entries are judged though the servers name another host.
    const { readHar, toHar } = await import('../../conformance/har/har.js');
    const recorded = readHar(
      JSON.stringify(
        toHar(
          [entry('http://127.0.0.1:8080/things')],
          { name: 'petstore-conformance', version: '1' },
          'http://127.0.0.1:8080',
        ),
      ),
      'p.har',
    );
    expect(recorded.upstream).toBe('http://127.0.0.1:8080');
    const judged = harReport(recorded.entries, contract, {
      har: 'p.har',
      targets: [recorded.upstream ?? ''],
      checks: undefined,
      skipChecks: undefined,
      strict: false,
      startedAt: new Date(),
    });
    expect(judged.traffic?.outside).toEqual([]);
    expect(judged.traffic?.operations.seen).toBe(1);
    expect(
      harReport(recorded.entries, contract, {
        har: 'p.har',
        targets: [],
        checks: undefined,
        skipChecks: undefined,
        strict: false,
        startedAt: new Date(),
      }).traffic?.outside,
    ).toHaveLength(1);
  });
});

describe('the CI recipes of docs/traffic.md', () => {
  // The YAML blocks of the page, in order: GitHub Actions, then GitLab CI.
  const page = readFileSync(join(packageRoot, 'docs', 'traffic.md'), 'utf8');
  const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
    (m) => parse(m[1] ?? '') as Record<string, Record<string, unknown>>,
  );
  const shardsNamed = (
    commands: readonly string[],
    expand: (command: string, k: number) => string,
    n: number,
  ): { shards: string[]; files: string[] } => {
    const command = commands.find((c) => c.includes('--shard')) ?? '';
    const runs = Array.from({ length: n }, (_, i) => expand(command, i + 1));
    return {
      shards: runs.map((r) => /--shard (\S+)/.exec(r)?.[1] ?? ''),
      files: runs.map((r) => /--reporter json=(\S+)/.exec(r)?.[1] ?? ''),
    };
  };
  const everyShard = (shards: readonly string[], n: number): void =>
    expect(shards.map((t) => parseShard(t))).toEqual(Array.from({ length: n }, (_, i) => ({ k: i + 1, n })));

  it('GitHub Actions: one job per shard of 4, each writes its JSON report, the verdict job merges all four', () => {
    const jobs = blocks[0]?.['jobs'] as Record<
      string,
      {
        strategy?: { matrix: { shard: number[] } };
        needs?: string;
        steps: Array<{ run?: string; uses?: string; with?: Record<string, unknown> }>;
      }
    >;
    const matrix = jobs['conformance']?.strategy?.matrix.shard ?? [];
    const steps = jobs['conformance']?.steps ?? [];
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the CI's own variable syntax, matched as written
    const { shards, files } = shardsNamed(
      steps.flatMap((st) => st.run ?? []),
      (c, k) => c.replaceAll('${{ matrix.shard }}', String(matrix[k - 1])),
      matrix.length,
    );
    expect(matrix).toHaveLength(4);
    everyShard(shards, 4);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the CI's own variable syntax, matched as written
    expect(steps.find((st) => st.uses?.startsWith('actions/upload-artifact'))?.with?.['path']).toBe(
      'shard-${{ matrix.shard }}.json',
    );
    expect(jobs['verdict']?.needs).toBe('conformance');
    const merge = jobs['verdict']?.steps.find((st) => st.run?.includes(' merge '))?.run ?? '';
    expect(merge.split(/\s+/).filter((w) => w.endsWith('.json'))).toEqual(files);
  });

  it('GitLab CI: parallel 4, CI_NODE_INDEX/CI_NODE_TOTAL, the verdict job merges the artifacts of all four', () => {
    const job = blocks[1]?.['conformance'] as { parallel: number; script: string[]; artifacts: { paths: string[] } };
    const verdict = blocks[1]?.['verdict'] as { needs: string[]; script: string[]; artifacts: { when?: string } };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the CI's own variable syntax, matched as written
    const { shards, files } = shardsNamed(
      job.script,
      (c, k) => c.replaceAll('${CI_NODE_INDEX}', String(k)).replaceAll('${CI_NODE_TOTAL}', String(job.parallel)),
      job.parallel,
    );
    expect(job.parallel).toBe(4);
    everyShard(shards, 4);
    const glob = new RegExp(`^${(job.artifacts.paths[0] ?? '').replace('.', '\\.').replace('*', '.*')}$`);
    expect(files.every((f) => glob.test(f))).toBe(true);
    expect(verdict.needs).toEqual(['conformance']);
    expect(verdict.script.some((c) => c.includes('petstore-conformance merge shard-*.json'))).toBe(true);
    expect(verdict.artifacts.when).toBe('always');
  });
});
