import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../mock/helpers.js';
import { scaled } from '../load-scale.js';

export { ROOT };

export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a bash command line to its end (`set -e`, as a CI step runs it). */
export function sh(
  command: string,
  cwd: string,
  env: Readonly<Record<string, string>> = {},
  timeoutMs = scaled(240_000),
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-ec', command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export const TARBALL = 'petstore-contract-kit-1.0.0.tgz';

/** `npm pack` of this repository into `dir` (dist/ must be built: `npm test` builds first). */
export async function packKit(dir: string): Promise<string> {
  return (await packKitListed(dir)).tarball;
}

/**
 * `npm pack --json` into `dir`: the tarball and the files npm put in it (the list `npm pack
 * --dry-run --json` prints), from one run of npm instead of two.
 */
export async function packKitListed(dir: string): Promise<{ tarball: string; files: string[] }> {
  if (!existsSync(join(ROOT, 'dist', 'src', 'index.js')))
    throw new Error('dist/ is not built: run `npm run build` first');
  const packed = await sh(`npm pack --json --ignore-scripts --pack-destination ${JSON.stringify(dir)}`, ROOT);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [entry] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  if (entry?.filename !== TARBALL) throw new Error(`npm pack wrote ${entry?.filename ?? 'nothing'}, not ${TARBALL}`);
  return { tarball: join(dir, TARBALL), files: entry.files.map((f) => f.path) };
}

/**
 * A consumer project in `dir` whose devDependencies hold the kit from `vendor/<tarball>`, as the
 * README says, with a lockfile. The lockfile lists the kit's own dependencies as this repository
 * locked them, so `npm ci --offline` installs from npm's cache (filled by this repository's
 * `npm ci`) without asking the registry, as a consumer's committed lockfile would.
 */
export async function writeConsumer(
  dir: string,
  scripts: Readonly<Record<string, string>> = {},
  extra: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  const kit = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    engines: Record<string, string>;
    version: string;
  };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean }>;
  };
  const spec = `file:vendor/${TARBALL}`;
  const manifest = {
    name: 'consumer',
    version: '1.0.0',
    private: true,
    type: 'module',
    scripts,
    devDependencies: { 'petstore-contract-kit': spec },
    ...extra,
  };
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', version: '1.0.0', devDependencies: { 'petstore-contract-kit': spec } },
    'node_modules/petstore-contract-kit': {
      version: kit.version,
      resolved: spec,
      dev: true,
      license: 'MIT',
      dependencies: kit.dependencies,
      bin: kit.bin,
      engines: kit.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true || entry.link === true) continue;
    packages[path] = { ...entry, dev: true };
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(
    join(dir, 'package-lock.json'),
    `${JSON.stringify({ name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

/** npm settings for the tests: never ask the registry, say nothing about funding or audits. */
export const OFFLINE_NPM: Readonly<Record<string, string>> = {
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
