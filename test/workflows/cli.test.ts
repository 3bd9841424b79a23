import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledContractPath, packageRoot } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { defaultWorkflowFiles } from '../../conformance/workflows/index.js';
import { scaled } from '../load-scale.js';

const bin = join(packageRoot, 'bin', 'petstore-conformance.js');

// The binary imports dist/: run `npm run build` first.
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface JsonReport {
  readonly results: ReadonlyArray<{ readonly check: string; readonly operation: string; readonly status: string }>;
}

describe('--workflows / --no-workflows', () => {
  let mock: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    mock = await start({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('defaults to the bundled workflows for the bundled contract, and --checks picks one', {
    timeout: scaled(120_000),
  }, async () => {
    const r = await cli([
      '--target',
      mock.url,
      '--api-key',
      'dev-key',
      '--reporter',
      'json',
      '--checks',
      'workflow:deprecatedReadHeaders',
    ]);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.results.map((x) => [x.operation, x.check, x.status])).toEqual([
      ['petstore.arazzo.yaml', 'workflow:deprecatedReadHeaders', 'passed'],
    ]);
    expect(r.code).toBe(0);
  });

  it('--no-workflows runs none', { timeout: scaled(120_000) }, async () => {
    const r = await cli([
      '--target',
      mock.url,
      '--api-key',
      'dev-key',
      '--reporter',
      'json',
      '--operations',
      'listPets',
      '--no-workflows',
    ]);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.filter((x) => x.check.startsWith('workflow:'))).toEqual([]);
  });

  it.each([
    [['--workflows', '/no/such/file.arazzo.yaml'], /cannot read the workflows file/],
    [
      ['--workflows', join(packageRoot, 'fixtures', 'workflows', 'unknown-operation.arazzo.yaml')],
      /adoptPet is not an operation of the contract/,
    ],
    [['--workflows', join(packageRoot, 'openapi', 'petstore.arazzo.yaml'), '--no-workflows'], /contradict/],
    [['--checks', 'workflow:noSuchWorkflow'], /unknown check/],
  ])('a bad workflows option is a usage error (exit 2): %j', { timeout: scaled(60_000) }, async (args, message) => {
    const r = await cli(['--target', mock.url, '--api-key', 'dev-key', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('finds the workflows beside a contract, and none where there are none', () => {
    expect(defaultWorkflowFiles(bundledContractPath, bundledContractPath)).toEqual([
      join(packageRoot, 'openapi', 'petstore.arazzo.yaml'),
    ]);
    expect(defaultWorkflowFiles(join(packageRoot, 'fixtures', 'todo', 'todo.yaml'), bundledContractPath)).toEqual([]);
    expect(defaultWorkflowFiles(join(packageRoot, 'fixtures', 'workflows', 'some.yaml'), bundledContractPath)).toEqual([
      join(packageRoot, 'fixtures', 'workflows', 'regex-on-body.arazzo.yaml'),
      join(packageRoot, 'fixtures', 'workflows', 'unknown-operation.arazzo.yaml'),
    ]);
  });
});
