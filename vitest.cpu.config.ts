import { mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npx vitest run --config vitest.cpu.config.ts`: the whole suite as `npm test` runs it, writing each
 * file's CPU (its own and its spawned processes') to test-artifacts/cpu-per-file/ (test/cpu-per-file/setup.ts).
 */
export default mergeConfig(base, { test: { setupFiles: ['test/cpu-per-file/setup.ts'] } });
