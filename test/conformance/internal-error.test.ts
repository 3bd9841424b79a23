import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { BIN, buildIfStale, STACK_TRACE } from './spawn-cli.js';
import { xmlProblems } from '../../conformance/checks/xml-wellformed.js';
import { scaled } from '../load-scale.js';

// Issue 13, item 7 ("never a stack trace") and PRODUCT.md §4 (exit 3, reports still written): a fault
// injected into the runner's process (a preloaded module breaks the clock the HTTP client reads).
let dir = '';
beforeAll(async () => {
  await buildIfStale();
  dir = await mkdtemp(join(tmpdir(), 'internal-error-'));
  await writeFile(
    join(dir, 'break-clock.mjs'),
    "globalThis.performance.now = () => { throw new Error('injected failure'); };\n",
  );
}, scaled(180_000));
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an internal error', () => {
  it('is one line and exit 3; the report files are still written', async () => {
    const junit = join(dir, 'r.xml');
    const r = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          pathToFileURL(join(dir, 'break-clock.mjs')).href,
          BIN,
          '--target',
          'http://127.0.0.1:9',
          '--reporter',
          `junit=${junit}`,
        ],
        {
          cwd: packageRoot,
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({ code, stderr, stdout }));
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('petstore-conformance: internal error: injected failure\n');
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const xml = await readFile(junit, 'utf8');
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<failure message="internal error: injected failure"/);
  });
});
