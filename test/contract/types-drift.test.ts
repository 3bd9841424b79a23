import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { scaled } from '../load-scale.js';

const run = promisify(execFile);

// The committed types must be exactly what openapi-typescript makes of the contract today:
// a contract change without `npm run types` fails here.
it(
  'src/generated/petstore-api.ts matches the contract (run `npm run types` after changing it)',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-types-'));
    try {
      const out = join(dir, 'petstore-api.ts');
      const cli = join(packageRoot, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      await run(process.execPath, [cli, join(packageRoot, 'openapi', 'petstore.yaml'), '-o', out], {
        cwd: packageRoot,
      });
      const fresh = await readFile(out, 'utf8');
      const committed = await readFile(join(packageRoot, 'src', 'generated', 'petstore-api.ts'), 'utf8');
      expect(committed).toBe(fresh);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  scaled(60_000),
);
