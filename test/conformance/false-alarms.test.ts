// Issue 19 §3 and §4: the runner's own requests and readings raise no false alarm, and what it
// could not check is said, never passed. Unit tables beside the fixtures of fixtures/constructs/false-alarms.ts.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bundledContractPath,
  contractFromDocument,
  loadContract,
  packageRoot,
  SchemaValidator,
  type Contract,
} from '../../src/contract/index.js';
import { schemaNames } from '../../conformance/cases/discriminator.js';
import { noBodyReason, validBody } from '../../conformance/cases/inputs.js';
import { Random } from '../../conformance/cases/random.js';
import { identifierOf } from '../../src/contract/index.js';
import { SeenValues, unknownIdProbe } from '../../conformance/cases/unknown-id.js';
import { CHECKS, PROBES } from '../../conformance/registry/index.js';
import { withoutWriteOnly } from '../../conformance/checks/response-schema.js';
import { contractProblems } from '../../conformance/contract-check.js';
import { jsonReport } from '../../conformance/report/formats/json.js';
import type { RunReport } from '../../conformance/types.js';
import { loadArazzo, operationsOfWorkflow } from '../../conformance/workflows/index.js';
import { serve } from '../../fixtures/constructs/server.js';
import { BIN, buildIfStale } from './spawn-cli.js';
import { scaled } from '../load-scale.js';

const ok = { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } };
const notFound = { description: 'none' };
const create = {
  post: {
    operationId: 'createThing',
    requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    responses: { '201': ok },
  },
};
const getThing = {
  get: {
    operationId: 'getThing',
    parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
    responses: { '200': ok, '404': notFound },
  },
};

async function contractOf(paths: Record<string, unknown>): Promise<Contract> {
  return contractFromDocument({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths });
}

const never = (): boolean => false;

describe('the unknown-id probe changes only an identifier, to a valid unknown value (RFC 9110 §15.5.5)', () => {
  const param = (name: string, schema: Record<string, unknown>): Record<string, unknown> => ({
    name,
    in: 'path',
    required: true,
    schema,
  });
  const op = (_path: string, params: Array<Record<string, unknown>>): Record<string, unknown> => ({
    get: { operationId: 'probeMe', parameters: params, responses: { '200': ok, '404': notFound } },
  });
  const rows: Array<[string, string, Array<Record<string, unknown>>, string | RegExp]> = [
    [
      'an enum (`/{apiVersion}/account`)',
      '/{apiVersion}/account',
      [param('apiVersion', { type: 'string', enum: ['v4', 'v4beta'] })],
      /names no resource/,
    ],
    [
      'a month 1..12 after the item id',
      '/things/{thingId}/reports/{month}',
      [param('thingId', { type: 'string' }), param('month', { type: 'integer', minimum: 1, maximum: 12 })],
      'thingId',
    ],
    [
      'an enum after the item id',
      '/things/{thingId}/{format}',
      [param('thingId', { type: 'string' }), param('format', { type: 'string', enum: ['json', 'csv'] })],
      'thingId',
    ],
    [
      'a version under a dataset (`/{dataset}/{version}/fields`)',
      '/{dataset}/{version}/fields',
      [param('dataset', { type: 'string' }), param('version', { type: 'string' })],
      /names no resource/,
    ],
  ];
  it.each(rows)('%s', async (_name, path, params, expected) => {
    const contract = await contractOf({ '/things': create, '/things/{thingId}': getThing, [path]: op(path, params) });
    const target = contract.operationsById.get('probeMe');
    expect(target).toBeDefined();
    const probe = unknownIdProbe(contract, target!, new SchemaValidator(), new Random(1), never);
    if (typeof expected === 'string') {
      expect(probe.ok && probe.param.name).toBe(expected);
    } else {
      expect(probe.ok).toBe(false);
      expect(!probe.ok && probe.reason).toMatch(expected);
    }
  });

  it('bounded integers, ipv6 and enum identifiers are not probed; a pattern is met', async () => {
    const validator = new SchemaValidator();
    const with_ = async (schema: Record<string, unknown>) => {
      const contract = await contractOf({
        '/things': create,
        '/things/{thingId}': { get: { ...getThing.get, parameters: [param('thingId', schema)] } },
      });
      return unknownIdProbe(contract, contract.operationsById.get('getThing')!, validator, new Random(3), never);
    };
    expect(await with_({ type: 'integer', minimum: 1, maximum: 12 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/bounded to 1\.\.12/),
    });
    expect(await with_({ type: 'string', format: 'ipv6' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/ipv6, not an identifier/),
    });
    expect(await with_({ type: 'string', enum: ['a', 'b'] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/enum/),
    });
    const patterned = await with_({ type: 'string', pattern: '^FW[0-9a-f]{32}$' });
    expect(patterned.ok && String(patterned.value)).toMatch(/^FW[0-9a-f]{32}$/);
    expect(await with_({ type: 'integer', format: 'int32' })).toMatchObject({ ok: true, value: 2_147_483_647 });
  });

  it('a value some answer showed is not "unknown"; a create at the id path is not probed', async () => {
    const contract = await contractOf({ '/things': create, '/things/{thingId}': getThing });
    const shown = unknownIdProbe(
      contract,
      contract.operationsById.get('getThing')!,
      new SchemaValidator(),
      new Random(1),
      (v) => v === 'conformance-unknown-00000000',
    );
    expect(shown.ok && shown.value).not.toBe('conformance-unknown-00000000');
    const creates = await contractOf({
      '/keys/{set}': {
        post: {
          operationId: 'createSet',
          parameters: [param('set', { type: 'string' })],
          responses: { '201': ok, '404': notFound },
        },
      },
    });
    expect(
      unknownIdProbe(creates, creates.operationsById.get('createSet')!, new SchemaValidator(), new Random(1), never),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/201/) });
  });

  it('SeenValues counts 2xx answers only, numbers as whole tokens, strings as JSON strings', () => {
    const exchanges = [
      { response: { status: 200, body: '{"id":90071992547409910,"name":"a-conformance-unknown-00000000x"}' } },
      { response: { status: 404, body: '{"message":"no thing 7"}' } },
      { response: { status: 200, body: '[{"id":12}]' } },
    ];
    const seen = new SeenValues(() => exchanges);
    expect(seen.has(9007199254740991)).toBe(false);
    expect(seen.has('conformance-unknown-00000000')).toBe(false);
    expect(seen.has(7)).toBe(false);
    expect(seen.has(12)).toBe(true);
    expect(seen.has(1)).toBe(false);
  });
});

