#!/usr/bin/env node
// The checks `npm test` runs before vitest, side by side instead of one after the other: the build
// (emit only, for the CLIs the suite spawns from dist/), the type-check, the contract lint and the
// code lint read the same files and write nothing the others read. Each is single-threaded for most
// of its time (tsc above all), so in a row they left one of two cores idle for about half a minute.
// Each step's output is held and printed whole when it ends, so the logs never interleave; the gate
// fails, with the failing steps named, when any step fails, and vitest does not start.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** [name, command, arguments]: the npm scripts by name, so package.json stays their one definition. */
const STEPS = [
  ['build', process.execPath, [join(root, 'scripts', 'build-if-stale.js'), '--no-check']],
  ['typecheck', npm, ['run', 'typecheck']],
  ['lint', npm, ['run', 'lint']],
  ['lint:code', npm, ['run', 'lint:code']],
];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.once('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `${output}${output.endsWith('\n') || output === '' ? '' : '\n'}[gate] ${name}: ${code === 0 ? 'ok' : `failed (${code ?? signal})`} in ${seconds} s\n`,
      );
      resolve(code === 0 ? undefined : name);
    });
  });
}

const failed = (await Promise.all(STEPS.map(run))).filter((name) => name !== undefined);
if (failed.length > 0) {
  process.stderr.write(`[gate] failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
