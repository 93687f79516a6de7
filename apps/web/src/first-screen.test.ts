// Builds the app and follows the first screen's static imports: zod must not be among the modules it loads
// (forms and signed-in screens bring it with them, lazily).
import { resolve } from 'node:path';
import { build } from 'vite';
import { expect, it } from 'vitest';
import { builtChunks, loadedModules, zodAmong } from '../../../scripts/first-screen-chunks.ts';

it('the home page loads no zod', { timeout: 180_000 }, async () => {
  const byName = await builtChunks(build, resolve(import.meta.dirname, '../vite.config.ts'), { write: true });
  const entry = [...byName.values()].filter((chunk) => chunk.isEntry && chunk.name === 'index');
  const home = [...byName.values()].filter((chunk) =>
    chunk.facadeModuleId?.endsWith('features/home/components/home-page.tsx'),
  );
  expect(entry).toHaveLength(1);
  expect(home).toHaveLength(1);
  expect(zodAmong(loadedModules([...entry, ...home], byName))).toEqual([]);
});
