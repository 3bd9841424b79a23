#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { loadBundle } from '../dist/src/cli/cached-bundle.js';

// The one-file bundle with V8's code cache when the build wrote it (src/cli/cached-bundle.ts), else
// dist/. A run is a client: no answer of its own tells the loader when to write the cache, so it is
// written as the process ends (once, by a run that found none), with the code the run compiled.
const bundle = loadBundle(fileURLToPath(new URL('../dist', import.meta.url)), 'petstore-conformance');
if (bundle) process.once('exit', () => bundle.saveCache());
const { runCli } = bundle?.exports ?? (await import('../dist/conformance/cli.js'));
runCli();
