import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Most test files spend their time waiting on sockets, child processes and timers, not on the
 * CPU, so running more files at once than there are cores shortens the run (vitest's default is
 * cores − 1, i.e. one file at a time on a 2-core machine). Files are independent: every server
 * listens on port 0 and every store belongs to its own app. `VITEST_MAX_WORKERS` overrides.
 */
const workers = Number(process.env['VITEST_MAX_WORKERS'] ?? Math.min(8, Math.max(4, availableParallelism() * 2)));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'conformance/**/*.test.ts'],
    // The 60 s soak runs as its own script (`npm run test:soak`, vitest.soak.config.ts); CI runs both.
    exclude: ['test/soak/**', '**/node_modules/**'],
    maxWorkers: workers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