describe('the identifier of a created resource', () => {
  it('`{Sid}` takes the `sid` field, not `friendly_name` (Twilio: the parameter is only a suffix)', () => {
    expect(
      identifierOf(
        { friendly_name: 'Y', status: 'draft', sid: 'FW8EAd331Ddf0FC4446b96d368aB4bd1d3' },
        'Sid',
        undefined,
        undefined,
        'http://h/v2/Flows',
      ),
    ).toBe('FW8EAd331Ddf0FC4446b96d368aB4bd1d3');
  });
});

describe('generated bodies satisfy oneOf exactly (OAS 3.0.3 §4.7.25)', () => {
  const components = {
    schemas: {
      A: { type: 'object', required: ['kind', 'a'], properties: { kind: { type: 'string' }, a: { type: 'string' } } },
      B: { type: 'object', required: ['kind', 'b'], properties: { kind: { type: 'string' }, b: { type: 'string' } } },
    },
  };
  const post = (schema: Record<string, unknown>) => ({
    '/x': {
      post: {
        operationId: 'postX',
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: { '200': ok },
      },
    },
  });

  it('the discriminator names the alternative the value was made from: its mapping key, else its schema name', async () => {
    for (const [mapping, expected] of [
      [{ first: '#/components/schemas/A', second: '#/components/schemas/B' }, 'first'],
      [undefined, 'A'],
    ] as const) {
      const discriminator = { propertyName: 'kind', ...(mapping ? { mapping } : {}) };
      const contract = await contractFromDocument({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: post({ oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }], discriminator }),
        components,
      });
      const body = validBody(
        contract.operationsById.get('postX')!,
        new Random(5),
        'random',
        new SchemaValidator(),
        schemaNames(contract),
      );
      expect(body).toMatchObject({ kind: expected, a: expect.any(String) });
    }
  });

  it('alternatives that always overlap: no body, and the reason says so', async () => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: post({ oneOf: [{ type: 'object' }, { type: 'object', properties: { b: { type: 'string' } } }] }),
    });
    const op = contract.operationsById.get('postX')!;
    expect(validBody(op, new Random(5), 'random', new SchemaValidator(), schemaNames(contract))).toBeUndefined();
    expect(noBodyReason(op)).toMatch(/not exercised: the alternatives of its body's oneOf overlap/);
  });
});

