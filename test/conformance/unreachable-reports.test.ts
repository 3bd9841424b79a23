import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers.js';
import { buildIfStale, cli, STACK_TRACE, TODO_SPEC } from './spawn-cli.js';
import { xmlProblems } from '../../conformance/checks/xml-wellformed.js';
import { scaled } from '../load-scale.js';

// Issue 13, item 12: on an unreachable target (exit 2) the requested report files still exist, with one failed testcase that says why.
let dir = '';
beforeAll(async () => {
  await buildIfStale();
  dir = await mkdtemp(join(tmpdir(), 'unreachable-'));
}, scaled(180_000));
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an unreachable target still gets its report files', () => {
  it('writes JUnit, HTML and JSON files, each with one failure that says why; stdout stays empty', async () => {
    const port = await freePort();
    const files = { junit: join(dir, 'r.xml'), html: join(dir, 'r.html'), json: join(dir, 'r.json') };
    const r = await cli([
      '--target',
      `http://127.0.0.1:${port}`,
      '--spec',
      TODO_SPEC,
      '--timeout',
      '1000',
      '--reporter',
      `junit=${files.junit}`,
      '--reporter',
      `html=${files.html}`,
      '--reporter',
      `json=${files.json}`,
      '--reporter',
      'pretty',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/target unreachable: .*connection refused/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout).toBe('');

    const xml = await readFile(files.junit, 'utf8');
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<testsuite [^>]*tests="1" failures="1"/);
    expect(xml.match(/<testcase /g)).toHaveLength(1);
    expect(xml).toMatch(/<failure message="target unreachable: [^"]*connection refused/);

    const doc = JSON.parse(await readFile(files.json, 'utf8')) as {
      notices?: string[];
      summary: { failed: number };
      results: Array<{ status: string; message: string }>;
    };
    expect(doc.summary.failed).toBe(1);
    expect(doc.results).toHaveLength(1);
    expect(doc.results[0]?.status).toBe('failed');
    expect(doc.results[0]?.message).toMatch(/connection refused/);
    expect(doc.notices?.[0]).toMatch(/target unreachable/);

    const html = await readFile(files.html, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toMatch(/target unreachable: [^<]*connection refused/);
    expect(html).toContain('class="failed"');
  });

  it('a usage error found before the run writes no files (nothing was tried)', async () => {
    const junit = join(dir, 'usage.xml');
    const r = await cli(['--target', 'http://127.0.0.1:1', '--timeout', 'soon', '--reporter', `junit=${junit}`]);
    expect(r.code).toBe(2);
    await expect(readFile(junit)).rejects.toThrow(/ENOENT/);
  });
});
