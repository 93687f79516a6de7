import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Pure functions, no mocks, no globals: files may share their worker's modules (zod, the
    // contracts, fast-check load once per worker instead of once per file: about half the CPU).
    isolate: false,
    // The exhaustive analyses take about a second of CPU each; a shared 2-core machine may stretch that.
    testTimeout: 30_000,
  },
});
