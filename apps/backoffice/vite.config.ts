/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { paintFirst } from '../../scripts/vite-plugin-paint-first.ts';
import { precompress } from '../../scripts/vite-plugin-precompress.ts';

const testFiles = ['src/**/*.test.{ts,tsx}'];
/** The test files that mock a module (vi.mock, vi.doMock), as paths from this folder. */
const mocking = (readdirSync(new URL('./src', import.meta.url), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8')));

// The dev server proxies the staff API and config to a running server's back-office origin.
const backend = process.env.VITE_BACKEND ?? 'http://localhost:3002';

export default defineConfig({
  plugins: [react(), paintFirst(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5174,
    proxy: { '/api': backend, '/config.json': backend, '/socket.io': { target: backend, ws: true } },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 900 },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    // A component journey typed with user-event takes a few seconds; on a busy shared 2-core machine more than
    // vitest's default 5: a stuck test still fails, at 20.
    testTimeout: 20_000,
    css: false,
    // Two workers: with the files sharing workers the main process is idle once it has transformed the code.
    maxWorkers: 2,
    // Third-party modules load once per worker; socket.io-client keeps its managers in a module of its own,
    // so it is evaluated afresh with the app's modules for every file (see vitest.setup.ts).
    server: { deps: { inline: ['socket.io-client'] } },
    // Loading jsdom costs seconds of CPU, so a file per process spent most of the suite's time setting up
    // windows: the files share a worker and its window, and vitest.setup.ts gives each a fresh start. A module
    // mock (vi.mock) outlives its file in a shared worker, so the files that mock keep a worker each.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: testFiles,
          exclude: [...configDefaults.exclude, ...mocking],
          isolate: false,
        },
      },
      ...(mocking.length ? [{ extends: true as const, test: { name: 'isolated', include: mocking } }] : []),
    ],
  },
});
