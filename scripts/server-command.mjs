// How a server process is started, by npm start, npm run cluster, the end-to-end tests and the benches alike:
// the built server (apps/server/dist, made by npm run build or when stale by scripts/build-if-stale.mjs).
export function serverCommand() {
  return [process.execPath, '--enable-source-maps', 'apps/server/dist/main.js'];
}
