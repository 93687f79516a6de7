import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/;

/**
 * Writes .br and .gz next to every text asset after the build, so a static server that serves
 * pre-compressed files (@fastify/static `preCompressed: true`) sends 130 KB instead of 416 KB of JS. Used by
 * the web app, the studio's game pages and the back office.
 */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'paws-precompress',
    apply: 'build' as const,
    // Typed by shape: this file sits outside the apps, where the vite package is not resolved.
    configResolved(config: { build: { outDir: string } }) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const source = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
