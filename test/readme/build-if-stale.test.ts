import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './consumer.js';
import { scaled } from '../load-scale.js';

const run = (root: string, args: string[] = []): Promise<{ code: number }> =>
  promisify(execFile)(process.execPath, [join(root, 'scripts', 'build-if-stale.js'), ...args], { cwd: root }).then(
    () => ({ code: 0 }),
    (error: { code?: number }) => ({ code: error.code ?? -1 }),
  );

/** Sets `to`'s access and modification times to `from`'s. */
function sameTimes(from: string, to: string): void {
  const { atimeMs, mtimeMs } = statSync(from);
  utimesSync(to, atimeMs / 1000, mtimeMs / 1000);
}

/** `dir` and every folder under it, made again under `copy` with their times, deepest first. */
function copyFolders(dir: string, copy: string): void {
  mkdirSync(copy, { recursive: true });
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) copyFolders(join(dir, entry.name), join(copy, entry.name));
  sameTimes(dir, copy); // after its content: making a subfolder changes a folder's time
}

/**
 * What scripts/build-if-stale.js reads of the repository, copied with its file times into a folder of
 * its own: the script (it finds the project one level above itself), the stamp, dist/.tsbuildinfo, every
 * file of the program it lists outside node_modules (empty: the script reads only their times), the
 * source folders (their times say a file was added or removed), the compiler settings and the outputs
 * it looks for. This test changes file times; on the shared repository that made a concurrent `npm start`
 * (test/mock/background-stop.test.ts, its prestart is this script) see the build as due and run tsc into
 * the dist/ other files were running from.
 */
function copyOfTheBuild(): string {
  const copy = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
  const dist = join(ROOT, 'dist');
  const program = (JSON.parse(readFileSync(join(dist, '.tsbuildinfo'), 'utf8')) as { fileNames: string[] }).fileNames;
  for (const d of ['src', 'conformance', 'bench']) copyFolders(join(ROOT, d), join(copy, d));
  const emptied = program.filter((f) => !f.includes('/node_modules/')).map((f) => relative(ROOT, resolve(dist, f)));
  for (const f of emptied) {
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    writeFileSync(join(copy, f), '');
    sameTimes(join(ROOT, f), join(copy, f));
  }
  const copied = [
    'scripts/build-if-stale.js',
    'package.json', // "type": "module", for the script's imports
    'tsconfig.json',
    'tsconfig.build.json',
    'dist/.tsbuildinfo',
    'dist/src/cli/mock.js',
    'dist/conformance/cli.js',
    'dist/src/index.js',
    'dist/bundle/petstore-mock.cjs',
    'dist/bundle/petstore-conformance.cjs',
    'dist/.build-stamp', // last: its time must stay after every other's
  ];
  for (const f of copied) {
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(copy, f));
    sameTimes(join(ROOT, f), join(copy, f));
  }
  // Writing the files above changed their folders' times: the source folders get theirs back.
  for (const d of ['src', 'conformance', 'bench']) copyFolders(join(ROOT, d), join(copy, d));
  return copy;
}

// Issue 21, item 10: `npm start` and `npm run conformance` build first; when nothing changed that
// costs a look at file times, not a tsc run (seconds).
describe('the build before npm start / npm run conformance is skipped when up to date', () => {
  let copy = '';
  beforeAll(async () => {
    // Builds the repository if it must (never under `npm test`, whose gate has just built it), then
    // the stamp is there; the tests below judge the script on a copy, so they change no file here.
    expect((await run(ROOT)).code).toBe(0);
    copy = copyOfTheBuild();
  }, scaled(180_000));
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('npm start and npm run conformance build through it', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['prestart']).toBe('node scripts/build-if-stale.js --no-check');
    expect(pkg.scripts['preconformance']).toBe('node scripts/build-if-stale.js --no-check');
  });

  it('an up-to-date build runs no tsc: the stamp is left as it was, in well under the time tsc takes', async () => {
    const stamp = join(copy, 'dist', '.build-stamp');
    const before = statSync(stamp).mtimeMs;
    const started = performance.now();
    // The copy has no node_modules: had the script found the build due, starting tsc would have failed.
    expect((await run(copy)).code).toBe(0);
    const ms = performance.now() - started;
    expect(statSync(stamp).mtimeMs).toBe(before);
    // tsc on this program takes several seconds even with nothing to do (the stamp above is the proof; the
    // bound, stretched with the machine's load, catches a check slow enough to be tsc's).
    expect(ms).toBeLessThan(scaled(2_000));
  });

  it('a source file saved after the build makes it due; so does a new file in a source folder', async () => {
    expect((await run(copy, ['--check'])).code).toBe(0);
    const stamp = statSync(join(copy, 'dist', '.build-stamp')).mtimeMs / 1000;
    const file = join(copy, 'src', 'contract', 'dates.ts');
    const folder = join(copy, 'conformance', 'checks');
    const { atimeMs, mtimeMs } = statSync(file);
    utimesSync(file, atimeMs / 1000, stamp + 1);
    expect((await run(copy, ['--check'])).code).toBe(1);
    utimesSync(file, atimeMs / 1000, mtimeMs / 1000);
    expect((await run(copy, ['--check'])).code).toBe(0);
    utimesSync(folder, atimeMs / 1000, stamp + 1);
    expect((await run(copy, ['--check'])).code).toBe(1);
  });
});
