import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBundle } from '../../src/cli/cached-bundle.js';

interface Probe {
  readonly answer: number;
  readonly file: string;
  readonly strict: boolean;
  readonly required: string;
}

const root = mkdtempSync(join(tmpdir(), 'cached-bundle-'));
const dist = join(root, 'dist');
const bundle = join(dist, 'bundle', 'probe.cjs');
mkdirSync(dirname(bundle), { recursive: true });
writeFileSync(
  bundle,
  `"use strict";
exports.answer = 42;
exports.file = __filename;
exports.strict = (function () { return this === undefined; })();
exports.required = require('node:path').basename(__dirname);
`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One answer from a server in this process: the moment the loader waits for to write its cache. */
async function oneAnswer(): Promise<void> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) =>
    get(`http://127.0.0.1:${port}/`, (res) => res.resume().on('end', resolve)).on('error', reject),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function appears(file: string): Promise<void> {
  for (let i = 0; i < 400 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('loadBundle: the CLI bundle with V8 code cache (src/cli/cached-bundle.ts)', () => {
  it('runs the bundle as a CommonJS module (its file, strict mode, require beside it) and caches it after the first answer', async () => {
    const first = loadBundle<Probe>(dist, 'probe');
    expect(first?.exports).toEqual({ answer: 42, file: bundle, strict: true, required: 'bundle' });
    expect(first?.cache).toBe('absent');
    expect(existsSync(first!.cacheFile)).toBe(false);
    await oneAnswer();
    await appears(first!.cacheFile);
    expect(existsSync(first!.cacheFile)).toBe(true);
    expect(first!.cacheFile.startsWith(join(root, 'node_modules', '.cache'))).toBe(true);
    const second = loadBundle<Probe>(dist, 'probe');
    expect(second?.cache).toBe('used');
    expect(second?.exports.answer).toBe(42);
  });

  it('a cache V8 refuses costs only the speed-up: the bundle runs, and a good cache replaces it', async () => {
    const { cacheFile } = loadBundle<Probe>(dist, 'probe')!;
    writeFileSync(cacheFile, 'not a code cache');
    // Other text of the same size and time (the same cache key): V8 only has the refused file to go by,
    // where this process's own compilation cache would otherwise answer for the text it compiled.
    const { mtime } = statSync(bundle);
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('42', '24'));
    utimesSync(bundle, mtime, mtime);
    const loaded = loadBundle<Probe>(dist, 'probe');
    expect(loaded?.cacheFile).toBe(cacheFile);
    expect(loaded?.cache).toBe('rejected');
    expect(loaded?.exports.answer).toBe(24);
    await oneAnswer();
    for (let i = 0; i < 400 && readFileSync(cacheFile, 'utf8') === 'not a code cache'; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(readFileSync(cacheFile).length).toBeGreaterThan(100);
  });

  it('a rebuilt bundle gets a cache of its own; older caches are removed when it is written', async () => {
    const old = loadBundle<Probe>(dist, 'probe')!.cacheFile;
    writeFileSync(bundle, `"use strict";\nexports.answer = 43;\n`);
    const rebuilt = loadBundle<{ answer: number }>(dist, 'probe')!;
    expect(rebuilt.exports.answer).toBe(43);
    expect(rebuilt.cache).toBe('absent');
    expect(rebuilt.cacheFile).not.toBe(old);
    await oneAnswer();
    await appears(rebuilt.cacheFile);
    expect(readdirSync(dirname(old))).toEqual([rebuilt.cacheFile.slice(dirname(old).length + 1)]);
  });

  it('saveCache writes it at once (the bin calls it before changing a V8 flag), and only once', () => {
    writeFileSync(bundle, `"use strict";\nexports.answer = 44;\n`);
    const loaded = loadBundle<{ answer: number }>(dist, 'probe')!;
    expect(loaded.cache).toBe('absent');
    loaded.saveCache();
    expect(statSync(loaded.cacheFile).size).toBeGreaterThan(0);
    rmSync(loaded.cacheFile);
    loaded.saveCache();
    expect(existsSync(loaded.cacheFile)).toBe(false);
  });

  it('no bundle, or one older than the last tsc build (dist/.tsbuildinfo): undefined, and the caller imports dist/', () => {
    expect(loadBundle(dist, 'absent')).toBeUndefined();
    const tsbuildinfo = join(dist, '.tsbuildinfo');
    writeFileSync(tsbuildinfo, '{}');
    const later = Date.now() / 1000 + 60;
    utimesSync(tsbuildinfo, later, later);
    expect(loadBundle(dist, 'probe')).toBeUndefined();
    rmSync(tsbuildinfo);
    expect(loadBundle(dist, 'probe')).toBeDefined();
  });
});
