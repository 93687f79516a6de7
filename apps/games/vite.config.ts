import { defineConfig } from 'vite';

// Game pages are served by the server under /studio/ and open inside the platform's game frame.
export default defineConfig({
  base: '/studio/',
  build: { target: 'es2022' },
});
