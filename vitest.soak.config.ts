import { defineConfig } from 'vitest/config';

/** `npm run test:soak`: the bounded soak on its own, so its minute of load never shares the CPU with the suite. */
export default defineConfig({
  test: {
    include: ['test/soak/**/*.test.ts'],
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
