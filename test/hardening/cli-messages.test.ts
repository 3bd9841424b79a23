import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nearest } from '../../src/contract/index.js';
import { CHECKS, PROBES } from '../../conformance/registry/index.js';
import { ROOT } from '../mock/helpers.js';

function run(
  bin: 'petstore-mock' | 'petstore-conformance',
  args: readonly string[],
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'bin', `${bin}.js`), ...args],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

// Issue 21, item 14: the messages a newcomer reads first, from both CLIs.
describe('CLI messages say what was meant, in words', () => {
  it('a mistyped flag gets the flag meant; a name far from every flag gets none', async () => {
    const conformance = await run('petstore-conformance', ['--targt', 'http://127.0.0.1:1']);
    expect(conformance.code).toBe(2);
    expect(conformance.stderr).toMatch(/^petstore-conformance: unknown option --targt: did you mean --target\?$/m);
    const mock = await run('petstore-mock', ['--prot', '0']);
    expect(mock.code).toBe(2);
    expect(mock.stderr).toMatch(/^petstore-mock: unknown option --prot: did you mean --port\?$/m);
    const far = await run('petstore-mock', ['--zzzzzzzz']);
    expect(far.stderr).toMatch(/^petstore-mock: unknown option --zzzzzzzz$/m);
    expect(nearest('skip-chekcs', ['checks', 'skip-checks'])).toBe('skip-checks');
    expect(nearest('x', ['target', 'spec'])).toBeUndefined();
  });

  it('--target without a scheme suggests http://', async () => {
    for (const target of ['127.0.0.1:4010', 'localhost:4010']) {
      const r = await run('petstore-conformance', ['--target', target]);
      expect(r.code, target).toBe(2);
      expect(r.stderr, target).toContain(`did you mean http://${target}?`);
    }
  });

  it('a flag given no value says so in one line, naming the flag', async () => {
    const cases: readonly ['petstore-mock' | 'petstore-conformance', string[], string][] = [
      ['petstore-mock', ['--spec', '--port', '0'], '--spec'],
      ['petstore-conformance', ['--target', '--spec', 'x.yaml'], '--target'],
      ['petstore-conformance', ['--target'], '--target'],
    ];
    for (const [bin, args, flag] of cases) {
      const r = await run(bin, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(new RegExp(`^${bin}: (usage error: )?${flag} needs a value$`, 'm'));
    }
  });

  it('a missing file is reported in plain words, never as an errno code', async () => {
    const cases: readonly ['petstore-mock' | 'petstore-conformance', string[]][] = [
      ['petstore-mock', ['--spec', 'no-such.yaml']],
      ['petstore-mock', ['--state', 'no-such.json']],
      ['petstore-conformance', ['--target', 'http://127.0.0.1:1', '--spec', 'no-such.yaml']],
      ['petstore-conformance', ['--target', 'http://127.0.0.1:1', '--workflows', 'no-such.arazzo.yaml']],
      ['petstore-conformance', ['--target', 'http://127.0.0.1:1', '--inputs', 'no-such.yaml']],
      ['petstore-conformance', ['--har', 'no-such.har']],
      ['petstore-conformance', ['merge', 'no-such.json']],
    ];
    for (const [bin, args] of cases) {
      const r = await run(bin, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/no-such\.\w+(\.yaml)?: no such file$/m);
      expect(r.stderr, args.join(' ')).not.toMatch(/ENOENT|errno|open '/);
    }
  });

  it('an unknown check lists every check, every rule and the workflows, and the one meant', async () => {
    const r = await run('petstore-conformance', ['--target', 'http://127.0.0.1:1', '--checks', 'respons_schema']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('(did you mean response_schema?)');
    for (const name of [
      ...CHECKS.map((c) => c.name),
      ...PROBES.map((rule) => rule.name),
      'workflow:*',
      'workflow:createReadList',
    ])
      expect(r.stderr, name).toContain(name);
  });
});
