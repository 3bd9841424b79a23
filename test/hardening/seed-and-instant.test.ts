import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../src/cli/mock-flags.js';
import { joinDashValues, parseSeed, SEED_RANGE } from '../../src/contract/index.js';
import { run } from '../mock/cli-helpers.js';
import { ROOT } from '../mock/helpers.js';

async function runner(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'petstore-conformance.js'), ...args], { cwd: ROOT });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr };
}

describe('one seed range for both CLIs (issue 13, item 14)', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    [String(SEED_RANGE.max), SEED_RANGE.max],
  ])('parseSeed(%s) = %d', (text, seed) => {
    expect(parseSeed(text)).toEqual({ ok: true, seed });
  });

  it.each(['-1', String(SEED_RANGE.max + 1), '1.5', '1e3', '0x10', '', 'seven', '99999999999999999999'])(
    'parseSeed(%j) is refused',
    (text) => {
      const parsed = parseSeed(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toBe(`--seed must be a whole number 0..4294967295, got "${text}"`);
    },
  );

  it.each(['-1', '4294967296'])('--seed %s: both CLIs refuse it with the same words, exit 2', async (seed) => {
    const [mock, conformance] = await Promise.all([
      run(['--seed', seed]),
      runner(['--target', 'http://127.0.0.1:9', '--seed', seed]),
    ]);
    const words = `--seed must be a whole number 0..4294967295, got "${seed}"`;
    expect(mock.code).toBe(2);
    expect(conformance.code).toBe(2);
    expect(mock.stderr).toContain(words);
    expect(conformance.stderr).toContain(words);
  });

  it('the largest seed is accepted by both', async () => {
    const mock = await run(['--seed', '4294967295', '--port', '-1']);
    expect(mock.stderr).not.toContain('--seed'); // it got past the seed to the bad port
    expect(mock.stderr).toContain('--port');
  });

  it('joinDashValues joins a dash value to its flag, never an option', () => {
    const flags = new Set(['seed', 'pets']);
    expect(joinDashValues(['--seed', '-1', '--pets', '-', '--watch'], flags)).toEqual([
      '--seed=-1',
      '--pets=-',
      '--watch',
    ]);
    expect(joinDashValues(['--seed', '--watch', '--pets', '-h'], flags)).toEqual(['--seed', '--watch', '--pets', '-h']);
    expect(joinDashValues(['--other', '-1'], flags)).toEqual(['--other', '-1']);
  });
});

describe('--sunset-now takes a full instant (RFC 3339 §5.6)', () => {
  it.each([
    ['2027-07-01', '2027-07-01T00:00:00.000Z'],
    ['2027-07-01T12:30:00Z', '2027-07-01T12:30:00.000Z'],
    ['2027-07-01t12:30:00z', '2027-07-01T12:30:00.000Z'],
    ['2027-07-01T12:30:00.250+02:00', '2027-07-01T10:30:00.250Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '1',
    '2027',
    '2027-07',
    '2027-7-1',
    '2027-02-30',
    '2025-02-29',
    '2027-07-01T24:00:00Z',
    '2027-07-01T12:30Z',
    '2027-07-01T12:30:00',
    '2027-07-01 12:30:00Z',
    'July 1, 2027',
    '',
  ])('%j is refused', (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});
