#!/usr/bin/env node
// The mock's CLI as one CommonJS file (dist/bundle/petstore-mock.cjs), built from dist/ after tsc:
// bin/petstore-mock.js loads it with V8's code cache (src/cli/cached-bundle.ts), which Node 20 cannot
// do for hundreds of separate ES modules. Same code as dist/src; only how it is loaded differs.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const outfile = join(root, 'dist', 'bundle', 'petstore-mock.cjs');
const result = await build({
  entryPoints: [join(root, 'dist', 'src', 'cli', 'mock.js')],
  outfile,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // A CommonJS file has no import.meta: the bundle's own URL stands in (the modules that read it find
  // the package root or resolve packages from it, which is the same from dist/bundle as from dist/src).
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: '"use strict";\nconst __bundle_url = require("node:url").pathToFileURL(__filename).href;' },
  // Serves files from its own folder, found through its package.json: stays a package.
  external: ['swagger-ui-dist'],
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  logLevel: 'warning',
});
// The entry's #! line would stand inside the function the loader wraps the bundle in: dropped.
const [output] = result.outputFiles;
mkdirSync(dirname(outfile), { recursive: true });
const text = output.text.replace(/^#!.*\n/, '');
// The loader reads the bundle as latin1, which needs no decoding: esbuild's default charset (ascii)
// escapes every other character, and minifyWhitespace drops the comments, so this holds; checked.
const beyondAscii = /[^\x00-\x7f]/.exec(text);
if (beyondAscii)
  throw new Error(
    `the bundle is not ASCII at offset ${beyondAscii.index}: src/cli/cached-bundle.ts reads it as latin1`,
  );
writeFileSync(outfile, text);
