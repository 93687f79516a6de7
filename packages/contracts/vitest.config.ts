import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Pure schemas and tables, no mocks: files share their worker's modules (zod loads once).
    isolate: false,
  },
});
