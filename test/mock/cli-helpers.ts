import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './helpers.js';
import { scaled } from '../load-scale.js';

/** The mock's binary, as a user runs it (it imports dist/: `npm test` builds first). */
export const BIN = join(ROOT, 'bin', 'petstore-mock.js');

export function spawnMock(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: 'pipe' });
}

/** Runs the CLI to its end and collects what it printed. */
export async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnMock(args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** Resolves with the CLI's readiness line (its first line on stdout). */
export async function ready(child: ChildProcessWithoutNullStreams): Promise<string> {
  const lines = createInterface({ input: child.stdout });
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no readiness line within ${scaled(20)} s`)), scaled(20_000));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready`)));
  });
}
