#!/usr/bin/env node
// `npm start`: builds the web app, the studio's games and the back office when their sources are newer than the build,
// then starts the server (migrations and the demo seed run at start).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { serverCommand } from './server-command.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

buildIfStale();

const server = spawn(serverCommand()[0], serverCommand().slice(1), {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
