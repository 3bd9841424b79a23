#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { runCli } from '../dist/src/cli/mock.js';

// The CLI's process only (never the library's host): V8 lets the old generation grow up to 4× its
// live size before a mark-compact when collection is cheap; under load that headroom is promoted
// garbage and most of the peak RSS. 2× (read at every mark-compact, so it can be set here): peak
// RSS 237 → 176 MB, server CPU per request summed over the five bench workloads 381 → 375 µs (means
// of 3 alternating runs: `node dist/bench/heap-flags.js 3 3 '' '--heap-growing-percent=100'`).
setFlagsFromString('--heap-growing-percent=100');

await runCli();
