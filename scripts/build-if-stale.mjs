// Builds the web app, the studio's games, the back office and the server when their sources are newer than
// their build (npm start, npm run cluster and the end-to-end tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

export function buildIfStale() {
  const contracts = 'packages/contracts/src';
  const builds = [
    { workspace: '@paws/web', output: 'apps/web/dist/index.html', sources: ['apps/web', contracts] },
    { workspace: '@paws/games', output: 'apps/games/dist/index.html', sources: ['apps/games', contracts] },
    {
      workspace: '@paws/backoffice',
      output: 'apps/backoffice/dist/index.html',
      sources: ['apps/backoffice', contracts],
    },
    {
      workspace: '@paws/server',
      output: 'apps/server/dist/main.js',
      // The lock too: the server's bundle holds its npm dependencies (apps/server/build.mjs).
      sources: [
        'apps/server/src',
        'apps/server/build.mjs',
        contracts,
        'packages/studio-engine/src',
        'package-lock.json',
      ],
    },
  ];
  for (const { workspace, output, sources: dirs } of builds) {
    const built = join(root, output);
    const sources = Math.max(...dirs.map((dir) => newest(join(root, dir))));
    if (!existsSync(built) || statSync(built).mtimeMs < sources) {
      console.log(`Building ${workspace}…`);
      const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}
