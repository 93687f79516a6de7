import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own server and browser; one file at a time keeps 2 cores responsive.
    fileParallelism: false,
  },
});