describe('honest verdicts (issue 19 §4)', () => {
  beforeAll(buildIfStale, scaled(120_000));

  it('writeOnly properties are taken out at any depth, for the SHOULD NOT warning (OAS 3.0.3 §4.7.25)', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        secret: { type: 'string', writeOnly: true },
        inner: { type: 'array', items: { type: 'object', properties: { pin: { type: 'string', writeOnly: true } } } },
      },
    } as const;
    expect(withoutWriteOnly(schema as never, { name: 'a', secret: 's', inner: [{ pin: '1', x: 2 }] })).toEqual({
      value: { name: 'a', inner: [{ x: 2 }] },
      removed: ['/secret', '/inner/0/pin'],
    });
  });

  it('a schema the validator cannot resolve is "could not check", never a pass', () => {
    expect(
      new SchemaValidator().validate({ $ref: '#/components/schemas/Missing' } as never, {}, 'response'),
    ).toMatchObject({ state: 'unknown', reason: expect.stringMatching(/unresolved \$ref/) });
    expect(new SchemaValidator().validate({ type: 'object' }, {}, 'response')).toEqual({ state: 'valid' });
  });

  it('an invalid contract names its first errors with their JSON pointer; the bundled one has none', async () => {
    const bad = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integr' } } } } },
              },
            },
          },
        },
      },
    });
    expect(await contractProblems(bad)).toEqual([
      expect.stringMatching(
        /^#\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/properties\/n\/type must be equal to one of the allowed values/,
      ),
    ]);
    expect(await contractProblems(await loadContract(bundledContractPath))).toEqual([]);
  });

  it('the CLI refuses an invalid contract as a usage error (exit 2)', async () => {
    const server = await serve({});
    const run = await promisify(execFile)(process.execPath, [
      BIN,
      '--target',
      server.url,
      '--spec',
      join(packageRoot, 'fixtures', 'constructs', 'invalid-type.yaml'),
    ])
      .then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      )
      .finally(() => server.close());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /not a valid OpenAPI 3\.0\.3 document: #\/paths\/.*\/type must be equal to one of the allowed values/,
    );
  });

  it("a truncated JSON contract is refused with the JSON parser's message, and the report files are still written (issue 30)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'refused-'));
    try {
      const spec = join(dir, 'api.json');
      await writeFile(
        spec,
        JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} }).slice(0, -5),
      );
      const junit = join(dir, 'junit.xml');
      const run = await promisify(execFile)(process.execPath, [
        BIN,
        '--target',
        'http://127.0.0.1:9',
        '--spec',
        spec,
        '--reporter',
        `junit=${junit}`,
      ]).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/api\.json is not valid JSON: /);
      expect(run.stderr).not.toMatch(/YAML/);
      expect(await readFile(junit, 'utf8')).toMatch(/contract refused: the contract .*api\.json is not valid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--help lists every check and every rule, one line each', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, '--help']);
    for (const name of [...CHECKS, ...PROBES].map((c) => c.name))
      expect(stdout.split('\n').filter((l) => l.trimStart().startsWith(`${name} `))).toHaveLength(1);
  });

  it('the JSON report always carries notices, an empty list when there are none', () => {
    const report = {
      target: 't',
      seed: 1,
      examples: 1,
      strict: false,
      startedAt: '',
      durationMs: 0,
      operations: [],
      checks: [],
      results: [],
      summary: { passed: 0, failed: 0, skipped: 0, warnings: 0 },
      requests: 0,
    } as unknown as RunReport;
    expect((JSON.parse(jsonReport(report)) as { notices: unknown }).notices).toEqual([]);
  });

  it('--operations: a workflow runs only when its steps (or the workflows they call) touch a selected operation', async () => {
    const contract = await loadContract(bundledContractPath);
    const doc = await loadArazzo(join(packageRoot, 'openapi', 'petstore.arazzo.yaml'));
    const ops = doc.workflows.map((w) => operationsOfWorkflow(doc, w.workflowId, contract));
    expect(ops.every((list) => list.length > 0)).toBe(true);
    expect(ops.flat().every((id) => contract.operationsById.has(id))).toBe(true);
  });
});
