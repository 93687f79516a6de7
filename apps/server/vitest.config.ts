import { defineConfig } from 'vitest/config';

// Replaces a module with vi.mock, which needs a module registry of its own.
const needsIsolation = ['test/identity/sign-in.test.ts'];

export default defineConfig({
  test: {
    // Migrates one template database per run; each file's database starts as a copy of it.
    globalSetup: ['test/helpers/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database; two at a time fits the 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Files share their worker's loaded modules (no per-file re-import of the server's code):
        // every file builds its own app on its own database, and nothing global is mocked here.
        test: { name: 'server', include: ['test/**/*.test.ts'], exclude: needsIsolation, isolate: false },
      },
      { extends: true, test: { name: 'server-isolated', include: needsIsolation } },
    ],
  },
});
