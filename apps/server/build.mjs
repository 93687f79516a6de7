// Builds the server once, like the front ends: src/main.ts and the workspace packages it imports (TypeScript
// sources) bundled into dist/main.js; every npm dependency stays an import of node_modules. npm start runs it.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const serverDir = new URL('.', import.meta.url).pathname;

/** Bare imports stay external, but for our own workspace packages, which ship TypeScript sources. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@paws/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [dependenciesStayExternal],
  logLevel: 'warning',
});
