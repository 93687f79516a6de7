// Builds the app (to a scratch folder) and follows the first screen's static imports: zod must not be among the
// modules it loads (forms and signed-in screens bring it with them, lazily).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, expect, it } from 'vitest';

const outDir = mkdtempSync(join(tmpdir(), 'paws-first-screen-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function chunks(): Promise<Map<string, Rollup.OutputChunk>> {
  const result = (await build({
    configFile: resolve(import.meta.dirname, '../vite.config.ts'),
    logLevel: 'silent',
    // Written to a scratch folder: the service-worker plugin reads the files it precaches.
    build: { outDir, emptyOutDir: true },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const all = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output);
  return new Map(
    all
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

/** The modules of the given chunks and of every chunk they import statically. */
function loadedModules(start: Rollup.OutputChunk[], byName: Map<string, Rollup.OutputChunk>): string[] {
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  for (const chunk of start) visit(chunk);
  return [...seen].flatMap((name) => Object.keys(byName.get(name)?.modules ?? {}));
}

it('the home page loads no zod', { timeout: 180_000 }, async () => {
  const byName = await chunks();
  const entry = [...byName.values()].filter((chunk) => chunk.isEntry && chunk.name === 'index');
  const home = [...byName.values()].filter((chunk) =>
    chunk.facadeModuleId?.endsWith('features/home/components/home-page.tsx'),
  );
  expect(entry).toHaveLength(1);
  expect(home).toHaveLength(1);
  const modules = loadedModules([...entry, ...home], byName);
  expect(modules.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))).toEqual([]);
});
