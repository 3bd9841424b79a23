import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { checkOutputs, OutputPathError } from '../../conformance/report/formats/outputs.js';
import { buildIfStale, cli, STACK_TRACE } from './spawn-cli.js';
import { scaled } from '../load-scale.js';

// Issue 13, item 7: report paths are checked before the run; one line, exit 2, never a stack trace.
let mock: { url: string; close(): Promise<void> };
let dir = '';
beforeAll(async () => {
  await buildIfStale();
  mock = await start({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'output-paths-'));
  await writeFile(join(dir, 'a-file'), 'x');
}, scaled(180_000));
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

describe('output paths are checked before the run', () => {
  const cases: Array<[string, (d: string) => string[], RegExp]> = [
    [
      'a directory that does not exist (--reporter)',
      () => ['--reporter', 'junit=/no/such/dir/x.xml'],
      /--reporter junit=\/no\/such\/dir\/x\.xml: cannot write \/no\/such\/dir\/x\.xml: the directory \/no\/such\/dir does not exist/,
    ],
    [
      'a directory that does not exist (--output)',
      () => ['--reporter', 'json', '--output', '/no/such/dir/out.json'],
      /--output \/no\/such\/dir\/out\.json: cannot write .*does not exist/,
    ],
    ['a directory as the file', (d) => ['--reporter', `html=${d}`], /cannot write .*: it is a directory/],
    [
      'a path through a regular file',
      (d) => ['--reporter', `junit=${join(d, 'a-file', 'x.xml')}`],
      /cannot write .*a-file.* is not a directory/,
    ],
  ];
  it.each(cases)('%s: exit 2, one line, no run, no stack trace', async (_name, args, message) => {
    const r = await cli(['--target', mock.url, '--api-key', 'dev-key', ...args(dir)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    // The run never started: no progress line, nothing on stdout.
    expect(r.stderr).not.toMatch(/judging/);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(2); // the message and "Try --help."
  });

  it('a writable path passes the preflight and gets the report', async () => {
    const file = join(dir, 'ok.json');
    const r = await cli([
      '--target',
      mock.url,
      '--api-key',
      'dev-key',
      '--operations',
      'listPets',
      '--reporter',
      `json=${file}`,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveProperty('summary');
  });

  it('checkOutputs creates nothing and ignores stdout destinations', async () => {
    await expect(
      checkOutputs([
        { name: 'pretty', file: undefined, flag: '--reporter pretty' },
        { name: 'json', file: join(dir, 'new.json'), flag: '--output x' },
      ]),
    ).resolves.toBeUndefined();
    await expect(readFile(join(dir, 'new.json'))).rejects.toThrow(/ENOENT/);
    await expect(
      checkOutputs([{ name: 'json', file: join(dir, 'missing', 'x.json'), flag: '--output x' }]),
    ).rejects.toBeInstanceOf(OutputPathError);
  });
});
