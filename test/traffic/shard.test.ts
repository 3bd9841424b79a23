import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledContractPath, loadContract, packageRoot } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { buildIfStale, cli } from '../conformance/spawn-cli.js';
import { shardEquivalence } from '../../bench/shard-equivalence.js';
import { expectShardsEqualWhole } from './shard-expect.js';
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
  // result and in order, with the same exit code. Clerk (192 operations, three examples each) runs the
  // same comparison in test/self-consistency/holdout-clerk.test.ts, on that file's whole run: here,
  // the Petstore with its workflows and a smaller real document.
  it.each([
    ['the Petstore with its workflows', bundledContractPath, 'dev-key'],
    ['swagger-petstore-v3 (corpus)', join(packageRoot, 'fixtures', 'corpus', 'swagger-petstore-v3.yaml'), undefined],
  ] as const)('%s: 4 shards merged equal the whole run', { timeout: scaled(300_000) }, async (_name, file, apiKey) => {
    const result = await shardEquivalence(file, { n: 4, examples: 1, ...(apiKey ? { apiKey } : {}) });
    expect(result.wholeCells.length).toBeGreaterThan(50);
    // Each operation judged on the whole run's state: the same exchanges, so the same messages too.
    expectShardsEqualWhole(result);
    if (file === bundledContractPath)
      expect(result.wholeCells.filter((c) => c.startsWith('workflow:')).length).toBeGreaterThanOrEqual(10);
  });
});

/**
 * Three operations over four shards: shard 1's share is empty (FNV-1a of the operationIds puts
 * createThing in 4, getThing in 2, deleteThing in 3). The workflow `endless` only calls itself, so
 * it reaches no operation: its result is under none, and shard 1 owns it.
 */
const THINGS = `openapi: 3.0.3
info: { title: Things, version: '1' }
paths:
  /things:
    post:
      operationId: createThing
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/NewThing' } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
        '400': { description: invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /things/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
    get:
      operationId: getThing
      responses:
        '200': { description: the thing, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
        '404': { description: none, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
    delete:
      operationId: deleteThing
      responses:
        '204': { description: deleted }
        '404': { description: none, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  schemas:
    NewThing: { type: object, required: [name], properties: { name: { type: string } } }
    Thing: { type: object, required: [id, name], properties: { id: { type: integer }, name: { type: string } } }
    Error: { type: object, required: [code, message], properties: { code: { type: integer }, message: { type: string } } }
`;
const THINGS_FLOWS = `arazzo: 1.0.1
info: { title: Things flows, version: 1.0.0 }
sourceDescriptions:
  - { name: things, url: ./things.yaml, type: openapi }
workflows:
  - workflowId: createThenRead
    steps:
      - stepId: create
        operationId: createThing
        requestBody: { contentType: application/json, payload: { name: Bolt } }
        successCriteria: [{ condition: $statusCode == 201 }]
        outputs: { id: $response.body#/id }
      - stepId: read
        operationId: getThing
        parameters: [{ name: id, in: path, value: $steps.create.outputs.id }]
        successCriteria: [{ condition: $statusCode == 200 }]
  - workflowId: endless
    steps:
      - { stepId: again, workflowId: endless }
`;

