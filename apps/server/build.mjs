// Builds the server once, like the front ends. npm start runs dist/main.js, a small entry that turns on Node's
// compile cache (dist/.compile-cache: a second start reuses the compiled code) and imports the bundle:
// dist/server.js, src/main.ts with the workspace packages it imports (TypeScript sources), with its source map;
// and dist/vendor-*.js, the npm dependencies, without one. One file read and compiled instead of hundreds of
// node_modules files each resolved through its package.json: that resolution was most of a start's loading.
// Node reads a source map in full when it loads a file, so only our own code carries one (stack traces still
// point into src/; a dependency's frames name the bundled file and its original path, in comments).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const serverDir = new URL('.', import.meta.url).pathname;
const dist = new URL('dist/', import.meta.url).pathname;

/**
 * Dependencies that stay imports of node_modules, because they need their own folder at run time or must be
 * the one copy another external package also loads.
 */
const staysExternal = new Set([
  '@electric-sql/pglite', // loads its WASM and file-system bundle from beside its module
  'sharp', // native addon
  '@node-rs/argon2', // native addon
  'pino', // its transports run in worker threads started from its own files (fastify requires it too)
  'pino-pretty',
  '@fastify/swagger-ui', // serves the API reference's static files from its folder
  'socket.io', // serves its client from its package folder
  '@socket.io/redis-adapter', // extends socket.io-adapter's classes: the copy socket.io itself loads
  'pg-native', // pg's optional native client, absent
]);

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isOurs = (specifier) => specifier.startsWith('@paws/');
const isBare = /^[^./]/;

/** Every dependency src/main.ts imports, by specifier (a first pass with all of them external). */
async function importedDependencies() {
  const { metafile } = await build({
    absWorkingDir: serverDir,
    entryPoints: ['src/main.ts'],
    outdir: 'dist',
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'all-external',
        setup(builder) {
          builder.onResolve({ filter: isBare }, (args) =>
            isOurs(args.path) ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const specifiers = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (external && !path.startsWith('node:') && !staysExternal.has(packageOf(path))) specifiers.add(path);
    }
  }
  return [...specifiers].sort();
}

/**
 * A second entry point importing every bundled dependency: with code splitting, what both entries reach (the
 * dependencies) goes to shared vendor chunks, and dist/server.js keeps only our code.
 */
const vendorEntry = (specifiers) => ({
  name: 'vendor-entry',
  setup(builder) {
    builder.onResolve({ filter: /^paws:vendor$/ }, () => ({ path: 'vendor', namespace: 'paws-vendor' }));
    builder.onLoad({ filter: /.*/, namespace: 'paws-vendor' }, () => ({
      contents: specifiers
        .map((specifier, i) => `export * as v${i} from ${JSON.stringify(specifier)};`)
        .join('\n'),
      resolveDir: serverDir,
      loader: 'js',
    }));
    builder.onResolve({ filter: isBare }, (args) =>
      args.path.startsWith('node:') || staysExternal.has(packageOf(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
});

const specifiers = await importedDependencies();
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: { server: 'src/main.ts', 'vendor-entry': 'paws:vendor' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'vendor-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  // Bundled CommonJS dependencies call require() (node: modules, and the external packages above).
  banner: {
    js: "import { createRequire as __pawsCreateRequire } from 'node:module'; const require = __pawsCreateRequire(import.meta.url);",
  },
  plugins: [vendorEntry(specifiers)],
  logLevel: 'warning',
});
for (const file of readdirSync(dist)) {
  if (!file.startsWith('vendor')) continue;
  const path = `${dist}${file}`;
  if (file.startsWith('vendor-entry') || file.endsWith('.map')) rmSync(path);
  else writeFileSync(path, readFileSync(path, 'utf8').replace(/\/\/# sourceMappingURL=\S+\s*$/, ''));
}
writeFileSync(
  `${dist}main.js`,
  [
    "// The built server's entry (apps/server/build.mjs): the compile cache first, then the bundle.",
    "import { enableCompileCache } from 'node:module';",
    "enableCompileCache?.(new URL('.compile-cache', import.meta.url).pathname);",
    "await import('./server.js');",
    '',
  ].join('\n'),
);
