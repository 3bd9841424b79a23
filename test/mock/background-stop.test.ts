import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { scaled } from '../load-scale.js';

/** Starts `npm ARGS` as a user does in the background; resolves with the mock's URL once it is ready. */
function startThroughNpm(args: readonly string[]): { child: ChildProcess; url: Promise<string> } {
  // Its own process group, so that the test can clean up whatever it leaves behind.
  const child = spawn('npm', args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within ${scaled(150)} s: ${stderr}`)), scaled(150_000));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^Petstore mock listening on (http:\/\/\S+)/.exec(line); // npm's own "> script" lines come first
      if (!m) return;
      clearTimeout(timer);
      resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`npm exited ${code} before the mock was ready: ${stderr}`)));
  });
  return { child, url };
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(scaled(1_000)) });
    return true;
  } catch {
    return false;
  }
}

// Issue 21, item 3: `npm start &` then `kill $!` signals npm, whose `sh -c` dies without passing the
// signal on. The mock must stop anyway: it lives as long as the npm wrapper the user holds.
describe('a mock started in the background through npm stops on SIGTERM to the PID the user holds', () => {
  let group: number | undefined;
  afterEach(() => {
    if (group === undefined) return;
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone: what the test wants
    }
    group = undefined;
  });

  const ways: readonly (readonly [string, readonly string[]])[] = [
    ['npm start -- --port 0', ['start', '--', '--port', '0', '--pets', '1']],
    ['npm exec (as npx petstore-mock runs it)', ['exec', '--call', 'node bin/petstore-mock.js --port 0 --pets 1']],
  ];

  it.each(ways)(
    '%s',
    async (_name, args) => {
      const { child, url } = startThroughNpm(args);
      group = child.pid;
      const base = await url;
      expect(await answers(base)).toBe(true);
      process.kill(child.pid!, 'SIGTERM'); // npm's PID, as `kill $!` sends it
      const deadline = Date.now() + scaled(10_000);
      while (Date.now() < deadline && (await answers(base))) await new Promise((r) => setTimeout(r, 200));
      expect(await answers(base), `${base} still answers 10 s after SIGTERM to npm`).toBe(false);
    },
    scaled(180_000),
  );
});
