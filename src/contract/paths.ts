import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root, found by walking up from this module: the same code runs
 * from `src/` (tests, tsx) and from `dist/src/` (the built binaries), at
 * different depths.
 */
function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'openapi'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package root not found above ${start}`);
    dir = parent;
  }
}

export const packageRoot: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The contract bundled with the package: the default of every `--spec`. */
export const bundledContractPath: string = join(packageRoot, 'openapi', 'petstore.yaml');
