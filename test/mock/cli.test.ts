import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ready, run, spawnMock } from './cli-helpers.js';
import { ROOT } from './helpers.js';

describe('the petstore-mock CLI, spawned as a user would', () => {
  beforeAll(() => {
    // The bin imports dist/: `npm test` builds first (npx tsc -p tsconfig.build.json).
    expect(existsSync(join(ROOT, 'dist', 'src', 'cli', 'mock.js')), 'build first: npx tsc -p tsconfig.build.json').toBe(
      true,
    );
  });

  it('prints exactly one readiness line with the real port, answers, and exits 0 on SIGTERM', async () => {
    const child = spawnMock(['--port', '0', '--seed', '7', '--api-key', 'k1', '--api-key', 'k2']);
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const line = await ready(child);
    // The first words scripts wait for, then the contract served (issue 21, item 11).
    const m = /^Petstore mock listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
    expect(m, line).not.toBeNull();
    expect(Number(m![2])).toBeGreaterThan(0);
    const url = m![1]!;
    const res = await fetch(`${url}/pets?limit=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('50');
    const write = await fetch(`${url}/categories`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': 'k2' },
      body: '{"name":"Birds"}',
    });
    expect(write.status).toBe(201);
    const refused = await fetch(`${url}/categories`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': 'dev-key' },
      body: '{"name":"Birds"}',
    });
    expect(refused.status).toBe(401);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });

  it('names another contract by its own title and version, never as the Petstore, with its base path (PRODUCT.md §6)', async () => {
    const child = spawnMock(['--port', '0', '--spec', 'fixtures/corpus/swagger-petstore-v3.yaml']);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      expect(await ready(child)).toMatch(
        /^Mock of Swagger Petstore - OpenAPI 3\.0 1\.0\.27-SNAPSHOT listening on http:\/\/127\.0\.0\.1:\d+$/,
      );
      // The base path, for the operator, on standard error (written before the readiness line).
      await vi.waitFor(() =>
        expect(stderr).toContain(
          'petstore-mock: Swagger Petstore - OpenAPI 3.0 1.0.27-SNAPSHOT, paths under /api/v3\n',
        ),
      );
    } finally {
      const exit = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exit;
    }
  });

  it('SIGINT stops it cleanly too; --sunset-now makes the deprecated read 410 with a matching Date', async () => {
    const child = spawnMock([
      '--port',
      '0',
      '--sunset-now',
      '2027-07-01T12:00:00Z',
      '--state',
      'fixtures/states/small.json',
      '--pets',
      '3',
    ]);
    const url = /listening on (http:\/\/\S+)/.exec(await ready(child))![1]!;
    const res = await fetch(`${url}/pets/1`);
    expect(res.status).toBe(410);
    expect(res.headers.get('date')).toMatch(/^Thu, 01 Jul 2027 12:00:\d\d GMT$/);
    expect((await fetch(`${url}/pets`)).headers.get('x-total-count')).toBe('3');
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
  });

  it('--help and --version print and exit 0', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--spec',
      '--seed',
      '--api-key',
      '--token',
      '--basic',
      '--latency',
      '--chaos',
      '--watch',
      '--sunset-now',
      '--pets',
      '--state',
      '--no-cors',
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const version = await run(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([
    [['--bogus'], /unknown option --bogus/],
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--chaos', '1.5'], /--chaos/],
    [['--latency', '5-1'], /latency/],
    [['--sunset-now', 'someday'], /--sunset-now/],
    [['--pets', '-1'], /^petstore-mock: --pets must be an integer 0\.\.\d+, got "-1"$/m],
    [['--pets', '-1.5'], /--pets must be/],
    [['--seed', '-1'], /^petstore-mock: --seed must be a whole number 0\.\.4294967295, got "-1"$/m],
    [['--seed', '4294967296'], /--seed must be a whole number 0\.\.4294967295/],
    [['--seed', '1e3'], /--seed must be a whole number/],
    [['--sunset-now', '1'], /--sunset-now must be a full date/],
    [['--sunset-now', '2027'], /--sunset-now must be a full date/],
    [['--sunset-now', '2027-02-30'], /--sunset-now must be a full date/],
    [['--sunset-now', '2027-07-01T00:00'], /--sunset-now must be a full date/],
    [['--sunset-now', '2027-07-01T00:00:00'], /--sunset-now must be a full date/],
    [['--sunset-now', 'July 1, 2027'], /--sunset-now must be a full date/],
    [['--latency', '-5'], /latency must be MS or MIN-MAX/],
    [['--state', 'fixtures/states/missing.json', '--port', '0'], /--state/],
    [['--spec', 'fixtures/states/small.json', '--port', '0'], /OpenAPI/],
    [['extra'], /positional|Unexpected argument/i],
    [
      ['--basic', 'nocolon'],
      /^petstore-mock: --basic credentials must look like USER:PASS with a non-empty user, got "nocolon"$/m,
    ],
    [['--basic', ':pw'], /--basic credentials must look like USER:PASS/],
  ])('%j is a usage error: stderr and exit 2', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/ambiguous|\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it('--basic USER:PASS (repeatable): only those pairs pass an http basic scheme, anything else is 401 + Basic challenge', async () => {
    const child = spawnMock([
      '--port',
      '0',
      '--spec',
      'fixtures/mock-contracts/constructs.yaml',
      '--basic',
      'ann:pw',
      '--basic',
      'bob:p:w',
    ]);
    try {
      const url = /listening on (http:\/\/\S+)/.exec(await ready(child))![1]!;
      const auth = (pair: string): Record<string, string> => ({
        Authorization: `Basic ${Buffer.from(pair).toString('base64')}`,
      });
      const ids = ((await (await fetch(`${url}/v1/things`)).json()) as { data: { id: string }[] }).data.map(
        (t) => t.id,
      );
      const refused = await fetch(`${url}/v1/things/${ids[0]}`, { method: 'DELETE', headers: auth('ann:wrong') });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Basic realm="mock"');
      expect((await fetch(`${url}/v1/things/${ids[0]}`, { method: 'DELETE', headers: auth('ann:pw') })).status).toBe(
        204,
      );
      expect((await fetch(`${url}/v1/things/${ids[1]}`, { method: 'DELETE', headers: auth('bob:p:w') })).status).toBe(
        204,
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('-h and -v are --help and --version; the help states the exit codes and the seed range', async () => {
    const [short, long] = await Promise.all([run(['-h']), run(['--help'])]);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(long.stdout);
    expect(long.stdout).toMatch(/Exit codes: 0 after a clean stop/);
    expect(long.stdout).toMatch(/^\s+2 for a bad flag/m);
    expect(long.stdout).toMatch(/1 for any other failure/);
    expect(long.stdout).toContain('0..4294967295');
    const [v, version] = await Promise.all([run(['-v']), run(['--version'])]);
    expect(v.code).toBe(0);
    expect(v.stdout).toBe(version.stdout);
  });

  it.each([['2027-07-01'], ['2027-07-01T00:00:00Z'], ['2027-07-01T02:00:00+02:00'], ['2027-06-30T23:00:00.5-01:00']])(
    '--sunset-now %s is accepted: the deprecated read answers 410',
    async (instant) => {
      const child = spawnMock(['--port', '0', '--pets', '2', '--sunset-now', instant]);
      try {
        const url = /listening on (http:\/\/\S+)/.exec(await ready(child))![1]!;
        expect((await fetch(`${url}/pets/1`)).status).toBe(410);
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  );

  it('a port already taken: one line naming the port with a hint, exit 2', async () => {
    const holder = spawnMock(['--port', '0', '--pets', '1']);
    try {
      const port = Number(/^Petstore mock listening on http:\/\/\S+:(\d+)$/.exec(await ready(holder))![1]);
      const result = await run(['--port', String(port), '--pets', '1']);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `petstore-mock: port ${port} is already in use on 127.0.0.1: stop what holds it, or pick another with --port N (--port 0 picks a free one)\n`,
      );
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGTERM');
      await exited;
    }
  });

  it.each([
    [
      'no-such-host.invalid',
      /^petstore-mock: --host no-such-host\.invalid does not resolve to an address: use an IP address/,
    ],
    ['192.0.2.1', /^petstore-mock: --host 192\.0\.2\.1 is not an address of this machine/],
    ['999.1.1.1', /^petstore-mock: --host 999\.1\.1\.1 does not resolve/],
  ])('--host %s: one line with a hint, exit 2', async (host, message) => {
    const result = await run(['--host', host, '--port', '0', '--pets', '1']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
