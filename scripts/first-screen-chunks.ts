// A first screen as the build tests (apps/*/src/first-screen.test.ts) and the web build's initial-JS report see
// it: the app built by its own Vite config, and what a page loads before any click, following static imports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What these tests read of a Rollup output chunk (each app's own Vite builds it: apps pin their own Vite). */
export interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  modules: Record<string, unknown>;
}
/** An emitted file that is not a chunk (index.html, stylesheets). */
export interface Asset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type Output = { output: Array<Chunk | Asset> };
/** The app's own `build` from 'vite'. */
type ViteBuild = (config: {
  configFile: string;
  logLevel: 'silent';
  build: { write: boolean; outDir: string; emptyOutDir: boolean };
}) => Promise<unknown>;

/**
 * Builds with `configFile` into a scratch folder and answers its chunks and its other files by file name.
 * `write: false` keeps the output in memory; the web app writes, because its service-worker plugin reads the
 * files it precaches.
 */
export async function builtOutput(build: ViteBuild, configFile: string, { write }: { write: boolean }) {
  const outDir = mkdtempSync(join(tmpdir(), 'paws-first-screen-'));
  try {
    const result = (await build({
      configFile,
      logLevel: 'silent',
      build: { write, outDir, emptyOutDir: write },
    })) as Output | Output[];
    const all = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output);
    return {
      chunks: new Map(
        all.filter((item): item is Chunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
      ),
      assets: new Map(
        all.filter((item): item is Asset => item.type === 'asset').map((asset) => [asset.fileName, asset]),
      ),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The chunks of a build (see builtOutput), by file name. */
export async function builtChunks(build: ViteBuild, configFile: string, options: { write: boolean }) {
  return (await builtOutput(build, configFile, options)).chunks;
}

/** The file names of the given chunks and of every chunk they import statically (what a page loads first). */
export function staticallyLoaded<C extends { fileName: string; imports: string[] }>(
  start: C[],
  byName: Map<string, C>,
): string[] {
  const seen = new Set<string>();
  const visit = (chunk: C) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  for (const chunk of start) visit(chunk);
  return [...seen];
}

/** The modules of the given chunks and of every chunk they import statically. */
export const loadedModules = (start: Chunk[], byName: Map<string, Chunk>): string[] =>
  staticallyLoaded(start, byName).flatMap((name) => Object.keys(byName.get(name)?.modules ?? {}));

/** zod's own modules among `modules`. */
export const zodAmong = (modules: string[]) =>
  modules.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));

/**
 * How a built page starts (scripts/vite-plugin-paint-first.ts): the scripts and stylesheets its <head>
 * links by itself (none, when it paints first), and what its loader asks for once the shell has painted.
 */
export function pageStart(html: string) {
  const loader = html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? '';
  return {
    linked: [
      ...html.matchAll(/<link rel="(?:stylesheet|modulepreload)"[^>]*>|<script[^>]*\ssrc=[^>]*>/g),
    ].map((match) => match[0]),
    entry: loader.match(/import\("([^"]+)"\)/)?.[1],
    styles: JSON.parse(loader.match(/const styles = (\[[^\]]*\])/)?.[1] ?? '[]') as string[],
  };
}
