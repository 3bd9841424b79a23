import { mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npx vitest run --config vitest.profile.config.ts FILES`: the files as `npm test` runs them, each
 * writing a CPU profile of its tests to test-artifacts/cpu-profiles/ (test/cpu-per-file/profile-setup.ts).
 */
export default mergeConfig(base, { test: { setupFiles: ['test/cpu-per-file/profile-setup.ts'] } });
