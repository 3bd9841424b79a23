import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_NPM, packKitListed, ROOT, sh, TARBALL, writeConsumer } from './consumer.js';
import { scaled } from '../load-scale.js';

const NO_NETWORK = join(ROOT, 'test', 'readme', 'fixtures', 'no-network.cjs');

/**
 * Runs Scarf's install script as npm would. It gives `npm ls` 3 s, which a loaded machine can
 * miss ("received an error from npm -ls": it then sends nothing either); so it is tried up to
 * three times, for an answer that shows the opt-out itself at work.
 */
async function runScarf(scarfDir: string, env: Readonly<Record<string, string>>): Promise<string> {
  let output = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const ran = await sh('node report.js', scarfDir, env, scaled(120_000));
    output = ran.stdout + ran.stderr;
    if (!/received an error from npm -ls/.test(output)) break;
  }
  return output;
}

/** Spawns a long-running command in its own process group; resolves with its first stdout line. */
function firstLine(command: string, cwd: string, timeoutMs: number): { line: Promise<string>; stop: () => void } {
  const child = spawn('bash', ['-ec', command], {
    cwd,
    env: { ...process.env, ...OFFLINE_NPM },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const line = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
    createInterface({ input: child.stdout }).on('line', (l) => {
      if (!/^(?:Petstore mock|Mock of .+) listening on /.test(l)) return; // npm's own "> script" lines come first
      clearTimeout(timer);
      resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  line.catch(() => undefined);
  return {
    line,
    stop: () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/**
 * One `npm pack` for the file (about 1 s of CPU each): its file list is checked below, and its
 * tarball is what the consumer project installs.
 */
let packDir = '';
let packing: ReturnType<typeof packKitListed> | undefined;
function packed(): ReturnType<typeof packKitListed> {
  packing ??= (async () => {
    packDir = await mkdtemp(join(tmpdir(), 'kit-pack-'));
    return packKitListed(packDir);
  })();
  return packing;
}
afterAll(async () => {
  if (packDir) await rm(packDir, { recursive: true, force: true });
});

describe('npm pack ships what consumers need, and only that (issue 13, item 19)', () => {
  let files: string[] = [];
  beforeAll(async () => {
    files = (await packed()).files;
  }, scaled(120_000));

  it('no bench, fixtures, tests, source maps or build info; a LICENSE, the binaries, the API, the contract', () => {
    expect(files.filter((f) => /^dist\/(bench|fixtures|test)\//.test(f))).toEqual([]);
    expect(files.filter((f) => /\.map$|tsbuildinfo|\.test\.|^src\/|^test\//.test(f))).toEqual([]);
    for (const needed of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/petstore-mock.js',
      'bin/petstore-conformance.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/cli/mock.js',
      // Each CLI as one file, loaded with V8's code cache (src/cli/cached-bundle.ts).
      'dist/bundle/petstore-mock.cjs',
      'dist/bundle/petstore-conformance.cjs',
      'dist/conformance/cli.js',
      'openapi/petstore.yaml',
    ]) {
      expect(files, needed).toContain(needed);
    }
  });

  // Issue 21, item 15: the README travels in the package; a link to a file left out is dead there.
  it('every relative link of the packaged README names a file in the package', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const dead: string[] = [];
    for (const m of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!.replace(/#.*$/, '');
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // an anchor or an absolute URL
      if (!files.includes(normalize(target))) dead.push(m[1]!);
    }
    expect(dead).toEqual([]);
  });

  it('the tarball npm pack writes is ignored by git; the types and typed-client sections of docs/frontend.md say to install openapi-typescript and openapi-fetch', async () => {
    const ignored = await sh('git check-ignore -q petstore-contract-kit-1.0.0.tgz', ROOT);
    expect(ignored.code).toBe(0);
    const frontend = await readFile(join(ROOT, 'docs', 'frontend.md'), 'utf8');
    const at = frontend.indexOf('## Types');
    expect(at).toBeGreaterThan(0);
    const section = frontend.slice(at, frontend.indexOf('\n## Testing', at + 1));
    expect(section).toMatch(/npm install[^\n]* openapi-fetch/);
    expect(section).toMatch(/npm install[^\n]* openapi-typescript/);
  });

  it('every relative import of a shipped module resolves to a shipped file', async () => {
    const missing: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))) {
      const text = await readFile(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = normalize(join(dirname(file), m[1]!));
        const candidates = file.endsWith('.d.ts') ? [target, target.replace(/\.js$/, '.d.ts')] : [target];
        if (!candidates.some((c) => files.includes(c))) missing.push(`${file} → ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the LICENSE is the MIT licence package.json names', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      license: string;
      scripts: Record<string, string>;
      engines: Record<string, string>;
    };
    expect(pkg.license).toBe('MIT');
    expect(await readFile(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(pkg.scripts['prepare']).toBeUndefined(); // nothing is built in a consumer's install
    expect(pkg.scripts['prepack']).toMatch(/build/);
    expect(pkg.engines['node']).toBe('^20.19.0 || >=22.12.0');
  });
});

describe('a consumer project installs the tarball the documented way (issue 13, items 3, 4, 19)', () => {
  let dir = '';
  let netLog = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'consumer-'));
    netLog = join(dir, 'network.log');
    await mkdir(join(dir, 'vendor'));
    await copyFile((await packed()).tarball, join(dir, 'vendor', TARBALL));
    // The consumer opts out of Scarf as the README tells it to.
    await writeConsumer(dir, {}, { scarfSettings: { enabled: false } });
    const installed = await sh('npm ci', dir, {
      ...OFFLINE_NPM,
      NET_LOG: netLog,
      NODE_OPTIONS: `--require ${NO_NETWORK}`,
    });
    expect(installed.code, installed.stderr).toBe(0);
  }, scaled(300_000));
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'the binaries work: petstore-mock starts and answers, petstore-conformance judges it',
    async () => {
      const mock = firstLine('npx petstore-mock --port 0 --pets 3', dir, scaled(60_000));
      try {
        const url = /listening on (http:\/\/\S+)/.exec(await mock.line)![1]!;
        expect((await fetch(`${url}/pets`)).status).toBe(200);
        const judged = await sh(
          `npx petstore-conformance --target ${url} --api-key dev-key --operations listPets,getPet`,
          dir,
          OFFLINE_NPM,
        );
        expect(judged.code, judged.stdout + judged.stderr).toBe(0);
      } finally {
        mock.stop();
      }
    },
    scaled(120_000),
  );

  it(
    'the API as the README describes it: createMockApp() returns a promise of the app, start() a running mock',
    async () => {
      await writeFile(
        join(dir, 'api.mjs'),
        `import { createMockApp, start } from 'petstore-contract-kit';
const pending = createMockApp();
const app = await pending;
const mock = await start({ port: 0 });
const status = (await fetch(mock.url + '/pets')).status;
await mock.close();
console.log(JSON.stringify({ promise: pending instanceof Promise, app: typeof app, listen: typeof app.listen, status }));
`,
      );
      const ran = await sh('node api.mjs', dir);
      expect(ran.code, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout)).toEqual({ promise: true, app: 'function', listen: 'function', status: 200 });
    },
    scaled(60_000),
  );

  it(
    "the package's types type-check in the consumer (the order body included)",
    async () => {
      await writeFile(
        join(dir, 'typed.ts'),
        `import type { components, paths } from 'petstore-contract-kit';
type OrderBody = paths['/store/orders']['post']['requestBody']['content']['application/json'];
export const order: OrderBody = { petId: 1, quantity: 1 };
export const pet: components['schemas']['NewPet'] = { name: 'Rex', categoryId: 1 };
`,
      );
      await writeFile(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            noEmit: true,
            types: [],
          },
          files: ['typed.ts'],
        }),
      );
      const checked = await sh(
        `node ${JSON.stringify(join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'))} -p tsconfig.json`,
        dir,
      );
      expect(checked.code, checked.stdout).toBe(0);
    },
    scaled(120_000),
  );

  it(
    "nothing phoned home during the install, and Scarf's script, if npm runs it, sends nothing",
    async () => {
      const duringInstall = existsSync(netLog) ? await readFile(netLog, 'utf8') : '';
      expect(duringInstall).not.toMatch(/scarf/i);
      const scarf = join(dir, 'node_modules', '@scarf', 'scarf');
      expect(existsSync(join(scarf, 'report.js'))).toBe(true);
      const env = { NET_LOG: netLog, NODE_OPTIONS: `--require ${NO_NETWORK}`, INIT_CWD: dir, SCARF_VERBOSE: 'true' };
      // Scarf reads the opt-out after an `npm ls` it gives 3 s; on a busy machine that call can run
      // out, and Scarf then stops before reporting. Either way, the network log below is the proof.
      expect(await runScarf(scarf, env)).toMatch(
        /Scarf has been disabled|opted out|Scarf received an error from npm -ls/i,
      );
      const after = existsSync(netLog) ? await readFile(netLog, 'utf8') : '';
      expect(after).not.toMatch(/scarf/i);
    },
    scaled(180_000),
  );

  it(
    "this repository's own install opts out of Scarf too",
    async () => {
      const log = join(dir, 'repo-network.log');
      const output = await runScarf(join(ROOT, 'node_modules', '@scarf', 'scarf'), {
        NET_LOG: log,
        NODE_OPTIONS: `--require ${NO_NETWORK}`,
        INIT_CWD: ROOT,
        SCARF_VERBOSE: 'true',
      });
      expect(output).toMatch(/User has opted out/);
      expect(existsSync(log) ? await readFile(log, 'utf8') : '').toBe('');
    },
    scaled(180_000),
  );
});

describe('a fresh clone: npm start builds and starts the mock (issue 13, item 19)', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'with no dist/, `npm start` builds first, then prints the readiness line',
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'fresh-clone-'));
      const cloned = await sh(`git clone -q --depth 1 file://${ROOT} clone`, dir);
      expect(cloned.code, cloned.stderr).toBe(0);
      const clone = join(dir, 'clone');
      expect(existsSync(join(clone, 'dist'))).toBe(false);
      // npm ci's result, without reinstalling: the same node_modules.
      await symlink(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
      const mock = firstLine('npm start -- --port 0 --pets 2', clone, scaled(240_000));
      try {
        expect(await mock.line).toMatch(/^Petstore mock listening on http:\/\/127\.0\.0\.1:\d+$/);
        expect(existsSync(join(clone, 'dist', 'src', 'cli', 'mock.js'))).toBe(true);
      } finally {
        mock.stop();
      }
    },
    scaled(300_000),
  );
});
