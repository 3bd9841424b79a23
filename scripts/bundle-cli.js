#!/usr/bin/env node
// Each CLI as one CommonJS file (dist/bundle/petstore-mock.cjs, dist/bundle/petstore-conformance.cjs),
// built from dist/ after tsc: bin/petstore-mock.js and bin/petstore-conformance.js load it with V8's
// code cache (src/cli/cached-bundle.ts), which Node 20 cannot do for hundreds of separate ES modules.
// Same code as dist/src and dist/conformance; only how it is loaded differs.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Requires that express-openapi-validator makes when its modules load, for work the mock never asks
 * of it: multer (and a second mime-db) for the multipart parser it installs only with
 * `fileUploader`, off in src/mock/validator.ts; json-schema-ref-parser (with js-yaml and ono) and the
 * OpenAPI schema validator (with ajv-draft-04) for loading and checking a document, which the mock
 * does itself (src/mock/operation-validators.ts skipSchemaCompile, src/contract/openapi-check.ts)
 * unless a document has references other than plain local ones. In the bundle each is required on
 * its first use instead, through a stand-in that forwards calls, `new`, and property reads.
 * Measured with the code cache: 10-15 ms of CPU to the first answer (multer alone; medians of 6).
 * A release that changes a line below is bundled as it is, eager, and still works.
 */
const LAZY = [
  ['middlewares/openapi.multipart.js', "const multer = require('multer');"],
  ['framework/index.js', 'const $RefParser = require("@apidevtools/json-schema-ref-parser");'],
  ['framework/index.js', 'const openapi_schema_validator_1 = require("./openapi.schema.validator");'],
];

function lazyRequires() {
  const eov = /express-openapi-validator[\\/]dist[\\/](.+)$/;
  return {
    name: 'lazy-requires',
    setup(b) {
      b.onLoad({ filter: eov }, async (args) => {
        const file = eov.exec(args.path)[1].replaceAll('\\', '/');
        const lines = LAZY.filter(([f]) => f === file).map(([, line]) => line);
        if (lines.length === 0) return undefined;
        let text = await readFile(args.path, 'utf8');
        for (const line of lines) {
          const [, name, specifier] = /^const (\S+) = require\((.+)\);$/.exec(line);
          text = text.replace(
            line,
            `let ${name}$loaded; const ${name}$load = () => (${name}$loaded ??= require(${specifier})); ` +
              `const ${name} = new Proxy(function () {}, { apply: (_, self, args) => Reflect.apply(${name}$load(), self, args), ` +
              `construct: (_, args) => Reflect.construct(${name}$load(), args), get: (_, key) => ${name}$load()[key] });`,
          );
        }
        return { contents: text, loader: 'js' };
      });
    },
  };
}

/** One CLI's bundle: `entry` (a module of dist/ that exports runCli) to dist/bundle/`name`.cjs. */
async function bundle(entry, name) {
  const outfile = join(root, 'dist', 'bundle', `${name}.cjs`);
  const result = await build({
    entryPoints: [join(root, 'dist', ...entry)],
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
    // Less text to read (4.5 -> 3.2 MB) and no comments; identifiers stay readable in stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    // No keepNames: its __name() runs at every function's creation, closures made per request included
    // (CPU per request +6 % with it, in process); nothing here reads a function's name to decide anything
    // (our errors set `name` themselves), and esbuild renames only clashing top-level names (`parse2`).
    logLevel: 'warning',
    plugins: [lazyRequires()],
  });
  // The entry's #! line would stand inside the function the loader wraps the bundle in: dropped.
  const [output] = result.outputFiles;
  mkdirSync(dirname(outfile), { recursive: true });
  const text = output.text.replace(/^#!.*\n/, '');
  // The loader reads the bundle as latin1, which needs no decoding: esbuild's default charset (ascii)
  // escapes every other character, and minifyWhitespace drops the comments, so this holds; checked.
  // (ASCII text is as many UTF-8 bytes as characters.)
  if (Buffer.byteLength(text, 'utf8') !== text.length)
    throw new Error('the bundle is not ASCII: src/cli/cached-bundle.ts reads it as latin1');
  // A rebuild while CLIs start (the README test's `npm run build` beside the suite's other files) must
  // never let one read a half-written bundle ("runCli is not a function"): the new one replaces the
  // old whole (rename(2) is atomic; a CLI that opened the old file reads it to its end).
  const partial = `${outfile}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, outfile);
}

await bundle(['src', 'cli', 'mock.js'], 'petstore-mock');
// The runner's CLI: a run that stops at an unreachable target took 0.37-0.41 s of CPU from dist/ and
// 0.21-0.24 s from this bundle with its cache (docs/mock.md). Its proxy's judging thread stays a module
// of dist/conformance (conformance/proxy/judging.ts workerFile finds it from the package root).
await bundle(['conformance', 'cli.js'], 'petstore-conformance');
