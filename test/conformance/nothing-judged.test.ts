import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { buildIfStale, cli, STACK_TRACE } from './spawn-cli.js';
import { xmlProblems } from '../../conformance/checks/xml-wellformed.js';
import { scaled } from '../load-scale.js';

// Issue 13, item 6: a run that judges nothing has no verdict; PRODUCT.md §4 makes it exit 2.
let mock: { url: string; close(): Promise<void> };
let dir = '';
beforeAll(async () => {
  await buildIfStale();
  mock = await start({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'nothing-judged-'));
}, scaled(180_000));
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a run that judges nothing is a usage error (exit 2)', () => {
  it('a check that does not apply to the selected operation: exit 2, says which, reports still written', async () => {
    const junit = join(dir, 'none.xml');
    const r = await cli([
      '--target',
      mock.url,
      '--api-key',
      'dev-key',
      '--operations',
      'createPet',
      '--checks',
      'sunset_enforced',
      '--reporter',
      'pretty',
      '--reporter',
      `junit=${junit}`,
    ]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/nothing was judged/);
    expect(r.stderr).toMatch(/sunset_enforced/);
    expect(r.stderr).toMatch(/createPet/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    // No CONFORMANT verdict anywhere.
    expect(r.stdout).not.toMatch(/CONFORMANT/);
    const xml = await readFile(junit, 'utf8');
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml.match(/<failure /g)?.length).toBe(1);
    expect(xml).toMatch(/<failure message="[^"]*nothing was judged/);
  });

  it('--checks X --skip-checks X: exit 2 before the run, saying that no check is left', async () => {
    const r = await cli(['--target', mock.url, '--checks', 'response_schema', '--skip-checks', 'response_schema']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/leave no check to run/);
    expect(r.stdout).toBe('');
  });

  it('every result skipped (a secured operation without --api-key): exit 2 with the skip reason', async () => {
    const r = await cli([
      '--target',
      mock.url,
      '--operations',
      'createPet',
      '--checks',
      'positive_data_accepted',
      '--reporter',
      'json',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing was judged: all 1 result\(s\) were skipped \(.*requires credentials/);
    expect(r.stdout).toBe('');
  });

  it('the same selection with the key judges something: the verdict stands (exit 0)', async () => {
    const r = await cli([
      '--target',
      mock.url,
      '--api-key',
      'dev-key',
      '--operations',
      'createPet',
      '--checks',
      'positive_data_accepted',
      '--reporter',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { summary: { passed: number } };
    expect(doc.summary.passed).toBe(1);
  });
});
