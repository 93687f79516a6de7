import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/** One page per game code (the launch url is /studio/<gameCode>.html), the lobby and the verify page. */
export const pages = [
  'index',
  'verify',
  'european-roulette',
  'blackjack',
  'baccarat',
  'video-poker',
  'wild-paws',
  'loto',
] as const;

// Game pages are served by the server under /studio/ and open inside the platform's game frame.
export default defineConfig({
  base: '/studio/',
  build: {
    target: 'es2022',
    rollupOptions: {
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
