// Builds the app once and reads its first screen: zod must not be among the modules the sign-in page loads
// (the signed-in frame brings it with it, lazily), and the page paints its boot shell from the HTML alone,
// without waiting for the stylesheet or the scripts.
import { resolve } from 'node:path';
import { build } from 'vite';
import { beforeAll, expect, it } from 'vitest';
import {
  type Asset,
  builtOutput,
  type Chunk,
  loadedModules,
  pageStart,
  zodAmong,
} from '../../../scripts/first-screen-chunks.ts';

let chunks: Map<string, Chunk>;
let assets: Map<string, Asset>;
beforeAll(async () => {
  ({ chunks, assets } = await builtOutput(build, resolve(import.meta.dirname, '../vite.config.ts'), {
    write: false,
  }));
}, 180_000);

it('the sign-in page loads no zod', () => {
  const entry = [...chunks.values()].filter((chunk) => chunk.isEntry);
  expect(entry).toHaveLength(1);
  const modules = loadedModules(entry, chunks);
  expect(modules.some((id) => id.endsWith('features/auth/login-page.tsx'))).toBe(true);
  expect(zodAmong(modules)).toEqual([]);
});

it('the page paints its boot shell before it asks for a script or a stylesheet', () => {
  const html = String(assets.get('index.html')?.source ?? '');
  expect(html).toContain('<div class="boot"');
  const start = pageStart(html);
  expect(start.linked).toEqual([]);
  expect(start.entry).toMatch(/^\/assets\/index-[^"]+\.js$/);
  expect(start.styles).toEqual([expect.stringMatching(/^\/assets\/index-[^"]+\.css$/)]);
});
