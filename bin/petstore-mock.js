#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { loadBundle } from '../dist/src/cli/cached-bundle.js';

// The CLI's process only (never the library's host): V8 lets the old generation grow up to 4× its
// live size before a mark-compact when collection is cheap; under load that headroom is promoted
// garbage and most of the peak RSS. 2× (read at every mark-compact, so it can be set here): peak
// RSS 237 → 176 MB, server CPU per request summed over the five bench workloads 381 → 375 µs (means
// of 3 alternating runs: `node dist/bench/heap-flags.js 3 3 '' '--heap-growing-percent=100'`).
setFlagsFromString('--heap-growing-percent=100');
// What start-up and the first answers allocate (the contract, the store, the validators built on
// the first request) is kept, so V8 growing its young generation for it (as it does when objects
// survive) buys nothing and stays in the RSS of an idle mock. Growth (read at each scavenge) is held
// off until a second after listening, then left to V8 again, which grows it under load: RSS at the
// first answer 87 → 74 MB (medians of 6 alternating starts), spawn to first answer and server CPU
// per request under load unchanged (`node dist/bench/heap-flags.js 4 2 '--heap-growing-percent=100' bin`).
setFlagsFromString('--semi-space-growth-factor=1');

// The one-file bundle with V8's code cache when the build wrote it (src/cli/cached-bundle.ts), else dist/.
const bundle = loadBundle(fileURLToPath(new URL('../dist', import.meta.url)), 'petstore-mock');
const { runCli } = bundle?.exports ?? (await import('../dist/src/cli/mock.js'));
await runCli();
// 2: V8's default.
setTimeout(() => {
  // Before the flag changes: V8 refuses a code cache written under other flags than the reader's.
  bundle?.saveCache();
  setFlagsFromString('--semi-space-growth-factor=2');
}, 1000).unref();
