#!/usr/bin/env node
// `npm run typecheck`: every workspace's tsconfig.json checked by TypeScript 7 (the native compiler, the
// `typescript-7` devDependency), one project at a time; exits non-zero when any project has an error.
// `node scripts/typecheck.mjs apps/web` checks only the given workspace folders (a workspace's own
// `npm run typecheck` does this for itself).
// TypeScript 6 stays the `typescript` package for the tools that load its JavaScript API (dependency-cruiser
// parses our sources with it; TypeScript 7's package has no such API): docs/decisions.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const tsc = join(
  dirname(createRequire(join(root, 'package.json')).resolve('typescript-7/package.json')),
  'bin/tsc',
);

const given = process.argv.slice(2).map((folder) => resolve(folder));
const folders =
  given.length > 0
    ? given
    : JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.map((w) => join(root, w));

let failed = 0;
for (const folder of folders) {
  if (!existsSync(join(folder, 'tsconfig.json'))) continue;
  const started = Date.now();
  // One thread: beside the other checks of `npm test` on two cores, TypeScript 7's default of several
  // checkers costs more CPU (each checks the shared types again) than it saves in wall time.
  const { status } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--singleThreaded'], {
    cwd: folder,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${status === 0 ? 'ok    ' : 'FAILED'} ${relative(root, folder) || '.'} (${seconds} s)`);
  if (status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
