#!/usr/bin/env node
// `npm start`: builds the web app, the studio's games and the back office when their sources are newer than the build,
// then starts the server (migrations and the demo seed run at start).
// The server runs in this process, as `node --enable-source-maps apps/server/dist/main.js` would run it
// (scripts/server-command.mjs, for the other starters): a second Node process would only add its own boot to the start.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

buildIfStale();
process.chdir(root);
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.js');
