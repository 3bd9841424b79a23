import { execFile } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './consumer.js';
import { scaled } from '../load-scale.js';

const SCRIPT = join(ROOT, 'scripts', 'build-if-stale.js');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const run = (args: string[] = []): Promise<{ code: number }> =>
  promisify(execFile)(process.execPath, [SCRIPT, ...args], { cwd: ROOT }).then(
    () => ({ code: 0 }),
    (error: { code?: number }) => ({ code: error.code ?? -1 }),
  );

// Issue 21, item 10: `npm start` and `npm run conformance` build first; when nothing changed that
// costs a look at file times, not a tsc run (seconds).
describe('the build before npm start / npm run conformance is skipped when up to date', () => {
  beforeAll(async () => {
    expect((await run()).code).toBe(0); // builds if it must, then the stamp is there
  }, scaled(180_000));

  it('npm start and npm run conformance build through it', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['prestart']).toBe('node scripts/build-if-stale.js');
    expect(pkg.scripts['preconformance']).toBe('node scripts/build-if-stale.js');
  });

  it('an up-to-date build runs no tsc: the stamp is left as it was, in well under the time tsc takes', async () => {
    const before = statSync(STAMP).mtimeMs;
    const started = performance.now();
    expect((await run()).code).toBe(0);
    const ms = performance.now() - started;
    expect(statSync(STAMP).mtimeMs).toBe(before);
    // tsc on this program takes several seconds even with nothing to do (the stamp above is the proof; the
    // bound, stretched with the machine's load, catches a check slow enough to be tsc's).
    expect(ms).toBeLessThan(scaled(2_000));
  });

  it('a source file saved after the build makes it due; so does a new file in a source folder', async () => {
    expect((await run(['--check'])).code).toBe(0);
    const stamp = statSync(STAMP).mtimeMs / 1000;
    const file = join(ROOT, 'src', 'contract', 'dates.ts');
    const folder = join(ROOT, 'conformance', 'checks');
    const { atimeMs, mtimeMs } = statSync(file);
    const dir = statSync(folder);
    try {
      utimesSync(file, atimeMs / 1000, stamp + 1);
      expect((await run(['--check'])).code).toBe(1);
      utimesSync(file, atimeMs / 1000, mtimeMs / 1000);
      expect((await run(['--check'])).code).toBe(0);
      utimesSync(folder, dir.atimeMs / 1000, stamp + 1);
      expect((await run(['--check'])).code).toBe(1);
    } finally {
      utimesSync(file, atimeMs / 1000, mtimeMs / 1000);
      utimesSync(folder, dir.atimeMs / 1000, dir.mtimeMs / 1000);
    }
    expect((await run(['--check'])).code).toBe(0);
  });
});
