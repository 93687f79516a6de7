import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
// By path, not package name: Vite bundles a config's relative imports but loads packages with Node,
// which cannot run a workspace package's TypeScript sources.
import { studioApiGameCodes } from '../../packages/contracts/src/studio-games.ts';
import { precompress } from '../../scripts/vite-plugin-precompress.ts';

/** One page per game code (the launch url is /studio/<gameCode>.html), the lobby and the verify page. */
export const pages = ['index', 'verify', ...studioApiGameCodes] as const;

// Game pages are served by the server under /studio/ and open inside the platform's game frame.
export default defineConfig({
  base: '/studio/',
  plugins: [precompress()],
  build: {
    target: 'es2022',
    rolldownOptions: {
      input: Object.fromEntries(pages.map((p) => [p, resolve(import.meta.dirname, `${p}.html`)])),
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3001', '/socket.io': { target: 'ws://127.0.0.1:3001', ws: true } },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
