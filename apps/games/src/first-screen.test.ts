// Builds the pages and follows each game page's static imports: zod must not be among the modules a game's
// first screen loads; the schemas come on first use (shared/schemas.ts).
import { resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { studioApiGameCodes } from '../../../packages/contracts/src/studio-games.ts';
import { builtChunks, type Chunk, loadedModules, zodAmong } from '../../../scripts/first-screen-chunks.ts';

describe('a game page first screen', () => {
  it('loads no zod', { timeout: 120_000 }, async () => {
    const byName = await builtChunks(build, resolve(import.meta.dirname, '../vite.config.ts'), {
      write: false,
    });
    const entries = [...byName.values()].filter((chunk) => chunk.isEntry);
    for (const game of [...studioApiGameCodes, 'index']) {
      const entry = entries.find((chunk) => chunk.name === game);
      expect(entry, game).toBeDefined();
      expect(zodAmong(loadedModules([entry as Chunk], byName)), game).toEqual([]);
    }
  });
});
