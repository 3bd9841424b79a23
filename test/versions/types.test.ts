import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { scaled } from '../load-scale.js';

const run = promisify(execFile);
const fixture = (name: string): string => join(packageRoot, 'fixtures', 'versions', name);

/**
 * Generated types (openapi-typescript, as `npm run types`) compile for a 3.1 and a 2.0 document, and
 * say what the contract says: a 3.1 `type: [string, "null"]` is `string | null`, `const` its one
 * value. openapi-typescript reads 3.x only: a 2.0 document's types come from the kit's upgraded
 * document (`loadContract(file).document`, OpenAPI 3.0), written out as JSON.
 */
it(
  'openapi-typescript types of a 3.1 and a 2.0 document compile, and type what the contracts say',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'version-types-'));
    try {
      const cli = join(packageRoot, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      const upgraded = join(dir, 'orders-2.0-as-3.0.json');
      await writeFile(upgraded, JSON.stringify((await loadContract(fixture('orders-2.0.yaml'))).document));
      await run(process.execPath, [cli, fixture('items-3.1.yaml'), '-o', join(dir, 'items.ts')], { cwd: dir });
      await run(process.execPath, [cli, upgraded, '-o', join(dir, 'orders.ts')], { cwd: dir });
      await writeFile(
        join(dir, 'consumer.ts'),
        [
          "import type { components as Items, paths as ItemPaths } from './items.js';",
          "import type { components as Orders, paths as OrderPaths } from './orders.js';",
          "type NewItem = Items['schemas']['NewItem'];",
          "const draft: NewItem = { name: 'pen', kind: 'item', note: null, point: [1, 2] };",
          '// @ts-expect-error const admits nothing else',
          "const wrong: NewItem = { name: 'pen', kind: 'other' };",
          "type Created = ItemPaths['/items']['post']['responses']['201']['content']['application/json'];",
          "const created: Created = { ...draft, id: 'i1' };",
          "type NewOrder = Orders['schemas']['NewOrder'];",
          "const order: NewOrder = { item: 'pen', quantity: 2, note: null };",
          '// @ts-expect-error quantity is an integer',
          "const bad: NewOrder = { item: 'pen', quantity: 'two' };",
          "type Listed = OrderPaths['/orders']['get']['responses']['200']['content']['application/json'];",
          "const listed: Listed = [{ ...order, id: 1, status: 'open' }];",
          'export { draft, wrong, created, order, bad, listed };',
        ].join('\n'),
      );
      const tsc = join(packageRoot, 'node_modules', 'typescript', 'bin', 'tsc');
      const compiled = await run(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          join(dir, 'consumer.ts'),
        ],
        { cwd: dir },
      ).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? 'tsc failed',
      );
      expect(compiled).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  scaled(120_000),
);
