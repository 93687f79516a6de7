import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Migrates one template database per run; each file's database starts as a copy of it.
    globalSetup: ['test/helpers/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database; two at a time fits the 2-core machine.
    maxWorkers: 2,
  },
});
