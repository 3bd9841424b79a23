#!/usr/bin/env node
// `npm start` and `npm run conformance` build first; an up-to-date build must cost next to nothing.
// tsc --incremental still loads and checks the whole program (seconds), so this compares file times
// first: the build is up to date when a stamp written after the last successful build is newer than
// every file that build read (the program's own list in dist/.tsbuildinfo, outside node_modules),
// than the source folders (a file added or removed changes its folder's time), and than the
// compiler settings. Anything else runs tsc, as `npm run build` does (and writes the stamp).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const stampPath = join(dist, '.build-stamp');

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The folders under `dir` (itself included), whose times change when a file is added or removed. */
function folders(dir) {
  const out = [dir];
  let entries = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) if (entry.isDirectory()) out.push(...folders(join(dir, entry.name)));
  return out;
}

function upToDate() {
  const stamp = mtime(stampPath);
  if (stamp === undefined) return false;
  let program;
  try {
    program = JSON.parse(readFileSync(join(dist, '.tsbuildinfo'), 'utf8')).fileNames;
  } catch {
    return false;
  }
  if (!Array.isArray(program)) return false;
  const inputs = [
    ...program.filter((f) => typeof f === 'string' && !f.includes('/node_modules/')).map((f) => resolve(dist, f)),
    ...['src', 'conformance', 'bench'].flatMap((d) => folders(join(root, d))),
    join(root, 'tsconfig.json'),
    join(root, 'tsconfig.build.json'),
  ];
  for (const input of inputs) {
    const time = mtime(input);
    // A file the last build read that is gone now: build (tsc says what is missing).
    if (time === undefined || time >= stamp) return false;
  }
  for (const output of ['src/cli/mock.js', 'conformance/cli.js', 'src/index.js'])
    if (mtime(join(dist, output)) === undefined) return false;
  // The CLIs' bundles (scripts/bundle-cli.js), written after tsc: missing or older than tsc's last write, they are due.
  const tsc = mtime(join(dist, '.tsbuildinfo'));
  return (
    tsc !== undefined &&
    ['petstore-mock.cjs', 'petstore-conformance.cjs'].every((name) => (mtime(join(dist, 'bundle', name)) ?? -1) >= tsc)
  );
}

// `--check`: exit 0 when up to date, 1 when a build is due; builds nothing.
if (process.argv.includes('--check')) process.exit(upToDate() ? 0 : 1);
// `--no-check`: emit only (tsc --noCheck): for `npm test`, whose type-check beside it covers the same
// files, and for `npm start` and `npm run conformance`, which need the JavaScript, not a verdict on the
// types (a fresh clone's first start: 6.4 s and 9.8 s of CPU checked, 3.5 s and 5.0 s not;
// `/usr/bin/time npx tsc -p tsconfig.build.json [--noCheck]`). `npm run build` still checks.
const noCheck = process.argv.includes('--no-check') ? ['--noCheck'] : [];
if (!upToDate()) {
  const started = Date.now();
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json'), ...noCheck],
    { cwd: root, stdio: 'inherit' },
  );
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  const bundle = spawnSync(process.execPath, [join(root, 'scripts', 'bundle-cli.js')], { cwd: root, stdio: 'inherit' });
  if (bundle.status !== 0) process.exit(bundle.status ?? 1);
  // The stamp carries the time the build began: a file saved during the build is newer than it.
  writeFileSync(stampPath, `${new Date(started).toISOString()}\n`);
  utimesSync(stampPath, started / 1000, started / 1000);
}