describe('a matrix with an empty share (4 shards of a 3-operation contract), through the built CLI', () => {
  let dir: string;
  let spec: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shard-edges-'));
    spec = join(dir, 'things.yaml');
    writeFileSync(spec, THINGS);
    writeFileSync(join(dir, 'things.arazzo.yaml'), THINGS_FLOWS);
    await buildIfStale();
  }, scaled(120_000));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  interface Json {
    readonly results: ReadonlyArray<{ check: string; operation: string; status: string }>;
    readonly notices: readonly string[];
  }
  const cellsOf = (file: string): string[] =>
    (JSON.parse(readFileSync(file, 'utf8')) as Json).results.map((r) => `${r.check} › ${r.operation}: ${r.status}`);
  /** One CLI run against a fresh mock of the contract (every run starts from the same state, as CI's jobs do). */
  const run = async (extra: readonly string[], report: string) => {
    const mock = await start({ port: 0, spec });
    try {
      return await cli([
        '--spec',
        spec,
        ...(extra.includes('--no-workflows') ? [] : ['--workflows', join(dir, 'things.arazzo.yaml')]),
        '--target',
        mock.url,
        '--reporter',
        `json=${join(dir, report)}`,
        ...extra,
      ]);
    } finally {
      await mock.close();
    }
  };

  it("shard 1, with no operation, still runs the workflow that starts in none; merge gives the whole run's results and exit code", {
    timeout: scaled(180_000),
  }, async () => {
    const contract = await loadContract(spec);
    expect(shardOperations(contract, { k: 1, n: 4 })).toEqual([]);
    const whole = await run([], 'whole.json');
    expect([0, 1]).toContain(whole.code);
    // The result under no operation: the whole run has it, so the merged shards must.
    expect(cellsOf(join(dir, 'whole.json'))).toContainEqual(expect.stringMatching(/^workflow:endless › /));
    const shards = [];
    for (let k = 1; k <= 4; k++) shards.push(await run(['--shard', `${k}/4`], `shard-${k}.json`));
    // No job fails the matrix for want of work; each exits as its own results say (endless fails, in shard 1).
    expect(shards.map((s) => s.code)).not.toContain(2);
    // Shard 1 has no operation, yet runs: it owns the workflow that starts in none.
    expect(cellsOf(join(dir, 'shard-1.json'))).toEqual(
      cellsOf(join(dir, 'whole.json')).filter((c) => c.startsWith('workflow:endless')),
    );
    const merged = await cli([
      'merge',
      ...[1, 2, 3, 4].map((k) => join(dir, `shard-${k}.json`)),
      '--reporter',
      `json=${join(dir, 'merged.json')}`,
    ]);
    expect(merged.code).toBe(whole.code);
    expect(cellsOf(join(dir, 'merged.json'))).toEqual(cellsOf(join(dir, 'whole.json')));
    // The shards' notices about themselves are not the whole run's.
    expect(
      (JSON.parse(readFileSync(join(dir, 'merged.json'), 'utf8')) as Json).notices.filter((n) =>
        n.startsWith('shard '),
      ),
    ).toEqual([]);
  });

  it('a share that judges nothing of its own exits 0 with a notice, and merge still gives the exit code of the whole', {
    timeout: scaled(180_000),
  }, async () => {
    // malformed_json_rejected applies to createThing alone (the one JSON request body), in shard 4: shards 2
    // and 3 have an operation each but judge nothing, shard 1 has none and owns nothing.
    const only = ['--checks', 'malformed_json_rejected', '--no-workflows'];
    const whole = await run(only, 'only-whole.json');
    expect([0, 1]).toContain(whole.code);
    const shards = [];
    for (let k = 1; k <= 4; k++) shards.push(await run([...only, '--shard', `${k}/4`], `only-${k}.json`));
    expect(shards.map((s) => s.code)).toEqual([0, 0, 0, 0]);
    expect(shards[1]?.stderr).toMatch(
      /shard 2\/4: this share judged nothing of its own: the selected checks \(malformed_json_rejected\) do not apply to the selected operations \(getThing\); merge gives the whole run's results and verdict/,
    );
    expect(shards[0]?.stderr).toMatch(/shard 1\/4: no operation of the contract falls in this share/);
    const merged = await cli([
      'merge',
      ...[1, 2, 3, 4].map((k) => join(dir, `only-${k}.json`)),
      '--reporter',
      `json=${join(dir, 'only-merged.json')}`,
    ]);
    expect(merged.code).toBe(whole.code);
    expect(cellsOf(join(dir, 'only-merged.json'))).toEqual(cellsOf(join(dir, 'only-whole.json')));
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
    const { shards, files } = shardsNamed(
      steps.flatMap((st) => st.run ?? []),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the CI's own variable syntax, matched as written
      (c, k) => c.replaceAll('${{ matrix.shard }}', String(matrix[k - 1])),
      matrix.length,
    );
    expect(matrix).toHaveLength(4);
    everyShard(shards, 4);
    expect(steps.find((st) => st.uses?.startsWith('actions/upload-artifact'))?.with?.['path']).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the CI's own variable syntax, matched as written
      'shard-${{ matrix.shard }}.json',
    );
    expect(jobs['verdict']?.needs).toBe('conformance');
    const merge = jobs['verdict']?.steps.find((st) => st.run?.includes(' merge '))?.run ?? '';
    expect(merge.split(/\s+/).filter((w) => w.endsWith('.json'))).toEqual(files);
  });

  it('GitLab CI: parallel 4, CI_NODE_INDEX/CI_NODE_TOTAL, the verdict job merges the artifacts of all four', () => {
    const job = blocks[1]?.['conformance'] as { parallel: number; script: string[]; artifacts: { paths: string[] } };
    const verdict = blocks[1]?.['verdict'] as { needs: string[]; script: string[]; artifacts: { when?: string } };
    const { shards, files } = shardsNamed(
      job.script,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the CI's own variable syntax, matched as written
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
