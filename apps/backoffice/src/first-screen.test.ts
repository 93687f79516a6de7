// Builds the app and follows the first screen's static imports: zod must not be among the modules the sign-in
// page loads (the signed-in frame brings it with it, lazily).
import { resolve } from 'node:path';
import { build } from 'vite';
import { expect, it } from 'vitest';
import { builtChunks, loadedModules, zodAmong } from '../../../scripts/first-screen-chunks.ts';

it('the sign-in page loads no zod', { timeout: 180_000 }, async () => {
  const byName = await builtChunks(build, resolve(import.meta.dirname, '../vite.config.ts'), {
    write: false,
  });
  const entry = [...byName.values()].filter((chunk) => chunk.isEntry);
  expect(entry).toHaveLength(1);
  const modules = loadedModules(entry, byName);
  expect(modules.some((id) => id.endsWith('features/auth/login-page.tsx'))).toBe(true);
  expect(zodAmong(modules)).toEqual([]);
});
