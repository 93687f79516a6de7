import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE = join(import.meta.dirname, '../../../../packages/studio-engine');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Module specifiers of every import, export-from and dynamic import in a file. */
const specifiers = (text: string): string[] =>
  [
    ...text.matchAll(
      /\b(?:import|export)\b[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? '');

/**
 * The engine runs in the player's browser too (the verify page), so anyone can recompute a round:
 * no Node built-ins, no Node globals, no randomness, and only the one hashing library.
 */
describe('@paws/studio-engine stays portable', () => {
  const files = sources(join(ENGINE, 'src'));

  it('has its sources', () => {
    expect(files.map((f) => relative(ENGINE, f))).toContain('src/fair.ts');
  });

  it('imports only itself, the contracts and @noble/hashes', () => {
    for (const file of files) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const allowed =
          spec.startsWith('.') || spec.startsWith('@paws/contracts/') || spec.startsWith('@noble/hashes/');
        expect(allowed, `${relative(ENGINE, file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('uses no Node globals and draws no randomness of its own', () => {
    for (const file of files) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const name of ['Buffer', 'process.', 'require(', 'Math.random', 'crypto.', '__dirname']) {
        expect(code.includes(name), `${relative(ENGINE, file)} uses ${name}`).toBe(false);
      }
    }
  });

  it('depends on nothing but @noble/hashes', () => {
    const manifest = JSON.parse(readFileSync(join(ENGINE, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['@noble/hashes']);
  });
});
