// Builds the pages (in memory) and follows each game page's static imports: zod must not be among the
// modules a game's first screen loads; the schemas come on first use (shared/schemas.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { studioApiGameCodes } from '../../../packages/contracts/src/studio-games.ts';

const outDir = mkdtempSync(join(tmpdir(), 'paws-games-first-screen-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function chunks(): Promise<Map<string, Rollup.OutputChunk>> {
  const result = (await build({
    configFile: resolve(import.meta.dirname, '../vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, outDir, emptyOutDir: false },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  const all = outputs.flatMap((output) => output.output);
  return new Map(
    all
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

/** The modules of an entry chunk and of every chunk it imports statically (what the page loads first). */
function firstScreenModules(entry: Rollup.OutputChunk, byName: Map<string, Rollup.OutputChunk>): string[] {
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...seen].flatMap((name) => Object.keys(byName.get(name)?.modules ?? {}));
}

describe('a game page first screen', () => {
  it('loads no zod', { timeout: 120_000 }, async () => {
    const byName = await chunks();
    const entries = [...byName.values()].filter((chunk) => chunk.isEntry);
    for (const game of [...studioApiGameCodes, 'index']) {
      const entry = entries.find((chunk) => chunk.name === game);
      expect(entry, game).toBeDefined();
      const zod = firstScreenModules(entry as Rollup.OutputChunk, byName).filter((id) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(id),
      );
      expect(zod, game).toEqual([]);
    }
  });
});
