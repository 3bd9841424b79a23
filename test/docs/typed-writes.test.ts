import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { callEveryWrite } from './consumer/every-write.js';
import { scaled } from '../load-scale.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const consumer = join(root, 'test/docs/consumer/every-write.ts');

/** Strict settings a consumer project would plausibly use, on top of `strict`. */
const STRICT = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023', 'DOM'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitReturns: true,
  skipLibCheck: true,
  noEmit: true,
};

/** Type-checks `files` alone with STRICT; resolves to tsc's diagnostics ('' when clean). */
async function typeCheck(dir: string, files: readonly string[]): Promise<string> {
  const config = join(dir, `tsconfig-${files.length}-${Date.now()}.json`);
  await writeFile(
    config,
    JSON.stringify({ compilerOptions: { ...STRICT, typeRoots: [join(root, 'node_modules/@types')] }, files }),
  );
  try {
    await run(process.execPath, [tsc, '-p', config], { cwd: root });
    return '';
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    return stdout ?? String(error);
  }
}

describe('the generated types let a consumer call every write operation (issue 13, item 1)', () => {
  let dir: string;
  let mock: RunningMock;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'typed-writes-'));
    mock = await start({ port: 0 });
  });
  afterAll(async () => {
    await mock?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * One tsc run (about 1.5 s of CPU each) over the consumer file and a file of bad calls: tsc
   * reports every file's errors, so the consumer file is clean exactly when no diagnostic names
   * anything but the bad file.
   */
  let checking: Promise<{ diagnostics: string }> | undefined;
  const checked = (): Promise<{ diagnostics: string }> =>
    (checking ??= (async () => {
      const bad = join(root, 'test/docs/consumer', `.bad-order-${process.pid}.ts`);
      await writeFile(
        bad,
        `import createClient from 'openapi-fetch';\nimport type { paths } from '../../../src/generated/petstore-api.js';\n` +
          `const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });\n` +
          `export const p = api.POST('/store/orders', { body: { petId: 1 } });\n` +
          `export const q = api.POST('/store/orders', { body: { petId: 1, quantity: 'one' } });\n`,
      );
      try {
        return { diagnostics: await typeCheck(dir, [consumer, bad]) };
      } finally {
        await rm(bad, { force: true });
      }
    })());

  it(
    'the consumer file type-checks under strict settings',
    async () => {
      const { diagnostics } = await checked();
      // A diagnostic starts a line (its continuation lines are indented); any not about the bad file fails.
      expect(
        diagnostics
          .split('\n')
          .filter((line) => line.trim() !== '' && !/^\s/.test(line) && !line.includes('.bad-order-')),
      ).toEqual([]);
    },
    scaled(120_000),
  );

  it(
    'a body missing a required field is refused by tsc (the check can fail)',
    async () => {
      const { diagnostics } = await checked();
      expect(diagnostics).toMatch(/\.bad-order-\d+\.ts\(4,\d+\).*quantity/);
      expect(diagnostics).toMatch(/\.bad-order-\d+\.ts\(5,\d+\)/);
    },
    scaled(120_000),
  );

  it('run against the mock, every write gets its documented success', async () => {
    const statuses = await callEveryWrite(mock.url, 'dev-key');
    expect(statuses).toEqual({
      createCategory: 201,
      replaceCategory: 200,
      createPet: 201,
      replacePet: 200,
      setStock: 200,
      placeOrder: 201,
      cancelOrder: 204,
      completeOrder: 200,
      deletePet: 204,
      deleteCategory: 204,
    });
  });
});
