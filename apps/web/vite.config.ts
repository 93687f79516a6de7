/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { initialJsReport } from './vite-plugin-initial-js';
import { precompress } from './vite-plugin-precompress';

// The dev server proxies API and config to a running server (npm run dev -w @paws/server).
const backend = process.env.VITE_BACKEND ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [
    react(),
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
    precompress(),
    initialJsReport(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
            // chunks that import them.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 2,
            },
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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
