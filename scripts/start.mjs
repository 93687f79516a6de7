#!/usr/bin/env node
// `npm start`: builds the web app, the studio's games and the back office when their sources are newer than the build,
// then starts the server (migrations and the demo seed run at start).
import { spawn, spawnSync } from 'node:child_process';
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

const builds = [
  { workspace: '@paws/web', dir: 'apps/web' },
  { workspace: '@paws/games', dir: 'apps/games' },
  { workspace: '@paws/backoffice', dir: 'apps/backoffice' },
];
for (const { workspace, dir } of builds) {
  const built = join(root, dir, 'dist/index.html');
  const sources = Math.max(newest(join(root, dir)), newest(join(root, 'packages/contracts/src')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log(`Building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
