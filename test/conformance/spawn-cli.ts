import { execFile, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../src/contract/index.js';

export const BIN = join(packageRoot, 'bin', 'petstore-conformance.js');
export const TODO_SPEC = join(packageRoot, 'fixtures', 'todo', 'todo.yaml');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds dist/ (as `npm test` does) unless it is newer than every source file the runner's CLI is built from. */
export async function buildIfStale(): Promise<void> {
  let built = 0;
  try {
    built = statSync(join(packageRoot, 'dist', 'conformance', 'cli.js')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built > Math.max(newest(join(packageRoot, 'conformance')), newest(join(packageRoot, 'src')))) return;
  await promisify(execFile)(
    process.execPath,
    [join(packageRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(packageRoot, 'tsconfig.build.json')],
    { cwd: packageRoot },
  ).catch(
    // Type errors elsewhere still emit; a missing output fails the tests themselves.
    (error: { stdout?: string }) => error.stdout,
  );
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Spawns the built CLI asynchronously (the servers under test live in the test's process). */
export function cli(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: packageRoot,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** No stack trace: no "    at fn (file:line)" frames and no Node error dump. */
export const STACK_TRACE = /^\s+at .+[:(]|node:internal|Error: .*\n\s+at /m;
