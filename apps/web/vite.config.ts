/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';
import { paintFirst } from '../../scripts/vite-plugin-paint-first.ts';
import { precompress } from '../../scripts/vite-plugin-precompress.ts';
import { preactAliases, routerAliases, testingLibraryAlias } from './preact-aliases';
import { initialJsReport } from './vite-plugin-initial-js';

const testFiles = ['src/**/*.test.{ts,tsx}'];
/** The test files that mock a module (vi.mock, vi.doMock), as paths from this folder. */
const mocking = (readdirSync(new URL('./src', import.meta.url), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8')));

/** The libraries of the first screen, a chunk each (React's names are aliases of Preact's). */
const firstScreenLibraries = {
  preact: /[\\/]node_modules[\\/](preact|react|react-dom|scheduler|use-sync-external-store)[\\/]/,
  router: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
  query: /[\\/]node_modules[\\/]@tanstack[\\/]/,
  i18n: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/,
};

// The dev server proxies API and config to a running server (npm run dev -w @paws/server).
const backend = process.env.VITE_BACKEND ?? 'http://localhost:3001';

export default defineConfig(({ command }) => ({
  plugins: [
    // JSX and TypeScript; React Fast Refresh is off (it patches React DOM, which Preact replaces): an edit reloads.
    react({ refreshExclude: /./ }),
    // The installable platform app (spec 000 §1). One build serves both faces, so nothing is injected:
    // src/lib/pwa.ts links the manifest and registers /sw.js only when config.isPlatform is true.
    VitePWA({
      injectRegister: false,
      manifest: false,
      strategies: 'generateSW',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/studio/,
          /^\/kyc-sandbox\//,
          /^\/socket\.io/,
          /^\/config\.json/,
          /^\/dev\//,
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
    paintFirst(),
    precompress(),
    initialJsReport(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...preactAliases,
      ...routerAliases(command === 'build' ? 'production' : 'development'),
      ...(process.env.VITEST ? [testingLibraryAlias] : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/config.json': backend,
      '/studio': backend,
      '/kyc-sandbox': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change far less often than app code: a separate chunk stays cached across releases.
        codeSplitting: {
          groups: [
            // Only what the first screen runs; other libraries (sockets, QR codes) ride with the lazy
            // chunks that import them. One chunk per library family: the page's loader runs each in a task
            // of its own (scripts/vite-plugin-paint-first.ts), where one vendor chunk was the page's longest task.
            // react-i18next's <Trans> and its HTML parser serve two lazy screens only: left to the chunks that use them.
            ...Object.entries(firstScreenLibraries).map(([name, pattern]) => ({
              name,
              test: (id: string) =>
                pattern.test(id) &&
                !/[\\/]react-i18next[\\/].*Trans|[\\/](html-parse-stringify|void-elements)[\\/]/.test(id),
              priority: 2,
            })),
            // Form and schema libraries serve lazy modals and screens only: kept out of the entry's vendor chunk.
            { name: 'forms', test: /[\\/]node_modules[\\/](zod|react-hook-form)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    // A component journey typed with user-event takes a few seconds; on a busy shared 2-core machine more than
    // vitest's default 5: a stuck test still fails, at 20.
    testTimeout: 20_000,
    // Two workers: with the files sharing workers the main process is idle once it has transformed the code.
    maxWorkers: 2,
    // Third-party modules load once per worker; these keep state of their own (i18next's instance and
    // react-i18next's hold on it, socket.io-client's managers), so they are evaluated afresh with the app's
    // modules for every file (see vitest.setup.ts).
    // The libraries that import React are inlined too, so that the aliases send them to Preact.
    server: {
      deps: {
        inline: [
          'i18next',
          'react-i18next',
          'socket.io-client',
          'react-router',
          '@tanstack/react-query',
          'react-hook-form',
          'react-markdown',
          '@testing-library/react',
        ],
      },
    },
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
}));
